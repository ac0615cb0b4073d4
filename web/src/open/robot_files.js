// A robot's files as the user gave them to the page: a dropped folder (walked through
// webkitGetAsEntry), a .zip (unpacked by fflate), or files picked (a folder picked
// keeps its relative paths). Each file sits at a path like "franka_description/meshes/
// hand.stl" in one tree whose root is what was dropped. Mesh filenames of the URDF are
// found in that tree (locate), by the rules of docs/urdf.md: package://NAME/rest under a
// folder named NAME anywhere, under a folder holding NAME, under the URDF's folder or
// one above it; a relative path from the URDF's folder; an absolute path or
// file:// URI by its longest tail found; in each case a name that differs only in
// case is taken too.
import { unzipSync } from 'fflate';

// Only these are kept (in any case): robots, meshes and OBJ material libraries; other
// files of a package (textures, launch files, ...) are not read.
const KEPT = /\.(urdf|stl|obj|dae|mtl)$/i;

// "a//b/./c/../d\\e" => "a/b/d/e"; leading slashes dropped.
export function normalisePath(path) {
  const parts = [];
  for (const part of path.replaceAll('\\', '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

function folderOf(path) {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function join(folder, rest) {
  return normalisePath(folder ? `${folder}/${rest}` : rest);
}

export class RobotFiles {
  #files = new Map(); // path => Uint8Array
  #lowerCase = new Map(); // lower-cased path => path (the first of each)
  #folders = []; // every folder path, shallowest first

  // `entries`: [path, Uint8Array] pairs; files other than URDF and meshes are left out.
  constructor(entries) {
    const folders = new Set();
    for (const [rawPath, bytes] of entries) {
      const path = normalisePath(rawPath);
      if (!KEPT.test(path) || this.#files.has(path)) continue;
      this.#files.set(path, bytes);
      if (!this.#lowerCase.has(path.toLowerCase())) this.#lowerCase.set(path.toLowerCase(), path);
      for (let folder = folderOf(path); folder && !folders.has(folder); folder = folderOf(folder)) folders.add(folder);
    }
    this.#folders = [...folders].sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  }

  get paths() {
    return [...this.#files.keys()];
  }

  get totalBytes() {
    let total = 0;
    for (const bytes of this.#files.values()) total += bytes.length;
    return total;
  }

  // The URDF files, shallowest first.
  urdfPaths() {
    return this.paths
      .filter((path) => /\.urdf$/i.test(path))
      .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  }

  exists(path) {
    return this.#files.has(path);
  }

  read(path) {
    return this.#files.get(path) ?? null;
  }

  // The file at `path`, or one whose path differs only in case; null when neither.
  #found(path) {
    if (this.#files.has(path)) return path;
    return this.#lowerCase.get(path.toLowerCase()) ?? null;
  }

  // Where the URDF at `urdfPath` finds mesh `filename`: the path of a file here, or,
  // when none is found, the first place looked at (for messages).
  locate(filename, urdfPath) {
    const urdfFolder = folderOf(normalisePath(urdfPath));
    const candidates = this.#candidates(filename.trim(), urdfFolder);
    for (const candidate of candidates) {
      const found = this.#found(candidate);
      if (found) return found;
    }
    return candidates[0] ?? filename;
  }

  #candidates(filename, urdfFolder) {
    const packageMatch = /^package:\/\/+([^/]*)\/*(.*)$/i.exec(filename);
    if (packageMatch) {
      const [, name, rest] = packageMatch;
      const candidates = [];
      // NAME's own folder, wherever it is; a folder holding NAME: the URDF's folder, the
      // folders above it, and the root.
      for (const folder of this.#folders) {
        if (folder.split('/').at(-1) === name) candidates.push(join(folder, rest));
      }
      const above = [];
      for (let folder = urdfFolder; ; folder = folderOf(folder)) {
        above.push(folder);
        if (!folder) break;
      }
      for (const folder of above) candidates.push(join(folder, `${name}/${rest}`));
      // The URDF's own package under another name (a renamed or unpacked folder).
      for (const folder of above) candidates.push(join(folder, rest));
      return [...new Set(candidates)].concat(this.#tails(rest));
    }
    const uri = filename.replace(/^file:\/\//i, '');
    if (uri.startsWith('/') || /^[a-z]:[\\/]/i.test(uri)) return this.#tails(uri);
    return [join(urdfFolder, uri)];
  }

  // For a path from another machine: the paths here that end with its longest tail.
  #tails(path) {
    const parts = normalisePath(path).split('/');
    for (let start = 0; start < parts.length; start += 1) {
      const tail = parts.slice(start).join('/').toLowerCase();
      const matches = this.paths.filter((p) => p.toLowerCase() === tail || p.toLowerCase().endsWith(`/${tail}`));
      if (matches.length > 0) return matches;
    }
    return [];
  }
}

// The URDF and mesh files of a .zip's bytes, or throws with the reason; their sizes as
// the zip states them may add up to at most `maxBytes` (a zip bomb stops before it
// inflates).
export function zipEntries(bytes, maxBytes) {
  let unpacked;
  let total = 0;
  const tooBig = new Error(`its files unpack to more than ${maxBytes} bytes, the most an import reads`);
  const filter = (file) => {
    if (!KEPT.test(file.name)) return false;
    total += file.originalSize;
    if (total > maxBytes) throw tooBig;
    return true;
  };
  try {
    unpacked = unzipSync(bytes, { filter });
  } catch (error) {
    if (error === tooBig) throw error;
    throw new Error(`not a readable .zip (${error.message ?? error})`);
  }
  return Object.entries(unpacked);
}

// A FileSystemEntry tree (webkitGetAsEntry) => [path, File] pairs, folders walked.
export async function entryFiles(rootEntries) {
  const files = [];
  const pending = [...rootEntries];
  while (pending.length > 0) {
    const entry = pending.pop();
    if (entry.isFile) {
      if (!KEPT.test(entry.name) && !/\.zip$/i.test(entry.name)) continue;
      const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
      files.push([entry.fullPath, file]);
    } else if (entry.isDirectory) {
      const reader = entry.createReader();
      // readEntries gives a batch at a time until an empty one.
      for (;;) {
        const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
        if (batch.length === 0) break;
        pending.push(...batch);
      }
    }
  }
  return files;
}

// [path, File or Blob] pairs => a RobotFiles, a .zip among them unpacked in place
// (its entries under the zip's folder). `maxBytes` caps the bytes read in all.
export async function robotFilesOf(pairs, maxBytes) {
  const entries = [];
  let total = 0;
  for (const [path, file] of pairs) {
    total += file.size;
    if (total > maxBytes) throw new Error(`the files pass ${maxBytes} bytes in all, the most an import reads`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (/\.zip$/i.test(path)) {
      for (const [inner, data] of zipEntries(bytes, maxBytes)) entries.push([join(folderOf(normalisePath(path)), inner), data]);
    } else {
      entries.push([path, bytes]);
    }
  }
  return new RobotFiles(entries);
}

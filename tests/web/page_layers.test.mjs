// The page's source by concern (web/src/*/README.md): every module is in a folder with
// a README whose "May import:" line names the folders it may import from, and every
// relative import points into its own folder or one of those. The folders' allowances
// have no cycle, and the session imports nothing of the page: its parts subscribe to
// it. Only the entry points (main.js, bench.js) and the styles stay at the top.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const SOURCE = new URL('../../web/src/', import.meta.url).pathname;
const TOP_FILES = ['bench.js', 'main.js', 'style.css'];
const BUILT = 'wasm'; // the WebAssembly module, built into web/src/wasm (not in git)

const folders = readdirSync(SOURCE)
  .filter((name) => name !== BUILT && statSync(path.join(SOURCE, name)).isDirectory())
  .sort();

// folder -> the folders its README allows, read from "May import: a, b and c." or
// "May import: nothing."
function allowances() {
  const allowed = new Map();
  for (const folder of folders) {
    const readme = readFileSync(path.join(SOURCE, folder, 'README.md'), 'utf8');
    const line = /^May import: (.*)\.$/m.exec(readme);
    assert.ok(line, `${folder}/README.md has no "May import: ..." line`);
    const names = line[1] === 'nothing' ? [] : line[1].split(/,\s*|\s+and\s+/);
    for (const name of names) {
      assert.ok(folders.includes(name) || name === BUILT, `${folder}/README.md: "${name}" is not a folder of web/src`);
    }
    allowed.set(folder, names);
  }
  return allowed;
}

function modules(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return modules(full);
    return name.endsWith('.js') ? [full] : [];
  });
}

// Every relative module a file imports (static, dynamic or a side effect).
function relativeImports(text) {
  const found = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;
  for (const match of text.matchAll(pattern)) found.push(match[2]);
  return found;
}

test('only the entry points and the styles are at the top of web/src', () => {
  const files = readdirSync(SOURCE).filter((name) => !statSync(path.join(SOURCE, name)).isDirectory());
  assert.deepEqual(files.sort(), TOP_FILES);
});

test('every folder of web/src has a README that says what it may import', () => {
  assert.ok(folders.length >= 10, `folders: ${folders.join(', ')}`);
  const allowed = allowances();
  assert.deepEqual(allowed.get('session'), [], 'the session imports nothing of the page');
});

test("the folders' allowances have no cycle", () => {
  const allowed = allowances();
  const done = new Set();
  const visit = (folder, trail) => {
    assert.ok(!trail.includes(folder), `cycle: ${[...trail, folder].join(' -> ')}`);
    if (done.has(folder) || folder === BUILT) return;
    for (const next of allowed.get(folder)) visit(next, [...trail, folder]);
    done.add(folder);
  };
  for (const folder of folders) visit(folder, []);
});

test('every import in web/src points into its own folder or one its README allows', () => {
  const allowed = allowances();
  const problems = [];
  let checked = 0;
  for (const folder of folders) {
    for (const file of modules(path.join(SOURCE, folder))) {
      for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
        const target = path.relative(SOURCE, path.resolve(path.dirname(file), specifier));
        const targetFolder = target.split(path.sep)[0];
        checked += 1;
        if (targetFolder === folder || allowed.get(folder).includes(targetFolder)) continue;
        problems.push(`${path.relative(SOURCE, file)} imports ${specifier} (${folder} may import ${allowed.get(folder).join(', ') || 'nothing'})`);
      }
    }
  }
  assert.ok(checked > 50, `only ${checked} imports found: the pattern no longer reads them`);
  assert.deepEqual(problems, []);
});

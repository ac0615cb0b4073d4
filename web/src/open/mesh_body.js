// A mesh file made a body for the editor (docs/page.md, "The scene editor"): its bytes
// handed to the import module (loaded the first time, robot_import.js), whose core reads
// the STL or OBJ and makes each part's convex hull (core/import/mesh_body.h).
import { loadImportModule } from './robot_import.js';

// The units a mesh file may be in => metres per unit.
export const MESH_UNITS = Object.freeze({ m: 1, mm: 0.001 });

function bytesOf(content) {
  if (typeof content === 'string') return new TextEncoder().encode(content);
  if (content instanceof Uint8Array) return content;
  if (content instanceof ArrayBuffer) return new Uint8Array(content);
  if (ArrayBuffer.isView(content)) return new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
  return null;
}

// (the import module, the file's bytes (Uint8Array, ArrayBuffer) or text, {file: its
// name, units: a key of MESH_UNITS, name, mass [kg], field: the entry's path}) =>
// {error, body: a scene file's `bodies` entry (an object), report: the hulls simplified}.
export function meshBodyOf(module, content, { file, units, name, mass, field }) {
  const scale = MESH_UNITS[units];
  if (scale === undefined) {
    return { error: `${field}: ${file}: units must be ${Object.keys(MESH_UNITS).join(' or ')}, got ${JSON.stringify(units)}`, body: null, report: '' };
  }
  const bytes = bytesOf(content);
  if (!bytes) return { error: `${field}: ${file}: the file's content must be bytes or text`, body: null, report: '' };
  const { meshFileBytes } = module.importLimits();
  if (bytes.length > meshFileBytes) {
    return { error: `${field}: ${file}: a mesh file must be at most ${meshFileBytes} bytes, got ${bytes.length}`, body: null, report: '' };
  }
  const result = module.meshBody(bytes, file, scale, name, mass, field);
  return { error: result.error, body: result.error ? null : JSON.parse(result.body), report: result.report };
}

// The editor's meshBody source: the import module loaded when first needed.
export async function readMeshBody(content, request) {
  return meshBodyOf(await loadImportModule(), content, request);
}

// The editor's edits as functions from a scene (a scene file's object,
// docs/scene_format.md) to the edited scene; the argument is never changed. Each returns
// {scene} or {error, field} for what only the editor can tell (a body that is not
// there); everything else the core checks when the session loads the edited scene.
import { applyMergePatch } from '../session/merge_patch.js';

// The shapes a body can be added as, with their size fields when new [m].
export const SHAPES = Object.freeze({
  box: { half_extents: [0.1, 0.1, 0.1] },
  sphere: { radius: 0.1 },
  capsule: { radius: 0.05, half_length: 0.1 },
  cylinder: { radius: 0.1, half_length: 0.1 },
});
const NEW_MASS = 1; // kg

function bodyIndex(scene, name) {
  return scene.bodies.findIndex((body) => body.name === name);
}

function unknownBody(scene, name) {
  const names = scene.bodies.map((body) => body.name).join(', ');
  return { error: `bodies: no body named "${name}" (bodies: ${names})`, field: 'bodies' };
}

// `stem` followed by the smallest number >= 1 that no body or link has yet.
export function freeName(scene, stem) {
  const taken = new Set(scene.bodies.map((body) => body.name));
  for (const articulation of scene.articulations ?? []) {
    for (const link of articulation.links ?? []) taken.add(link.name);
  }
  let number = 1;
  while (taken.has(`${stem}${number}`)) number += 1;
  return `${stem}${number}`;
}

// How far a geom reaches below its frame's origin along z, for a new body resting on
// the ground [m].
function reachBelow(geom) {
  if (geom.type === 'box') return geom.half_extents[2];
  if (geom.type === 'sphere') return geom.radius;
  if (geom.type === 'capsule') return geom.half_length + geom.radius;
  return geom.half_length;
}

// A new dynamic body of `shape` (a key of SHAPES), named after it, resting on the
// ground (z = 0) at (x, y).
export function newBody(scene, shape, x = 0, y = 0) {
  const geom = { type: shape, ...structuredClone(SHAPES[shape]) };
  return {
    name: freeName(scene, shape),
    mass: NEW_MASS,
    position: [x, y, reachBelow(geom)],
    orientation: [1, 0, 0, 0],
    geoms: [geom],
  };
}

export function addBody(scene, body) {
  const edited = structuredClone(scene);
  edited.bodies.push(structuredClone(body));
  return { scene: edited };
}

// `changes`: fields of the body's entry, merged as a merge patch (a field set to null
// goes, e.g. `mass` when the body turns static).
export function setBody(scene, name, changes) {
  const index = bodyIndex(scene, name);
  if (index < 0) return unknownBody(scene, name);
  const edited = structuredClone(scene);
  edited.bodies[index] = applyMergePatch(edited.bodies[index], changes);
  return { scene: edited };
}

export function removeBody(scene, name) {
  const index = bodyIndex(scene, name);
  if (index < 0) return unknownBody(scene, name);
  const edited = structuredClone(scene);
  edited.bodies.splice(index, 1);
  return { scene: edited };
}

// A copy of the body under a free name, `offset` [m] along x from it; returns the
// copy's name too.
export function duplicateBody(scene, name, offset) {
  const index = bodyIndex(scene, name);
  if (index < 0) return unknownBody(scene, name);
  const copy = structuredClone(scene.bodies[index]);
  copy.name = freeName(scene, `${name.replace(/\d+$/, '')}_copy`);
  const [x, y, z] = copy.position ?? [0, 0, 0];
  copy.position = [x + offset, y, z];
  const edited = structuredClone(scene);
  edited.bodies.splice(index + 1, 0, copy);
  return { scene: edited, name: copy.name };
}

// Top-level fields (duration, options, friction, materials, ...), merged as a merge
// patch.
export function setScene(scene, changes) {
  return { scene: applyMergePatch(scene, changes) };
}

// A geom's volume [m^3]: exact for the primitive shapes, NaN for a convex hull or a
// plane (the density field is then not offered).
export function geomVolume(geom) {
  const { PI } = Math;
  if (geom.type === 'box') return 8 * geom.half_extents[0] * geom.half_extents[1] * geom.half_extents[2];
  if (geom.type === 'sphere') return (4 / 3) * PI * geom.radius ** 3;
  if (geom.type === 'cylinder') return PI * geom.radius ** 2 * 2 * geom.half_length;
  if (geom.type === 'capsule') return PI * geom.radius ** 2 * (2 * geom.half_length + (4 / 3) * geom.radius);
  return NaN;
}

// The body's volume as the core fills it for its mass (overlapping geoms count twice).
export function bodyVolume(body) {
  return body.geoms.reduce((sum, geom) => sum + geomVolume(geom), 0);
}

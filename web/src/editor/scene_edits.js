// The editor's edits as functions from a scene (a scene file's object,
// docs/scene_format.md) to the edited scene; the argument is never changed. Each returns
// {scene} or {error, field} for what only the editor can tell (a body that is not
// there); everything else the core checks when the session loads the edited scene.
import { applyMergePatch } from '../session/merge_patch.js';
import { multiply, rotate } from './face_snap.js';

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

function unknownArticulation(scene, name) {
  const names = (scene.articulations ?? []).map((articulation) => articulation.name).join(', ');
  return { error: `articulations: no articulation named "${name}" (articulations: ${names})`, field: 'articulations' };
}

// A robot (robot_models.js: {articulation, materials, pairs}) appended whole: its
// articulation, the materials its geoms name that the scene lacks, and their friction
// pairs.
export function addRobot(scene, robot) {
  const edited = structuredClone(scene);
  edited.articulations = [...(edited.articulations ?? []), structuredClone(robot.articulation)];
  if (robot.materials.length > 0) edited.materials = [...(edited.materials ?? []), ...robot.materials];
  if (robot.pairs.length > 0) {
    edited.friction = { ...(edited.friction ?? {}), pairs: [...(edited.friction?.pairs ?? []), ...structuredClone(robot.pairs)] };
  }
  return { scene: edited };
}

// The articulation removed whole, with the timeline's commands to it and its links'
// names in `view.keep` (the materials it brought stay).
export function removeRobot(scene, name) {
  const index = (scene.articulations ?? []).findIndex((articulation) => articulation.name === name);
  if (index < 0) return unknownArticulation(scene, name);
  const edited = structuredClone(scene);
  const [removed] = edited.articulations.splice(index, 1);
  if (edited.articulations.length === 0) delete edited.articulations;
  if (edited.timeline) {
    edited.timeline = edited.timeline.filter((entry) => entry.articulation !== name);
    if (edited.timeline.length === 0) delete edited.timeline;
  }
  if (edited.view?.keep) {
    const links = new Set(removed.links.map((link) => link.name));
    edited.view.keep = edited.view.keep.filter((keep) => !links.has(keep));
    if (edited.view.keep.length === 0) delete edited.view.keep;
    if (Object.keys(edited.view).length === 0) delete edited.view;
  }
  return { scene: edited };
}

const finite = (value, length) => Array.isArray(value) && value.length === length && value.every(Number.isFinite);

// A value as a message shows it (NaN as NaN, not JSON's null).
function shown(value) {
  if (!Array.isArray(value)) return JSON.stringify(value ?? null);
  return `[${value.map((item) => (typeof item === 'number' ? String(item) : JSON.stringify(item))).join(', ')}]`;
}

const isRoot = (link) => (link.parent ?? 'world') === 'world';
const conjugate = ([w, x, y, z]) => [w, -x, -y, -z];

// The pose of the articulation's first root link's joint origin (the field addRobot's
// pose moves): {position [m], orientation [w, x, y, z]}, or null without that robot.
export function robotPose(scene, name) {
  const articulation = (scene.articulations ?? []).find((entry) => entry.name === name);
  const root = articulation?.links.find(isRoot);
  if (!root) return null;
  const origin = root.joint.origin ?? {};
  return { position: [...(origin.position ?? [0, 0, 0])], orientation: [...(origin.orientation ?? [1, 0, 0, 0])] };
}

// The robot moved whole: its first root link's joint origin set to `pose` ({position [m],
// orientation [w, x, y, z]}; an orientation left out stays), any other root link moved
// rigidly with it.
export function setRobotPose(scene, name, pose) {
  const index = (scene.articulations ?? []).findIndex((articulation) => articulation.name === name);
  if (index < 0) return unknownArticulation(scene, name);
  const links = scene.articulations[index].links;
  const rootIndex = links.findIndex(isRoot);
  const field = `articulations[${index}].links[${rootIndex}].joint.origin`;
  const old = robotPose(scene, name);
  const position = pose?.position;
  const orientation = pose?.orientation ?? old.orientation;
  if (!finite(position, 3)) {
    return { error: `${field}.position: must be [x, y, z] of finite numbers in metres, got ${shown(position)}`, field: `${field}.position` };
  }
  if (!finite(orientation, 4) || Math.abs(Math.hypot(...orientation) - 1) > 1e-3) {
    return {
      error: `${field}.orientation: must be a unit quaternion [w, x, y, z] (norm within 1e-3 of 1), got ${shown(orientation)}`,
      field: `${field}.orientation`,
    };
  }
  // the rigid motion taking the old root origin to the new: p -> turn * (p - old) + new
  const turn = multiply(orientation, conjugate(old.orientation));
  const edited = structuredClone(scene);
  edited.articulations[index].links.forEach((link, i) => {
    if (!isRoot(link)) return;
    if (i === rootIndex) {
      link.joint.origin = { position: [...position], orientation: [...orientation] };
      return;
    }
    const origin = link.joint.origin ?? {};
    const offset = (origin.position ?? [0, 0, 0]).map((value, axis) => value - old.position[axis]);
    link.joint.origin = {
      position: rotate(turn, offset).map((value, axis) => value + position[axis]),
      orientation: multiply(turn, origin.orientation ?? [1, 0, 0, 0]),
    };
  });
  return { scene: edited };
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

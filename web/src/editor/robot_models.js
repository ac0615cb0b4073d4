// The robots the editor adds (docs/page.md, "The scene editor"): the articulations of
// the built-in scenes that are robots, each taken whole from its scene (links, joints
// with their motors, couplings, loop closures) with the materials its geoms name, and
// placed by a pose that moves it as a whole from where its scene has it. Its scene's
// timeline stays behind: the motors hold the joints at their initial positions.
import { multiply, rotate } from './face_snap.js';

// model => {scene: the built-in scene, articulation: its name there, label}.
export const ROBOT_MODELS = Object.freeze({
  barrett_hand: { scene: 'hand_mug', articulation: 'hand', label: 'Barrett BH8-280 hand on a slide' },
  barrett_hand_urdf: { scene: 'barrett_mug', articulation: 'bhand_model', label: 'Barrett hand (from its URDF) on a slide' },
  puma_barrett: { scene: 'barrett_phone', articulation: 'arm', label: 'PUMA 560 arm with a Barrett hand' },
  franka_hand: { scene: 'franka_hand_cube', articulation: 'hand', label: 'Franka hand (from its URDF) on a slide' },
  parallel_gripper: { scene: 'gripper_lift', articulation: 'gripper', label: 'parallel-jaw gripper on a slide' },
  panda: { scene: 'panda_pick', articulation: 'panda', label: 'Franka Panda arm with its hand' },
  robotiq_2f85: { scene: 'robotiq_cube', articulation: 'robotiq_arg2f_85_model', label: 'Robotiq 2F-85 (from its URDF) on a slide' },
  linkage_gripper: { scene: 'linkage_gripper', articulation: 'gripper', label: 'four-bar linkage gripper on a slide' },
  planar_arm: { scene: 'box_push', articulation: 'arm', label: 'planar 3-joint arm' },
});

const IDENTITY_POSE = Object.freeze({ position: [0, 0, 0], orientation: [1, 0, 0, 0] });

function finiteVector(value, length) {
  return Array.isArray(value) && value.length === length && value.every(Number.isFinite);
}

// The names an articulation's link names are checked against: the scene's bodies and
// links.
function takenNames(scene) {
  const taken = new Set(scene.bodies.map((body) => body.name));
  for (const articulation of scene.articulations ?? []) {
    for (const link of articulation.links) taken.add(link.name);
  }
  return taken;
}

// The articulation with its name and its links' names changed by `rename` (link name
// => new name), in every field that names a link.
function renamed(articulation, name, rename) {
  const copy = structuredClone(articulation);
  copy.name = name;
  for (const link of copy.links) {
    link.name = rename(link.name);
    if (link.parent !== undefined && link.parent !== 'world') link.parent = rename(link.parent);
  }
  for (const coupling of copy.couplings ?? []) {
    coupling.leader = rename(coupling.leader);
    coupling.follower = rename(coupling.follower);
  }
  for (const loop of copy.loops ?? []) {
    loop.link_a = rename(loop.link_a);
    loop.link_b = rename(loop.link_b);
  }
  return copy;
}

// The articulation as it is when no name of it is taken in `scene`; else named `NAME2`,
// `NAME3`, ... (the first free), its links prefixed with that name.
function freeNamed(scene, articulation) {
  const taken = takenNames(scene);
  const articulationNames = new Set((scene.articulations ?? []).map((entry) => entry.name));
  const free = (name, prefix) => !articulationNames.has(name) && articulation.links.every((link) => !taken.has(prefix + link.name));
  if (free(articulation.name, '')) return structuredClone(articulation);
  let number = 2;
  while (!free(`${articulation.name}${number}`, `${articulation.name}${number}_`)) number += 1;
  const name = `${articulation.name}${number}`;
  return renamed(articulation, name, (link) => `${name}_${link}`);
}

// The root links' joint origins moved by `pose` ({position [m], orientation [w, x, y, z]}):
// origin' = pose * origin.
function placed(articulation, pose) {
  const moved = structuredClone(articulation);
  for (const link of moved.links) {
    if ((link.parent ?? 'world') !== 'world') continue;
    const origin = link.joint.origin ?? {};
    const position = origin.position ?? [0, 0, 0];
    const orientation = origin.orientation ?? [1, 0, 0, 0];
    const turned = rotate(pose.orientation, position);
    link.joint.origin = {
      position: turned.map((value, i) => value + pose.position[i]),
      orientation: multiply(pose.orientation, orientation),
    };
  }
  return moved;
}

// The material names the articulation's geoms give.
function materialsOf(articulation) {
  const names = new Set();
  for (const link of articulation.links) {
    for (const geom of link.geoms) if (geom.material && geom.material !== 'default') names.add(geom.material);
  }
  return names;
}

// (the scene edited, a model of ROBOT_MODELS, its built-in scene's object, pose) =>
// {robot: {articulation, materials: the material names the scene lacks, pairs: the
// source scene's friction pairs of those materials with materials the scene will have}}
// or {error, field}. `pose` defaults to the robot where its scene has it.
export function robotFromScene(scene, model, source, pose = IDENTITY_POSE) {
  const entry = Object.hasOwn(ROBOT_MODELS, model) ? ROBOT_MODELS[model] : null;
  if (!entry) {
    return { error: `articulations: no robot model "${model}" (models: ${Object.keys(ROBOT_MODELS).join(', ')})`, field: 'articulations' };
  }
  const position = pose?.position ?? IDENTITY_POSE.position;
  const orientation = pose?.orientation ?? IDENTITY_POSE.orientation;
  if (!finiteVector(position, 3)) return { error: `pose.position: must be [x, y, z] of finite numbers in metres, got ${JSON.stringify(position)}`, field: '' };
  if (!finiteVector(orientation, 4) || Math.abs(Math.hypot(...orientation) - 1) > 1e-3) {
    return { error: `pose.orientation: must be a unit quaternion [w, x, y, z] (norm within 1e-3 of 1), got ${JSON.stringify(orientation)}`, field: '' };
  }
  const original = (source.articulations ?? []).find((articulation) => articulation.name === entry.articulation);
  if (!original) return { error: `articulations: the scene ${entry.scene} has no articulation ${entry.articulation}`, field: 'articulations' };
  const articulation = placed(freeNamed(scene, original), { position, orientation });
  const have = new Set(['default', ...(scene.materials ?? [])]);
  const materials = [...materialsOf(articulation)].filter((name) => !have.has(name));
  const known = new Set([...have, ...materials]);
  const added = new Set(materials);
  const pairs = (source.friction?.pairs ?? []).filter(
    ({ materials: [a, b] }) => (added.has(a) || added.has(b)) && known.has(a) && known.has(b),
  );
  return { robot: { articulation, materials, pairs: structuredClone(pairs) } };
}

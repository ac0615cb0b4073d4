// Every robot the editor offers (web/src/editor/robot_models.js), added to a scene of
// bodies once and again (the copy renamed), gives a scene the core loads, whose bodies
// are the scene's and the robots' links; removing a built-in scene's robot (with its
// timeline commands and view.keep names) leaves a scene the core loads too; a robot
// moved by its root joint origin (the editor's gizmo) is loaded with its links moved
// as a rigid whole.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { ROBOT_MODELS, robotFromScene } from '../../web/src/editor/robot_models.js';
import { addRobot, removeRobot, setRobotPose } from '../../web/src/editor/scene_edits.js';
import { loadContactlab } from '../support/contactlab_module.mjs';

const sceneOf = (name) => JSON.parse(readFileSync(new URL(`../../assets/scenes/${name}.json`, import.meta.url), 'utf8'));
let Module;

before(async () => {
  Module = await loadContactlab();
});

// The names of the bodies the core made of `scene`, or its refusal.
function loadedBodies(scene) {
  const sim = new Module.Simulation();
  try {
    const error = sim.loadScene(JSON.stringify(scene));
    return error || JSON.parse(sim.sceneDescription()).bodies.map((body) => body.name);
  } finally {
    sim.delete();
  }
}

for (const [model, { scene: sourceName }] of Object.entries(ROBOT_MODELS)) {
  test(`${model}: added twice beside a box, the core loads the scene with both robots' links`, () => {
    const source = sceneOf(sourceName);
    let scene = sceneOf('box_rest');
    for (const x of [1, -1]) {
      const { robot, error } = robotFromScene(scene, model, source, { position: [x, 0, 0], orientation: [1, 0, 0, 0] });
      assert.equal(error, undefined);
      scene = addRobot(scene, robot).scene;
    }
    const links = scene.articulations.flatMap((articulation) => articulation.links.map((link) => link.name));
    const bodies = loadedBodies(scene);
    assert.ok(Array.isArray(bodies), bodies);
    assert.deepEqual(bodies, ['ground', 'box', ...links]);
  });
}

test("a built-in scene's robot removed: the core loads what is left", () => {
  for (const [name, articulation] of [['barrett_phone', 'arm'], ['gripper_lift', 'gripper']]) {
    const { scene } = removeRobot(sceneOf(name), articulation);
    assert.deepEqual(loadedBodies(scene), sceneOf(name).bodies.map((body) => body.name), name);
  }
});

// The core's initial pose of every body of `scene`: [[x, y, z, qx, qy, qz, qw]], or its
// refusal.
function initialPoses(scene) {
  const sim = new Module.Simulation();
  try {
    const error = sim.loadScene(JSON.stringify(scene));
    if (error) return error;
    const poses = Array.from(sim.bodyPoses());
    return poses.reduce((rows, value, i) => (i % 7 === 0 ? [...rows, [value]] : (rows.at(-1).push(value), rows)), []);
  } finally {
    sim.delete();
  }
}

test("a built-in scene's robot moved by its root origin: the core loads it with every link shifted by as much", () => {
  const scene = sceneOf('gripper_lift');
  const before = initialPoses(scene);
  const hand = scene.articulations.find((articulation) => articulation.name === 'gripper').links[0].joint.origin;
  const shift = [0.3, -0.2, 0.05];
  const { scene: moved, error } = setRobotPose(scene, 'gripper', { position: hand.position.map((value, i) => value + shift[i]) });
  assert.equal(error, undefined);
  const after = initialPoses(moved);
  assert.ok(Array.isArray(after), after);
  const links = new Set(scene.articulations[0].links.map((link) => link.name));
  const names = loadedBodies(scene);
  names.forEach((name, b) => {
    const expected = links.has(name) ? shift : [0, 0, 0];
    for (let axis = 0; axis < 3; axis += 1) {
      assert.ok(Math.abs(after[b][axis] - before[b][axis] - expected[axis]) < 1e-9, `${name} axis ${axis}: ${before[b][axis]} -> ${after[b][axis]}`);
    }
  });
});

// The robots the editor adds (web/src/editor/robot_models.js) and the edits that add
// and remove them (scene_edits.js), on the built-in scenes' own files: the pose moves
// the root as pose * origin, a second copy is renamed in every field that names a link,
// the materials a robot's geoms name come along with their friction pairs, and removal
// takes the articulation, its timeline commands and its view.keep names. That the core
// accepts each result: tests/wasm/robot_models.test.mjs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ROBOT_MODELS, robotFromScene } from '../../web/src/editor/robot_models.js';
import { addRobot, removeRobot } from '../../web/src/editor/scene_edits.js';

const sceneOf = (name) => JSON.parse(readFileSync(new URL(`../../assets/scenes/${name}.json`, import.meta.url), 'utf8'));
const close = (actual, expected, message) =>
  expected.forEach((value, i) => assert.ok(Math.abs(actual[i] - value) < 1e-12, `${message}[${i}]: ${actual[i]} vs ${value}`));

test('every model names an articulation of its built-in scene', () => {
  for (const [model, { scene, articulation }] of Object.entries(ROBOT_MODELS)) {
    const names = (sceneOf(scene).articulations ?? []).map((entry) => entry.name);
    assert.ok(names.includes(articulation), `${model}: ${scene} has ${names.join(', ')}`);
  }
});

test("the pose moves the robot's root from where its scene has it: origin' = pose * origin", () => {
  // box_push's arm: root at (-0.35, 0, 0.35); a quarter turn about z takes x to y.
  const half = Math.PI / 4;
  const pose = { position: [1, 2, 0.5], orientation: [Math.cos(half), 0, 0, Math.sin(half)] };
  const { robot } = robotFromScene(sceneOf('box_rest'), 'planar_arm', sceneOf('box_push'), pose);
  const root = robot.articulation.links[0];
  close(root.joint.origin.position, [1, 2 - 0.35, 0.85], 'position');
  close(root.joint.origin.orientation, pose.orientation, 'orientation');
  // The links below the root keep their own joint origins.
  assert.deepEqual(robot.articulation.links[1].joint, sceneOf('box_push').articulations[0].links[1].joint);
});

test('a second copy is renamed in every field that names a link; the first keeps its names', () => {
  const source = sceneOf('linkage_gripper');
  const once = addRobot(sceneOf('box_rest'), robotFromScene(sceneOf('box_rest'), 'linkage_gripper', source).robot).scene;
  assert.equal(once.articulations[0].name, 'gripper');
  assert.deepEqual(once.articulations[0].links.map((link) => link.name), source.articulations[0].links.map((link) => link.name));
  const twice = addRobot(once, robotFromScene(once, 'linkage_gripper', source).robot).scene;
  const copy = twice.articulations[1];
  assert.equal(copy.name, 'gripper2');
  assert.ok(copy.links.every((link) => link.name.startsWith('gripper2_')));
  const links = new Set(copy.links.map((link) => link.name));
  for (const link of copy.links) assert.ok(link.parent === undefined || link.parent === 'world' || links.has(link.parent), link.parent);
  for (const { leader, follower } of copy.couplings) assert.ok(links.has(leader) && links.has(follower));
  for (const { link_a: a, link_b: b } of copy.loops) assert.ok(links.has(a) && links.has(b));
  const every = [...twice.bodies.map((body) => body.name), ...twice.articulations.flatMap((entry) => entry.links.map((link) => link.name))];
  assert.equal(new Set(every).size, every.length, 'every body and link name is unique');
});

test("a robot brings the materials its geoms name and their scene's friction pairs", () => {
  const source = sceneOf('box_push'); // the arm's tip is steel; its scene lists the pair wood / steel
  const target = { ...sceneOf('box_rest'), materials: ['wood'] };
  const { robot } = robotFromScene(target, 'planar_arm', source);
  assert.deepEqual(robot.materials, ['steel']);
  assert.deepEqual(robot.pairs, [{ materials: ['wood', 'steel'], static: 0.2, kinetic: 0.2 }]);
  const edited = addRobot(target, robot).scene;
  assert.deepEqual(edited.materials, ['wood', 'steel']);
  assert.deepEqual(edited.friction, { default: target.friction.default, pairs: robot.pairs });
  // Without wood in the scene the pair has no use and stays behind; with steel, so does steel.
  assert.deepEqual(robotFromScene(sceneOf('box_rest'), 'planar_arm', source).robot.pairs, []);
  assert.deepEqual(robotFromScene(source, 'planar_arm', source).robot.materials, []);
});

test('a bad model or pose is refused naming it', () => {
  const scene = sceneOf('box_rest');
  assert.match(robotFromScene(scene, 'r2d2', {}).error, /^articulations: no robot model "r2d2" \(models: barrett_hand, /);
  assert.match(robotFromScene(scene, 'toString', {}).error, /^articulations: no robot model "toString"/);
  assert.match(robotFromScene(scene, 'panda', sceneOf('panda_pick'), { position: [0, 0] }).error, /^pose\.position: /);
  assert.match(robotFromScene(scene, 'panda', sceneOf('panda_pick'), { orientation: [2, 0, 0, 0] }).error, /^pose\.orientation: /);
});

test('removal takes the articulation whole, its timeline commands and its view.keep names', () => {
  const scene = sceneOf('barrett_phone'); // arm + hand, with a timeline and view.keep [handset, palm]
  const { scene: edited } = removeRobot(scene, 'arm');
  assert.equal(edited.articulations, undefined);
  assert.equal(edited.timeline, undefined);
  assert.deepEqual(edited.view, { keep: ['handset'] });
  assert.deepEqual(edited.bodies, scene.bodies);
  assert.match(removeRobot(scene, 'leg').error, /^articulations: no articulation named "leg" \(articulations: arm\)/);
});

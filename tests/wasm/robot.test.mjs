// Robots through the WebAssembly module: joint moves and auto-grasp started from
// JavaScript, errors as values, and, bit for bit, the same joint trajectories as the
// native CLI running the same commands from the scene's timeline; the built-in robot
// scenes end in the same state as natively.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir, mkdtemp, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gripperScene } from '../support/gripper_scene.mjs';
import { withSimulation } from '../support/contactlab_module.mjs';
import { nativeCli, repositoryUrl, sceneText } from '../support/repository_files.mjs';

const JOINT_STRIDE = 6; // q, v, q_ref, effort, limit, goal
const [Q, V, Q_REF, EFFORT, LIMIT, GOAL] = [0, 1, 2, 3, 4, 5];
const FINGER_ON_BOX = 0.03; // tests/support/gripper_scene.h: a finger's face meets the box here

const joint = (sim, index, field) => sim.jointState(0)[index * JOINT_STRIDE + field];

test('the scene description lists the gripper and its joints', withSimulation((sim) => {
  assert.equal(sim.loadScene(gripperScene([])), '');
  const [gripper] = JSON.parse(sim.sceneDescription()).articulations;
  assert.equal(gripper.name, 'gripper');
  assert.deepEqual(gripper.links.map((link) => [link.name, link.joint_index, link.joint.type]), [
    ['palm', -1, 'fixed'],
    ['left', 0, 'prismatic'],
    ['right', 1, 'prismatic'],
  ]);
  assert.deepEqual(gripper.links[1].joint, {
    type: 'prismatic', lower: 0, upper: 0.05, actuated: true, close_direction: 1, max_effort: 10,
  });
  assert.equal(sim.jointState(0).length, 2 * JOINT_STRIDE);
  assert.equal(sim.jointState(1).length, 0);
  assert.equal(sim.jointState(0.5).length, 0);
}));

test('setJointTarget moves the joint to its target; bad moves are refused and change nothing', withSimulation((sim) => {
  assert.equal(sim.loadScene(gripperScene([])), '');
  assert.equal(sim.setJointTarget('gripper', 'left', 0.012), '');
  sim.step(40);
  const before = Array.from(sim.jointState(0));
  assert.match(sim.setJointTarget('gripper', 'thumb', 0.01), /no link named "thumb"/);
  assert.match(sim.setJointTarget('gripper', 'left', 0.08), /\[0, 0\.05\] m, got 0\.08/);
  assert.match(sim.setJointTarget('gripper', 'left', Number.NaN), /position/);
  assert.match(sim.setJointTarget('gripper', 'palm', 0), /fixed joint without an actuator/);
  assert.match(sim.setJointTarget('hand', 'left', 0.01), /no articulation named "hand"/);
  assert.match(sim.command('gripper', 'squeeze'), /must be autograsp or open/);
  assert.deepEqual(Array.from(sim.jointState(0)), before);
  sim.step(560); // 1.5 s in all; the move takes 0.45 s
  assert.equal(joint(sim, 0, Q_REF), 0.012);
  assert.ok(Math.abs(joint(sim, 0, Q) - 0.012) < 1e-4, `q = ${joint(sim, 0, Q)}`);
  assert.equal(joint(sim, 1, Q), 0);
  assert.equal(joint(sim, 1, LIMIT), -1);
}));

test('command autograsp closes the fingers on the box, open opens them', withSimulation((sim) => {
  assert.equal(sim.loadScene(gripperScene([])), '');
  assert.equal(sim.command('gripper', 'autograsp'), '');
  assert.equal(joint(sim, 0, GOAL), 0.05);
  sim.step(800);
  for (const finger of [0, 1]) {
    assert.ok(Math.abs(joint(sim, finger, Q) - FINGER_ON_BOX) < 2e-4, `q = ${joint(sim, finger, Q)}`);
    assert.ok(Math.abs(joint(sim, finger, EFFORT) - 10) < 1e-9, 'the motor presses with max_effort');
  }
  assert.ok(sim.contactCount() > 0);
  assert.equal(sim.command('gripper', 'open'), '');
  sim.step(800);
  for (const finger of [0, 1]) assert.equal(joint(sim, finger, LIMIT), -1);
}));

// The CLI's state CSV: rows of strings keyed by column, the initial state first.
async function nativeRows(sceneText, steps, settings = []) {
  const dir = await mkdtemp(path.join(tmpdir(), 'contactlab-robot-'));
  const scenePath = path.join(dir, 'scene.json');
  const csvPath = path.join(dir, 'state.csv');
  await writeFile(scenePath, sceneText);
  const setArgs = settings.flatMap((setting) => ['--set', setting]);
  execFileSync(nativeCli, ['run', scenePath, '--steps', String(steps), '--csv', csvPath, ...setArgs]);
  const lines = (await readFile(csvPath, 'utf8')).trim().split('\n');
  const header = lines[0].split(',');
  return lines.slice(1).map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(header.map((name, i) => [name, cells[i]]));
  });
}

// The page's buttons at the times the timeline gives: a command issued after k steps
// starts at the same simulated time as a timeline command at k h.
const SCRIPT = [
  { step: 20, time: 0.05, timeline: { command: 'move_joints', articulation: 'gripper', targets: { left: 0.012 } },
    page: (sim) => sim.setJointTarget('gripper', 'left', 0.012) },
  { step: 200, time: 0.5, timeline: { command: 'autograsp', articulation: 'gripper' },
    page: (sim) => sim.command('gripper', 'autograsp') },
  { step: 600, time: 1.5, timeline: { command: 'open', articulation: 'gripper' },
    page: (sim) => sim.command('gripper', 'open') },
];
const STEPS = 800;

for (const kind of ['dynamic', 'static']) {
  test(`${kind} auto-grasp: joint trajectories from the page's commands equal the CLI's timeline bit for bit`,
    withSimulation(async (sim) => {
      const timeline = SCRIPT.map(({ time, timeline: command }) => ({ time, ...command }));
      const native = await nativeRows(gripperScene(timeline), STEPS, [`autograsp=${kind}`]);
      assert.equal(native.length, STEPS + 1);

      assert.equal(sim.loadScene(gripperScene([])), '');
      assert.equal(sim.setOption('autograsp', kind === 'static' ? 1 : 0), '');
      let compared = 0;
      for (let s = 0; s <= STEPS; s += 1) {
        const command = SCRIPT.find((entry) => entry.step === s);
        if (command) assert.equal(command.page(sim), '', `command at step ${s}`);
        const state = sim.jointState(0);
        const row = native[s];
        assert.equal(sim.time(), Number(row.t), `t at step ${s}`);
        ['left', 'right'].forEach((name, index) => {
          // %.17g round-trips: equal digits mean equal doubles.
          assert.equal(state[index * JOINT_STRIDE + Q], Number(row[`${name}.q`]), `${name}.q at step ${s}`);
          assert.equal(state[index * JOINT_STRIDE + V], Number(row[`${name}.v`]), `${name}.v at step ${s}`);
          compared += 2;
        });
        if (s < STEPS) sim.step(1);
      }
      assert.equal(compared, 4 * (STEPS + 1));
      const box = Array.from(sim.bodyPoses()).slice(7, 14); // body 1
      ['x', 'y', 'z', 'qw', 'qx', 'qy', 'qz'].forEach((field, i) => {
        assert.equal(box[i], Number(native[STEPS][`box.${field}`]), `box.${field}`);
      });
      // Closed on the box before the open command: the inner faces 2 (0.055 m) - qL - qR
      // apart hold the 0.05 m box (the left finger, which starts ahead, may push it).
      const closed = native[599];
      const width = 0.11 - Number(closed['left.q']) - Number(closed['right.q']);
      assert.ok(Math.abs(width - 2 * (0.055 - FINGER_ON_BOX)) < 1e-3, `fingers ${width} m apart`);
    }));
}

// The built-in robot scenes, driven by their own timelines: every joint and every
// dynamic body (links included) at the end, bit for bit.
const scenesDirectory = repositoryUrl('assets/scenes/');
const robotScenes = [];
for (const file of (await readdir(scenesDirectory)).sort()) {
  const text = await readFile(new URL(file, scenesDirectory), 'utf8');
  if ('articulations' in JSON.parse(text)) robotScenes.push([file, text]);
}
const ROBOT_SCENE_STEPS = 600;
for (const [file, text] of robotScenes) {
  test(`${file}: ${ROBOT_SCENE_STEPS} steps in wasm equal the native CLI bit for bit`, withSimulation(async (sim) => {
    const native = (await nativeRows(text, ROBOT_SCENE_STEPS))[ROBOT_SCENE_STEPS];
    assert.equal(sim.loadScene(text), '');
    assert.equal(sim.step(ROBOT_SCENE_STEPS), ROBOT_SCENE_STEPS);
    assert.equal(sim.time(), Number(native.t));
    const description = JSON.parse(sim.sceneDescription());
    const poses = sim.bodyPoses();
    let compared = 0;
    description.bodies.forEach((body, b) => {
      if (body.static) return;
      ['x', 'y', 'z', 'qw', 'qx', 'qy', 'qz'].forEach((field, i) => {
        assert.equal(poses[7 * b + i], Number(native[`${body.name}.${field}`]), `${body.name}.${field}`);
        compared += 1;
      });
    });
    description.articulations.forEach((articulation, a) => {
      const state = sim.jointState(a);
      for (const link of articulation.links) {
        if (link.joint_index < 0) continue;
        assert.equal(state[link.joint_index * JOINT_STRIDE + Q], Number(native[`${link.name}.q`]), `${link.name}.q`);
        assert.equal(state[link.joint_index * JOINT_STRIDE + V], Number(native[`${link.name}.v`]), `${link.name}.v`);
        compared += 2;
      }
    });
    assert.ok(compared > 7);
  }));
}

// barrett_phone with only its first command: the arm moves over the handset (done by
// about 1 s) and holds still there; the hand stays open.
async function armOverHandset(sim) {
  const scene = JSON.parse(await readFile(new URL('barrett_phone.json', scenesDirectory), 'utf8'));
  scene.timeline = scene.timeline.slice(0, 1);
  assert.equal(sim.loadScene(JSON.stringify(scene)), '');
  sim.step(600); // 1.5 s
}

const linkFrame = (sim, link) => {
  const pose = Array.from(sim.linkPose('arm', link));
  return { position: pose.slice(0, 3), orientation: pose.slice(3) };
};

// The angle between two unit quaternions [w, x, y, z] [rad].
function rotationAngle(a, b) {
  const dot = Math.abs(a.reduce((sum, value, i) => sum + value * b[i], 0));
  return 2 * Math.acos(Math.min(1, dot));
}

// The Cartesian jog (Simulation::jog): the PUMA's wrist, six joints from its base, is
// jogged 5 cm up; the stiff joint motors settle it 5 cm higher (within 1 mm) with its
// orientation kept (within 1e-3 rad), as natively (tests/core/session/simulation_test.cpp).
test('jog moves barrett_phone\'s wrist 5 cm up with its orientation kept', withSimulation(async (sim) => {
  await armOverHandset(sim);
  const before = linkFrame(sim, 'puma_link6');
  assert.equal(sim.jog('arm', 'puma_link6', 0, 0, 0.05), '');
  sim.step(800); // 2 s; the jog takes 15 D / (8 v) = 0.94 s at 0.1 m/s
  const after = linkFrame(sim, 'puma_link6');
  const moved = after.position.map((value, i) => value - before.position[i]);
  [0, 0, 0.05].forEach((expected, i) => {
    assert.ok(Math.abs(moved[i] - expected) < 1e-3, `moved ${moved} m`);
  });
  assert.ok(rotationAngle(before.orientation, after.orientation) < 1e-3, 'orientation kept');
  assert.ok(Array.from(sim.bodyPoses()).every(Number.isFinite));
}));

test('bad jogs are refused with the field and the range, and change nothing', withSimulation(async (sim) => {
  await armOverHandset(sim);
  const before = Array.from(sim.jointState(0));
  assert.match(sim.jog('arm', 'palm', 0, 0, 0.3), /^dz: must be finite and within \[-0\.2, 0\.2\] m, got 0\.3$/);
  assert.match(sim.jog('arm', 'palm', Number.NaN, 0, 0), /^dx: must be finite/);
  assert.match(sim.jog('arm', 'palm', 0.15, 0.15, 0), /at most 0\.2 m long/);
  assert.match(sim.jog('arm', 'wrist', 0, 0, 0.01), /no link named "wrist"/);
  assert.match(sim.jog('arm', 'f1_knuckle', 0, 0, 0.01), /^link "f1_knuckle": belongs to the hand below "palm"/);
  assert.match(sim.jog('arm', 'puma_link2', 0, 0, 0.01), /moved by 2 actuated joints/);
  // Jogs add up while the arm moves: ten of 0.2 m go far beyond the arm's reach.
  let refused = '';
  for (let press = 0; press < 10 && refused === ''; press += 1) refused = sim.jog('arm', 'palm', 0.2, 0, 0);
  assert.match(refused, /cannot reach .* with its orientation kept .* nothing moved$/);
  sim.step(400);
  assert.ok(Array.from(sim.jointState(0)).every(Number.isFinite), 'joints stay finite');
  assert.ok(Array.from(sim.bodyPoses()).every(Number.isFinite), 'bodies stay finite');
  assert.notDeepEqual(Array.from(sim.jointState(0)), before, 'the reachable jogs move the arm');
}));

test('only links carried by an arm are joggable in the scene description', withSimulation(async (sim) => {
  await armOverHandset(sim);
  const [arm] = JSON.parse(sim.sceneDescription()).articulations;
  assert.deepEqual(arm.links.filter((link) => link.joggable).map((link) => link.name), ['puma_link6', 'palm']);
  assert.equal(sim.loadScene(gripperScene([])), '');
  const [gripper] = JSON.parse(sim.sceneDescription()).articulations;
  assert.equal(gripper.links.some((link) => link.joggable), false);
}));

// The wrenches behind the force-closure badge after seed 002 Figure 3's dynamic grasp
// (the scene's own timeline, to 4.6 s): u per touching hand contact on the handset, in
// contact order; each force part is a friction cone edge at unit normal force,
// f = n + mu d_j (grasp_quality.h): unit component along the contact's inward normal,
// tangential part of length mu = 0.6 (the scene's static coefficient); each torque
// part is (p - c) x f / rho for one radius rho.
test('barrett_phone\'s grasp wrenches are the friction cone edges of its contacts', withSimulation(async (sim) => {
  const text = await readFile(new URL('barrett_phone.json', scenesDirectory), 'utf8');
  const mu = JSON.parse(text).friction.default.static;
  assert.equal(sim.loadScene(text), '');
  assert.equal(sim.graspWrenches().length, 0, 'nothing held at the start');
  sim.step(1840);
  const [object, contactCount, forceClosure] = Array.from(sim.grasp());
  assert.equal(forceClosure, 1);
  const edges = sim.getOption('friction_edges');
  const wrenches = Array.from(sim.graspWrenches());
  assert.equal(wrenches.length, contactCount * edges * 6);

  const description = JSON.parse(sim.sceneDescription());
  const linkBodies = new Set(description.articulations.flatMap((a) => a.links.map((link) => link.body)));
  const threshold = sim.getOption('contact_threshold');
  const poses = sim.bodyPoses();
  const center = [0, 1, 2].map((i) => poses[7 * object + i]);
  const values = sim.contacts();
  const stride = values.length / sim.contactCount();
  const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const norm = (a) => Math.sqrt(dot(a, a));
  let w = 0;
  const radii = [];
  for (let c = 0; c < sim.contactCount(); c += 1) {
    const base = c * stride;
    const [bodyA, bodyB] = [values[base + 13], values[base + 14]];
    const byHand = (bodyA === object && linkBodies.has(bodyB)) || (bodyB === object && linkBodies.has(bodyA));
    if (!byHand || values[base + 6] > threshold) continue;
    const sign = bodyB === object ? 1 : -1;
    const inward = [3, 4, 5].map((i) => sign * values[base + i]);
    const lever = [0, 1, 2].map((i) => values[base + i] - center[i]);
    for (let j = 0; j < edges; j += 1, w += 6) {
      const force = wrenches.slice(w, w + 3);
      const torque = wrenches.slice(w + 3, w + 6);
      const normal = dot(force, inward);
      assert.ok(Math.abs(normal - 1) < 1e-9, `normal component ${normal}`);
      const tangential = norm(force.map((value, i) => value - normal * inward[i]));
      assert.ok(Math.abs(tangential - mu) < 1e-9, `|tangential| ${tangential}`);
      const moment = cross(lever, force);
      assert.ok(Math.abs(dot(torque, moment) - norm(torque) * norm(moment)) < 1e-9, 'torque along (p - c) x f');
      radii.push(norm(moment) / norm(torque));
    }
  }
  assert.equal(w, wrenches.length, 'every wrench belongs to a touching hand contact');
  for (const radius of radii) assert.ok(Math.abs(radius / radii[0] - 1) < 1e-9, `rho ${radius} vs ${radii[0]}`);
}));

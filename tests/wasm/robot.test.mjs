// Robots through the WebAssembly module: joint moves and auto-grasp started from
// JavaScript, errors as values, and, bit for bit, the same joint trajectories as the
// native CLI running the same commands from the scene's timeline; the built-in robot
// scenes end in the same state as natively.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir, mkdtemp, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = new URL('../../', import.meta.url);
// The native CLI: build/native's, or CONTACTLAB_CLI (a build elsewhere).
const cli = process.env.CONTACTLAB_CLI ?? new URL('build/native/contactlab', root).pathname;

const JOINT_STRIDE = 6; // q, v, q_ref, effort, limit, goal
const [Q, V, Q_REF, EFFORT, LIMIT, GOAL] = [0, 1, 2, 3, 4, 5];
const FINGER_ON_BOX = 0.03; // tests/support/gripper_scene.h: a finger's face meets the box here

let Module;
let gripperParts;
before(async () => {
  globalThis.window ??= globalThis;
  const { default: createContactlab } = await import(new URL('web/src/wasm/contactlab.mjs', root));
  const wasmBinary = await readFile(new URL('web/src/wasm/contactlab.wasm', root));
  Module = await createContactlab({ wasmBinary });
  // The native tests' gripper scene: two raw strings around the timeline.
  const header = await readFile(new URL('tests/support/gripper_scene.h', root), 'utf8');
  gripperParts = [...header.matchAll(/R"\(([\s\S]*?)\)"/g)].map((match) => match[1]);
  assert.equal(gripperParts.length, 2, 'gripper_scene.h holds the scene as two raw strings');
});

const gripperScene = (timeline) => gripperParts[0] + JSON.stringify(timeline) + gripperParts[1];

function withSimulation(run) {
  return async () => {
    const sim = new Module.Simulation();
    try {
      await run(sim);
    } finally {
      sim.delete();
    }
  };
}

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
  execFileSync(cli, ['run', scenePath, '--steps', String(steps), '--csv', csvPath, ...setArgs]);
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
const scenesDirectory = new URL('assets/scenes/', root);
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

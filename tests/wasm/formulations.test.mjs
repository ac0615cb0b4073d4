// The five contact formulations through the WebAssembly module: for each, every step
// of a scene equals the native CLI's run with --set formulation=NAME, bit for bit;
// the formulation switches mid-run (as the page's selector does) and the run goes on,
// reproducibly; bad formulation parameters come back as error values; and the contact
// records carry the relative velocities the page plots.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdtemp } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contactlabModule, withSimulation } from '../support/contactlab_module.mjs';
import { nativeCli, scenePath, sceneText } from '../support/repository_files.mjs';

const FORMULATIONS = ['lcp', 'convex', 'soft', 'quasistatic', 'compliant'];
const POSE_FIELDS = ['x', 'y', 'z', 'qw', 'qx', 'qy', 'qz'];
const VELOCITY_FIELDS = ['vx', 'vy', 'vz', 'wx', 'wy', 'wz'];
const JOINT_STRIDE = 6; // q, v, q_ref, effort, limit, goal
const CONTACT_STRIDE = 19;
const CONTACT = { normalForce: 7, bodyA: 13, bodyB: 14, normalVelocity: 15, tangentialVelocity: 16 };

let Module;
before(async () => {
  Module = await contactlabModule();
});

// The CLI's state CSV: one row of strings per step (the initial state first).
async function nativeRows(scene, steps, settings) {
  const dir = await mkdtemp(path.join(tmpdir(), 'contactlab-formulation-'));
  const csvPath = path.join(dir, 'state.csv');
  const setArgs = settings.flatMap((setting) => ['--set', setting]);
  execFileSync(nativeCli, ['run', scenePath(scene), '--steps', String(steps), '--csv', csvPath, ...setArgs]);
  const lines = (await readFile(csvPath, 'utf8')).trim().split('\n');
  const header = lines[0].split(',');
  return lines.slice(1).map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(header.map((name, i) => [name, cells[i]]));
  });
}

// Every dynamic body's pose and velocity and every joint's q and v against one CSV
// row; %.17g round-trips, so equal digits mean equal doubles. Returns the count.
function compareWithRow(sim, description, row, where) {
  let compared = 0;
  assert.equal(sim.time(), Number(row.t), `t ${where}`);
  const poses = sim.bodyPoses();
  const velocities = sim.bodyVelocities();
  description.bodies.forEach((body, b) => {
    if (body.static) return;
    POSE_FIELDS.forEach((field, i) => {
      assert.equal(poses[7 * b + i], Number(row[`${body.name}.${field}`]), `${body.name}.${field} ${where}`);
    });
    compared += POSE_FIELDS.length;
    if (`${body.name}.vx` in row) {
      VELOCITY_FIELDS.forEach((field, i) => {
        assert.equal(velocities[6 * b + i], Number(row[`${body.name}.${field}`]), `${body.name}.${field} ${where}`);
      });
      compared += VELOCITY_FIELDS.length;
    }
  });
  description.articulations.forEach((articulation, a) => {
    const state = sim.jointState(a);
    for (const link of articulation.links) {
      if (link.joint_index < 0) continue;
      assert.equal(state[link.joint_index * JOINT_STRIDE], Number(row[`${link.name}.q`]), `${link.name}.q ${where}`);
      assert.equal(state[link.joint_index * JOINT_STRIDE + 1], Number(row[`${link.name}.v`]), `${link.name}.v ${where}`);
      compared += 2;
    }
  });
  return compared;
}

// brick_slide: sliding that turns into sticking; box_stack: resting contact between
// dynamic bodies; pang_gripper: seed 003's gripper, a robot driven by its timeline.
const RUNS = [
  ['brick_slide', 200],
  ['box_stack', 200],
  ['pang_gripper', 300],
];

for (const formulation of FORMULATIONS) {
  for (const [scene, steps] of RUNS) {
    test(`${formulation}: ${scene}, every one of ${steps} steps in wasm equals the native CLI bit for bit`,
      withSimulation(async (sim) => {
        const native = await nativeRows(scene, steps, [`formulation=${formulation}`]);
        assert.equal(native.length, steps + 1);
        assert.equal(sim.loadScene(await sceneText(scene)), '');
        assert.equal(sim.setOption('formulation', FORMULATIONS.indexOf(formulation)), '');
        const description = JSON.parse(sim.sceneDescription());
        let compared = 0;
        for (let s = 0; s <= steps; s += 1) {
          compared += compareWithRow(sim, description, native[s], `at step ${s}`);
          if (s < steps) assert.equal(sim.step(1), 1);
        }
        assert.ok(compared >= 7 * (steps + 1));
        assert.notEqual(sim.solverStatus(), 'not available', sim.solverMessage());
      }));
  }
}

// hybrid (formulation 5): the step's events reach the page. bouncing_ball's balls land
// at t1 = sqrt(2 d / g) (d the fall of their lowest point); every step's events() equals
// its eventTimes()'s length, the times lie in the step, and together they are the
// native CLI's --events CSV times bit for bit.
test('hybrid: events() and eventTimes() of every step are the CLI\'s --events, the first at sqrt(2 d / g)',
  withSimulation(async (sim) => {
    const steps = 200;
    const dir = await mkdtemp(path.join(tmpdir(), 'contactlab-events-'));
    const eventsPath = path.join(dir, 'events.csv');
    execFileSync(nativeCli, ['run', scenePath('bouncing_ball'), '--steps', String(steps), '--set', 'formulation=hybrid',
      '--events', eventsPath]);
    const nativeTimes = (await readFile(eventsPath, 'utf8')).trim().split('\n').slice(1)
      .map((line) => Number(line.split(',')[0]));
    assert.equal(sim.loadScene(await sceneText('bouncing_ball')), '');
    assert.equal(sim.setOption('formulation', 5), '');
    const description = JSON.parse(sim.sceneDescription());
    const lowest = Math.min(...description.bodies.map((body, b) => (body.static ? Infinity : sim.bodyPoses()[7 * b + 2])));
    const times = [];
    let stepsWithEvents = 0;
    for (let s = 0; s < steps; s += 1) {
      const start = sim.time();
      assert.equal(sim.step(1), 1);
      const stepTimes = Array.from(sim.eventTimes());
      assert.equal(sim.events(), stepTimes.length, `events() at step ${s}`);
      for (const t of stepTimes) assert.ok(t >= start && t <= sim.time(), `event at ${t} inside step ${s}`);
      if (stepTimes.length > 0) stepsWithEvents += 1;
      times.push(...stepTimes);
    }
    assert.ok(stepsWithEvents > 0);
    assert.deepEqual(times, nativeTimes);
    const g = 9.81;
    const radius = 0.1;
    const firstImpact = Math.sqrt((2 * (lowest - radius)) / g);
    assert.ok(Math.abs(times[0] - firstImpact) < 1e-9, `first event at ${times[0]}, closed form ${firstImpact}`);
    sim.setOption('formulation', 0);
    sim.step(1);
    assert.equal(sim.events(), 0);
    assert.equal(sim.eventTimes().length, 0);
  }));

// The page's selector: setOption('formulation', k) between steps. Every switch is
// accepted and takes effect in the next step (the solver reports the new problem);
// the state carries over (time and step count go on); a second run with the same
// switches ends in the same state bit for bit.
const SWITCHES = [
  [60, 'convex'],
  [120, 'soft'],
  [180, 'quasistatic'],
  [240, 'compliant'],
  [300, 'lcp'],
];
const SWITCH_STEPS = 360;

async function runWithSwitches(sim) {
  assert.equal(sim.loadScene(await sceneText('box_stack')), '');
  const h = sim.getOption('time_step');
  let s = 0;
  for (const [at, formulation] of [...SWITCHES, [SWITCH_STEPS, null]]) {
    assert.equal(sim.step(at - s), at - s);
    s = at;
    assert.equal(sim.stepCount(), s);
    assert.ok(Math.abs(sim.time() - s * h) < 1e-9, `t = ${sim.time()} after ${s} steps`);
    if (formulation === null) break;
    assert.equal(sim.setOption('formulation', FORMULATIONS.indexOf(formulation)), '', `switch to ${formulation}`);
    assert.equal(sim.getOption('formulation'), FORMULATIONS.indexOf(formulation));
    assert.equal(sim.step(1), 1);
    s += 1;
    assert.notEqual(sim.solverStatus(), 'not available', `${formulation}: ${sim.solverMessage()}`);
    assert.ok(Array.from(sim.bodyPoses()).every(Number.isFinite), `finite poses after switching to ${formulation}`);
  }
  return [Array.from(sim.bodyPoses()), Array.from(sim.bodyVelocities())];
}

test('switching the formulation mid-run is accepted, keeps the state and is reproducible', async () => {
  const first = new Module.Simulation();
  const second = new Module.Simulation();
  try {
    const [posesA, velocitiesA] = await runWithSwitches(first);
    const [posesB, velocitiesB] = await runWithSwitches(second);
    assert.deepEqual(posesB, posesA);
    assert.deepEqual(velocitiesB, velocitiesA);
    // box_stack's boxes are still stacked above the ground after all the switches.
    const description = JSON.parse(first.sceneDescription());
    description.bodies.forEach((body, b) => {
      if (!body.static) assert.ok(posesA[7 * b + 2] > 0, `${body.name} above the ground`);
    });
  } finally {
    first.delete();
    second.delete();
  }
});

test('bad formulation parameters come back as errors and change nothing', withSimulation(async (sim) => {
  assert.equal(sim.loadScene(await sceneText('brick_slide')), '');
  sim.step(10);
  const poses = Array.from(sim.bodyPoses());
  const refused = [
    ['formulation', 6, /formulation: must be 0 \(lcp\), 1 \(convex\), 2 \(soft\), 3 \(quasistatic\), 4 \(compliant\) or 5 \(hybrid\), got 6/],
    ['formulation', 1.5, /formulation: must be/],
    ['soft_regularisation', 0, /soft_regularisation: must be between 1e-06 and 10, got 0/],
    ['soft_time_constant', 2, /soft_time_constant: must be between 0\.001 and 1 s/],
    ['soft_damping', -1, /soft_damping: must be between 0 and 1000 N s\/m/],
    ['soft_cone', 2, /soft_cone: must be 0 \(pyramidal\) or 1 \(elliptic\)/],
    ['quasistatic_mass_scale', 100, /quasistatic_mass_scale: must be between 1e-06 and 10/],
    ['quasistatic_problem', -1, /quasistatic_problem: must be 0 \(qp\) or 1 \(lcp\)/],
    ['compliant_stiffness', 5, /compliant_stiffness: must be between 10 and 1e\+09 N\/m, got 5/],
    ['compliant_damping_ratio', 11, /compliant_damping_ratio: must be between 0 and 10/],
    ['compliant_stiction_speed', 0, /compliant_stiction_speed: must be between 1e-06 and 1 m\/s/],
    ['compliant_substeps', 2.5, /compliant_substeps: must be a whole number from 1 to 10000, or 0/],
    ['contact_search', 2, /contact_search: must be 0 \(margin\) or 1 \(step_size\)/],
  ];
  for (const [name, value, message] of refused) {
    const before = sim.getOption(name);
    assert.match(sim.setOption(name, value), message);
    assert.equal(sim.getOption(name), before, `${name} kept`);
  }
  assert.match(sim.setOption('soft_regularisation', Number.NaN), /soft_regularisation: must be/);
  assert.deepEqual(Array.from(sim.bodyPoses()), poses);
  assert.equal(sim.step(5), 5);
}));

// brick_slide at 0.1 s: the brick slides on the ground without turning, so each
// contact's relative tangential velocity is the brick's velocity (up to the sign
// given by which body is body_b), and the relative normal velocity is zero.
test('contact records carry the relative normal and tangential velocity after the step', withSimulation(async (sim) => {
  assert.equal(sim.loadScene(await sceneText('brick_slide')), '');
  sim.step(40);
  const description = JSON.parse(sim.sceneDescription());
  const brick = description.bodies.findIndex((body) => body.name === 'brick');
  const velocity = Array.from(sim.bodyVelocities()).slice(6 * brick, 6 * brick + 3);
  assert.ok(velocity[0] > 0.5, `the brick slides at ${velocity[0]} m/s`);
  const count = sim.contactCount();
  assert.ok(count > 0);
  const contacts = sim.contacts();
  assert.equal(contacts.length, count * CONTACT_STRIDE);
  let normalForce = 0;
  for (let c = 0; c < count; c += 1) {
    const base = c * CONTACT_STRIDE;
    const sign = contacts[base + CONTACT.bodyB] === brick ? 1 : -1;
    normalForce += contacts[base + CONTACT.normalForce];
    assert.ok(Math.abs(contacts[base + CONTACT.normalVelocity]) < 1e-9, `v_n = ${contacts[base + CONTACT.normalVelocity]}`);
    for (let k = 0; k < 3; k += 1) {
      const vt = contacts[base + CONTACT.tangentialVelocity + k];
      assert.ok(Math.abs(sign * vt - velocity[k]) < 1e-9, `v_t[${k}] = ${vt}, brick ${velocity[k]}`);
    }
  }
  // The contacts carry the brick's weight, m g = 2 kg * 9.81 m/s^2.
  assert.ok(Math.abs(normalForce - 2 * 9.81) < 1e-6, `sum f_n = ${normalForce} N`);
}));

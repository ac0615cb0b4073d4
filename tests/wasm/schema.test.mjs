// The module's self-description in Node: optionSchema() lists every option the core
// takes, with ranges the core accepts to the end and refuses just beyond, and
// recordLayouts() gives the strides and field offsets of the Simulation's flat arrays
// (docs/option_schema.md).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { contactlabModule, withSimulation } from '../support/contactlab_module.mjs';
import { gripperScene } from '../support/gripper_scene.mjs';
import { sceneText } from '../support/repository_files.mjs';

const OPTION_KEYS = [
  'name', 'symbol', 'label', 'unit', 'scale', 'integer', 'min', 'max', 'slider_min', 'slider_max', 'step',
  'default', 'values', 'formulation', 'allowed', 'aliases',
].sort();
const RECORDS = ['body_pose', 'body_velocity', 'contact', 'joint', 'grasp', 'wrench', 'link_pose'];

let Module;
let schema;
let layouts;
before(async () => {
  Module = await contactlabModule();
  schema = JSON.parse(Module.optionSchema());
  layouts = JSON.parse(Module.recordLayouts());
});

// A number a little beyond `value` in `direction` (-1 below, 1 above).
const beyond = (value, direction) => value + direction * Math.max(Math.abs(value) * 1e-9, 1e-12);

// Record `index` of a flat array as {field: number}.
function recordAt(view, layout, index) {
  return Object.fromEntries(layout.fields.map((field, k) => [field, view[index * layout.stride + k]]));
}

test('optionSchema() describes every option of the core, each with the same keys', withSimulation(async (sim) => {
  assert.equal(sim.loadScene(await sceneText('box_rest')), '');
  const names = schema.options.map((option) => option.name);
  assert.deepEqual([...names].sort(), Object.keys(JSON.parse(sim.sceneDescription()).options).sort());
  assert.equal(new Set(names).size, names.length);
  for (const option of schema.options) {
    assert.deepEqual(Object.keys(option).sort(), OPTION_KEYS, option.name);
    assert.ok(['linear', 'log'].includes(option.scale), option.name);
    assert.ok(option.formulation === null || schema.options.find((o) => o.name === 'formulation').values
      .some((value) => value.name === option.formulation), option.name);
  }
}));

test('every option takes its min, max, default and named values and refuses values just outside', () => {
  for (const option of schema.options) {
    const sim = new Module.Simulation();
    try {
      assert.equal(sim.getOption(option.name), option.default, `${option.name}: default`);
      for (const value of [option.min, option.max, option.default, ...option.values.map((v) => v.value)]) {
        assert.equal(sim.setOption(option.name, value), '', `${option.name} = ${value}`);
        assert.equal(sim.getOption(option.name), value);
      }
      for (const outside of [beyond(option.min, -1), beyond(option.max, 1)]) {
        const message = sim.setOption(option.name, outside);
        assert.ok(message.startsWith(`${option.name}: must be ${option.allowed}, got `), message);
      }
      for (const alias of option.aliases) {
        assert.equal(sim.setOption(alias, option.min), '');
        assert.equal(sim.getOption(option.name), option.min, alias);
      }
    } finally {
      sim.delete();
    }
  }
});

test('the schema carries what the page shows: slider spans, log scales, named values', () => {
  const option = (name) => schema.options.find((o) => o.name === name);
  const substeps = option('compliant_substeps');
  assert.deepEqual([substeps.min, substeps.max, substeps.slider_min, substeps.slider_max], [0, 10000, 0, 200]);
  assert.equal(substeps.integer, true);
  assert.equal(substeps.formulation, 'compliant');
  const regularisation = option('soft_regularisation');
  assert.deepEqual([regularisation.scale, regularisation.min, regularisation.max], ['log', 1e-6, 10]);
  assert.equal(option('time_step').symbol, 'h');
  assert.deepEqual(option('time_step').aliases, ['h']);
  assert.equal(option('time_step').formulation, null);
  assert.deepEqual(option('friction_coefficient').values.map((v) => [v.value, v.name]), [[-1, 'materials']]);
  assert.deepEqual(option('formulation').values.map((v) => [v.value, v.name]),
    [[0, 'lcp'], [1, 'convex'], [2, 'soft'], [3, 'quasistatic'], [4, 'compliant'], [5, 'hybrid']]);
  assert.match(option('formulation').values[3].label, /^Seed 003: Pang/);
});

test('recordLayouts() gives each record a stride and one name and unit per number', () => {
  for (const record of RECORDS) {
    const layout = layouts[record];
    assert.equal(layout.fields.length, layout.stride, record);
    assert.equal(layout.units.length, layout.stride, record);
    assert.equal(new Set(layout.fields).size, layout.stride, record);
  }
  assert.equal(layouts.contact.stride, 19);
  assert.deepEqual(layouts.joint.fields, ['q', 'v', 'q_ref', 'effort', 'limit', 'goal']);
  assert.deepEqual(layouts.contact_modes, ['sticking', 'sliding', 'separating']);
});

// box_rest: a 1 kg cube resting on the ground on its four bottom corners.
test('the arrays of a box at rest have the layouts\' strides, and their fields index the right numbers',
  withSimulation(async (sim) => {
    assert.equal(sim.loadScene(await sceneText('box_rest')), '');
    sim.step(1);
    const { bodies } = JSON.parse(sim.sceneDescription());
    assert.equal(sim.bodyPoses().length, bodies.length * layouts.body_pose.stride);
    assert.equal(sim.bodyVelocities().length, bodies.length * layouts.body_velocity.stride);
    const contacts = sim.contacts();
    assert.ok(sim.contactCount() >= 4);
    assert.equal(contacts.length, sim.contactCount() * layouts.contact.stride);

    const weight = bodies[1].mass * -sim.getOption('gravity_z');
    let normalForce = 0;
    for (let i = 0; i < sim.contactCount(); i += 1) {
      const contact = recordAt(contacts, layouts.contact, i);
      normalForce += contact.fn;
      assert.ok(Math.abs(contact.nz - 1) < 1e-12, 'the normal points up, from the ground to the box');
      assert.deepEqual([contact.body_a, contact.body_b], [0, 1]);
      assert.ok(Math.abs(contact.pz) < 1e-4, 'at a bottom corner');
      assert.equal(layouts.contact_modes[contact.mode], 'sticking');
      assert.equal(contact.mu, 0.5);
    }
    assert.ok(Math.abs(normalForce - weight) < 1e-9, `sum of fn ${normalForce}, m g ${weight}`);
    const box = recordAt(sim.bodyPoses(), layouts.body_pose, 1);
    assert.ok(Math.abs(box.z - 0.10005) < 1e-4, `z = ${box.z}`);
    assert.ok(Math.abs(box.qw - 1) < 1e-12);
  }));

// brick_slide: a 2 kg brick launched along +x at 2 m/s slides on the ground with
// mu = 0.3, so each corner's friction is -mu fn along x.
test('a sliding brick\'s velocity and contact fields say it slides along +x', withSimulation(async (sim) => {
  assert.equal(sim.loadScene(await sceneText('brick_slide')), '');
  assert.equal(recordAt(sim.bodyVelocities(), layouts.body_velocity, 1).vx, 2);
  sim.step(10); // settled on the ground after the first step's 0.05 mm gap
  const contacts = sim.contacts();
  let normalForce = 0;
  for (let i = 0; i < sim.contactCount(); i += 1) {
    const contact = recordAt(contacts, layouts.contact, i);
    normalForce += contact.fn;
    assert.equal(contact.body_b, 1);
    assert.equal(layouts.contact_modes[contact.mode], 'sliding');
    assert.ok(contact.vtx > 1, `the brick slips forward, vtx = ${contact.vtx}`);
    assert.equal(contact.mu, 0.3);
    assert.ok(Math.abs(contact.ftx + contact.mu * contact.fn) < 1e-9, `ftx = ${contact.ftx}, fn = ${contact.fn}`);
    assert.ok(Math.abs(contact.fty) < 1e-12, `fty = ${contact.fty}`);
  }
  assert.ok(Math.abs(normalForce - 2 * 9.81) < 1e-9, `sum of fn ${normalForce}`);
}));

// The gripper of tests/support/gripper_scene.h closing on its box (body 1): two
// prismatic fingers, 10 N each.
test('joint, grasp, wrench and link pose arrays follow their layouts', withSimulation((sim) => {
  assert.equal(sim.loadScene(gripperScene([])), '');
  assert.equal(sim.jointState(0).length, 2 * layouts.joint.stride);
  assert.deepEqual(recordAt(sim.jointState(0), layouts.joint, 1),
    { q: 0, v: 0, q_ref: 0, effort: 0, limit: -1, goal: 0 });
  assert.equal(sim.graspWrenches().length, 0);
  assert.equal(sim.command('gripper', 'autograsp'), '');
  assert.equal(recordAt(sim.jointState(0), layouts.joint, 0).goal, 0.05);
  sim.step(800);
  for (const finger of [0, 1]) {
    const joint = recordAt(sim.jointState(0), layouts.joint, finger);
    assert.ok(Math.abs(joint.effort - 10) < 1e-9, `effort ${joint.effort}`);
    assert.equal(joint.limit, 0);
  }

  const graspValues = sim.grasp();
  assert.equal(graspValues.length, layouts.grasp.stride);
  const grasp = recordAt(graspValues, layouts.grasp, 0);
  assert.equal(grasp.object, 1);
  assert.equal(grasp.force_closure, 1);
  assert.equal(grasp.dimension, 6);
  assert.ok(grasp.contacts >= 2 && grasp.epsilon > 0 && grasp.volume > 0);
  const wrenches = sim.graspWrenches();
  assert.equal(wrenches.length, grasp.contacts * sim.getOption('friction_edges') * layouts.wrench.stride);

  const pose = sim.linkPose('gripper', 'left');
  assert.equal(pose.length, layouts.link_pose.stride);
  const { qw, qx, qy, qz } = recordAt(pose, layouts.link_pose, 0);
  assert.ok(Math.abs(Math.hypot(qw, qx, qy, qz) - 1) < 1e-12);
  assert.equal(sim.linkPose('gripper', 'thumb').length, 0);
}));

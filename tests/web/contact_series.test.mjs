// The plotted series of a contact choice (web/src/plots/contact_series.js): the sums
// over the choice's contacts, and whether the pair has friction to plot at all.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ContactSeries } from '../../web/src/plots/contact_series.js';

const FIELDS = ['body_a', 'body_b', 'fn', 'ftx', 'fty', 'ftz', 'vn', 'vtx', 'vty', 'vtz', 'phi', 'mode', 'mu'];
const MODES = ['separating', 'sticking', 'sliding'];
const layout = {
  stride: FIELDS.length,
  offsets: (names) => Object.fromEntries(names.map((name) => [name, FIELDS.indexOf(name)])),
};

// A simulation at `time` whose contacts are records {field: value}.
function simulationWith(time, contacts) {
  const view = new Float64Array(contacts.length * FIELDS.length);
  contacts.forEach((contact, i) => FIELDS.forEach((field, k) => (view[i * FIELDS.length + k] = contact[field] ?? 0)));
  return { time, contactCount: contacts.length, contactView: () => view, loopError: 0, eventTimes: () => [] };
}

// Body 0 the ground, body 1 a brick on it: the brick's contacts with the ground.
const brickOnGround = { kind: 'pair', subject: 1, other: 0 };
const corner = (fields) => ({ body_a: 0, body_b: 1, phi: 1e-5, mode: 1, ...fields });

test("a frictionless pair's series says so; the first contact with friction says otherwise", () => {
  const series = new ContactSeries(layout, MODES);
  series.setTimeStep(0.01);
  series.setChoice(brickOnGround);
  series.sample(simulationWith(0.01, [corner({ fn: 2, mu: 0 }), corner({ fn: 3, mu: 0, phi: -2e-5 })]), null);
  assert.equal(series.frictional, false);
  assert.deepEqual([series.primary.normalForce[0], series.primary.gap[0]], [5, -2e-5]);
  series.sample(simulationWith(0.02, [corner({ fn: 5, ftx: 1, mu: 0.5 })]), null);
  assert.equal(series.frictional, true);
  assert.equal(series.primary.frictionForce[1], 1);
});

test("another body's friction does not count, and a new choice starts frictionless again", () => {
  const series = new ContactSeries(layout, MODES);
  series.setTimeStep(0.01);
  series.setChoice(brickOnGround);
  series.sample(simulationWith(0.01, [corner({ mu: 0 }), { body_a: 0, body_b: 2, mu: 0.8 }]), null);
  assert.equal(series.frictional, false, 'the contact of body 2 is not the choice');
  series.sample(simulationWith(0.02, [corner({ mu: 0.3 })]), null);
  assert.equal(series.frictional, true);
  series.setChoice({ kind: 'pair', subject: 2, other: 0 });
  assert.equal(series.frictional, false);
});

// Exact option values by hand (web/src/panels/slider_steps.js): the drag grid leaves
// every value a mouse can land on at least 2 px, and the arrow keys' steps land on the
// exact decimals (0.25, not 0.25000000000000006).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dragGrid, linearKeyStep, logKeyStep } from '../../web/src/panels/slider_steps.js';

test('the drag grid is the finest whole multiple of the step (1, 2, 5 × 10^k) with 2 px per value', () => {
  assert.equal(dragGrid(0.01, 2, 100), 0.05); // friction μ, 0 .. 2, on the panel's slider
  assert.equal(dragGrid(0.01, 2, 400), 0.01); // wide enough for every step
  assert.equal(dragGrid(0.01, 2, 200), 0.02);
  assert.equal(dragGrid(0.0005, 0.05, 100), 0.001); // contact margin
  assert.equal(dragGrid(2, 28, 100), 2); // friction edges: every even u
  assert.equal(dragGrid(0.01, 3, 100), 0.1); // a log slider over three decades
  assert.equal(dragGrid(0.01, 2, 0), 2); // no width: the whole span
});

test('a grid of 0.05 over 0 .. 2 holds 0.25 and 0.6 as lil-gui snaps to it', () => {
  // lil-gui's snap: round((value - min) / step) * step + min, then 15 significant digits.
  const snap = (value, step) => Number.parseFloat((Math.round(value / step) * step).toPrecision(15));
  const grid = dragGrid(0.01, 2, 100);
  assert.ok(Object.is(snap(0.2512, grid), 0.25));
  assert.ok(Object.is(snap(0.6123, grid), 0.6));
});

test('the arrow keys step a linear option to the exact decimals of its step', () => {
  let mu = 0.6;
  const seen = [];
  for (let i = 0; i < 35; i += 1) {
    mu = linearKeyStep(mu, -1, 0.01, 0);
    seen.push(mu);
  }
  assert.ok(Object.is(mu, 0.25));
  assert.deepEqual(seen.slice(0, 3), [0.59, 0.58, 0.57]);
  assert.ok(seen.every((value) => Number(value.toFixed(2)) === value), 'every step an exact decimal');
  assert.equal(linearKeyStep(0.253, 1, 0.01, 0), 0.26); // off the grid: the next grid value
  assert.equal(linearKeyStep(8, 1, 2, 4), 10); // friction edges, from 4 in steps of 2
  assert.equal(linearKeyStep(-9.81, -1, 0.01, -20), -9.82);
});

test('the arrow keys step a log option by one in its second significant digit', () => {
  assert.equal(logKeyStep(0.0025, 1), 0.0026);
  assert.equal(logKeyStep(0.0025, -1), 0.0024);
  assert.equal(logKeyStep(0.0099, 1), 0.01);
  assert.equal(logKeyStep(0.01, -1), 0.0099);
  assert.equal(logKeyStep(1e5, 1), 110000);
  assert.equal(logKeyStep(1, -1), 0.99);
});

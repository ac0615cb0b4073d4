// A supporting plane's lean against gravity (web/src/view/incline_geometry.js): the
// angle and the directions the page draws on an incline.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inclineOf, multiplyQuaternions, normalOf } from '../../web/src/view/incline_geometry.js';

const near = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-12, `${what}: ${a} vs ${b}`);
const about = (axis, degrees) => {
  const half = (degrees * Math.PI) / 360;
  return [Math.cos(half), ...axis.map((v) => v * Math.sin(half))];
};
const gravity = [0, 0, -9.81];

test('the incline scene: a plane turned 20 degrees about y leans 20 degrees, downhill towards +x', () => {
  const incline = inclineOf(normalOf(about([0, 1, 0], 20)), gravity);
  near(incline.degrees, 20, 'angle');
  const radians = (20 * Math.PI) / 180;
  [Math.cos(radians), 0, -Math.sin(radians)].forEach((v, i) => near(incline.downhill[i], v, `downhill ${i}`));
  [1, 0, 0].forEach((v, i) => near(incline.level[i], v, `level ${i}`));
});

test('the angle is between the plane and the horizontal, whatever the gravity direction', () => {
  const tilted = multiplyQuaternions(about([1, 0, 0], 30), about([0, 0, 1], 70));
  const incline = inclineOf(normalOf(tilted), [0, 0, -1]);
  near(incline.degrees, 30, 'a turn about z does not tilt');
  near(incline.downhill[0] * incline.level[1] - incline.downhill[1] * incline.level[0], 0, 'level is under downhill');
  const sideways = inclineOf([0, 0, 1], [Math.sin(0.3), 0, -Math.cos(0.3)]);
  near(sideways.degrees, (0.3 * 180) / Math.PI, 'gravity leaning instead of the plane');
});

test('level ground, walls, ceilings and no gravity show no incline', () => {
  assert.equal(inclineOf([0, 0, 1], gravity), null);
  assert.equal(inclineOf(normalOf(about([0, 1, 0], 0.2)), gravity), null);
  assert.equal(inclineOf([1, 0, 0], gravity), null);
  assert.equal(inclineOf([0, 0, -1], gravity), null);
  assert.equal(inclineOf(normalOf(about([0, 1, 0], 20)), [0, 0, 0]), null);
});

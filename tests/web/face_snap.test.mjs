// Snapping a moved body (web/src/editor/face_snap.js): onto the ground and onto or
// against another body's faces within the threshold, not beyond it, not to a body it
// does not overlap across; and the bounding boxes of turned geoms.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bodyBox, snapOffset } from '../../web/src/editor/face_snap.js';

const box = (min, max) => ({ min, max });
const near = (actual, expected, what) =>
  actual.forEach((value, i) => assert.ok(Math.abs(value - expected[i]) < 1e-12, `${what}: ${actual} != ${expected}`));

test('a body within the threshold of the ground lands on it; one further up stays', () => {
  assert.deepEqual(snapOffset(box([0, 0, 0.004], [1, 1, 1]), [], [0], 0.01), [0, 0, -0.004]);
  assert.deepEqual(snapOffset(box([0, 0, -0.003], [1, 1, 1]), [], [0], 0.01), [0, 0, 0.003]);
  assert.deepEqual(snapOffset(box([0, 0, 0.02], [1, 1, 1]), [], [0], 0.01), [0, 0, 0]);
});

test("a body lands on another's top face, or against its side, where they overlap across", () => {
  const table = box([0, 0, 0], [1, 1, 0.5]);
  // above the table's top, 7 mm too high: down onto it
  near(snapOffset(box([0.2, 0.2, 0.507], [0.4, 0.4, 0.7]), [table], [0], 0.01), [0, 0, -0.007], 'on top');
  // beside it (y and z overlap), 6 mm from its +x face: against it
  near(snapOffset(box([1.006, 0.2, 0], [1.2, 0.4, 0.2]), [table], [0], 0.01), [-0.006, 0, 0], 'against +x');
  // 6 mm from the +x face's plane, but beyond the table in y: nothing to rest against
  near(snapOffset(box([1.006, 1.5, 0], [1.2, 1.7, 0.2]), [table], [0], 0.01), [0, 0, 0], 'not across');
  // the nearer of the ground and a face wins
  near(snapOffset(box([0.2, 0.2, 0.004], [0.4, 0.4, 0.49]), [table], [0], 0.02), [0, 0, -0.004], 'ground nearer');
});

test('bounding boxes follow the geoms and the body turned', () => {
  const half = Math.SQRT1_2;
  const cube = [{ type: 'box', half_extents: [0.1, 0.1, 0.1] }];
  near(bodyBox(cube, [1, 2, 3], [1, 0, 0, 0]).min, [0.9, 1.9, 2.9], 'unturned');
  // 45 degrees about z: the square's diagonal, 0.1 sqrt(2), along x and y
  const turned = bodyBox(cube, [0, 0, 0], [Math.cos(Math.PI / 8), 0, 0, Math.sin(Math.PI / 8)]);
  near(turned.max, [0.1 * Math.SQRT2, 0.1 * Math.SQRT2, 0.1], 'turned about z');
  // a capsule lying along x (its z axis turned onto x by 90 degrees about y), placed
  // 0.5 m along y in the body
  const capsule = [{ type: 'capsule', radius: 0.05, half_length: 0.2, position: [0, 0.5, 0], orientation: [half, 0, half, 0] }];
  const lying = bodyBox(capsule, [0, 0, 0], [1, 0, 0, 0]);
  near(lying.min, [-0.25, 0.45, -0.05], 'capsule min');
  near(lying.max, [0.25, 0.55, 0.05], 'capsule max');
  assert.equal(bodyBox([{ type: 'plane' }], [0, 0, 0], [1, 0, 0, 0]), null);
});

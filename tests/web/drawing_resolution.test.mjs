// The view's resolution under slow and fast drawing (web/src/view/drawing_resolution.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DrawingResolution } from '../../web/src/view/drawing_resolution.js';

// Feeds `frames` animation frames `gap` ms apart, each drawn (or not) after `stepping`
// ms of stepping; returns the ratios the resolution changed to, in order.
function feed(resolution, { frames, gap, stepping = 0, drew = () => true, start = 0 }) {
  const changes = [];
  for (let i = 0; i < frames; i += 1) {
    const ratio = resolution.frame(start + i * gap, drew(i), stepping);
    if (ratio !== null) changes.push(ratio);
  }
  return changes;
}

test('slow drawing halves the pixels, then again, down to half the device resolution and no further', () => {
  const resolution = new DrawingResolution(1);
  // 6 costs are measured from 7 frames; after a change the next frame starts afresh.
  assert.deepEqual(feed(resolution, { frames: 7, gap: 250 }), [0.7]);
  assert.deepEqual(feed(resolution, { frames: 7, gap: 120, start: 10_000 }), [0.5]);
  assert.equal(resolution.lowest, 0.5);
  assert.deepEqual(feed(resolution, { frames: 70, gap: 80, start: 20_000 }), [], 'no lower than half');
  assert.equal(resolution.ratio, 0.5);
});

test('fast drawing goes back up only while the finer resolution is predicted to stay fast', () => {
  const resolution = new DrawingResolution(1);
  feed(resolution, { frames: 7, gap: 250 });
  feed(resolution, { frames: 7, gap: 250, start: 10_000 });
  assert.equal(resolution.ratio, 0.5);
  // 10 ms at 0.5 predicts 20.4 ms at 0.714: up. 20 ms there predicts 39 ms at 1: stays.
  assert.deepEqual(feed(resolution, { frames: 7, gap: 10, start: 20_000 }), [0.5 / 0.7]);
  assert.deepEqual(feed(resolution, { frames: 70, gap: 20, start: 30_000 }), []);
  // 14 ms predicts 27 ms at full resolution: up, to the device's and no further.
  assert.deepEqual(feed(resolution, { frames: 7, gap: 14, start: 40_000 }), [1]);
  assert.deepEqual(feed(resolution, { frames: 70, gap: 5, start: 50_000 }), []);
  assert.equal(resolution.ratio, 1);
});

test('time spent stepping, frames not drawn and a hidden tab do not count as drawing', () => {
  const resolution = new DrawingResolution(2);
  // 200 ms gaps of which 190 ms stepping: drawing costs 10 ms.
  assert.deepEqual(feed(resolution, { frames: 70, gap: 200, stepping: 190 }), []);
  // Slow gaps after frames that drew nothing (a paused, unchanged picture) are not costs.
  assert.deepEqual(feed(resolution, { frames: 70, gap: 300, drew: () => false, start: 100_000 }), []);
  // Gaps of 2 s or more: a hidden tab, no measure.
  assert.deepEqual(feed(resolution, { frames: 70, gap: 2500, start: 200_000 }), []);
  assert.equal(resolution.ratio, 2);
  // Slow for real: down to 1.4, then 1 (half of a device ratio of 2).
  assert.deepEqual(feed(resolution, { frames: 7, gap: 100, start: 500_000 }), [1.4]);
  assert.deepEqual(feed(resolution, { frames: 7, gap: 100, start: 600_000 }), [1]);
  assert.equal(resolution.lowest, 1);
});

test('a restart forgets the frames measured so far', () => {
  const resolution = new DrawingResolution(1);
  assert.deepEqual(feed(resolution, { frames: 6, gap: 250 }), []);
  resolution.restart();
  assert.deepEqual(feed(resolution, { frames: 6, gap: 250, start: 10_000 }), [], 'five costs after the restart');
  assert.deepEqual(feed(resolution, { frames: 1, gap: 250, start: 11_500 }), [0.7]);
});

test('where drawing is known to be slow it starts at the lowest resolution, and goes up once fast', () => {
  const resolution = new DrawingResolution(2, { startLowest: true });
  assert.equal(resolution.ratio, 1);
  assert.deepEqual(feed(resolution, { frames: 70, gap: 100 }), [], 'slow: stays at the lowest');
  // 10 ms at 1 predicts 20.4 ms at 1.43: up; 10 ms there predicts 19.6 ms at 2: up.
  assert.deepEqual(feed(resolution, { frames: 7, gap: 10, start: 10_000 }), [1 / 0.7]);
  assert.deepEqual(feed(resolution, { frames: 7, gap: 10, start: 20_000 }), [2]);
});

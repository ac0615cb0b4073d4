// The share of the window the panels cover: their union's area, exactly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coveredFraction } from '../../web/src/layout/panels_on_screen.js';

const rect = (left, top, right, bottom) => ({ left, top, right, bottom });

test('one panel covers its own area', () => {
  assert.equal(coveredFraction([rect(0, 0, 50, 20)], 100, 100), 0.1);
});

test('overlapping panels count their overlap once', () => {
  // 40 x 40 + 40 x 40 - 20 x 20 = 2800 of 10000.
  assert.equal(coveredFraction([rect(0, 0, 40, 40), rect(20, 20, 60, 60)], 100, 100), 0.28);
});

test('a panel inside another adds nothing, and one past the edges counts only inside', () => {
  assert.equal(coveredFraction([rect(10, 10, 90, 90), rect(20, 20, 30, 30)], 100, 100), 0.64);
  assert.equal(coveredFraction([rect(-50, -50, 50, 150)], 100, 100), 0.5);
});

test('empty and degenerate panels cover nothing, nor does any panel of an empty window', () => {
  assert.equal(coveredFraction([], 100, 100), 0);
  assert.equal(coveredFraction([rect(10, 10, 10, 90), rect(30, 40, 20, 50)], 100, 100), 0);
  assert.equal(coveredFraction([rect(0, 0, 10, 10)], 0, 0), 0);
});

test('a union agrees with the sampled area on a scatter of panels', () => {
  const panels = [rect(3, 7, 41, 33), rect(25, 12, 70, 58), rect(60, 50, 97, 91), rect(10, 60, 35, 95), rect(33, 20, 36, 90)];
  let covered = 0;
  for (let y = 0.5; y < 100; y += 1) {
    for (let x = 0.5; x < 100; x += 1) {
      if (panels.some(({ left, top, right, bottom }) => x > left && x < right && y > top && y < bottom)) covered += 1;
    }
  }
  assert.ok(Math.abs(coveredFraction(panels, 100, 100) - covered / 10000) < 1e-12);
});

// RFC 7386 merge patches (web/src/session/merge_patch.js): applied as the RFC's
// appendix A says, and the patch between two scenes turns the first into the second.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyMergePatch, mergePatchBetween } from '../../web/src/session/merge_patch.js';

test("applying follows RFC 7386's examples (appendix A)", () => {
  const examples = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [['a', 'b'], ['c', 'd'], ['c', 'd']],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  for (const [target, patch, result] of examples) assert.deepEqual(applyMergePatch(target, patch), result);
});

test('the patch between two scenes turns the first into the second, and only what changed', () => {
  const before = {
    name: 'box_rest',
    description: 'a long text that stays',
    options: { time_step: 0.0025, gravity: [0, 0, -9.81] },
    bodies: [{ name: 'ground', static: true, geoms: [{ type: 'plane' }] }],
  };
  const after = structuredClone(before);
  after.options.gravity = [0, 0, -1.62];
  after.duration = 3;
  delete after.description;
  after.bodies.push({ name: 'box1', mass: 1, geoms: [{ type: 'box', half_extents: [0.1, 0.1, 0.1] }] });
  const patch = mergePatchBetween(before, after);
  assert.deepEqual(patch, {
    description: null,
    options: { gravity: [0, 0, -1.62] },
    bodies: after.bodies,
    duration: 3,
  });
  assert.deepEqual(applyMergePatch(before, patch), after);
  assert.deepEqual(mergePatchBetween(after, after), {});
  assert.equal(before.description, 'a long text that stays', 'the arguments are not changed');
});

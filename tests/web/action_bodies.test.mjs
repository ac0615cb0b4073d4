// The action the camera keeps in view (panels/view_folder.js): the scene's own
// `keep_in_view`, else its moving bodies that belong to no robot, else every moving body.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actionBodies } from '../../web/src/panels/view_folder.js';

const body = (name, isStatic = false) => ({ name, static: isStatic });

test('the scene names its action: those bodies, in its order', () => {
  const description = {
    bodies: [body('ground', true), body('handset'), body('palm'), body('finger')],
    articulations: [{ links: [{ body: 2 }, { body: 3 }] }],
    keep_in_view: ['palm', 'handset'],
  };
  assert.deepEqual(actionBodies(description), [2, 1]);
});

test('without a choice: the moving bodies of no robot', () => {
  const description = {
    bodies: [body('ground', true), body('brick'), body('link1'), body('ball'), body('wall', true)],
    articulations: [{ links: [{ body: 2 }] }],
  };
  assert.deepEqual(actionBodies(description), [1, 3]);
});

test('a scene of robots alone: every moving link', () => {
  const description = {
    bodies: [body('ground', true), body('crank'), body('coupler')],
    articulations: [{ links: [{ body: 1 }, { body: 2 }] }],
    keep_in_view: [],
  };
  assert.deepEqual(actionBodies(description), [1, 2]);
  assert.deepEqual(actionBodies({ bodies: [body('ground', true)] }), []);
});

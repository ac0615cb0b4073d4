// The status line's solver field (web/src/panels/solver_line.js): the contacts a step
// left out follow the status after "; " in the words the core gives, so a step with no
// fallback reads "solver: " and then the CLI state CSV's solver_status exactly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { solverLine } from '../../web/src/panels/solver_line.js';

const LEFT_OUT = '1 contact no impulse can move along the normal left out';

test('a step with contacts left out shows them after the status, as the CLI does', () => {
  assert.equal(
    solverLine({ status: 'solved', message: '', leftOut: LEFT_OUT }),
    `solver: solved; ${LEFT_OUT}`,
  );
});

test('fallbacks keep their account in brackets, the contacts left out after it', () => {
  assert.equal(
    solverLine({ status: 'solved', message: 'Lemke: regularised', leftOut: LEFT_OUT }),
    `solver: solved (Lemke: regularised); ${LEFT_OUT}`,
  );
  assert.equal(
    solverLine({ status: 'numerical failure', message: 'held still', leftOut: '' }),
    'solver: numerical failure (held still)',
  );
});

test('without contacts left out or fallbacks the field is the status alone', () => {
  assert.equal(solverLine({ status: 'no contacts', message: '', leftOut: '' }), 'solver: no contacts');
});

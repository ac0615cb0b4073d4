// The editor's undo and redo (web/src/editor/edit_journal.js): every text back and
// forth, a new edit drops what could be redone, and the character budget drops the
// oldest texts but never the one in force.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EditJournal } from '../../web/src/editor/edit_journal.js';

test('undo and redo walk back and forth through every text', () => {
  const journal = new EditJournal();
  journal.start('a');
  journal.record('ab', 'add b');
  journal.record('abc', 'add c');
  assert.equal(journal.undoLabel, 'add c');
  assert.equal(journal.peekUndo(), 'ab');
  journal.undo();
  assert.equal(journal.current, 'ab');
  journal.undo();
  assert.equal(journal.current, 'a');
  assert.equal(journal.canUndo, false);
  assert.equal(journal.peekUndo(), null);
  journal.undo(); // nothing left: stays
  assert.equal(journal.current, 'a');
  assert.equal(journal.redoLabel, 'add b');
  journal.redo();
  journal.redo();
  assert.equal(journal.current, 'abc');
  assert.equal(journal.canRedo, false);
  assert.deepEqual(journal.size, { undo: 2, redo: 0, characters: 1 + 2 + 3 });
});

test('a new edit after an undo drops what could have been redone', () => {
  const journal = new EditJournal();
  journal.start('a');
  journal.record('ab', 'add b');
  journal.record('abc', 'add c');
  journal.undo();
  journal.record('abd', 'add d');
  assert.equal(journal.canRedo, false);
  assert.deepEqual(journal.size, { undo: 2, redo: 0, characters: 1 + 2 + 3 });
  journal.undo();
  assert.equal(journal.current, 'ab');
  assert.equal(journal.redoLabel, 'add d');
});

test('past the budget the oldest texts go, never the one in force', () => {
  const journal = new EditJournal(10);
  journal.start('0000');
  journal.record('1111', 'one'); // 8 characters kept
  journal.record('2222', 'two'); // 12 > 10: '0000' goes
  assert.deepEqual(journal.size, { undo: 1, redo: 0, characters: 8 });
  assert.equal(journal.peekUndo(), '1111');
  journal.record('x'.repeat(25), 'large'); // larger than the budget alone: kept, all else goes
  assert.deepEqual(journal.size, { undo: 0, redo: 0, characters: 25 });
  assert.equal(journal.current.length, 25);
});

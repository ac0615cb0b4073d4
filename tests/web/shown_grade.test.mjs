// What the page shows of a grade (web/src/exercise/shown_grade.js): checks not visible
// to students are left out with their result, and the score shown is the visible
// checks'.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scoreLine, shownGrade } from '../../web/src/exercise/shown_grade.js';

const check = (name, passed, maxPoints, visibility) => ({
  name,
  passed,
  points: passed ? maxPoints : 0,
  max_points: maxPoints,
  message: [],
  output: `${name} output`,
  visibility,
});

test('checks after the due date or hidden are left out, and the score is the visible checks\'', () => {
  const grade = {
    gradable: true,
    score: 3 / 7,
    points: 3,
    max_points: 7,
    checks: [check('a', true, 1, 'visible'), check('b', false, 2, 'visible'), check('c', true, 2, 'after_due_date'), check('d', false, 2, 'hidden')],
  };
  const shown = shownGrade(grade);
  assert.deepEqual(shown.checks.map(({ name }) => name), ['a', 'b']);
  assert.equal(shown.points, 1);
  assert.equal(shown.maxPoints, 3);
  assert.equal(shown.withheld, 2);
  assert.equal(scoreLine(shown), 'score 33.3 %: 1 of 3 points; 2 more checks are graded but not shown here');
  assert.equal(JSON.stringify(shown).includes('d output'), false, 'nothing of a hidden check is shown');
});

test('a grade with every check visible shows as before, and one with none visible says so', () => {
  const all = shownGrade({ checks: [check('a', true, 1, 'visible'), check('b', true, 2, 'visible')] });
  assert.equal(scoreLine(all), 'score 100 %: 3 of 3 points');
  const none = shownGrade({ checks: [check('a', true, 1, 'hidden')] });
  assert.equal(none.checks.length, 0);
  assert.equal(scoreLine(none), 'every check is graded but not shown here');
  assert.equal(scoreLine(shownGrade({ checks: [check('a', true, 1, 'visible'), check('b', true, 1, 'hidden')] })),
    'score 100 %: 1 of 1 points; 1 more check is graded but not shown here');
});

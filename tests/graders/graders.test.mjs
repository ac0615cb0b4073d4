// The ready graders (graders/prairielearn, graders/gradescope) run end to end in their
// platforms' documented file layouts, made in a temporary folder: a question or an
// autograder zip made from a shipped exercise, then the reference, a wrong, a malformed
// and a missing answer graded into results.json, which must be what `contactlab grade`
// writes for the same answer, with the scores the exercise states.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { EXERCISE_LINK, decodeLinkText } from '../../web/src/link/link_codec.js';

const root = new URL('../../', import.meta.url).pathname;
// The native CLI: build/native's, or CONTACTLAB_CLI (a build elsewhere).
const cli = process.env.CONTACTLAB_CLI ?? path.join(root, 'build/native/contactlab');
const NAME = 'incline_friction_angle';
const exercisePath = path.join(root, 'assets/exercises', `${NAME}.json`);
let exercise;
let scratch;

before(async () => {
  exercise = JSON.parse(await readFile(exercisePath, 'utf8'));
  scratch = await mkdtemp(path.join(tmpdir(), `contactlab-graders-${process.pid}-`));
});

after(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const run = (file, args, env = {}) =>
  execFileSync(file, args, { env: { ...process.env, CONTACTLAB: cli, ...env }, encoding: 'utf8' });

// The answers to grade: [label, answer file's text or null (none uploaded), the score it must get or null (not gradable)].
function submissions() {
  const answer = ({ settings, answers }) => JSON.stringify({ exercise: NAME, settings, answers });
  return [
    ['reference', answer(exercise.reference), 1],
    ['wrong', answer(exercise.wrong[1]), exercise.wrong[1].score],
    ['malformed', JSON.stringify({ exercise: NAME, settings: { options: { friction_coefficient: 1.5 } } }), null],
    ['missing', null, null],
  ];
}

// `contactlab grade`'s results for the same answer text.
async function cliResults(label, answerText, format) {
  const answerPath = path.join(scratch, `${label}.${format}.answer.json`);
  const resultsPath = path.join(scratch, `${label}.${format}.results.json`);
  await writeFile(answerPath, answerText);
  execFileSync(cli, ['grade', exercisePath, answerPath, '-o', resultsPath, '--format', format]);
  return readFile(resultsPath, 'utf8');
}

test('PrairieLearn: the question made from an exercise grades in /grade as the CLI does', async () => {
  const question = path.join(scratch, 'questions', NAME);
  run('bash', [path.join(root, 'graders/prairielearn/make_question.sh'), exercisePath, 'https://lab.example.edu/contactlab/', question]);
  const info = JSON.parse(await readFile(path.join(question, 'info.json'), 'utf8'));
  assert.equal(info.gradingMethod, 'External');
  assert.deepEqual(info.externalGradingOptions, { enabled: true, image: 'contactlab-grader', entrypoint: '/grade/tests/run.sh', timeout: 120 });
  assert.match(info.uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const html = await readFile(path.join(question, 'question.html'), 'utf8');
  assert.match(html, /<pl-file-upload file-names="incline_friction_angle\.answer\.json"><\/pl-file-upload>/);
  assert.match(html, /<pl-external-grader-results><\/pl-external-grader-results>/);
  const src = /<iframe src="([^"]+)"/.exec(html)[1];
  assert.match(src, /^https:\/\/lab\.example\.edu\/contactlab\/\?embed#x1\.[A-Za-z0-9_-]+$/);
  const carried = JSON.parse(decodeLinkText(src, EXERCISE_LINK));
  assert.equal(carried.name, NAME);
  assert.equal('reference' in carried || 'wrong' in carried, false, 'the page holds no answer key');

  for (const [label, answerText, score] of submissions()) {
    const grade = path.join(scratch, `grade-${label}`);
    await cp(path.join(question, 'tests'), path.join(grade, 'tests'), { recursive: true });
    await mkdir(path.join(grade, 'student'), { recursive: true });
    await mkdir(path.join(grade, 'data'), { recursive: true });
    await writeFile(path.join(grade, 'data', 'data.json'), '{"submitted_answers": {}}');
    if (answerText !== null) await writeFile(path.join(grade, 'student', `${NAME}.answer.json`), answerText);
    run(path.join(grade, 'tests', 'run.sh'), [], { GRADE_ROOT: grade });
    const text = await readFile(path.join(grade, 'results', 'results.json'), 'utf8');
    const results = JSON.parse(text);
    if (score === null) {
      assert.equal(results.gradable, false, label);
      assert.equal(results.score, undefined, label);
      assert.ok(results.format_errors.length === 1, label);
      if (label === 'missing') assert.match(results.format_errors[0], /the answer cannot be read: answer\.json: /);
      else assert.match(results.format_errors[0], /friction_coefficient: must be between 0 and 1 in this exercise, got 1\.5/);
    } else {
      assert.equal(results.gradable, true, label);
      assert.ok(Math.abs(results.score - score) < 1e-9, `${label}: ${results.score}, stated ${score}`);
      assert.equal(results.tests.length, exercise.checks.length);
    }
    if (answerText !== null) assert.equal(text, await cliResults(label, answerText, 'prairielearn'), label);
  }
});

test('Gradescope: the autograder zip grades /autograder/submission as the CLI does', async () => {
  const zip = path.join(scratch, 'autograder.zip');
  run('bash', [path.join(root, 'graders/gradescope/make_autograder.sh'), exercisePath, zip]);
  const listed = run('unzip', ['-Z1', zip]).trim().split('\n').sort();
  assert.deepEqual(listed, ['contactlab', 'exercise.json', 'run_autograder', 'setup.sh']);

  for (const [label, answerText, score] of submissions()) {
    const autograder = path.join(scratch, `autograder-${label}`);
    await mkdir(path.join(autograder, 'source'), { recursive: true });
    await mkdir(path.join(autograder, 'submission'), { recursive: true });
    run('unzip', ['-q', zip, '-d', path.join(autograder, 'source')]);
    if (answerText !== null) await writeFile(path.join(autograder, 'submission', `${NAME}.answer.json`), answerText);
    // the zipped tool itself, as Gradescope runs it
    run(path.join(autograder, 'source', 'run_autograder'), [], { AUTOGRADER_ROOT: autograder, CONTACTLAB: '' });
    const text = await readFile(path.join(autograder, 'results', 'results.json'), 'utf8');
    const results = JSON.parse(text);
    const maxPoints = exercise.checks.reduce((sum, check) => sum + (check.points ?? 1), 0);
    if (score === null) {
      assert.equal(results.score, 0, label);
      assert.deepEqual(results.extra_data, { gradable: false }, label);
    } else {
      assert.ok(Math.abs(results.score - score * maxPoints) < 1e-9, `${label}: ${results.score} of ${maxPoints}, stated ${score}`);
      assert.equal(results.score, results.tests.reduce((sum, t) => sum + t.score, 0));
      for (const t of results.tests) {
        assert.equal(t.visibility, 'visible');
        assert.equal(t.output_format, 'md');
      }
    }
    if (answerText !== null) assert.equal(text, await cliResults(label, answerText, 'gradescope'), label);
  }
});

test('a broken exercise is refused before anything is made', async () => {
  const broken = path.join(scratch, 'broken.json');
  await writeFile(broken, JSON.stringify({ ...exercise, reference: { ...exercise.reference, answers: { mu_hold: 0.5 } } }));
  assert.throws(() => run('bash', [path.join(root, 'graders/gradescope/make_autograder.sh'), broken, path.join(scratch, 'b.zip')], {}), /self-test failed/);
  const keyless = path.join(scratch, 'keyless.json');
  const withoutKey = { ...exercise };
  delete withoutKey.reference;
  await writeFile(keyless, JSON.stringify(withoutKey));
  assert.throws(
    () => run('bash', [path.join(root, 'graders/prairielearn/make_question.sh'), keyless, 'https://lab.example.edu/', path.join(scratch, 'q')]),
    /reference: required field is missing/,
  );
});

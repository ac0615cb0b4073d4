// The core's exercises through the WebAssembly module (wasm/exercise_bindings.cpp), as
// the page's exercise mode uses them: every shipped exercise's reference and wrong
// answers get the scores the exercise states, and the results are byte for byte what
// `contactlab grade` writes for the same answer; the description, the answer check
// and the scene with a student's parameters are the core's.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { EXERCISE_LINK, decodeLinkText, encodeLinkText } from '../../web/src/link/link_codec.js';
import { loadContactlab } from '../support/contactlab_module.mjs';
import { nativeCli, repositoryUrl } from '../support/repository_files.mjs';

const SCORE_TOLERANCE = 1e-6; // core/exercise/grading.h's kScoreTolerance

let Module;
let scenesText;
let exercises; // [{name, path, text, json}]
let scratch;

before(async () => {
  Module = await loadContactlab();
  const scenes = {};
  const sceneDirectory = repositoryUrl('assets/scenes/');
  for (const file of (await readdir(sceneDirectory)).filter((name) => name.endsWith('.json'))) {
    scenes[file.slice(0, -'.json'.length)] = await readFile(new URL(file, sceneDirectory), 'utf8');
  }
  scenesText = JSON.stringify(scenes);
  const exerciseDirectory = repositoryUrl('assets/exercises/');
  exercises = [];
  for (const file of (await readdir(exerciseDirectory)).filter((name) => name.endsWith('.json')).sort()) {
    const url = new URL(file, exerciseDirectory);
    const text = await readFile(url, 'utf8');
    exercises.push({ name: file.slice(0, -'.json'.length), path: url.pathname, text, json: JSON.parse(text) });
  }
  scratch = await mkdtemp(path.join(tmpdir(), `contactlab-exercise-${process.pid}-`));
});

after(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function withExercise(text, run) {
  const exercise = new Module.Exercise();
  try {
    assert.equal(exercise.load(text, scenesText, 'required'), '');
    return await run(exercise);
  } finally {
    exercise.delete();
  }
}

// The answers an exercise embeds, as ANSWER.json objects with the score each must get.
function embeddedAnswers({ name, reference, wrong = [] }) {
  const answer = ({ settings, answers }, label, score) => ({
    label,
    score,
    answer: { exercise: name, ...(settings ? { settings } : {}), ...(answers ? { answers } : {}) },
  });
  return [answer(reference, 'reference', 1), ...wrong.map((entry, i) => answer(entry, `wrong[${i}]`, entry.score))];
}

function cliResults(exercisePath, answerText, label, format = 'prairielearn') {
  const answerPath = path.join(scratch, `${label}.answer.json`);
  const resultsPath = path.join(scratch, `${label}.results.json`);
  return writeFile(answerPath, answerText).then(async () => {
    execFileSync(nativeCli, ['grade', exercisePath, answerPath, '-o', resultsPath, '--format', format]);
    return readFile(resultsPath, 'utf8');
  });
}

test('every shipped exercise grades its reference and wrong answers to their scores, and to the CLI\'s results', async () => {
  assert.ok(exercises.length >= 8, `${exercises.length} exercises`);
  let graded = 0;
  for (const { name, path: exercisePath, text, json } of exercises) {
    const exercise = new Module.Exercise();
    try {
      assert.equal(exercise.load(text, scenesText, 'required'), '', name);
      for (const { label, score, answer } of embeddedAnswers(json)) {
        const answerText = JSON.stringify(answer);
        const grade = JSON.parse(exercise.grade(answerText));
        assert.equal(grade.gradable, true, `${name} ${label}: ${grade.error}`);
        assert.ok(Math.abs(grade.score - score) <= SCORE_TOLERANCE, `${name} ${label}: ${grade.score}, stated ${score}`);
        assert.equal(grade.checks.length, json.checks.length);
        assert.equal(grade.points, grade.checks.reduce((sum, check) => sum + check.points, 0));
        const results = exercise.results('prairielearn');
        assert.equal(results, await cliResults(exercisePath, answerText, `${name}.${label}`), `${name} ${label}`);
        assert.equal(JSON.parse(results).score, grade.score);
        graded += 1;
      }
    } finally {
      exercise.delete();
    }
  }
  console.log(`${graded} answers of ${exercises.length} exercises graded as stated and as the CLI grades them`);
});

test('Gradescope results and a malformed answer are the CLI\'s too', async () => {
  const { path: exercisePath, text } = exercises.find(({ name }) => name === 'incline_friction_angle');
  await withExercise(text, async (exercise) => {
    const wrong = '{"exercise": "incline_friction_angle", "answers": {"mu_hold": 0.34202}}';
    const grade = JSON.parse(exercise.grade(wrong));
    assert.equal(grade.gradable, true);
    assert.equal(exercise.results('gradescope'), await cliResults(exercisePath, wrong, 'gradescope', 'gradescope'));

    const malformed = '{"exercise": "incline_friction_angle", "settings": {"options": {"friction_coefficient": 1.5}}}';
    const refused = JSON.parse(exercise.grade(malformed));
    assert.equal(refused.gradable, false);
    assert.equal(
      refused.error,
      'the answer is malformed: settings.options.friction_coefficient: must be between 0 and 1 in this exercise, got 1.5',
    );
    assert.deepEqual(refused.checks, []);
    assert.equal(exercise.results('prairielearn'), await cliResults(exercisePath, malformed, 'malformed'));
  });
});

test('the description gives the task as text blocks, the open options, parameters and answers with units and bounds', async () => {
  const incline = exercises.find(({ name }) => name === 'incline_friction_angle');
  await withExercise(incline.text, (exercise) => {
    const description = JSON.parse(exercise.description());
    assert.equal(description.name, 'incline_friction_angle');
    assert.deepEqual(description.title, [
      { kind: 'paragraph', items: [[{ style: 'plain', text: 'The friction angle of an incline' }]] },
    ]);
    assert.deepEqual(description.options, [{ name: 'friction_coefficient', bounds: [0, 1] }]);
    assert.deepEqual(description.parameters, []);
    assert.deepEqual(description.answers, [{ name: 'mu_hold', label: 'the smallest mu that holds the box', unit: '', bounds: [0, 10] }]);
    assert.deepEqual(description.checks.map((check) => check.points), incline.json.checks.map((check) => check.points ?? 1));
    assert.deepEqual(description.task.map((block) => block.kind), ['paragraph', 'bullets', 'paragraph']);
    const strong = description.task[1].items[0].find((span) => span.style === 'strong');
    assert.equal(strong.text, 'mu');
  });
  const tip = exercises.find(({ name }) => name === 'tip_or_slide');
  await withExercise(tip.text, (exercise) => {
    const [parameter] = JSON.parse(exercise.description()).parameters;
    const scene = tip.json.scene.json;
    assert.deepEqual(parameter, {
      name: 'push_height',
      label: 'push height',
      unit: 'm',
      bounds: [0.03, 0.27],
      value: scene.articulations[0].links[0].joint.position,
    });
  });
});

test('checkAnswer gives the core\'s message for a locked or out-of-bounds option, and scene() writes parameters', async () => {
  const incline = exercises.find(({ name }) => name === 'incline_friction_angle');
  await withExercise(incline.text, (exercise) => {
    const check = (options) => exercise.checkAnswer(JSON.stringify({ exercise: 'incline_friction_angle', settings: { options } })).error;
    assert.equal(check({ friction_coefficient: 0.4 }), '');
    assert.equal(check({ friction_coefficient: 1.5 }), 'settings.options.friction_coefficient: must be between 0 and 1 in this exercise, got 1.5');
    assert.equal(check({ time_step: 0.001 }), 'settings.options.time_step: locked in this exercise (the options you may set: friction_coefficient)');
    assert.match(exercise.checkAnswer('{"exercise": "tip_or_slide"}').error, /^exercise: this answer is for the exercise "tip_or_slide"/);
  });
  const tip = exercises.find(({ name }) => name === 'tip_or_slide');
  await withExercise(tip.text, (exercise) => {
    const scene = exercise.scene('{"exercise": "tip_or_slide", "settings": {"parameters": {"push_height": 0.2}}}');
    assert.equal(scene.error, '');
    assert.equal(JSON.parse(scene.text).articulations[0].links[0].joint.position, 0.2);
    assert.equal(scene.options, '[]');
    const simulation = new Module.Simulation();
    assert.equal(simulation.loadScene(scene.text), '');
    simulation.delete();
    assert.equal(
      exercise.scene('{"exercise": "tip_or_slide", "settings": {"parameters": {"push_height": 0.5}}}').error,
      'settings.parameters.push_height: must be between 0.03 and 0.27 m in this exercise, got 0.5',
    );
  });
});

test('a broken exercise is refused with the reader\'s message naming the field', () => {
  const exercise = new Module.Exercise();
  try {
    const broken = JSON.parse(exercises.find(({ name }) => name === 'incline_friction_angle').text);
    broken.checks[0].expect.body = 'bx';
    assert.match(exercise.load(JSON.stringify(broken), scenesText, 'required'), /^checks\[0\]\.expect\.body: unknown body "bx"/);
    assert.match(exercise.load('{"name": "x"', scenesText, 'required'), /./);
    assert.equal(exercise.description(), 'null');
    assert.equal(JSON.parse(exercise.grade('{}')).broken, 'no exercise loaded');
  } finally {
    exercise.delete();
  }
});

test('an exercise link made natively or in the page carries the exercise without its key, and grades as the CLI does', async () => {
  for (const { name, path: exercisePath, text, json } of exercises) {
    const linkText = Module.exerciseLinkText(text, scenesText);
    assert.equal(linkText.error, '', name);
    const carried = JSON.parse(linkText.text);
    assert.equal('reference' in carried || 'wrong' in carried, false, name);
    const { reference, wrong, ...rest } = json;
    assert.deepEqual(carried, rest, name);
    assert.equal(decodeLinkText(encodeLinkText(linkText.text, EXERCISE_LINK), EXERCISE_LINK), linkText.text);
    assert.ok(reference);
    for (const text of ['"reference"', '"wrong"', ...(wrong ?? []).map(({ mistake }) => mistake)]) {
      assert.equal(linkText.text.includes(text), false, `${name}: ${text} in the link's exercise`);
    }
    if (name !== 'incline_friction_angle' && name !== 'tip_or_slide') continue;
    // the CLI's link (which works out the exercise's values first): the same exercise text
    const printed = execFileSync(nativeCli, ['exercise-link', exercisePath], { encoding: 'utf8' }).trim();
    assert.equal(decodeLinkText(printed, EXERCISE_LINK), linkText.text, name);
    const exercise = new Module.Exercise();
    try {
      assert.match(exercise.load(text, scenesText, 'refused'), /^reference: an exercise link carries no answer key/);
      assert.equal(exercise.load(linkText.text, scenesText, 'refused'), '');
      for (const { label, score, answer } of embeddedAnswers(json)) {
        const answerText = JSON.stringify(answer);
        const grade = JSON.parse(exercise.grade(answerText));
        assert.ok(Math.abs(grade.score - score) <= SCORE_TOLERANCE, `${name} ${label}: ${grade.score}, stated ${score}`);
        assert.equal(exercise.results('prairielearn'), await cliResults(exercisePath, answerText, `${name}.link.${label}`));
      }
    } finally {
      exercise.delete();
    }
  }
  assert.equal(Module.exerciseLinkText('{"name": "x"}', scenesText).error, 'title: required field is missing');
  // a link is data: markup or a hostile name in its exercise is refused by the reader, naming the field
  const incline = JSON.parse(Module.exerciseLinkText(exercises.find(({ name }) => name === 'incline_friction_angle').text, scenesText).text);
  const hostile = new Module.Exercise();
  try {
    assert.match(hostile.load(JSON.stringify({ ...incline, title: '<img src=x onerror=alert(1)>' }), scenesText, 'refused'), /^title: line 1, column 1: raw HTML/);
    assert.match(hostile.load(JSON.stringify({ ...incline, task: 'see [here](javascript:alert(1))' }), scenesText, 'refused'), /^task: .*links/);
    assert.match(hostile.load(JSON.stringify({ ...incline, name: '../../etc' }), scenesText, 'refused'), /^name: /);
    assert.equal(hostile.description(), 'null');
  } finally {
    hostile.delete();
  }
  const exercise = new Module.Exercise();
  assert.equal(exercise.load('{}', scenesText, 'maybe'), 'the answer key must be required, optional or refused, got "maybe"');
  exercise.delete();
});

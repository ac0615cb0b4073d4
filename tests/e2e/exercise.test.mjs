// Exercise mode (?exercise=NAME): the task beside the scene, the controls the exercise
// locks locked, an answer set in the page and checked by the core's grader off the
// page's thread to the score `contactlab grade` gives it, "download answer" writing that
// answer, clear messages for bad answers, every new control reachable by Tab, the
// grade posted to a parent page only at the accepted origins, every exercise's
// reference and wrong answers graded in the page as the CLI grades them, and an
// exercise link or a dropped exercise file opening its exercise.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { inflateRawSync } from 'node:zlib';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { artifactsDirectory, guiController, nextFrames, openLab, repositoryRoot, useLab } from './harness.mjs';

const env = useLab();
// The native CLI: build/native's, or CONTACTLAB_CLI (a build elsewhere).
const cli = process.env.CONTACTLAB_CLI ?? path.join(repositoryRoot, 'build/native/contactlab');
const exercisePath = (name) => path.join(repositoryRoot, 'assets/exercises', `${name}.json`);
let scratch;
let lab; // the page the first test opens, kept for the next two

before(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), `contactlab-e2e-exercise-${process.pid}-`));
  await mkdir(artifactsDirectory, { recursive: true });
});

after(async () => {
  await lab?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

// `contactlab grade`'s PrairieLearn results for an answer file.
function cliGrade(name, answerPath) {
  const resultsPath = `${answerPath}.results.json`;
  execFileSync(cli, ['grade', exercisePath(name), answerPath, '-o', resultsPath]);
  return readFile(resultsPath, 'utf8');
}

async function cliGradeText(name, answerText, label) {
  const answerPath = path.join(scratch, `${label}.json`);
  await writeFile(answerPath, answerText);
  return cliGrade(name, answerPath);
}

// Counts animation frames and the longest wait between two until stopFrameGaps().
function startFrameGaps(page) {
  return page.evaluate(() => {
    window.frameGaps = { last: performance.now(), longest: 0, frames: 0 };
    const tick = (now) => {
      const gaps = window.frameGaps;
      if (!gaps) return;
      gaps.longest = Math.max(gaps.longest, now - gaps.last);
      gaps.last = now;
      gaps.frames += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

function stopFrameGaps(page) {
  return page.evaluate(() => {
    const { longest, frames } = window.frameGaps;
    window.frameGaps = null;
    return { longest, frames };
  });
}

// Clicks Check and waits for the grade (or the message) to be shown; returns what the
// page shows.
async function check(page) {
  await page.locator('#exercise-check').click();
  await page.waitForFunction(() => !window.contactlab.exercise().checking && document.getElementById('exercise-score'));
  return page.locator('#exercise-score').textContent();
}

test('an exercise opens with its task, locks the rest, and Check gives the CLI\'s score for the answer downloaded', async () => {
  const page = await openLab(env.browser, env.server.url, '?exercise=incline_friction_angle', { width: 1280, height: 720 });
  lab = page;
  await page.evaluate(() => window.contactlab.pause());
  assert.equal(await page.locator('#exercise-title').textContent(), 'The friction angle of an incline');
  assert.equal(await page.locator('#exercise-task strong').first().textContent(), 'mu');
  // its math typeset as MathML: no TeX source left on show
  await page.waitForFunction(() => {
    const math = [...document.querySelectorAll('#exercise-task .math')];
    return math.length === 2 && math.every((span) => span.querySelector('math'));
  });
  const shown = await page.locator('#exercise-task').evaluate((task) => task.innerText);
  assert.doesNotMatch(shown, /[\\$]/);
  assert.match(shown, /𝜇\s*𝑚\s*𝑔\s*cos\s*\u2061?\s*𝜃/u);
  assert.equal(await page.locator('#scene-panel').isVisible(), false);

  // locked: every outcome control but the friction coefficient's (and its "materials" box)
  const locked = await page.evaluate(() =>
    [...document.querySelectorAll('#gui .lil-controller.locked')].map((row) => row.querySelector('.lil-name').textContent),
  );
  for (const name of ['scene', 'time step h', 'error reduction γ', 'friction edges u', 'formulation']) {
    assert.ok(locked.includes(name), `${name} locked (locked: ${locked.join(', ')})`);
  }
  assert.equal(await guiController(page, 'friction μ').evaluate((row) => row.classList.contains('locked')), false);
  assert.equal(await guiController(page, 'time step h').locator('input').isDisabled(), true);
  // the slider spans the exercise's bounds, [0, 1]
  assert.equal(await guiController(page, 'friction μ').evaluate((row) => row.querySelector('.lil-slider') !== null), true);

  // refused with the core's message, the option unchanged
  const refusals = await page.evaluate(() => [
    window.contactlab.setOption('time_step', 0.001),
    window.contactlab.setOption('friction_coefficient', 1.5),
    window.contactlab.options().time_step,
  ]);
  assert.equal(refusals[0], 'settings.options.time_step: locked in this exercise (the options you may set: friction_coefficient)');
  assert.equal(refusals[1], 'settings.options.friction_coefficient: must be between 0 and 1 in this exercise, got 1.5');
  assert.equal(refusals[2], 0.0025);
  assert.match(await page.locator('#error-text').textContent(), /must be between 0 and 1 in this exercise, got 1\.5/);

  // the reference: mu typed into the control panel, the number into its box
  const muBox = guiController(page, 'friction μ').locator('input');
  await muBox.fill('0.37');
  await muBox.press('Enter');
  await page.locator('#exercise-answer-mu_hold').fill('0.36397');
  assert.equal(await check(page), 'score 100 %: 3 of 3 points');
  assert.equal(await page.locator('#exercise-results li.passed').count(), 2);
  assert.match(await page.locator('#exercise-results li').first().textContent(), /passed: The box holds \(1 of 1\)/);

  // download answer: the answer set, which the CLI grades to the score shown
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#exercise-download').click()]);
  assert.equal(download.suggestedFilename(), 'incline_friction_angle.answer.json');
  const answerPath = path.join(scratch, 'downloaded.answer.json');
  await download.saveAs(answerPath);
  assert.deepEqual(JSON.parse(await readFile(answerPath, 'utf8')), {
    exercise: 'incline_friction_angle',
    settings: { options: { friction_coefficient: 0.37 } },
    answers: { mu_hold: 0.36397 },
  });
  assert.equal(JSON.parse(await cliGrade('incline_friction_angle', answerPath)).score, 1);

  // a wrong answer: the CLI's 1 of 3
  await page.locator('#exercise-answer-mu_hold').fill('2.7475');
  await muBox.fill('0.5');
  await muBox.press('Enter');
  const wrong = await page.evaluate(() => JSON.stringify(window.contactlab.exercise().answer));
  const cliWrong = JSON.parse(await cliGradeText('incline_friction_angle', wrong, 'wrong'));
  assert.equal(await check(page), `score ${Math.round(cliWrong.score * 1000) / 10} %: 1 of 3 points`);

  // bad answers: a word, a number beyond the bounds
  await page.locator('#exercise-answer-mu_hold').fill('abc');
  assert.equal(await check(page), 'not checked: answers.mu_hold: must be a number, got "abc"');
  await page.locator('#exercise-answer-mu_hold').fill('20');
  assert.match(await check(page), /^not graded: the answer is malformed: answers\.mu_hold: must be between 0 and 10\b.*got 20$/);
  await page.locator('#exercise-answer-mu_hold').fill('0.36397');
  await page.screenshot({ path: path.join(artifactsDirectory, 'exercise.png') });

  // Tab reaches every new control
  const ids = ['exercise-index-button', 'exercise-answer-mu_hold', 'exercise-check', 'exercise-download'];
  await page.evaluate(() => document.activeElement?.blur());
  const reached = new Set();
  for (let press = 0; press < 80 && reached.size < ids.length; press += 1) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement?.id ?? '');
    if (ids.includes(id)) reached.add(id);
  }
  assert.deepEqual([...reached].sort(), [...ids].sort());

  // the index: a button per exercise in the control panel, each opening its exercise
  await page.locator('#exercise-index-button').click();
  const entries = page.locator('#exercise-index .lil-controller[data-exercise]');
  assert.equal(await entries.count(), (await readdir(path.join(repositoryRoot, 'assets/exercises'))).length);
  await entries.filter({ hasText: 'Tip or slide' }).locator('button').click();
  await page.waitForURL(/\?exercise=tip_or_slide$/);
  await page.evaluate(() => window.contactlab.ready.then(() => window.contactlab.pause()));
  assert.equal(await page.locator('#exercise-title').textContent(), 'Tip or slide: where to push a box');

  // a parameter: out of bounds refused with the core's message, within them written into the scene
  const height = page.locator('#exercise-parameter-push_height');
  const initial = await height.inputValue();
  await height.fill('0.5');
  await height.press('Enter');
  assert.equal(await height.inputValue(), initial);
  assert.match(await page.locator('#error-text').textContent(), /settings\.parameters\.push_height: must be between 0\.03 and 0\.27 m in this exercise, got 0\.5/);
  await height.fill('0.2');
  await height.press('Enter');
  assert.deepEqual(await page.evaluate(() => window.contactlab.exercise().answer.settings), { parameters: { push_height: 0.2 } });
  const ram = await page.evaluate(() => window.contactlab.joints()[0].position);
  assert.ok(Math.abs(ram - 0.2) < 1e-3, `the ram's joint starts at ${ram}`);
  assert.deepEqual(page.errors, []);
});

test('the page grades every exercise\'s reference and wrong answers as the CLI does', async () => {
  const page = lab;
  await page.evaluate(() => window.contactlab.pause());
  const answers = [];
  for (const file of (await readdir(path.join(repositoryRoot, 'assets/exercises'))).sort()) {
    const exercise = JSON.parse(await readFile(path.join(repositoryRoot, 'assets/exercises', file), 'utf8'));
    const graded = [['reference', exercise.reference], ...exercise.wrong.map((wrong, i) => [`wrong[${i}]`, wrong])];
    for (const [label, { settings, answers: numbers }] of graded) {
      const answer = { exercise: exercise.name, ...(settings ? { settings } : {}), ...(numbers ? { answers: numbers } : {}) };
      answers.push({ name: exercise.name, label, text: JSON.stringify(answer) });
    }
  }
  // Seconds of grading in all: the page must keep drawing meanwhile (the grader's thread
  // is not the page's). A grader on the page's thread would stop the frames for all of
  // it; on a busy machine frames still come late, so the bound is half of it.
  const started = Date.now();
  await startFrameGaps(page);
  const graded = await page.evaluate(
    (list) => Promise.all(list.map(({ name, text }) => window.contactlab.gradeExercise(name, text))),
    answers,
  );
  const { longest, frames } = await stopFrameGaps(page);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `exercise: ${answers.length} answers graded in the page in ${seconds.toFixed(1)} s, ` +
      `while it drew ${frames} frames (the longest gap ${longest.toFixed(0)} ms)`,
  );
  assert.ok(frames >= 2 && longest < 500 * seconds, `the page froze for ${longest.toFixed(0)} ms of ${seconds} s`);
  for (let i = 0; i < answers.length; i += 1) {
    const { name, label, text } = answers[i];
    const expected = await cliGradeText(name, text, `${name}.${label}`);
    assert.equal(graded[i].results, expected, `${name} ${label}`);
    assert.equal(graded[i].grade.score, JSON.parse(expected).score);
  }
  // an exercise link (`contactlab exercise-link`, no answer key) grades as the CLI grades the file
  const link = execFileSync(cli, ['exercise-link', exercisePath('incline_friction_angle')], { encoding: 'utf8' }).trim();
  const reference = answers.findIndex(({ name, label }) => name === 'incline_friction_angle' && label === 'reference');
  const fromLink = await page.evaluate(([l, t]) => window.contactlab.gradeExercise(l, t), [link, answers[reference].text]);
  assert.equal(fromLink.results, graded[reference].results);
  assert.deepEqual(page.errors, []);
});

// An exercise link (`contactlab exercise-link`) opened in the page shows the exercise,
// and Check grades the reference answer 100 % and a wrong one its stated score; the
// link carries no answer key. A dropped exercise file opens its exercise too.
test('an exercise link opens the exercise and Check grades as its key says; the link holds no answer; a dropped file opens', async () => {
  const file = exercisePath('incline_friction_angle');
  const exercise = JSON.parse(await readFile(file, 'utf8'));
  const link = execFileSync(cli, ['exercise-link', file], { encoding: 'utf8' }).trim();
  assert.match(link, /^#x1\.[A-Za-z0-9_-]+$/);
  const carried = inflateRawSync(Buffer.from(link.slice('#x1.'.length), 'base64url')).toString('utf8');
  assert.equal(JSON.parse(carried).title, exercise.title);
  assert.deepEqual([JSON.parse(carried).reference, JSON.parse(carried).wrong], [undefined, undefined]);
  for (const { answers } of [exercise.reference, ...exercise.wrong]) {
    for (const value of Object.values(answers)) assert.ok(!carried.includes(String(value)), `the link holds ${value}`);
  }

  const page = await openLab(env.browser, env.server.url, link, { width: 1024, height: 768 });
  await page.evaluate(() => window.contactlab.pause());
  assert.equal(await page.locator('#exercise-title').textContent(), exercise.title);
  const answer = async ({ settings, answers }) => {
    const mu = guiController(page, 'friction μ').locator('input');
    await mu.fill(String(settings.options.friction_coefficient));
    await mu.press('Enter');
    await page.locator('#exercise-answer-mu_hold').fill(String(answers.mu_hold));
    return check(page);
  };
  assert.match(await answer(exercise.reference), /^score 100 %/);
  const wrong = exercise.wrong.find(({ score }) => score > 0 && score < 1);
  assert.match(await answer(wrong), new RegExp(`^score ${Math.round(wrong.score * 1000) / 10} %`));

  // The exercise file dropped on the page: it opens at its own link.
  await page.goto(`${env.server.url}?scene=box_rest`);
  await page.evaluate(() => window.contactlab.ready);
  const text = await readFile(file, 'utf8');
  await page.evaluate((json) => {
    const dropped = new DataTransfer();
    dropped.items.add(new File([json], 'incline_friction_angle.json', { type: 'application/json' }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dropped, bubbles: true, cancelable: true }));
  }, text);
  await page.waitForURL(/#x1\./);
  await page.locator('#exercise-title', { hasText: exercise.title }).waitFor();
  assert.deepEqual(page.errors, []);
  await page.close();
});

// A course page on another origin (its own port) framing the lab twice: once with its
// origin accepted, once not; it keeps every message it receives. Returns {server, origin}.
async function serveParentPage(labUrl) {
  let body = '';
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const framed = (id, origins) =>
    `<iframe id="${id}" width="420" height="560" src="${labUrl}?exercise=incline_friction_angle&origins=${origins}"></iframe>`;
  body = `<!doctype html><body><script>
    window.received = [];
    window.addEventListener('message', (event) => window.received.push({
      origin: event.origin,
      frame: event.source === document.getElementById('accepted').contentWindow ? 'accepted' : 'refused',
      data: event.data,
    }));
  </script>${framed('accepted', `${origin},https://lms.example.edu`)}${framed('refused', 'https://lms.example.edu')}</body>`;
  return { server, origin };
}

test('inside an iframe the grade goes to the parent at the accepted origins only', async () => {
  const { server: parent, origin: parentOrigin } = await serveParentPage(env.server.url);
  after(() => parent.close());
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 720 } });
  const answer = { exercise: 'incline_friction_angle', answers: { mu_hold: 0.36397 } };
  const expected = JSON.parse(await cliGradeText('incline_friction_angle', JSON.stringify(answer), 'framed'));
  await page.goto(`${parentOrigin}/course`);
  const frames = { accepted: page.frameLocator('#accepted'), refused: page.frameLocator('#refused') };
  // paused, so that two software-rendered labs do not share the cores with the grading
  for (const frame of page.frames().filter((child) => child !== page.mainFrame())) {
    await frame.waitForFunction(() => window.contactlab?.loaded);
    await frame.evaluate(() => window.contactlab.pause());
  }
  for (const frame of Object.values(frames)) {
    await frame.locator('#exercise-answer-mu_hold').fill('0.36397');
    await frame.locator('#exercise-check').click();
    await frame.locator('#exercise-score').waitFor();
  }
  await page.waitForFunction(() => window.received.some(({ data }) => data.type === 'graded'));
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
  const received = await page.evaluate(() => window.received);
  // The postMessage API's events (ready, loaded, stepped) come too, from the accepted
  // frame only.
  assert.deepEqual([...new Set(received.map(({ frame }) => frame))], ['accepted'], JSON.stringify(received));
  const graded = received.filter(({ data }) => data.type === 'graded');
  assert.equal(graded.length, 1, JSON.stringify(graded));
  assert.equal(graded[0].origin, new URL(env.server.url).origin);
  const gradedMessage = {
    type: 'graded',
    exercise: 'incline_friction_angle',
    gradable: true,
    score: expected.score,
    points: expected.tests.reduce((sum, { points }) => sum + points, 0),
    maxPoints: 3,
    error: '',
    answer,
  };
  assert.deepEqual(graded[0].data, gradedMessage);

  // asked again by the parent: the accepted frame answers, the refused one ignores it;
  // a link is not opened in an exercise
  await page.evaluate((labOrigin) => {
    for (const id of ['accepted', 'refused']) {
      const frame = document.getElementById(id).contentWindow;
      frame.postMessage({ type: 'grade', id: 'again' }, labOrigin);
      frame.postMessage({ type: 'load', id: 'link', link: '#v1.AAAA' }, labOrigin);
    }
  }, new URL(env.server.url).origin);
  await page.waitForFunction(() => ['again', 'link'].every((id) => window.received.some(({ data }) => data.id === id)));
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
  const replies = (await page.evaluate(() => window.received)).filter(({ data }) => data.id !== undefined);
  assert.deepEqual(replies.map(({ frame }) => frame), ['accepted', 'accepted']);
  assert.deepEqual(replies[0].data, { ...gradedMessage, id: 'again' });
  assert.deepEqual(replies[1].data, {
    type: 'error',
    id: 'link',
    request: 'load',
    message: 'the lab is in the exercise incline_friction_angle: a link does not open',
  });

  await page.close();
});

test('the exercise fits a phone', async () => {
  const page = lab;
  await page.setViewportSize({ width: 390, height: 844 });
  await nextFrames(page, 2);
  const panel = await page.locator('#exercise-panel').boundingBox();
  assert.ok(panel.x >= 0 && panel.x + panel.width <= 390, `the panel spans x ${panel.x} .. ${panel.x + panel.width}`);
  assert.ok(panel.height <= 0.45 * 844, `the panel is ${panel.height} px tall`);
  assert.equal(await page.locator('#gui .lil-root').evaluate((root) => root.classList.contains('lil-closed')), true, 'the control panel is a closed drawer');
  await page.locator('#exercise-check').scrollIntoViewIfNeeded();
  assert.equal(await page.locator('#exercise-check').isVisible(), true);
  await page.screenshot({ path: path.join(artifactsDirectory, 'exercise_phone.png') });
  assert.deepEqual(page.errors, []);
});

// The timeline and the controls that restart a run (docs/page.md): scrubbed back, the
// page shows the run at that step bit for bit as it was first simulated (a robot driven
// by its timeline, compare mode's ghost too) and plays on identically, the link then being of the step shown; restart
// keeps the options as set and reset scene brings back the scene's own; μ's slider
// reaches 0.25 and 0.6 exactly, dragged or with the arrow keys; and every option
// control shows the core's value after each of these.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeLink } from '../../web/src/link/link_codec.js';
import { guiController, openLab, useLab } from './harness.mjs';

const env = useLab();
let page;

// The page the tests share, opened by the first (useLab's set-up runs before any test).
let opened = null;
function openShared() {
  opened ??= (async () => {
    page = await openLab(env.browser, env.server.url, '?scene=incline', { width: 800, height: 600 });
    await page.evaluate(() => {
      const lab = window.contactlab;
      lab.pause();
      // Every body's pose, and compare mode's ghost: its time and its table body's
      // position and velocity.
      window.poses = () => lab.bodies().flatMap((body) => [...body.position, ...body.orientation]);
      window.ghost = () => {
        const { time, position, velocity } = lab.comparison().twin;
        return [time, ...position, ...velocity];
      };
      window.same = (a, b) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
      // The option controls whose value or text is not the core's option in force.
      window.controlsNotShowingCore = () => {
        const options = lab.options();
        const schema = Object.fromEntries(lab.optionSchema().map((entry) => [entry.name, entry]));
        return lab.view.optionControls().filter(({ option, value, text }) => {
          const entry = schema[option];
          const inForce = options[option];
          if (!Object.is(value, inForce)) return true;
          const named = entry.values.find((candidate) => candidate.value === inForce);
          if (named && (named.value < entry.min || named.value > entry.max)) return text !== named.name; // "materials"
          if (named && text === named.label) return false; // a choice shows its label
          const shown = Number.parseFloat(text) / (text.endsWith(' ms') ? 1000 : 1);
          return !(Math.abs(shown - inForce) <= 5e-3 * Math.abs(inForce));
        });
      };
    });
  })();
  return opened;
}

// gripper_lift: the scene's timeline moves the gripper over the box from step 100
// (its auto-grasp, from step 960, is left out: the page's grasp analysis of a held box
// makes each frame slow); compare mode's ghost runs convex.
test('scrubbed back, the run is shown and plays on bit for bit as first simulated, the ghost too', async () => {
  await openShared();
  const first = await page.evaluate(() => {
    const lab = window.contactlab;
    lab.loadScene(lab.builtinScene('gripper_lift'));
    lab.pause();
    window.seeked = [];
    lab.on('seeked', ({ step }) => window.seeked.push(step));
    lab.compare(true, 'convex');
    lab.setOption('error_reduction', 0.3);
    window.run = [window.poses()];
    window.ghosts = [window.ghost()];
    for (let step = 0; step < 900; step += 1) {
      if (step === 130) lab.setOption('friction_coefficient', 0.8);
      if (step === 800) lab.setOption('error_reduction', 0.25); // at a checkpoint's step
      lab.step(1);
      window.run.push(window.poses());
      window.ghosts.push(window.ghost());
    }
    return { timeline: lab.timeline(), moved: !window.same(window.run[100], window.run[900]) };
  });
  assert.deepEqual(first, { timeline: { first: 0, last: 900, step: 900 }, moved: true });

  // Each seek restores the checkpoint before it (every 100 steps at h = 2.5 ms) and
  // steps on, applying the options set on the way; then the run plays on from 850.
  const seeks = await page.evaluate(() => {
    const lab = window.contactlab;
    const seek = (target) => {
      const error = lab.seek(target);
      return {
        error,
        step: lab.stepCount,
        same: window.same(window.poses(), window.run[target]) && window.same(window.ghost(), window.ghosts[target]),
        options: lab.options(),
        controls: window.controlsNotShowingCore(),
        link: lab.link(),
      };
    };
    const shown = { 150: seek(150), 90: seek(90), 850: seek(850) };
    const differing = [];
    for (let step = 851; step <= 900; step += 1) {
      lab.step(1);
      if (!window.same(window.poses(), window.run[step]) || !window.same(window.ghost(), window.ghosts[step])) {
        differing.push(step);
      }
    }
    document.getElementById('timeline').focus();
    return { shown, differing, timeline: lab.timeline() };
  });
  const { 150: at150, 90: at90, 850: at850 } = seeks.shown;
  assert.deepEqual([at150.error, at150.step, at150.same], ['', 150, true]);
  assert.equal(at150.options.friction_coefficient, 0.8);
  assert.deepEqual([at90.error, at90.step, at90.same], ['', 90, true]);
  assert.deepEqual([at90.options.friction_coefficient, at90.options.error_reduction], [-1, 0.3]);
  assert.deepEqual(at90.controls, [], 'the controls show the options in force at step 90');
  const link = decodeLink(at90.link);
  assert.equal(link.step, 90);
  assert.deepEqual(link.journal, [[0, 'option', 'error_reduction', 0.3]], 'the link is of the step shown');
  assert.deepEqual([at850.error, at850.step, at850.same], ['', 850, true]);
  assert.equal(at850.options.error_reduction, 0.25);
  assert.deepEqual(seeks.differing, [], 'played on from step 850, every step as first simulated');
  assert.deepEqual(seeks.timeline, { first: 0, last: 900, step: 900 });

  // The scrubber itself (it has the keyboard): the arrow key takes one step back, and
  // so does ",".
  await page.keyboard.press('ArrowLeft');
  await page.evaluate(() => document.getElementById('timeline').blur());
  await page.keyboard.press(',');
  // Going on from an earlier step drops the run after it, and the link's journal with it.
  const scrubbed = await page.evaluate(() => {
    const lab = window.contactlab;
    const shown = {
      step: lab.stepCount,
      value: document.getElementById('timeline').value,
      same: window.same(window.poses(), window.run[898]),
      playing: lab.playing,
    };
    lab.seek(300);
    lab.step(1);
    const dropped = { timeline: lab.timeline(), link: lab.link(), seeked: window.seeked };
    return { shown, dropped, compare: lab.compare(false) };
  });
  assert.deepEqual(scrubbed.shown, { step: 898, value: '898', same: true, playing: false });
  assert.deepEqual(scrubbed.dropped.timeline, { first: 0, last: 301, step: 301 });
  assert.deepEqual(decodeLink(scrubbed.dropped.link).journal, [
    [0, 'option', 'error_reduction', 0.3],
    [130, 'option', 'friction_coefficient', 0.8],
  ]);
  assert.deepEqual(scrubbed.dropped.seeked, [150, 90, 850, 899, 898, 300]);
  assert.equal(scrubbed.compare, '');
  assert.deepEqual(page.errors, []);
});

// Presses a button of the panel with the mouse.
async function clickButton(name) {
  const button = page.getByRole('button', { name, exact: true });
  await button.scrollIntoViewIfNeeded(); // the control panel scrolls
  const box = await button.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

// The page's simulation now: its step, μ, the controls that do not show the core's
// values, the link and what μ's box and hover text say.
const pageState = () =>
  page.evaluate(() => {
    const row = [...document.querySelectorAll('#gui .lil-controller')].find(
      (candidate) => candidate.querySelector('.lil-name').textContent === 'friction μ',
    );
    return {
      step: window.contactlab.stepCount,
      mu: window.contactlab.options().friction_coefficient,
      controls: window.controlsNotShowingCore(),
      link: window.contactlab.link(),
      box: row.querySelector('input').value,
      title: row.title,
    };
  });

test('restart keeps the options as set, reset scene brings back the scene\'s own; the controls show them', async () => {
  await openShared();
  await page.evaluate(() => {
    const lab = window.contactlab;
    lab.loadScene(lab.builtinScene('incline'));
    lab.pause();
    lab.setOption('friction_coefficient', 0.25);
    lab.step(40);
  });
  assert.deepEqual((await pageState()).controls, [], 'after a scene load and an option set');
  await clickButton('restart (r)');
  const afterRestart = await pageState();
  assert.deepEqual(afterRestart, { ...afterRestart, step: 0, mu: 0.25, controls: [], box: '0.25' });
  assert.deepEqual(decodeLink(afterRestart.link).options, { friction_coefficient: 0.25 });

  await page.evaluate(() => window.contactlab.step(40));
  await clickButton('reset scene');
  const afterReset = await pageState();
  assert.deepEqual(afterReset, { ...afterReset, step: 0, mu: -1, controls: [], box: 'materials' });
  assert.equal(decodeLink(afterReset.link).options, undefined, 'no option differs from the scene\'s');
  assert.match(afterReset.title, /the scene's materials in force/);

  // A link opened, then a typed value refused: the controls still show the core's.
  const opened = await page.evaluate((link) => {
    const lab = window.contactlab;
    const error = lab.openLink(link);
    const row = [...document.querySelectorAll('#gui .lil-controller')].find(
      (candidate) => candidate.querySelector('.lil-name').textContent === 'friction μ',
    );
    const box = row.querySelector('input');
    box.focus();
    box.select();
    return { error, mu: lab.options().friction_coefficient, controls: window.controlsNotShowingCore() };
  }, afterRestart.link);
  assert.deepEqual(opened, { error: '', mu: 0.25, controls: [] });
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  const refused = await page.evaluate(() => {
    const error = document.getElementById('error-text').textContent;
    document.getElementById('error-close').click();
    document.activeElement.blur();
    return error;
  });
  assert.match(refused, /friction_coefficient: must be between 0 and 2/);
  const afterRefusal = await pageState();
  assert.deepEqual([afterRefusal.mu, afterRefusal.controls, afterRefusal.box], [0.25, [], '0.25']);

  // The API's reset is restart.
  const reset = await page.evaluate(() => {
    const lab = window.contactlab;
    lab.step(10);
    lab.reset();
    const restart = [lab.stepCount, lab.options().friction_coefficient];
    lab.step(10);
    lab.resetScene();
    return { restart, resetScene: [lab.stepCount, lab.options().friction_coefficient] };
  });
  assert.deepEqual(reset, { restart: [0, 0.25], resetScene: [0, -1] });
  assert.deepEqual(page.errors, []);
});

test('μ\'s slider reaches 0.25 and 0.6 exactly, dragged or with the arrow keys', async () => {
  await openShared();
  const muSlider = guiController(page, 'friction μ').locator('.lil-slider');
  await muSlider.scrollIntoViewIfNeeded(); // the control panel scrolls
  const slider = await muSlider.boundingBox();
  // Whole pixels, as a mouse gives them: the drag grid leaves every value 2 px or more.
  // (From the scene's materials, the first press sets a value wherever it lands.)
  for (const target of [0.25, 0.6]) {
    await page.mouse.click(Math.round(slider.x + (target / 2) * slider.width), slider.y + slider.height / 2);
    const shown = await pageState();
    assert.ok(Object.is(shown.mu, target), `dragged to ${target}: ${shown.mu}`);
    assert.equal(shown.box, String(target));
  }
  // The arrow keys in the box: real key presses, and 34 in between sent in the page.
  await page.evaluate(() => {
    const row = [...document.querySelectorAll('#gui .lil-controller')].find(
      (candidate) => candidate.querySelector('.lil-name').textContent === 'friction μ',
    );
    row.querySelector('input').focus();
  });
  await page.keyboard.press('ArrowDown');
  const down = await page.evaluate(() => {
    const mu = [window.contactlab.options().friction_coefficient];
    for (let i = 0; i < 34; i += 1) {
      document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    }
    mu.push(window.contactlab.options().friction_coefficient);
    return mu;
  });
  assert.ok(Object.is(down[0], 0.59) && Object.is(down[1], 0.25), `0.6, one step down and 34 more: ${down}`);
  await page.keyboard.press('ArrowUp');
  await page.evaluate(() => document.activeElement.blur());
  const up = await pageState();
  assert.ok(Object.is(up.mu, 0.26));
  assert.deepEqual([up.box, up.controls], ['0.26', []]);
  assert.deepEqual(page.errors, []);
});

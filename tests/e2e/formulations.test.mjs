// The formulations in the page, on seed 003's parallel gripper (assets/scenes/
// pang_gripper.json: a 1 kg ball between two fingers, each pressed in by K 0.1 r =
// 10 N, the carriage pulled down with mu = 0.8):
// - the scene's own formulation (quasistatic) shows in the selector, with its note and
//   only its parameters;
// - quasistatic, the plots reproduce seed 003: each finger's normal force 10 N, the
//   sum of both fingers' friction growing while sticking to mu 20 N = 16 N, sliding
//   while the carriage is pulled (0.08 .. 0.15 s), sticking again after, still 16 N;
// - switched live to lcp, the plot changes as seed 003 and 004 say it should: the
//   sliding fingers stay on the ball (gap ~ 0), where the quasi-static QP's
//   Anitescu rows lift them by the boundary layer h mu |v_t|, while the friction sum
//   is still mu times the normal sum (Coulomb);
// - compare mode runs both in lock-step with a ghost and both curves;
// - bad values typed into a parameter box are refused with the core's message and the
//   simulation keeps running; values the slider cannot reach but the core allows are
//   taken.
// It also measures the page's load time and its frame time with the plots on.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { artifactsDirectory, guiController, launchBrowser, nextFrames, openLab, savedDownload, startServer } from './harness.mjs';

const SCENE = 'pang_gripper';
const STEPS = 500; // 0.5 s at h = 1 ms, the scene's duration
const FINGER = 'finger_left → ball';
const BOTH_FINGERS = 'all moving bodies → ball';
const MU = 0.8;
const FRAMES_MEASURED = 20;

let server;
let browser;
let page;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // Software WebGL is slow: a smaller window than the measured one below.
  page = await openLab(browser, server.url, `?scene=${SCENE}`, { width: 1000, height: 700 });
  await page.evaluate(() => window.contactlab.pause());
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// Picks the contact pair in the plots folder (it appears once it has been in
// contact), resets through the panel, runs the scene and returns the plotted series.
async function runAndPlot(label) {
  await page.evaluate(() => window.contactlab.step(1));
  await nextFrames(page); // the dropdown lists the new pairs at the next frame
  await guiController(page, 'contact pair').locator('select').selectOption({ label });
  await page.getByRole('button', { name: 'restart (r)', exact: true }).click();
  return page.evaluate((steps) => {
    window.contactlab.step(steps);
    return window.contactlab.plotSeries();
  }, STEPS);
}

// The samples with t in [from, to).
function during(series, from, to, pick) {
  const values = [];
  series.time.forEach((t, i) => {
    if (t >= from && t < to) values.push(pick(i));
  });
  return values;
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

test('the scene sets quasistatic: the selector shows it with its note and only its parameters', async () => {
  assert.equal(await page.evaluate(() => window.contactlab.formulation), 'quasistatic');
  assert.equal(await guiController(page, 'formulation').locator('select').inputValue(), 'quasistatic');
  assert.match(await page.locator('#formulation-note').textContent(), /^Seed 003: Pang/);
  const panel = await page.evaluate(() => window.contactlab.view.formulationPanel());
  assert.deepEqual(panel.parameters, ['quasistatic_mass_scale', 'quasistatic_problem', 'quasistatic_model']);
  assert.equal(await guiController(page, 'mass scale ε_q').isVisible(), true);
  assert.equal(await guiController(page, 'stiffness k [N/m]').isVisible(), false);
  assert.equal(await guiController(page, 'regularisation ε').isVisible(), false);
});

test('quasistatic: each finger presses with 10 N, the fingers\' friction sum reaches 16 N', async () => {
  const finger = await runAndPlot(FINGER);
  assert.equal(finger.choice.label, FINGER);
  assert.equal(finger.time.length, STEPS);
  // K 0.1 r = 1000 N/m * 0.01 m, once the fingers have closed in.
  const normal = during(finger, 0.2, 0.5, (i) => finger.primary.normalForce[i]);
  assert.ok(Math.abs(mean(normal) - 10) < 0.5, `finger normal force ${mean(normal)} N`);

  const both = await runAndPlot(BOTH_FINGERS);
  const friction = both.primary.frictionForce;
  const mode = both.primary.mode;
  // Sticking while the sum grows (200 t N: ~8 N at 0.04 s), sliding at mu 20 N = 16 N
  // while the carriage is pulled, sticking again after it stops, still pulled with 16 N.
  const growing = during(both, 0.035, 0.045, (i) => friction[i]);
  assert.ok(Math.abs(mean(growing) - 8) < 2, `friction sum at 0.04 s: ${mean(growing)} N`);
  assert.ok(during(both, 0.01, 0.07, (i) => mode[i]).every((m) => m === 0), 'sticking before 0.07 s');
  const sliding = during(both, 0.09, 0.14, (i) => mode[i]);
  assert.ok(sliding.filter((m) => m === 1).length > 0.8 * sliding.length, 'sliding between 0.09 and 0.14 s');
  assert.ok(during(both, 0.2, 0.5, (i) => mode[i]).every((m) => m === 0), 'sticking after 0.2 s');
  for (const [from, to] of [[0.09, 0.14], [0.2, 0.5]]) {
    const values = during(both, from, to, (i) => friction[i]);
    assert.ok(Math.abs(mean(values) - 16) < 1, `friction sum ${mean(values)} N in [${from}, ${to}) s`);
  }
  assert.ok(Math.abs(Math.max(...friction) - 16) < 1, `largest friction sum ${Math.max(...friction)} N`);
  const normalSum = during(both, 0.2, 0.5, (i) => both.primary.normalForce[i]);
  assert.ok(Math.abs(mean(normalSum) - 20) < 1, `both fingers' normal force ${mean(normalSum)} N`);
});

// Sliding samples of the finger pair in [from, to) s: [gap, slip speed, normal,
// friction]. The window leaves out the steps where sliding starts or stops (the gap
// is phi at the start of the step, so it lags the slip by one step).
function slidingSamples(series, from, to) {
  const samples = [];
  series.time.forEach((t, i) => {
    if (t >= from && t < to && series.primary.mode[i] === 1) {
      const p = series.primary;
      samples.push([p.gap[i], p.slipSpeed[i], p.normalForce[i], p.frictionForce[i]]);
    }
  });
  return samples;
}

test('switched live to lcp: sliding fingers stay on the ball, no boundary layer; Coulomb holds in both', async () => {
  const h = await page.evaluate(() => window.contactlab.options().time_step);
  const quasistatic = slidingSamples(await runAndPlot(FINGER), 0.09, 0.14);
  assert.ok(quasistatic.length > 20, `${quasistatic.length} sliding samples (quasistatic)`);
  // Anitescu's rows (the quasi-static QP): a sliding contact separates until
  // phi = h mu |v_t| (seed 004's boundary layer).
  for (const [gap, slip, normal, friction] of quasistatic) {
    assert.ok(gap > 0.5 * h * MU * slip && gap < 1.5 * h * MU * slip + 1e-6, `gap ${gap} m at |v_t| ${slip} m/s`);
    assert.ok(Math.abs(friction - MU * normal) < 0.02 * MU * normal + 1e-6, `sliding: |f_t| ${friction} vs mu f_n`);
  }

  await guiController(page, 'formulation').locator('select').selectOption('lcp');
  assert.equal(await page.evaluate(() => window.contactlab.formulation), 'lcp');
  assert.deepEqual((await page.evaluate(() => window.contactlab.view.formulationPanel())).parameters, []);
  const lcp = slidingSamples(await runAndPlot(FINGER), 0.01, 0.14);
  assert.ok(lcp.length > 20, `${lcp.length} sliding samples (lcp)`);
  const boundaryLayer = Math.max(...quasistatic.map(([gap]) => gap));
  for (const [gap, , normal, friction] of lcp) {
    assert.ok(Math.abs(gap) < 0.1 * boundaryLayer, `lcp gap ${gap} m while sliding (quasistatic lifted ${boundaryLayer} m)`);
    assert.ok(Math.abs(friction - MU * normal) < 0.02 * MU * normal + 1e-6, `sliding: |f_t| ${friction} vs mu f_n`);
  }
  assert.equal(await page.evaluate(() => window.contactlab.solver.status), 'solved');

  // The step's problem: the dialog shows the next step's problem, certified, one row per
  // unknown, and exports the text whose answer the table shows.
  await page.evaluate(() => window.contactlab.pause());
  await guiController(page, "the step's problem").locator('button').click();
  const dialog = page.locator('#lcp-view');
  await dialog.getByRole('button', { name: 'single step' }).click();
  await assert.doesNotReject(dialog.locator('.lcp-certificate', { hasText: /^Certified/ }).waitFor({ timeout: 5000 }));
  const rows = await dialog.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((cell) => cell.textContent)));
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'export this problem' }).click()]);
  const text = await readFile(await savedDownload(download), 'utf8');
  const line = (label) => text.split('\n').find((l) => l.startsWith(`# ${label}:`)).slice(label.length + 3).trim().split(' ');
  assert.deepEqual(line('unknowns'), rows.map((row) => row[0]));
  assert.deepEqual(line('z').map((z) => Number(Number(z).toPrecision(4))), rows.map((row) => Number(row[3])));
  assert.ok(rows.some((row) => row[0].startsWith('cn') && row[5] === 'z > 0, w = 0'), 'a finger presses');
  await dialog.getByRole('button', { name: 'close' }).click();
  assert.equal(await page.evaluate(() => window.contactlab.setFormulation('quasistatic')), '');
});

test('compare mode: a ghost in lock-step under another formulation, both curves, kept in sync', async () => {
  const folder = (name) => guiController(page, name);
  await folder('ghost formulation').locator('select').selectOption('lcp');
  await folder('compare').locator('input').check();
  assert.deepEqual(await page.evaluate(() => [window.contactlab.time, window.contactlab.comparison().twin.time]), [0, 0]);
  const series = await page.evaluate(() => {
    window.contactlab.step(1);
    if (window.contactlab.selectPlotPair('all moving bodies → ball') !== '') return null;
    window.contactlab.reset();
    window.contactlab.step(300);
    return window.contactlab.plotSeries();
  });
  const numbers = await page.evaluate(() => window.contactlab.comparison());
  assert.equal(numbers.page.formulation, 'quasistatic');
  assert.equal(numbers.twin.formulation, 'lcp');
  assert.equal(numbers.twin.time, numbers.page.time);
  assert.equal(numbers.body, 'ball');
  assert.equal(series.time.length, 300);
  assert.ok(series.twin.frictionForce.every((value) => value !== null), 'the ghost is sampled every step');
  // The ghost's own physics: Coulomb's |f_t| = mu f_n while its fingers slide.
  const twinSliding = series.time.map((_, i) => i).filter((i) => series.twin.mode[i] === 1);
  assert.ok(twinSliding.length > 20, `${twinSliding.length} sliding samples of the ghost`);
  for (const i of twinSliding) {
    const { frictionForce, normalForce } = series.twin;
    assert.ok(Math.abs(frictionForce[i] - MU * normalForce[i]) < 0.02 * MU * normalForce[i] + 1e-6,
      `ghost sliding at ${series.time[i]} s: |f_t| ${frictionForce[i]} N, f_n ${normalForce[i]} N`);
  }
  assert.equal(numbers.twin.frictionForce, series.twin.frictionForce.at(-1));
  assert.equal(numbers.page.frictionForce, series.primary.frictionForce.at(-1));
  await nextFrames(page, 3);
  // The plots' scales hold both simulations' curves (e.g. both fingers' 20 N).
  const [normalRange, frictionRange] = (await page.evaluate(() => window.contactlab.view.plots())).ranges;
  const highest = (column) => Math.max(...series.primary[column], ...series.twin[column]);
  assert.ok(normalRange[0] <= 0 && normalRange[1] >= highest('normalForce'), `normal force axis ${normalRange}`);
  assert.ok(frictionRange[0] <= 0 && frictionRange[1] >= highest('frictionForce'), `friction axis ${frictionRange}`);
  // The ghost draws the dynamic bodies: the ball and the three gripper links.
  assert.equal(await page.evaluate(() => window.contactlab.view.ghostBodies()), 4);
  const twinFormulationCell = '#compare-panel td[data-side="twin"][data-field="formulation"]';
  await page.waitForFunction((cell) => document.querySelector(cell).textContent === 'lcp', twinFormulationCell);
  await page.screenshot({ path: join(artifactsDirectory, 'formulations.png') });

  // A reset and a scene change keep both in step; leaving compare mode deletes the ghost.
  await page.getByRole('button', { name: 'restart (r)', exact: true }).click();
  assert.deepEqual(await page.evaluate(() => [window.contactlab.stepCount, window.contactlab.comparison().twin.time]), [0, 0]);
  await guiController(page, 'scene').locator('select').selectOption('brick_slide');
  const afterLoad = await page.evaluate(() => {
    window.contactlab.step(40);
    const numbers = window.contactlab.comparison();
    return { body: numbers.body, page: numbers.page.time, twin: numbers.twin.time, twinFormulation: numbers.twin.formulation };
  });
  // brick_slide sets no formulation: the selector shows the default, lcp.
  assert.equal(await folder('formulation').locator('select').inputValue(), 'lcp');
  assert.equal(afterLoad.body, 'brick');
  assert.equal(afterLoad.twinFormulation, 'lcp');
  assert.equal(afterLoad.twin, afterLoad.page);
  await folder('compare').locator('input').uncheck();
  await nextFrames(page);
  assert.equal(await page.evaluate(() => window.contactlab.comparison()), null);
  assert.equal(await page.evaluate(() => window.contactlab.view.ghostBodies()), 0);
  assert.equal(await page.locator('#compare-panel').isVisible(), false);
  await guiController(page, 'scene').locator('select').selectOption(SCENE);
  assert.equal(await folder('formulation').locator('select').inputValue(), 'quasistatic');
});

test('bad parameter values are refused with the core\'s message; the simulation keeps running', async () => {
  await guiController(page, 'formulation').locator('select').selectOption('compliant');
  const parameters = (await page.evaluate(() => window.contactlab.view.formulationPanel())).parameters;
  assert.deepEqual(parameters, [
    'compliant_stiffness',
    'compliant_damping_ratio',
    'compliant_damping_law',
    'compliant_dissipation',
    'compliant_friction_law',
    'compliant_stiction_speed',
    'compliant_substeps',
    'compliant_integration',
    'compliant_relative_tolerance',
    'compliant_absolute_tolerance',
    'compliant_max_integrator_steps',
  ]);
  await page.evaluate(() => window.contactlab.play());
  const stiffness = guiController(page, 'stiffness k [N/m]').locator('input');
  const before = await page.evaluate(() => window.contactlab.options().compliant_stiffness);

  await stiffness.fill('5');
  await stiffness.press('Enter');
  await page.locator('#error-panel').waitFor({ state: 'visible' });
  assert.match(await page.locator('#error-text').textContent(), /compliant_stiffness: must be between 10 and 1e\+09 N\/m, got 5/);
  assert.equal(await page.evaluate(() => window.contactlab.options().compliant_stiffness), before);
  assert.equal(await stiffness.inputValue(), '1e+5');
  await page.locator('#error-close').click();
  const time = await page.evaluate(() => window.contactlab.time);
  await page.waitForFunction((t) => window.contactlab.time > t + 0.01, time);
  assert.equal(await page.evaluate(() => window.contactlab.playing), true);
  // The rest paused: each call would otherwise wait for a compliant frame.
  await page.evaluate(() => window.contactlab.pause());

  await stiffness.fill('stiff');
  await stiffness.press('Enter');
  await page.locator('#error-panel').waitFor({ state: 'visible' });
  assert.match(await page.locator('#error-text').textContent(), /compliant_stiffness: must be between 10 and 1e\+09 N\/m, got nan/);
  await page.locator('#error-close').click();

  // Beyond the slider (0 .. 200) but within the core's range: taken.
  const substeps = guiController(page, 'substeps (0: auto)').locator('input');
  await substeps.fill('500');
  await substeps.press('Enter');
  assert.equal(await page.evaluate(() => window.contactlab.options().compliant_substeps), 500);
  assert.equal(await page.locator('#error-panel').isVisible(), false);
  // The stiffness slider is logarithmic over 10 .. 1e9 N/m: its middle is 1e5.
  const stiffnessSlider = guiController(page, 'stiffness k [N/m]').locator('.lil-slider');
  await stiffnessSlider.scrollIntoViewIfNeeded(); // the control panel scrolls
  const box = await stiffnessSlider.boundingBox();
  await page.mouse.click(box.x + 0.5 * box.width, box.y + box.height / 2);
  const clicked = await page.evaluate(() => window.contactlab.options().compliant_stiffness);
  assert.ok(clicked > 0.5e5 && clicked < 2e5, `k = ${clicked}`);
  assert.deepEqual(page.errors, []);
});

test('load time and frame time with the plots on (reported); the plots redraw at most every 50 ms', async (t) => {
  await page.close(); // measured alone
  const started = Date.now();
  const timed = await openLab(browser, server.url, `?scene=${SCENE}`, { width: 1280, height: 800 });
  const loadMs = Date.now() - started;
  try {
    await timed.evaluate(() => window.contactlab.selectPlotPair('finger_left → ball'));
    const frames = await timed.evaluate(
      (count) =>
        new Promise((resolve) => {
          const gaps = [];
          let last = performance.now();
          const redrawsBefore = window.contactlab.view.plots().redraws;
          const tick = (now) => {
            gaps.push(now - last);
            last = now;
            if (gaps.length < count) requestAnimationFrame(tick);
            else resolve({ gaps, redraws: window.contactlab.view.plots().redraws - redrawsBefore });
          };
          requestAnimationFrame(tick);
        }),
      FRAMES_MEASURED,
    );
    const gaps = frames.gaps.slice(1).sort((a, b) => a - b);
    const seconds = frames.gaps.slice(1).reduce((sum, gap) => sum + gap, 0) / 1000;
    t.diagnostic(`page load ${loadMs} ms; frame time median ${gaps[gaps.length >> 1].toFixed(1)} ms, ` +
      `95th percentile ${gaps[Math.floor(0.95 * gaps.length)].toFixed(1)} ms, longest ${gaps.at(-1).toFixed(1)} ms; ` +
      `${frames.redraws} plot redraws in ${seconds.toFixed(2)} s`);
    assert.equal((await timed.evaluate(() => window.contactlab.view.plots())).shown, true);
    // The plots redraw at most every 50 ms.
    assert.ok(frames.redraws <= 20 * seconds + 1, `${frames.redraws} redraws in ${seconds} s`);
    assert.deepEqual(timed.errors, []);
  } finally {
    await timed.close();
  }
});

// Closed chains in the page (docs/closed_chains.md): four_bar shows the loop error's
// plot, sampled from the first step although nothing touches, below 1e-4 m with the
// scene's Baumgarte gains and growing past it with both set to 0 in the page. (That
// only scenes with loops show the plot is checked on every built-in scene by
// camera.test.mjs.) In maximal coordinates the status line shows the joints' drift and
// the view draws each joint's two frames.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextFrames, openLab, useLab } from './harness.mjs';

const env = useLab();

test('four_bar plots its loop error; without stabilisation it grows', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=four_bar', { width: 1000, height: 700 });
  const run = (steps) =>
    page.evaluate((count) => {
      const lab = window.contactlab;
      lab.pause();
      lab.restart();
      lab.step(count);
      const { choice, loops, primary } = lab.plotSeries();
      return { choice, loops, loopError: primary.loopError, normalForce: primary.normalForce };
    }, steps);

  // The plots fold to keep the scene most of this small window: unfolded to be read.
  await page.evaluate(() => window.contactlab.view.fold('plots', false));
  const stabilised = await run(400); // 1 s: a turn of the crank
  assert.equal(stabilised.loops, true);
  assert.equal(stabilised.choice, null, 'nothing touches in the four-bar');
  assert.equal(stabilised.loopError.length, 400);
  assert.ok(stabilised.normalForce.every((value) => value === null));
  const largest = Math.max(...stabilised.loopError);
  assert.ok(largest > 0 && largest < 1e-4, `stabilised: largest loop error ${largest} m`);
  await nextFrames(page);
  assert.equal(await page.locator('#plot-loop-error-figure').isVisible(), true);
  for (const id of ['plot-normal-force', 'plot-friction-force', 'plot-velocity', 'plot-gap']) {
    assert.equal(await page.locator(`#${id}`).isVisible(), false, `${id}: no contact, no contact plot`);
  }
  const ranges = (await page.evaluate(() => window.contactlab.view.plots())).ranges;
  assert.equal(ranges.length, 5);

  for (const name of ['baumgarte_alpha', 'baumgarte_beta']) {
    assert.equal(await page.evaluate((option) => window.contactlab.setOption(option, 0), name), '');
  }
  const drifting = await run(400);
  const drifted = Math.max(...drifting.loopError);
  assert.ok(drifted > 2e-4 && drifted > 5 * largest, `without stabilisation: ${drifted} m (with: ${largest} m)`);

  // Maximal coordinates (docs/maximal_coordinates.md): the status line shows the joints'
  // drift, hidden again in reduced coordinates.
  assert.equal(await page.locator('#status-joint-error').isVisible(), false);
  assert.equal(await page.evaluate(() => window.contactlab.setOption('coordinates', 1)), '');
  await run(400);
  await page.waitForFunction(() => !document.getElementById('status-joint-error').hidden);
  const shown = await page.locator('#status-joint-error').textContent();
  const jointError = Number(/joint error (\S+) \(m, rad\)/.exec(shown)[1]);
  assert.ok(jointError > 0 && jointError < 1e-3, shown);
  await nextFrames(page);
  assert.equal(await page.evaluate(() => window.contactlab.view.jointFrames()), 8, 'two triads for each of 4 joints');
  assert.equal(await page.evaluate(() => window.contactlab.setOption('coordinates', 0)), '');
  await page.waitForFunction(() => document.getElementById('status-joint-error').hidden);
  await page.evaluate(() => window.contactlab.step(1));
  await nextFrames(page);
  assert.equal(await page.evaluate(() => window.contactlab.view.jointFrames()), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

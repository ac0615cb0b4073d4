// Closed chains in the page (docs/closed_chains.md): four_bar shows the loop error's
// plot, sampled from the first step although nothing touches, below 1e-4 m with the
// scene's Baumgarte gains and growing past it with both set to 0 in the page. (That
// only scenes with loops show the plot is checked on every built-in scene by
// camera.test.mjs.)
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

  const stabilised = await run(400); // 1 s: a turn of the crank
  assert.equal(stabilised.loops, true);
  assert.equal(stabilised.choice, null, 'nothing touches in the four-bar');
  assert.equal(stabilised.loopError.length, 400);
  assert.ok(stabilised.normalForce.every((value) => value === null));
  const largest = Math.max(...stabilised.loopError);
  assert.ok(largest > 0 && largest < 1e-4, `stabilised: largest loop error ${largest} m`);
  await nextFrames(page);
  assert.equal(await page.locator('#plot-loop-error-figure').isVisible(), true);
  const ranges = (await page.evaluate(() => window.contactlab.view.plots())).ranges;
  assert.equal(ranges.length, 5);

  for (const name of ['baumgarte_alpha', 'baumgarte_beta']) {
    assert.equal(await page.evaluate((option) => window.contactlab.setOption(option, 0), name), '');
  }
  const drifting = await run(400);
  const drifted = Math.max(...drifting.loopError);
  assert.ok(drifted > 2e-4 && drifted > 5 * largest, `without stabilisation: ${drifted} m (with: ${largest} m)`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// ?embed, for an iframe in a course page: only the scene, with play / pause, restart and
// "open in the lab", whose address is the same link in the full page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeLink } from '../../web/src/link/link_codec.js';
import { measurePanels, openLab, useLab } from './harness.mjs';

const env = useLab();

test('?embed shows the scene with play, restart and "open in the lab" only', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=brick_slide&embed', { width: 640, height: 400 });
  const { panels, coveredFraction } = await measurePanels(page);
  assert.deepEqual(panels.map((panel) => panel.id), ['embed-bar']);
  console.log(`embed: the bar covers ${(100 * coveredFraction).toFixed(1)} % of the view`);
  const controls = await page.evaluate(() =>
    [...document.querySelectorAll('button, a[href], input, select, [tabindex]')]
      .filter((element) => element.checkVisibility() && element.tabIndex >= 0)
      .map((element) => element.textContent.trim()),
  );
  assert.deepEqual(controls, ['pause', 'restart', 'open in the lab']);

  await page.getByRole('button', { name: 'pause' }).click();
  assert.equal(await page.evaluate(() => window.contactlab.playing), false);
  assert.equal(await page.locator('#embed-bar button').first().textContent(), 'play');
  await page.evaluate(() => window.contactlab.step(30));
  await page.getByRole('button', { name: 'restart' }).click();
  assert.equal(await page.evaluate(() => window.contactlab.stepCount), 0);

  await page.evaluate(() => {
    window.contactlab.setOption('friction_coefficient', 0.4);
    window.contactlab.step(20);
  });
  const link = await page.evaluate(() => window.contactlab.link());
  const lab = page.getByRole('link', { name: 'open in the lab' });
  const href = await lab.getAttribute('href');
  assert.equal(await lab.getAttribute('target'), '_blank');
  const url = new URL(href);
  assert.equal(url.hash, link, 'the same link');
  assert.equal(url.searchParams.has('embed'), false, 'in the full page');
  assert.deepEqual(decodeLink(href).journal, [[0, 'option', 'friction_coefficient', 0.4]]);

  const [opened] = await Promise.all([page.context().waitForEvent('page'), lab.click()]);
  await opened.waitForFunction(() => window.contactlab?.loaded && window.contactlab.replayRemaining === 0);
  assert.equal(await opened.evaluate(() => window.contactlab.options().friction_coefficient), 0.4);
  assert.equal(await opened.locator('#gui').isVisible(), true, 'the full page');
  assert.deepEqual(page.errors, []);
  await opened.close();
  await page.close();
});

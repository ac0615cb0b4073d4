// The control panel drives the simulation: the time step slider is logarithmic and
// shows milliseconds, the friction-edges slider sets u, the buttons pause, step and
// reset, and the scene picker loads another scene and its description.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { guiController, launchBrowser, nextFrames, openLab, startServer } from './harness.mjs';

let server;
let browser;
let page;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await openLab(browser, server.url, '?scene=box_rest', { width: 900, height: 600 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// Clicks a slider at `fraction` of its width, scrolled into the panel's view first (the
// solver folder may reach below a short window).
async function clickSlider(name, fraction) {
  const slider = guiController(page, name).locator('.lil-slider');
  await slider.scrollIntoViewIfNeeded(); // the panel scrolls in a 600 px window
  const box = await slider.boundingBox();
  await page.mouse.click(box.x + fraction * box.width, box.y + box.height / 2);
}

test('pause, single step and reset', async () => {
  await page.getByRole('button', { name: 'pause', exact: true }).click();
  const paused = await page.evaluate(() => ({ playing: window.contactlab.playing, steps: window.contactlab.stepCount }));
  assert.equal(paused.playing, false);
  await page.getByRole('button', { name: 'single step' }).click();
  assert.equal(await page.evaluate(() => window.contactlab.stepCount), paused.steps + 1);
  await page.getByRole('button', { name: 'restart (r)', exact: true }).click();
  assert.equal(await page.evaluate(() => window.contactlab.stepCount), 0);
  await page.getByRole('button', { name: 'play', exact: true }).click();
  assert.equal(await page.evaluate(() => window.contactlab.playing), true);
});

test('the time step slider is logarithmic from 0.1 ms to 500 ms and shows ms', async () => {
  // log10(h / 1 ms) runs from -1 to log10(500): 1 ms is 1 / (1 + log10(500)) of the way.
  await clickSlider('time step h', 1 / (1 + Math.log10(500)));
  const h = await page.evaluate(() => window.contactlab.options().time_step);
  assert.ok(Math.abs(h - 0.001) < 0.0001, `h = ${h}`);
  const shown = await guiController(page, 'time step h').locator('input').inputValue();
  assert.match(shown, /^[\d.]+ ms$/);
  assert.ok(Math.abs(Number.parseFloat(shown) - 1000 * h) < 1e-9, `${shown} for h = ${h}`);
  await clickSlider('time step h', 0.999);
  const largest = await page.evaluate(() => window.contactlab.options().time_step);
  assert.ok(largest > 0.45 && largest <= 0.5, `h = ${largest}`);
  assert.equal(await guiController(page, 'time step h').locator('input').inputValue(), `${Math.round(1000 * largest)} ms`);
});

test('the friction edges slider sets u and the cones follow', async () => {
  await clickSlider('friction edges u', 0.999);
  assert.equal(await page.evaluate(() => window.contactlab.options().friction_edges), 32);
  await nextFrames(page);
  const drawn = await page.evaluate(() => [window.contactlab.contacts().length, window.contactlab.view.visibleCones()]);
  assert.equal(drawn[1], drawn[0]);
});

test('the scene picker loads a scene with its own options and description', async () => {
  await guiController(page, 'scene').locator('select').selectOption('brick_slide');
  assert.equal(await page.evaluate(() => window.contactlab.sceneName), 'brick_slide');
  assert.equal(await page.evaluate(() => window.contactlab.options().time_step), 0.0025);
  assert.match(await page.locator('#scene-description').textContent(), /brick/i);
  assert.equal(await page.locator('#scene-name').textContent(), 'brick_slide');
  assert.deepEqual(page.errors, []);
});

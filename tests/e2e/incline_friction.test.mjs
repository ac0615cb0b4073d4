// The friction coefficient set through the control panel decides the incline's
// outcome. Coulomb: a block on a slope of angle theta holds iff mu >= tan(theta); the
// incline scene's slope lies between atan(0.2) and atan(0.5), so with mu = 0.5 the
// block stays (< 1 mm along the slope after 1 s) and with mu = 0.2 it slides
// (a = g (sin theta - mu cos theta) gives far more than 5 cm in 1 s).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { guiController, launchBrowser, openLab, startServer } from './harness.mjs';

let server;
let browser;
let page;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await openLab(browser, server.url, '?scene=incline', { width: 900, height: 600 });
  await page.evaluate(() => window.contactlab.pause());
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// Resets through the panel, simulates one second, and returns the displacement of
// the first dynamic body along the downhill direction (gravity projected onto the
// plane normal to the mean contact normal).
async function downhillDisplacementAfterOneSecond() {
  await page.getByRole('button', { name: 'restart (r)', exact: true }).click();
  return page.evaluate(() => {
    const lab = window.contactlab;
    const bodyIndex = lab.bodies().findIndex((body) => !body.static);
    const start = lab.bodies()[bodyIndex].position;
    lab.step(Math.round(1 / lab.options().time_step));
    const end = lab.bodies()[bodyIndex].position;
    const normal = [0, 0, 0];
    for (const contact of lab.contacts()) for (let k = 0; k < 3; k += 1) normal[k] += contact.normal[k];
    const length = Math.hypot(...normal);
    const n = normal.map((value) => value / length);
    const options = lab.options();
    const g = [options.gravity_x, options.gravity_y, options.gravity_z];
    const gn = g[0] * n[0] + g[1] * n[1] + g[2] * n[2];
    const downhill = g.map((value, k) => value - gn * n[k]);
    const downhillLength = Math.hypot(...downhill);
    let along = 0;
    for (let k = 0; k < 3; k += 1) along += ((end[k] - start[k]) * downhill[k]) / downhillLength;
    return { along, contacts: lab.contacts().length, time: lab.time };
  });
}

test('mu = 0.5 typed into the panel: the block holds', async () => {
  const input = guiController(page, 'friction μ').locator('input');
  await input.fill('0.5');
  await input.press('Enter');
  assert.equal(await page.evaluate(() => window.contactlab.options().friction_coefficient), 0.5);
  const result = await downhillDisplacementAfterOneSecond();
  assert.ok(result.contacts > 0, 'the block rests on the slope');
  assert.ok(Math.abs(result.along) < 1e-3, `moved ${result.along} m along the slope`);
});

test('mu = 0.2 set with the panel slider: the block slides', async () => {
  const slider = guiController(page, 'friction μ').locator('.lil-slider');
  await slider.scrollIntoViewIfNeeded(); // the control panel scrolls
  const box = await slider.boundingBox();
  // The slider spans 0 .. 2: a tenth of its width is mu = 0.2.
  await page.mouse.click(box.x + 0.1 * box.width, box.y + box.height / 2);
  const mu = await page.evaluate(() => window.contactlab.options().friction_coefficient);
  assert.ok(Math.abs(mu - 0.2) <= 0.03, `slider gave mu = ${mu}`);
  const result = await downhillDisplacementAfterOneSecond();
  assert.ok(result.along > 0.05, `moved only ${result.along} m along the slope`);
  assert.deepEqual(page.errors, []);
});

// The phone layout at 390 x 844 with a touch screen: the scene has the screen, the
// controls wait in a closed drawer that opens, one finger orbits and two pinch to zoom.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, measurePanels, nextFrames, openLab, startServer } from './harness.mjs';

let server;
let browser;
let page;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const phone = { width: 390, height: 844, hasTouch: true, isMobile: true };
  page = await openLab(browser, server.url, '?scene=incline', phone);
  await page.evaluate(() => window.contactlab.pause());
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const camera = () => page.evaluate(() => window.contactlab.view.camera());
const distance = (pose) => Math.hypot(pose[0] - pose[3], pose[1] - pose[4], pose[2] - pose[5]);

// One touch gesture: each finger from its start to its end point, in `steps` moves.
async function touch(fingers, steps = 10) {
  const cdp = await page.context().newCDPSession(page);
  const at = (t) => fingers.map(([x0, y0, x1, y1], id) => ({ x: x0 + t * (x1 - x0), y: y0 + t * (y1 - y0), id }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= steps; i += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i / steps) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await nextFrames(page, 30); // the damped motion settles
}

test('the scene has the screen and the controls are in a closed drawer that opens', async () => {
  const canvas = await page.locator('#viewport canvas').boundingBox();
  assert.deepEqual([canvas.x, canvas.y, canvas.width, canvas.height], [0, 0, 390, 844]);
  const { coveredFraction, panels } = await measurePanels(page);
  const free = (100 * (1 - coveredFraction)).toFixed(1);
  console.log(`phone: canvas under no panel ${free} % of the screen (panels: ${panels.map((p) => p.id)})`);
  assert.ok(1 - coveredFraction >= 0.5);
  const drawer = page.locator('#gui .lil-root');
  const isClosed = () => drawer.evaluate((element) => element.classList.contains('lil-closed'));
  assert.equal(await isClosed(), true, 'closed at first');
  const closed = await drawer.boundingBox();
  assert.ok(closed.height < 60 && closed.y + closed.height >= 843, `a handle at the bottom: ${JSON.stringify(closed)}`);
  await page.locator('#gui .lil-root > .lil-title').tap();
  await page.waitForTimeout(500); // lil-gui's transition
  const open = await drawer.boundingBox();
  assert.equal(await isClosed(), false, 'open when its title is tapped');
  assert.ok(open.height > 300, `open: ${open.height} px tall`);
  const playback = page.getByRole('button', { name: /^(pause|play)$/ });
  assert.equal(await playback.isVisible(), true, 'play / pause in the open drawer');
  await page.locator('#gui .lil-root > .lil-title').tap();
  await page.waitForTimeout(500);
  assert.equal(await isClosed(), true, 'closed again');
});

test('one finger orbits, two fingers pinch to zoom', async () => {
  const start = await camera();
  await touch([[150, 420, 260, 400]]);
  const orbited = await camera();
  const moved = Math.hypot(...orbited.slice(0, 3).map((v, i) => v - start[i]));
  assert.ok(moved > 0.05 * distance(start), `one finger moved the camera by ${moved} m`);
  assert.ok(Math.abs(distance(orbited) - distance(start)) < 1e-3 * distance(start), 'orbiting keeps the distance');

  await touch([
    [195, 400, 195, 300],
    [195, 460, 195, 560],
  ]);
  const zoomed = await camera();
  const [from, to] = [distance(orbited).toFixed(3), distance(zoomed).toFixed(3)];
  console.log(`touch: orbit moved the camera ${moved.toFixed(3)} m; pinch took the distance from ${from} to ${to} m`);
  assert.ok(distance(zoomed) < 0.8 * distance(orbited), 'spreading two fingers zooms in');
  assert.deepEqual(page.errors, []);
});

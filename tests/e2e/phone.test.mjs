// The phone layout at 390 x 844 with a touch screen: the scene has the screen (no text
// under 12 px, nothing past the edges), the controls wait in a closed drawer that opens, with nothing showing through it; every
// box shows its value (units and words too), a slider works by touch; one finger
// orbits and two pinch to zoom; a finger on a body pulls it, and a second finger lets go
// of it and pinches.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  artifactsDirectory,
  launchBrowser,
  measurePanels,
  nextFrames,
  openLab,
  pickSceneInPage,
  shownPastTheEdges,
  smallestTextOnScreen,
  startServer,
} from './harness.mjs';

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
  const text = await page.evaluate(smallestTextOnScreen);
  assert.ok(text.size >= 12, `${text.size} px text (${text.text})`);
  assert.deepEqual(await page.evaluate(shownPastTheEdges), [], "past the screen's edges");
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

// Chromium's own notes on software WebGL ("GL Driver Message … GPU stall due to
// ReadPixels") are the test machine's, not the page's.
const pageWarnings = () => page.warnings.filter((text) => !/GL Driver Message/.test(text));

test('in the open drawer every box shows its value, a slider works by touch, the status line is not above it', async () => {
  await page.evaluate(pickSceneInPage, 'stick_slip'); // its μ, e and μ_t: the scene's materials
  await page.evaluate(() => window.contactlab.pause());
  await page.locator('#gui .lil-root > .lil-title').tap();
  await page.waitForTimeout(500); // lil-gui's transition
  const boxes = await page.evaluate(() => {
    const shown = Object.fromEntries(window.contactlab.view.optionControls().map(({ label, text }) => [label, text]));
    return [...document.querySelectorAll('#gui .lil-controller.lil-number')]
      .filter((row) => row.querySelector('.lil-name').textContent in shown)
      .map((row) => {
        const label = row.querySelector('.lil-name').textContent;
        const input = row.querySelector('input');
        return { label, type: input.type, value: input.value, expected: shown[label] };
      });
  });
  assert.ok(boxes.length >= 10, `${boxes.length} option boxes`);
  for (const { label, type, value, expected } of boxes) {
    assert.equal(type, 'text', `${label}: a text box`);
    assert.equal(value, expected, `${label}: shows its value`);
  }
  const byLabel = Object.fromEntries(boxes.map(({ label, value }) => [label, value]));
  assert.equal(byLabel['time step h'], '2.5 ms');
  for (const label of ['friction μ', 'restitution e', 'torsion μ_t [m]']) assert.equal(byLabel[label], 'materials', label);
  assert.deepEqual(pageWarnings(), [], 'no console warnings');

  // Nothing shows through the open drawer: where the status line lies under it, the
  // drawer is what is on top, and the status line is not drawn.
  const through = await page.evaluate(() => {
    const line = document.getElementById('status-line').getBoundingClientRect();
    const drawer = document.querySelector('#gui .lil-root').getBoundingClientRect();
    const points = [0.1, 0.5, 0.9].map((f) => [line.left + f * line.width, line.top + line.height / 2]);
    return {
      under: line.top >= drawer.top && line.bottom <= drawer.bottom,
      onTop: points.map(([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest('#gui'))),
      drawn: document.getElementById('status-line').checkVisibility({ visibilityProperty: true }),
    };
  });
  assert.deepEqual(through, { under: true, onTop: [true, true, true], drawn: false });
  await mkdir(artifactsDirectory, { recursive: true });
  await page.screenshot({ path: join(artifactsDirectory, 'phone_drawer.png') });

  // μ's slider by a finger drawn across it: the materials give way to a number, shown.
  const slider = page.locator('#gui .lil-controller', { has: page.locator('.lil-name', { hasText: /^friction μ$/ }) }).locator('.lil-slider');
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.boundingBox();
  const y = box.y + box.height / 2;
  await touch([[box.x + 4, y, box.x + 0.5 * box.width, y]]);
  const mu = await page.evaluate(() => window.contactlab.options().friction_coefficient);
  assert.ok(mu > 0 && mu < 2, `μ = ${mu} after the drag`);
  const shown = await page.evaluate(() => window.contactlab.view.optionControls().find((c) => c.option === 'friction_coefficient').text);
  assert.equal(shown, String(mu));
  assert.equal(
    await page.locator('#gui .lil-controller', { has: page.locator('.lil-name', { hasText: /^friction μ$/ }) }).locator('input').inputValue(),
    shown,
  );
  await page.locator('#gui .lil-root > .lil-title').scrollIntoViewIfNeeded();
  await page.locator('#gui .lil-root > .lil-title').tap();
  await page.waitForTimeout(500);
  assert.equal(await page.locator('#status-line').isVisible(), true, 'the status line is back with the drawer closed');
  await page.evaluate(pickSceneInPage, 'incline');
  await page.evaluate(() => window.contactlab.pause());
});

test('one finger orbits, two fingers pinch to zoom', async () => {
  const start = await camera();
  // A finger that lands on a dynamic body grabs it (drag to perturb): the orbit and the
  // pinch start about the candidate point farthest from every dynamic body drawn.
  const bodies = (await page.evaluate(() => window.contactlab.view.bodiesOnCanvas())).filter((b) => !b.static);
  const clearance = ([x, y]) => Math.min(...bodies.map((b) => Math.hypot(b.x - x, b.y - y)));
  const [x, y] = [
    [60, 250],
    [330, 250],
    [60, 650],
    [330, 650],
    [150, 420],
  ].reduce((best, point) => (clearance(point) > clearance(best) ? point : best));
  await touch([[x, y, x + 110 * (x < 195 ? 1 : -1), y - 20]]);
  assert.equal(await page.evaluate(() => window.contactlab.dragState()), null, 'nothing grabbed');
  const orbited = await camera();
  const moved = Math.hypot(...orbited.slice(0, 3).map((v, i) => v - start[i]));
  assert.ok(moved > 0.05 * distance(start), `one finger moved the camera by ${moved} m`);
  assert.ok(Math.abs(distance(orbited) - distance(start)) < 1e-3 * distance(start), 'orbiting keeps the distance');

  await touch([
    [x, y - 30, x, y - 130],
    [x, y + 30, x, y + 130],
  ]);
  const zoomed = await camera();
  const [from, to] = [distance(orbited).toFixed(3), distance(zoomed).toFixed(3)];
  console.log(`touch: orbit moved the camera ${moved.toFixed(3)} m; pinch took the distance from ${from} to ${to} m`);
  assert.ok(distance(zoomed) < 0.8 * distance(orbited), 'spreading two fingers zooms in');

  // A finger on a body grabs it and pulls its spring; a second finger then lets go of it
  // and the two pinch (docs/page.md, Drag to perturb).
  const onScreen = (await page.evaluate(() => window.contactlab.view.bodiesOnCanvas())).filter((b) => !b.static);
  const body = onScreen.find((b) => b.x > 60 && b.x < 330 && b.y > 150 && b.y < 600);
  assert.ok(body, `a dynamic body in the screen's middle: ${JSON.stringify(onScreen)}`);
  const cdp = await page.context().newCDPSession(page);
  const fingers = (type, touchPoints) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
  await fingers('touchStart', [{ x: body.x, y: body.y, id: 0 }]);
  for (let i = 1; i <= 5; i += 1) await fingers('touchMove', [{ x: body.x + 8 * i, y: body.y, id: 0 }]);
  const held = await page.evaluate(() => window.contactlab.dragState());
  assert.ok(held?.body === body.name && held.target[0] !== held.point[0], `the finger holds ${body.name} and moved the target: ${JSON.stringify(held)}`);
  const spread = (t) => [
    { x: body.x + 40, y: body.y - 100 * t, id: 0 },
    { x: body.x + 40, y: body.y + 40 + 100 * t, id: 1 },
  ];
  await fingers('touchStart', spread(0));
  for (let i = 1; i <= 10; i += 1) await fingers('touchMove', spread(i / 10));
  await fingers('touchEnd', []);
  await cdp.detach();
  await nextFrames(page, 30);
  assert.equal(await page.evaluate(() => window.contactlab.dragState()), null, 'the second finger let go of the body');
  assert.ok(distance(await camera()) < 0.8 * distance(zoomed), 'and the two fingers zoomed in');
  assert.deepEqual(page.errors, []);
});

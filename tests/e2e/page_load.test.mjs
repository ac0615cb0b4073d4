// The page loads the WebAssembly module and the default scene without console
// errors, simulated time advances, and friction cones and force arrows are drawn at
// the contacts; while the module downloads, the loading notice counts its bytes. Saves a screenshot to test-artifacts/page.png (look at it: cones,
// arrows, legend and status line should be readable).
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { artifactsDirectory, guiController, launchBrowser, nextFrames, openLab, pickSceneInPage, startServer } from './harness.mjs';

let server;
let browser;
let page;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await openLab(browser, server.url, '', { initScript: recordLoadingNotice });
});

// Runs in the page before its scripts: every text the loading notice shows, in order.
function recordLoadingNotice() {
  window.loadingTexts = [];
  new MutationObserver(() => {
    const text = document.getElementById('loading')?.textContent;
    if (text !== undefined && text !== window.loadingTexts.at(-1)) window.loadingTexts.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

after(async () => {
  await browser?.close();
  await server?.close();
});

test('loads the default scene without console errors and time advances', async () => {
  const scene = await page.evaluate(() => window.contactlab.sceneName);
  assert.equal(scene, 'stick_slip');
  const start = await page.evaluate(() => window.contactlab.time);
  await page.waitForFunction((t0) => window.contactlab.time > t0 + 0.05, start, { timeout: 10_000 });
  await assert.doesNotReject(page.locator('#status-time').filter({ hasText: /t = \d+\.\d{3} s/ }).waitFor());
  assert.equal(await page.locator('#loading').isVisible(), false);
  assert.equal(await page.locator('#error-panel').isVisible(), false);
  assert.deepEqual(page.errors, []);
});

test('while the module downloads, the loading notice counts its bytes against its size', async () => {
  const texts = await page.evaluate(() => window.loadingTexts);
  const wasmBytes = await page.evaluate(async () => {
    const entry = performance.getEntriesByType('resource').find((resource) => resource.name.endsWith('.wasm'));
    return entry.decodedBodySize;
  });
  const progress = texts
    .map((text) => /^Loading the simulation… (\d+\.\d) of (\d+\.\d) MB$/.exec(text))
    .filter(Boolean)
    .map((match) => [Number(match[1]), Number(match[2])]);
  assert.ok(progress.length >= 1, texts.join(' | '));
  const megabytes = Number((wasmBytes / 1e6).toFixed(1));
  for (const [loaded, total] of progress) {
    assert.equal(total, megabytes);
    assert.ok(loaded <= total);
  }
  assert.deepEqual(progress.at(-1), [megabytes, megabytes]);
  console.log(`loading notice: ${texts.join(' | ')}`);
});

test('draws one friction cone and force arrow per contact, and a readable page', async () => {
  // At 0.8 s the blocks are on the ramp: rubber sticking, wood and teflon sliding.
  await page.waitForFunction(() => window.contactlab.time > 0.8 && window.contactlab.contacts().length > 0, null, {
    timeout: 20_000,
  });
  await page.evaluate(() => window.contactlab.pause());
  await nextFrames(page);
  const drawn = await page.evaluate(() => ({
    contacts: window.contactlab.contacts(),
    cones: window.contactlab.view.visibleCones(),
    arrows: window.contactlab.view.visibleArrows(),
    solver: window.contactlab.solver,
  }));
  assert.ok(drawn.contacts.length > 0, 'contacts exist');
  assert.equal(drawn.cones, drawn.contacts.length, 'one cone per contact');
  const loaded = drawn.contacts.filter((contact) => contact.fn > 0).length;
  assert.ok(drawn.arrows > 0 && drawn.arrows <= drawn.contacts.length, `${drawn.arrows} arrows for ${loaded} loaded contacts`);
  assert.ok(drawn.solver.lcpSize > 0, 'an LCP was solved');

  await mkdir(artifactsDirectory, { recursive: true });
  await page.screenshot({ path: join(artifactsDirectory, 'page.png') });
  for (const selector of ['#legend', '#status-line', '#scene-panel', '#gui']) {
    assert.equal(await page.locator(selector).isVisible(), true, `${selector} is shown`);
  }
  assert.match(await page.locator('#legend-force-scale').textContent(), /of arrow = [\d.]+ m?N/);
  await page.evaluate(() => window.contactlab.play());
  assert.deepEqual(page.errors, []);
});

test('a paused scene is drawn once; a step, the camera and the overlay draw it again', async () => {
  // With follow off: following the action, the camera glides after a step for a few
  // frames more.
  await page.evaluate(() => {
    window.contactlab.pause();
    if (window.contactlab.view.keepingAction()) window.dispatchEvent(new KeyboardEvent('keydown', { key: 'f' }));
  });
  // Whatever was under way (the camera's glide, the panels fitted to the window) settles:
  // 300 ms without a frame drawn.
  await page.waitForFunction(() => {
    const before = window.contactlab.view.framesDrawn();
    return new Promise((resolve) => setTimeout(() => resolve(window.contactlab.view.framesDrawn() === before), 300));
  });
  const drawn = () => page.evaluate(() => window.contactlab.view.framesDrawn());
  const idle = await drawn();
  await nextFrames(page, 10);
  assert.equal(await drawn(), idle, 'ten frames of a paused scene draw nothing');

  await page.evaluate(() => window.contactlab.step(1));
  await nextFrames(page, 3);
  const afterStep = await drawn();
  assert.equal(afterStep, idle + 1, 'a step is drawn once');

  const canvas = await page.locator('#viewport canvas').boundingBox();
  await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
  await page.mouse.wheel(0, 200);
  await nextFrames(page, 3);
  const afterZoom = await drawn();
  assert.ok(afterZoom > afterStep, 'zooming draws');
  // The zoom's damping settles, then nothing more is drawn.
  await page.waitForFunction(() => {
    const before = window.contactlab.view.framesDrawn();
    return new Promise((resolve) => setTimeout(() => resolve(window.contactlab.view.framesDrawn() === before), 300));
  });

  const settled = await drawn();
  const cones = guiController(page, 'friction cones').locator('input');
  await cones.uncheck();
  await nextFrames(page, 3);
  assert.equal(await drawn(), settled + 1, 'hiding the cones draws once');
  await cones.check();
  await page.evaluate(() => window.contactlab.play());
  assert.deepEqual(page.errors, []);
});

test("a resting box's friction plot draws zero: its axis spans a hundredth of the box's weight", async () => {
  await page.evaluate(pickSceneInPage, 'box_rest');
  await page.evaluate(() => {
    window.contactlab.pause();
    window.contactlab.step(400); // 1 s at rest on the ground
  });
  await nextFrames(page, 3);
  const { ranges, friction, bodies, gravity } = await page.evaluate(() => ({
    ranges: window.contactlab.view.plots().ranges,
    friction: window.contactlab.plotSeries().primary.frictionForce,
    bodies: JSON.parse(window.contactlab.builtinScene('box_rest')).bodies,
    gravity: window.contactlab.options().gravity_z,
  }));
  const mass = Math.max(...bodies.filter((body) => !body.static).map((body) => body.mass));
  const minimumSpan = 0.01 * mass * Math.abs(gravity);
  const [low, high] = ranges[1];
  console.log(`box_rest: friction axis ${low}..${high} N, largest plotted |f_t| ${Math.max(...friction)} N`);
  assert.equal(low, 0);
  assert.ok(Math.abs(high - 1.08 * minimumSpan) < 1e-12, `friction axis up to ${high} N, not ${1.08 * minimumSpan}`);
  assert.ok(Math.max(...friction) < 1e-4 * high, 'the noise is under a pixel of the axis');
});

// A scene the loader rejects is reported in the page, naming the field, and the
// scene that was running keeps running; bad option values and a module that cannot
// be loaded are reported in the page too.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openLab, openPage, startServer } from './harness.mjs';

let server;
let browser;
let page;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await openLab(browser, server.url, '', { width: 900, height: 600 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('a body with negative mass is rejected, shown, and the old scene keeps running', async () => {
  const before = await page.evaluate(() => ({ name: window.contactlab.sceneName, time: window.contactlab.time }));
  const error = await page.evaluate(() => {
    const scene = JSON.parse(window.contactlab.builtinScene('box_rest'));
    const body = scene.bodies.find((candidate) => 'mass' in candidate);
    body.mass = -1;
    scene.name = 'bad_scene';
    return window.contactlab.loadScene(scene);
  });
  assert.match(error, /mass/, 'the error names the field');

  const panel = page.locator('#error-panel');
  await panel.waitFor({ state: 'visible', timeout: 5_000 });
  assert.match(await panel.textContent(), /mass/);

  assert.equal(await page.evaluate(() => window.contactlab.sceneName), before.name);
  const now = await page.evaluate(() => window.contactlab.time);
  await page.waitForFunction((t) => window.contactlab.time > t + 0.02, now, { timeout: 10_000 });
  assert.ok(now >= before.time, 'time was not reset by the rejected scene');
  assert.deepEqual(page.errors, []);
});

test('an invalid option value through the API is shown and the old value kept', async () => {
  const previous = await page.evaluate(() => window.contactlab.options().error_reduction);
  const error = await page.evaluate(() => window.contactlab.setOption('error_reduction', 7));
  assert.match(error, /error_reduction/);
  await page.locator('#error-panel', { hasText: 'error_reduction' }).waitFor({ state: 'visible', timeout: 5_000 });
  assert.equal(await page.evaluate(() => window.contactlab.options().error_reduction), previous);
});

test('a WebAssembly module that cannot be fetched is reported in the page', async () => {
  const context = await browser.newContext({ viewport: { width: 900, height: 600 } });
  await context.route('**/*.wasm', (route) => route.abort());
  const broken = await openPage(context, server.url);
  const panel = broken.locator('#error-panel');
  await panel.waitFor({ state: 'visible', timeout: 10_000 });
  assert.match(await panel.textContent(), /could not start: the WebAssembly module did not load/);
  assert.equal(await broken.locator('#loading').isVisible(), false);
  await context.close();
});

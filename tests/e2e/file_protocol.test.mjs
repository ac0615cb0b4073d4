// The built page opened from disk (file://): Chromium refuses its module script (CORS,
// origin "null"), so the simulation cannot start; the page says so, as text, with the
// commands that serve it.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { artifactsDirectory, openPage, useLab } from './harness.mjs';

const env = useLab();

test('index.html opened from disk says how to serve it', async () => {
  const page = await openPage(env.browser, pathToFileURL(join(env.server.directory, 'index.html')).href, { width: 800, height: 600 });
  await page.waitForTimeout(1000);
  const notice = page.locator('#file-notice');
  assert.equal(await notice.isVisible(), true);
  const text = await notice.textContent();
  assert.match(text, /served over HTTP/);
  assert.match(text, /npx vite preview/);
  assert.match(text, /python3 -m http\.server/);
  assert.equal(await page.locator('#loading').isVisible(), false, 'no endless "loading"');
  assert.equal(await page.locator('#scene-panel').isVisible(), false, 'the notice alone');
  assert.equal(await notice.evaluate((element) => getComputedStyle(element).fontSize), '16px', 'styled in the page itself');
  await mkdir(artifactsDirectory, { recursive: true });
  await page.screenshot({ path: join(artifactsDirectory, 'file_protocol.png') });
  assert.equal(await page.evaluate(() => window.contactlab), undefined, 'the module did not run');
  const refused = page.errors.find((error) => /Access to script at 'file:.*blocked by CORS policy/.test(error));
  console.log(`file://: ${refused}`);
  assert.ok(refused, `Chromium refused the module script (${page.errors})`);
  await page.close();
});

test('served over HTTP the notice stays hidden', async () => {
  const page = await openPage(env.browser, env.server.url, { width: 640, height: 480 });
  await page.evaluate(() => window.contactlab.ready);
  assert.equal(await page.locator('#file-notice').isVisible(), false);
  await page.close();
});

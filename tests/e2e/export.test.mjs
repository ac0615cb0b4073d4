// Export and open (docs/page.md): the body states' CSV after N steps is the command
// line's file for the same scene and options, byte for byte; the scene JSON runs to it
// again, natively and opened in the page; the view's PNG is the canvas's size and not
// blank; the video of the last second is WebM and leaves the run where it was; scene
// files are opened by the file picker and by a drop, and bad ones are refused as text
// with the scene kept.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { guiController, openLab, repositoryRoot, savedDownload, useLab } from './harness.mjs';

const CLI = join(repositoryRoot, 'build/native/contactlab');
const scratch = mkdtempSync(join(tmpdir(), 'contactlab-export-'));
const STEPS = 200;
const SETTINGS = ['--set', 'mu=0.25', '--set', 'formulation=convex'];

const env = useLab();
let page; // one page for every test, opened by the first

async function openExportPage() {
  page = await openLab(env.browser, env.server.url, '?scene=brick_slide', { width: 620, height: 320 });
  await page.locator('#gui .lil-title', { hasText: /^export$/ }).click();
}

after(() => rmSync(scratch, { recursive: true, force: true }));

function cliCsv(scene, ...args) {
  const path = join(scratch, `cli_${Math.random().toString(36).slice(2)}.csv`);
  execFileSync(CLI, ['run', scene, '--steps', String(STEPS), ...args, '--csv', path]);
  return readFileSync(path, 'utf8');
}

// Clicks a button of the control panel and returns the file downloaded:
// {name, bytes (a Buffer), path}.
async function exported(name, timeout = 10_000) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout }),
    guiController(page, name).locator('button').click(),
  ]);
  const path = await savedDownload(download);
  return { name: download.suggestedFilename(), bytes: readFileSync(path), path };
}

// Restarts the page's run paused, then sets the options and steps.
function runInPage(steps, options = {}) {
  return page.evaluate(
    ({ count, settings }) => {
      const lab = window.contactlab;
      lab.pause();
      lab.reset();
      for (const [name, value] of Object.entries(settings)) {
        if (name === 'formulation') lab.setFormulation(value);
        else lab.setOption(name, value);
      }
      lab.step(count);
    },
    { count: steps, settings: options },
  );
}

function sceneState() {
  return page.evaluate(() => ({ scene: window.contactlab.sceneName, step: window.contactlab.stepCount }));
}

test('the state CSV equals the command line\'s, and the scene JSON runs to it again', async () => {
  await openExportPage();
  await runInPage(STEPS, { friction_coefficient: 0.25, formulation: 'convex' });
  const expected = cliCsv(join(repositoryRoot, 'assets/scenes/brick_slide.json'), ...SETTINGS);
  const states = await exported('body states CSV');
  assert.equal(states.name, 'brick_slide_t0.500s_states.csv');
  assert.equal(states.bytes.toString('utf8'), expected, 'byte for byte');
  assert.equal(expected.trimEnd().split('\n').length, STEPS + 2);

  const scene = await exported('scene JSON with options');
  assert.equal(scene.name, 'brick_slide_t0.500s_scene.json');
  const file = JSON.parse(scene.bytes.toString('utf8'));
  assert.equal(file.options.friction_coefficient, 0.25);
  assert.equal(file.options.formulation, 'convex');
  assert.equal(cliCsv(scene.path), expected, 'the command line runs the exported scene to the same states');

  // Opened through the file picker, it starts the same run in the page.
  await page.locator('#scene-file-input').setInputFiles(scene.path);
  await page.waitForFunction(() => window.contactlab.stepCount === 0 && window.contactlab.time === 0);
  await runInPage(STEPS);
  assert.equal((await exported('body states CSV')).bytes.toString('utf8'), expected);
  assert.deepEqual(page.errors, []);
});

test('the view as PNG: the canvas\'s size at full resolution, and a picture', async () => {
  const png = await exported('view PNG');
  assert.match(png.name, /^brick_slide_t0\.500s_view\.png$/);
  const { bytes } = png;
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(bytes.toString('latin1', 12, 16), 'IHDR');
  // At the device's resolution, whatever the view draws at while drawing is slow.
  const canvas = await page.evaluate(() => {
    const element = document.querySelector('#viewport canvas');
    const { device } = window.contactlab.view.resolution();
    return { width: Math.floor(element.clientWidth * device), height: Math.floor(element.clientHeight * device) };
  });
  assert.deepEqual({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }, canvas);
  // Decoded by the browser: more than a handful of colours (the background alone is one).
  const colours = await page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([data], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const seen = new Set();
    for (let i = 0; i < pixels.length; i += 4) seen.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
    return seen.size;
  }, bytes.toString('base64'));
  assert.ok(colours > 50, `${colours} colours`);
});

test('the video of the last second is WebM, and the run ends where it was', async () => {
  await runInPage(600); // 1.5 s
  const before = await page.evaluate(() => ({ step: window.contactlab.stepCount, bodies: window.contactlab.bodies() }));
  await guiController(page, 'video length [s]').locator('input').fill('1');
  // The canvas's size at every step played back: the view's resolution follows how fast
  // it draws (view/drawing_resolution.js) but is held while a video records.
  await page.evaluate(() => {
    window.recordedSizes = new Set();
    const canvas = document.querySelector('#viewport canvas');
    window.stopSizes = window.contactlab.on('stepped', () => window.recordedSizes.add(`${canvas.width}x${canvas.height}`));
  });
  const started = Date.now();
  const video = await exported('video WebM, last seconds', 30_000);
  const seconds = (Date.now() - started) / 1000;
  assert.equal(video.name, 'brick_slide_t1.500s_from_t0.500s.webm');
  assert.deepEqual([...video.bytes.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'EBML header');
  assert.ok(video.bytes.includes('webm', 0, 'latin1'), 'DocType webm');
  const header = video.bytes.subarray(0, 400).toString('latin1');
  assert.match(header, /V_VP[89]/, `VP8 or VP9: ${JSON.stringify(header)}`);
  assert.ok(video.bytes.length > 2000, `${video.bytes.length} bytes`);
  assert.ok(seconds >= 1, `recorded in ${seconds} s: a second of simulated time at real time`);
  const after = await page.evaluate(() => ({ step: window.contactlab.stepCount, bodies: window.contactlab.bodies() }));
  assert.deepEqual(after, before, 'the same step and poses, bit for bit');
  assert.equal(await page.evaluate(() => window.contactlab.playing), false, 'paused as before');
  // The browser decodes it at the size the canvas had while it recorded.
  const decoded = await page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const element = document.createElement('video');
    element.muted = true;
    element.src = URL.createObjectURL(new Blob([data], { type: 'video/webm' }));
    await new Promise((resolve, reject) => {
      element.onloadedmetadata = resolve;
      element.onerror = () => reject(new Error('not decoded'));
    });
    return [element.videoWidth, element.videoHeight];
  }, video.bytes.toString('base64'));
  const sizes = await page.evaluate(() => {
    window.stopSizes();
    return [...window.recordedSizes];
  });
  assert.equal(sizes.length, 1, `one canvas size while recording: ${sizes}`);
  assert.deepEqual(decoded.join('x'), sizes[0]);
  console.log(`video: ${video.bytes.length} bytes for 1 s, recorded in ${seconds.toFixed(1)} s`);
});

test('scene files: a good and a bad one by the file picker and by a drop', async () => {
  const bad = join(scratch, 'bad.json');
  execFileSync('sh', ['-c', `sed 's/"mass": [0-9.]*/"mass": -1/' "${join(repositoryRoot, 'assets/scenes/box_rest.json')}" > "${bad}"`]);
  const before = await sceneState();
  await page.locator('#scene-file-input').setInputFiles(bad);
  const panel = page.locator('#error-text');
  await panel.filter({ hasText: 'bad.json' }).waitFor({ timeout: 5_000 });
  assert.match(
    await panel.textContent(),
    /^scene file not opened \(the previous scene keeps running\): "bad\.json": bodies\[\d+\]\.mass: /,
  );
  assert.deepEqual(await sceneState(), before, 'the running scene stays');

  // A drop anywhere on the page; the browser does not navigate to the file.
  const drop = (name, text) =>
    page.evaluate(
      ([fileName, content]) => {
        const data = new DataTransfer();
        data.items.add(new File([content], fileName, { type: 'application/json' }));
        const over = new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true });
        document.querySelector('#viewport canvas').dispatchEvent(over);
        const dropping = document.body.classList.contains('dropping');
        const event = new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
        document.querySelector('#viewport canvas').dispatchEvent(event);
        return { prevented: over.defaultPrevented && event.defaultPrevented, dropping };
      },
      [name, text],
    );
  const url = page.url();
  const incline = await page.evaluate(() => window.contactlab.builtinScene('incline'));
  assert.deepEqual(await drop('incline.json', incline), { prevented: true, dropping: true });
  await page.waitForFunction(() => window.contactlab.sceneName === 'incline');
  assert.equal(new URL(page.url()).pathname, new URL(url).pathname);
  // The picker names the file on screen, not the built-in scene before it.
  const picker = guiController(page, 'scene');
  assert.equal(await picker.locator('.lil-display').textContent(), 'file: incline.json');
  assert.equal(await picker.locator('select').inputValue(), 'file: incline.json');

  const hostile = JSON.stringify({ name: '<img src=x onerror="window.pwned=1">', bodies: [] });
  await drop('hostile.json', hostile);
  await panel.filter({ hasText: 'hostile.json' }).waitFor({ timeout: 5_000 });
  assert.match(await panel.textContent(), /"hostile\.json": name: /);
  await drop('big.json', `"${'x'.repeat(1024 * 1024)}"`);
  await panel.filter({ hasText: 'big.json' }).waitFor({ timeout: 5_000 });
  assert.match(await panel.textContent(), /"big\.json": the file is 1048578 bytes; at most 1048576 are allowed$/);
  assert.equal(await page.evaluate(() => window.contactlab.sceneName), 'incline');
  assert.equal(await page.evaluate(() => document.querySelector('#error-text img')), null);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.deepEqual(page.errors, []);
});

// Shared set-up for the end-to-end tests and the browser benchmark: builds the page
// with Vite into a temporary directory, serves it with `vite preview` on a free
// 127.0.0.1 port, and drives Debian's Chromium (headless, software WebGL) through
// playwright-core. Needs the WebAssembly module in web/src/wasm (see docs/page.md).
import { access, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { gripperScene } from '../support/gripper_scene.mjs';

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
export const artifactsDirectory = join(repositoryRoot, 'test-artifacts');
const configFile = join(repositoryRoot, 'vite.config.js');
const wasmModule = join(repositoryRoot, 'web/src/wasm/contactlab.mjs');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Headless Chromium builds its browser window's own WebUI (the omnibox popup, in a
  // renderer process of its own) for every page opened: 1 to 2 s of CPU a page on 2
  // cores, a fifth of a page load, for a window nobody sees.
  '--disable-features=PreloadTopChromeWebUI,WebUIOmniboxAimPopup,WebUIOmniboxPopup,WebUIOmniboxFullPopup',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// Serves the page; returns { url, directory (the built page), close() }. The page is
// the one in CONTACTLAB_E2E_PAGE when that names a built page (scripts/test.sh builds it
// once for every file), else a fresh Vite build into a temporary directory. Under
// run_suite.mjs, which serves it once for every file at CONTACTLAB_E2E_URL, that server.
export async function startServer() {
  const shared = process.env.CONTACTLAB_E2E_URL;
  if (shared) {
    const directory = resolve(repositoryRoot, process.env.CONTACTLAB_E2E_PAGE);
    return { url: shared, directory, async close() {} };
  }
  try {
    await access(wasmModule);
  } catch {
    throw new Error(
      `${wasmModule} is missing: build the WebAssembly module first ` +
        '(emcmake cmake -S . -B build-wasm && cmake --build build-wasm)',
    );
  }
  const prebuilt = process.env.CONTACTLAB_E2E_PAGE;
  const outDir = prebuilt ? resolve(repositoryRoot, prebuilt) : await mkdtemp(join(tmpdir(), 'contactlab-e2e-'));
  if (prebuilt) await access(join(outDir, 'index.html'));
  else await build({ configFile, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const port = await freePort();
  const server = await preview({
    configFile,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    directory: outDir,
    async close() {
      await server.close();
      if (!prebuilt) await rm(outDir, { recursive: true, force: true });
    },
  };
}

// Chromium for one test file: under run_suite.mjs a connection to the one browser it
// started for every file (CONTACTLAB_E2E_BROWSER, its endpoint), whose close() closes
// the file's pages and leaves the browser running; else a browser of its own.
export function launchBrowser() {
  const shared = process.env.CONTACTLAB_E2E_BROWSER;
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

// A download's file on this machine, saved into a temporary folder under its suggested
// name: a connected browser's downloads have no local path until saved.
export async function savedDownload(download) {
  const path = join(await mkdtemp(join(tmpdir(), 'contactlab-download-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

// A browser that test files in other processes connect to (launchBrowser).
export function launchBrowserServer() {
  return chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

// Opens `url` in a new page and collects console errors and uncaught exceptions
// into `page.errors`, console warnings into `page.warnings`. `initScript` runs in the page before its own scripts; other
// options go to browser.newPage (e.g. hasTouch).
export async function openPage(browser, url, { width = 1280, height = 800, initScript, ...options } = {}) {
  const page = await browser.newPage({ viewport: { width, height }, ...options });
  if (initScript) await page.addInitScript(initScript);
  const errors = [];
  const warnings = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    if (message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.errors = errors;
  page.warnings = warnings;
  await page.goto(url);
  return page;
}

// Opens the main page and waits until the module and the first scene are loaded.
// Software WebGL is slow: tests that need no picture use a smaller window.
export async function openLab(browser, baseUrl, query = '', size = undefined) {
  const page = await openPage(browser, `${baseUrl}${query}`, size);
  await page.evaluate(() => window.contactlab.ready);
  return page;
}

// Waits for the page to draw at least one more frame.
export function nextFrames(page, count = 2) {
  return page.evaluate(
    (frames) =>
      new Promise((resolve) => {
        const tick = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => tick(left - 1)));
        tick(frames);
      }),
    count,
  );
}

// The lil-gui row whose label is exactly `name`.
export function guiController(page, name) {
  return page.locator('#gui .lil-controller').filter({
    has: page.locator('.lil-name', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }),
  });
}

// Chooses `name` in the scene picker, as a click would; runs in the page (by its source,
// inside a page.evaluate that loads several scenes without drawing in between).
export function pickSceneInPage(name) {
  const picker = [...document.querySelectorAll('#gui .lil-controller')]
    .find((row) => row.querySelector('.lil-name')?.textContent === 'scene')
    .querySelector('select');
  picker.value = name;
  picker.dispatchEvent(new Event('change'));
}

// The native tests' gripper (tests/support/gripper_scene.h: a palm with two prismatic
// fingers around a 5 cm box) as scene JSON text, with `timeline` as its commands.
export function gripperSceneJson(timeline = []) {
  return gripperScene(timeline);
}

// The page's panels, measured independently of the page's own reckoning: every
// visible fixed element but the 3D view, with its bounding box, and the share of the
// viewport they cover together (their union, sampled every 4 px). Runs in the page:
// page.evaluate(panelsOnScreen), or by its source inside a longer evaluate.
export function panelsOnScreen() {
  const panels = [...document.body.querySelectorAll('*')]
    .filter((element) => element.id !== 'viewport' && getComputedStyle(element).position === 'fixed')
    .filter((element) => element.checkVisibility())
    .map((element) => ({ id: element.id || element.tagName, rect: element.getBoundingClientRect().toJSON() }))
    .filter(({ rect }) => rect.width > 0 && rect.height > 0);
  const [width, height] = [window.innerWidth, window.innerHeight];
  const under = (x, y) => panels.some(({ rect }) => x >= rect.left && x < rect.right && y >= rect.top && y < rect.bottom);
  let covered = 0;
  let samples = 0;
  for (let y = 2; y < height; y += 4) {
    for (let x = 2; x < width; x += 4) {
      samples += 1;
      if (under(x, y)) covered += 1;
    }
  }
  return { panels, width, height, coveredFraction: covered / samples };
}

// The smallest computed font size of any visible text: every element with text of
// its own, and every box, choice and button. Runs in the page.
export function smallestTextOnScreen() {
  let smallest = { size: Infinity, text: '' };
  for (const element of document.body.querySelectorAll('*')) {
    const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim());
    if (!ownText && !element.matches('input:not([type="checkbox"]), select, button')) continue;
    if (!element.checkVisibility()) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (size >= smallest.size) continue;
    const what = element.id || element.className || element.tagName;
    smallest = { size, text: `${what}: ${element.textContent.trim().slice(0, 40)}` };
  }
  return smallest;
}

// Every visible element whose shown part (what its scrolling ancestors do not clip)
// lies past the window's edges, as "id left,top,right,bottom". Runs in the page.
export function shownPastTheEdges() {
  const shownPart = (element) => {
    let { left, top, right, bottom } = element.getBoundingClientRect();
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflow === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      [left, top, right, bottom] = [Math.max(left, clip.left), Math.max(top, clip.top), Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
    }
    return { left, top, right, bottom };
  };
  return [...document.body.querySelectorAll('*')]
    .filter((element) => element.checkVisibility())
    .map((element) => [element.id || element.className || element.tagName, shownPart(element)])
    .filter(([, r]) => r.right > r.left && r.bottom > r.top)
    .filter(([, r]) => r.left < -0.5 || r.top < -0.5 || r.right > window.innerWidth + 0.5 || r.bottom > window.innerHeight + 0.5)
    .map(([what, r]) => `${what} ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
}

export function measurePanels(page) {
  return page.evaluate(panelsOnScreen);
}

// Whether the point (CSS px) lies under one of `panels` (measurePanels).
export function underPanel(panels, x, y) {
  return panels.find(({ rect }) => x >= rect.left && x < rect.right && y >= rect.top && y < rect.bottom) ?? null;
}

// The set-up most test files share: the page served and Chromium started before the
// file's tests, both closed after them. Returns {server, browser}, filled in before().
export function useLab() {
  const lab = { server: null, browser: null };
  before(async () => {
    lab.server = await startServer();
    lab.browser = await launchBrowser();
  });
  after(async () => {
    await lab.browser?.close();
    await lab.server?.close();
  });
  return lab;
}

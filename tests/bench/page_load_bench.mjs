// Times the page's start in Debian's headless Chromium, each load in a fresh context
// (nothing cached): when the page's script and the module arrived, when the module was
// instantiated, the page's parts built and the scene loaded (main.js's performance
// marks), when the first frame was drawn and when the first step was shown (after the
// start's hold: docs/page.md, "The page's start"), when `window.contactlab.ready`
// resolved (the chunks and scenes fetched after the first frame in), when the page
// became interactive (below), and, for a module split in two
// (scripts/split_main_module.sh), when its second part was fetched, compiled and
// instantiated in the background, all in ms from navigation start. Prints each stage's
// median, least and most over the loads, and the page's JavaScript fetched before the
// first frame drawn (the entry chunk and the chunks it imports at once; the chunks the
// page imports after the first frame are not in it), in KB uncompressed.
//
// Interactive (docs/page.md, "The page's start"): the scene's first frame is drawn and
// the main thread is free to answer input: the end of the last long task (over 50 ms,
// the Long Tasks API's threshold) before the first QUIET_MS without one, and not before
// the first frame drawn. Past that window (or INTERACTIVE_WAIT_MS after the first step,
// when there was none) the bench moves friction μ's slider with a real mouse press
// (through the browser's input, not a script in the page) and reports how long it took
// to reach the simulation (the session's optionsChanged): "slider input answered", in ms
// after the press was sent. A stage not seen in every load says in how many it was.
//
//   node tests/bench/page_load_bench.mjs [--loads N] [--query '?scene=box_stack']
//
// Serves web/dist when CONTACTLAB_E2E_PAGE=web/dist is set (after scripts/build.sh),
// else builds the page first (tests/e2e/harness.mjs). With software WebGL (no GPU) the
// frames dominate; docs/performance.md, "The page's first step", gives the figures.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser, startServer } from '../e2e/harness.mjs';

const { values: args } = parseArgs({
  options: {
    loads: { type: 'string', default: '5' },
    query: { type: 'string', default: '' },
  },
});
const loads = Number(args.loads);
const QUIET_MS = 1000; // without a long task (the Long Tasks API's: over 50 ms)
const INTERACTIVE_WAIT_MS = 20_000; // after the first step: no quiet window by then is "not seen"
if (!Number.isInteger(loads) || loads < 1) throw new Error(`--loads: a whole number from 1 up, not "${args.loads}"`);

// In the page before its scripts: the first animation frame after the scene loaded
// (its callback runs before that frame is drawn, so the frame after marks the drawing),
// the first frame at which a step has been taken, and the main thread's long tasks.
function watchFrames() {
  const marks = {};
  window.pageLoadMarks = marks;
  window.pageLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.pageLongTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  }).observe({ type: 'longtask' });
  const frame = (now) => {
    const loaded = performance.getEntriesByName('contactlab:scene-loaded')[0];
    if (loaded && marks.sceneFrame === undefined) marks.sceneFrame = now;
    else if (marks.sceneFrame !== undefined && marks.firstFrameDrawn === undefined) marks.firstFrameDrawn = now;
    if (window.contactlab?.stepCount > 0 && marks.firstStepShown === undefined) marks.firstStepShown = now;
    if (marks.firstStepShown === undefined || marks.firstFrameDrawn === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

// The interactive mark (above) from the long tasks seen so far, or undefined while no
// quiet window has followed the first frame drawn.
function interactiveMark({ quietMs }) {
  const drawn = window.pageLoadMarks.firstFrameDrawn;
  if (drawn === undefined) return undefined;
  let candidate = drawn;
  for (const task of window.pageLongTasks) {
    if (task.end <= candidate) continue;
    if (task.start - candidate >= quietMs) break;
    candidate = task.end;
  }
  return performance.now() - candidate >= quietMs ? candidate : undefined;
}

function readStages() {
  const resource = (pattern) => performance.getEntriesByType('resource').find((entry) => pattern.test(entry.name));
  const mark = (name) => performance.getEntriesByName(`contactlab:${name}`)[0]?.startTime;
  const script = resource(/\/main-[\w-]+\.js$/);
  const module = resource(/\/contactlab-[\w-]+\.wasm$/);
  const secondPart = resource(/\/contactlab\.deferred-[\w-]+\.wasm$/);
  return {
    'page script arrived': script?.responseEnd,
    'module download started': module?.startTime,
    'module arrived': module?.responseEnd,
    'module instantiated': mark('module-instantiated'),
    'page parts built': mark('page-parts-built'),
    'scene loaded': mark('scene-loaded'),
    'first frame drawn': window.pageLoadMarks.firstFrameDrawn,
    'first step shown': window.pageLoadMarks.firstStepShown,
    'automation API ready': mark('ready'),
    interactive: window.pageLoadMarks.interactive,
    'second part arrived': secondPart?.responseEnd,
    'second part loaded': mark('module-second-part-loaded'),
    'second part loaded synchronously': mark('module-second-part-loaded-synchronously'),
  };
}

// The bytes (uncompressed) of the page's scripts that arrived before the first frame
// drawn.
function scriptBytesBeforeFirstFrame() {
  const drawn = window.pageLoadMarks.firstFrameDrawn;
  return performance
    .getEntriesByType('resource')
    .filter((entry) => /\.js$/.test(new URL(entry.name).pathname) && entry.responseEnd <= drawn)
    .reduce((sum, entry) => sum + entry.decodedBodySize, 0);
}

// Presses friction μ's slider (lil-gui sets the value on the press) and returns the ms
// from sending the press to the session's optionsChanged for it.
async function answerToSlider(page) {
  await page.evaluate(() => {
    window.contactlab.on('optionsChanged', ({ name }) => {
      if (name === 'friction_coefficient') window.sliderAnswered ??= performance.timeOrigin + performance.now();
    });
  });
  const slider = page.locator('#gui .lil-controller', { has: page.locator('.lil-name', { hasText: /^friction μ$/ }) }).locator('.lil-slider');
  await slider.scrollIntoViewIfNeeded(); // the control panel scrolls
  const box = await slider.boundingBox();
  const sent = Date.now();
  await page.mouse.click(box.x + 0.3 * box.width, box.y + box.height / 2);
  const answered = await page.waitForFunction(() => window.sliderAnswered, null, { timeout: INTERACTIVE_WAIT_MS });
  return (await answered.jsonValue()) - sent;
}

const server = await startServer();
const split = (await readdir(join(server.directory, 'assets'))).some((name) => /^contactlab\.deferred-[\w-]+\.wasm$/.test(name));
const browser = await launchBrowser();
const runs = [];
const scriptBytes = [];
try {
  for (let i = 0; i < loads; i += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(watchFrames);
    await page.goto(`${server.url}${args.query}`);
    await page.waitForFunction(
      (secondPart) =>
        window.pageLoadMarks.firstStepShown !== undefined &&
        window.pageLoadMarks.firstFrameDrawn !== undefined &&
        performance.getEntriesByName('contactlab:ready').length > 0 &&
        (!secondPart || performance.getEntriesByName('contactlab:module-second-part-loaded').length > 0 ||
          performance.getEntriesByName('contactlab:module-second-part-loaded-synchronously').length > 0),
      split,
      { timeout: 120_000 },
    );
    const interactive = await page
      .waitForFunction(interactiveMark, { quietMs: QUIET_MS }, { timeout: INTERACTIVE_WAIT_MS, polling: 100 })
      .then((handle) => handle.jsonValue())
      .catch(() => undefined);
    await page.evaluate((mark) => {
      window.pageLoadMarks.interactive = mark;
    }, interactive);
    const stages = await page.evaluate(readStages);
    scriptBytes.push(await page.evaluate(scriptBytesBeforeFirstFrame));
    stages['slider input answered'] = await answerToSlider(page);
    runs.push(stages);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}

const ordered = (values) => [...values].sort((a, b) => a - b);
const stages = Object.keys(runs[0]);
const width = Math.max(...stages.map((stage) => stage.length));
console.log(`${'stage'.padEnd(width)}  median ms  least  most   (${loads} loads)`);
for (const stage of stages) {
  const values = ordered(runs.map((run) => run[stage]).filter((value) => value !== undefined));
  if (values.length === 0) {
    console.log(`${stage.padEnd(width)}  not seen`);
    continue;
  }
  const format = (value) => String(Math.round(value)).padStart(6);
  const seen = values.length < runs.length ? `   (seen in ${values.length} of ${runs.length} loads)` : '';
  console.log(`${stage.padEnd(width)}  ${format(values[values.length >> 1])}   ${format(values[0])} ${format(values.at(-1))}${seen}`);
}
const bytes = ordered(scriptBytes);
console.log(`scripts fetched before the first frame drawn: ${(bytes[bytes.length >> 1] / 1024).toFixed(1)} KB (least ${(bytes[0] / 1024).toFixed(1)}, most ${(bytes.at(-1) / 1024).toFixed(1)})`);

// Times the page's start in Debian's headless Chromium, each load in a fresh context
// (nothing cached): when the page's script and the module arrived, when the module was
// instantiated, the page's parts built and the scene loaded (main.js's performance
// marks), when the first frame was drawn and when the first step was shown, and, for a
// module split in two (scripts/split_main_module.sh), when its second part was
// fetched, compiled and instantiated in the background, all in ms from navigation start. Prints each stage's
// median, least and most over the loads.
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
if (!Number.isInteger(loads) || loads < 1) throw new Error(`--loads: a whole number from 1 up, not "${args.loads}"`);

// In the page before its scripts: the first animation frame after the scene loaded
// (its callback runs before that frame is drawn, so the frame after marks the drawing)
// and the first frame at which a step has been taken.
function watchFrames() {
  const marks = {};
  window.pageLoadMarks = marks;
  const frame = (now) => {
    const loaded = performance.getEntriesByName('contactlab:scene-loaded')[0];
    if (loaded && marks.sceneFrame === undefined) marks.sceneFrame = now;
    else if (marks.sceneFrame !== undefined && marks.firstFrameDrawn === undefined) marks.firstFrameDrawn = now;
    if (window.contactlab?.stepCount > 0 && marks.firstStepShown === undefined) marks.firstStepShown = now;
    if (marks.firstStepShown === undefined || marks.firstFrameDrawn === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
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
    'second part arrived': secondPart?.responseEnd,
    'second part loaded': mark('module-second-part-loaded'),
    'second part loaded synchronously': mark('module-second-part-loaded-synchronously'),
  };
}

const server = await startServer();
const split = (await readdir(join(server.directory, 'assets'))).some((name) => /^contactlab\.deferred-[\w-]+\.wasm$/.test(name));
const browser = await launchBrowser();
const runs = [];
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
        (!secondPart || performance.getEntriesByName('contactlab:module-second-part-loaded').length > 0 ||
          performance.getEntriesByName('contactlab:module-second-part-loaded-synchronously').length > 0),
      split,
      { timeout: 120_000 },
    );
    runs.push(await page.evaluate(readStages));
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
  console.log(`${stage.padEnd(width)}  ${format(values[values.length >> 1])}   ${format(values[0])} ${format(values.at(-1))}`);
}

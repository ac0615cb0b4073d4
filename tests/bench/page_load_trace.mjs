// Where the page's start goes, from a Chromium trace: loads the built page once in
// Debian's headless Chromium (a fresh context, nothing cached), traces it until the
// first step is shown, and prints the renderer's main thread's own time per kind of
// work (script compile and run, WebAssembly compile, style and layout, paint, WebGL
// calls waiting for the GPU process) and the GPU process's own time, each from
// navigation start to the first step; then the page's longest tasks.
//
//   node tests/bench/page_load_trace.mjs [--query '?scene=box_stack'] [--trace FILE]
//
// Serves web/dist when CONTACTLAB_E2E_PAGE=web/dist is set, else builds the page first
// (tests/e2e/harness.mjs). docs/performance.md, "The page's start in a trace", reads it.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { launchBrowser, startServer } from '../e2e/harness.mjs';

const { values: args } = parseArgs({
  options: { query: { type: 'string', default: '' }, trace: { type: 'string', default: '' } },
});
const CATEGORIES = ['devtools.timeline', 'v8', 'v8.execute', 'blink', 'blink.user_timing', 'v8.wasm', 'gpu', 'disabled-by-default-devtools.timeline'];
const LONGEST = 12;

function watchFirstStep() {
  const frame = () => {
    if (window.contactlab?.stepCount > 0) performance.mark('contactlab:first-step-shown');
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const server = await startServer();
const browser = await launchBrowser();
let events;
let marks;
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(watchFirstStep);
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(`${server.url}${args.query}`);
  await page.waitForFunction(() => performance.getEntriesByName('contactlab:first-step-shown').length > 0, null, {
    timeout: 120_000,
  });
  marks = await page.evaluate(() =>
    Object.fromEntries(performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime])),
  );
  const trace = await browser.stopTracing();
  if (args.trace) await writeFile(args.trace, trace);
  events = JSON.parse(trace.toString()).traceEvents;
  await context.close();
} finally {
  await browser.close();
  await server.close();
}

// Threads by name, and the page's navigation start in the trace's clock (from the
// first step's mark, at its time from navigation start).
const threadNames = new Map();
for (const event of events) {
  if (event.ph === 'M' && event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args.name);
}
const firstStep = events.find((event) => event.name === 'contactlab:first-step-shown');
if (!firstStep) throw new Error('the trace has no contactlab:first-step-shown mark');
const zero = firstStep.ts - marks['contactlab:first-step-shown'] * 1000;
const end = zero + marks['contactlab:first-step-shown'] * 1000;

// Each thread's own time per event name (an event's duration less its children's).
function ownTimes(threadFilter) {
  const byThread = new Map();
  for (const event of events) {
    if (event.ph !== 'X' || event.dur === undefined || event.ts < zero || event.ts > end) continue;
    const key = `${event.pid}:${event.tid}`;
    if (event.pid !== firstStep.pid && !threadFilter.otherProcesses) continue;
    if (!threadFilter(threadNames.get(key) ?? '')) continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(event);
  }
  const own = new Map();
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const stack = [];
    for (const event of list) {
      while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= event.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) own.set(parent.name, (own.get(parent.name) ?? 0) - Math.min(event.dur, parent.ts + parent.dur - event.ts));
      own.set(event.name, (own.get(event.name) ?? 0) + event.dur);
      stack.push(event);
    }
  }
  return [...own.entries()].filter(([, us]) => us > 0).sort((a, b) => b[1] - a[1]);
}

const ms = (us) => (us / 1000).toFixed(0).padStart(6);
console.log('marks (ms from navigation start):');
for (const [name, time] of Object.entries(marks)) console.log(`  ${name.replace('contactlab:', '').padEnd(44)} ${time.toFixed(0).padStart(6)}`);
for (const [title, filter] of [
  ["the renderer's main thread", (name) => name === 'CrRendererMain'],
  ['the GPU process (WebGL in software)', Object.assign((name) => name === 'CrGpuMain', { otherProcesses: true })],
  ['the renderer\'s other threads (background compiles)', (name) => name.startsWith('ThreadPool') || name === 'V8 DefaultWorker'],
]) {
  const own = ownTimes(filter);
  const total = own.reduce((sum, [, us]) => sum + us, 0);
  console.log(`\n${title}: ${ms(total)} ms busy up to the first step; own time by event:`);
  for (const [name, us] of own.slice(0, 14)) console.log(`  ${name.padEnd(44)} ${ms(us)}`);
}
const tasks = events
  .filter((event) => event.ph === 'X' && event.name === 'RunTask' && event.pid === firstStep.pid &&
    threadNames.get(`${event.pid}:${event.tid}`) === 'CrRendererMain' && event.ts >= zero && event.ts <= end)
  .sort((a, b) => b.dur - a.dur)
  .slice(0, LONGEST);
console.log(`\nthe main thread's ${LONGEST} longest tasks (start ms, length ms):`);
for (const task of tasks.sort((a, b) => a.ts - b.ts)) console.log(`  ${ms(task.ts - zero)} ${ms(task.dur)}`);

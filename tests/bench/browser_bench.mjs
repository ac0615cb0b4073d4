// Runs the page's benchmark (web/bench.html: box_rest, box_stack and brick_slide, or
// the scenes named by --scenes, with u = 8, h = 2.5 ms, no rendering) in Debian's
// headless Chromium and prints a table.
//
//   node tests/bench/browser_bench.mjs [--steps N] [--warmup SECONDS] [--json]
//        [--scenes a,b,...] [--native scene=steps_per_s,...] [--native-json google_benchmark.json]
//
// --native gives native figures to compare with, by hand; --native-json reads the
// output of `core_bench --benchmark_format=json` (tests/bench/step_bench.cpp) and
// takes, for each scene, the steps_per_s counter of the first benchmark whose name
// contains the scene's name. --json prints the raw results instead of the table.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { launchBrowser, openPage, startServer } from '../e2e/harness.mjs';

const { values: args } = parseArgs({
  options: {
    steps: { type: 'string', default: '8000' },
    warmup: { type: 'string', default: '2' },
    scenes: { type: 'string', default: 'box_rest,box_stack,brick_slide' },
    native: { type: 'string' },
    'native-json': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});

async function nativeFigures() {
  const figures = {};
  if (args.native) {
    for (const pair of args.native.split(',')) {
      const [scene, value] = pair.split('=');
      figures[scene.trim()] = Number(value);
    }
  }
  if (args['native-json']) {
    const report = JSON.parse(await readFile(args['native-json'], 'utf8'));
    for (const scene of args.scenes.split(',')) {
      const entry = report.benchmarks.find((b) => b.name.endsWith(`/${scene}`) && (b.steps_per_s || b.items_per_second));
      if (entry && !(scene in figures)) figures[scene] = entry.steps_per_s ?? entry.items_per_second;
    }
  }
  return figures;
}

function printTable(report, native) {
  const header = ['scene', 'steps', 'steps/s', 'µs/step', 'mean LCP', 'mean pivots', 'solver'];
  const withNative = Object.keys(native).length > 0;
  if (withNative) header.push('native steps/s', 'browser/native');
  const rows = report.results.map((r) => {
    const row = [
      r.scene,
      String(r.steps),
      r.stepsPerSecond.toFixed(0),
      (1e6 / r.stepsPerSecond).toFixed(1),
      r.meanLcpSize.toFixed(1),
      r.meanPivots.toFixed(1),
      r.solverStatus,
    ];
    if (withNative) {
      const reference = native[r.scene];
      row.push(reference ? reference.toFixed(0) : '-', reference ? (r.stepsPerSecond / reference).toFixed(2) : '-');
    }
    return row;
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log(`\n${report.userAgent}`);
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const query = `steps=${Number(args.steps)}&warmup=${Number(args.warmup)}&scenes=${encodeURIComponent(args.scenes)}`;
  const page = await openPage(browser, `${server.url}bench.html?${query}`);
  await page.waitForFunction(() => window.contactlabBench?.done, null, { timeout: 600_000, polling: 500 });
  const report = await page.evaluate(() => window.contactlabBench);
  if (report.error) throw new Error(`benchmark failed in the page: ${report.error}`);
  if (args.json) console.log(JSON.stringify(report, null, 2));
  else printTable(report, await nativeFigures());
} finally {
  await browser.close();
  await server.close();
}

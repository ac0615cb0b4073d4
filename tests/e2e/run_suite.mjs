// Runs the end-to-end test files given (default: every tests/e2e/*.test.mjs), one at a
// time, against one server for the built page (CONTACTLAB_E2E_PAGE) and one Chromium
// started here, instead of a server and a browser per file: a browser's start and its
// first page cost some 2.5 s of CPU more than a page in a running one (docs/performance.md).
// Each file still opens its own pages in browser contexts of its own, closed when it ends.
// Usage: CONTACTLAB_E2E_PAGE=web/dist node tests/e2e/run_suite.mjs [FILE...]
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowserServer, repositoryRoot, startServer } from './harness.mjs';

if (!process.env.CONTACTLAB_E2E_PAGE) {
  console.error('run_suite.mjs: set CONTACTLAB_E2E_PAGE to the built page (web/dist after scripts/build.sh)');
  process.exit(2);
}
const directory = join(repositoryRoot, 'tests/e2e');
const files = process.argv.length > 2
  ? process.argv.slice(2)
  : readdirSync(directory).filter((name) => name.endsWith('.test.mjs')).sort().map((name) => join(directory, name));

const server = await startServer();
const browser = await launchBrowserServer();
const child = spawn(process.execPath, ['--test', '--test-concurrency=1', ...files], {
  stdio: 'inherit',
  env: { ...process.env, CONTACTLAB_E2E_URL: server.url, CONTACTLAB_E2E_BROWSER: browser.wsEndpoint() },
});
// Interrupted, the files' run ends first, so that the browser and the server close.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) => child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
await browser.close();
await server.close();
process.exit(code);

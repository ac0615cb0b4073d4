// The WebAssembly module's download (web/src/session/module_download.js): the bytes
// arrive whole, chunk by chunk, with progress against Content-Length, or without a
// total when the server sends none; a failed answer is an error naming the status.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { downloadWithProgress, progressText } from '../../web/src/session/module_download.js';

const CHUNK = 400_000;
const body = new Uint8Array(3 * CHUNK + 123).map((_, i) => (i * 7) % 251);
let server;
let base;

before(async () => {
  server = createServer(async (request, response) => {
    if (request.url === '/missing') {
      response.writeHead(404).end();
      return;
    }
    // /sized sends Content-Length; /chunked sends none (chunked transfer encoding).
    response.writeHead(200, request.url === '/sized' ? { 'Content-Length': body.length } : {});
    for (let offset = 0; offset < body.length; offset += CHUNK) {
      response.write(body.subarray(offset, offset + CHUNK));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    response.end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});
after(() => server.close());

for (const [path, total] of [
  ['/sized', body.length],
  ['/chunked', null],
]) {
  test(`${path}: the bytes whole and their progress, rising to the end`, async () => {
    const reports = [];
    const bytes = await downloadWithProgress(`${base}${path}`, (loaded, all) => reports.push([loaded, all]));
    assert.deepEqual(bytes, body);
    assert.ok(reports.length >= 2, `${reports.length} reports`);
    for (let i = 1; i < reports.length; i += 1) assert.ok(reports[i][0] > reports[i - 1][0]);
    assert.deepEqual(reports.at(-1), [body.length, total]);
    assert.ok(reports.every(([, all]) => all === total));
  });
}

test('a failed answer is an error naming the status', async () => {
  await assert.rejects(downloadWithProgress(`${base}/missing`, () => {}), /answered 404/);
});

test('progress reads in megabytes, with or without a total', () => {
  assert.equal(progressText(600_000, 1_549_183), '0.6 of 1.5 MB');
  assert.equal(progressText(612_000, null), '0.6 MB');
});

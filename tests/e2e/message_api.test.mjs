// postMessage from an embedding page (docs/embedding.md): a course page
// (fixtures/embedder.html), served on a port of its own, frames the lab with
// ?origins= naming the page's origin on 127.0.0.1. There it gets `ready`, drives pause,
// restart, step, play, load and state, hears `stepped` events at most every 100 ms, and
// gets errors naming the field; the same page from localhost, another origin, is
// ignored and gets nothing back.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { repositoryRoot, useLab } from './harness.mjs';

const CLI = join(repositoryRoot, 'build/native/contactlab');
const EMBEDDER = readFileSync(new URL('./fixtures/embedder.html', import.meta.url), 'utf8');

const env = useLab();
let embedder; // the course page's server
let accepted; // its origin on 127.0.0.1, accepted by the lab
let other; // the same page on localhost, not accepted

before(async () => {
  embedder = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(EMBEDDER);
  });
  await new Promise((resolve) => embedder.listen(0, '127.0.0.1', resolve));
  const { port } = embedder.address();
  accepted = `http://127.0.0.1:${port}`;
  other = `http://localhost:${port}`;
});

after(() => new Promise((resolve) => embedder.close(resolve)));

// The course page at `origin` framing the lab with `query`.
async function embeddingPage(origin, query) {
  const context = await env.browser.newContext({ viewport: { width: 520, height: 420 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.errors = errors;
  const lab = new URL(env.server.url);
  await page.goto(`${origin}/course.html?lab=${encodeURIComponent(`${lab.href}${query}`)}`);
  const frame = page.frames().find((candidate) => candidate.url().startsWith(lab.origin));
  await frame.waitForFunction(() => window.contactlab?.loaded);
  return { page, frame, context, labOrigin: lab.origin };
}

// Sends `message` and resolves with the reply carrying its id.
async function request(page, message) {
  return page.evaluate(
    (sent) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reply to ${JSON.stringify(sent)}`)), 5000);
        const listener = (event) => {
          if (event.data?.id !== sent.id) return;
          window.removeEventListener('message', listener);
          clearTimeout(timer);
          resolve(event.data);
        };
        window.addEventListener('message', listener);
        window.send(sent);
      }),
    message,
  );
}

test('an accepted origin drives the lab and hears its events', async () => {
  const { page, frame, context, labOrigin } = await embeddingPage(accepted, `?embed&origins=${accepted}`);
  await page.waitForFunction(() => window.received.some(({ data }) => data.type === 'ready'));
  const ready = await page.evaluate(() => window.received.find(({ data }) => data.type === 'ready'));
  assert.equal(ready.origin, labOrigin);
  assert.equal(ready.data.scene, 'stick_slip');

  assert.equal((await request(page, { type: 'pause', id: 1 })).playing, false);
  assert.deepEqual(await request(page, { type: 'restart', id: 2 }), {
    type: 'done', id: 2, request: 'restart', scene: 'stick_slip', time: 0, step: 0, playing: false,
  });
  const stepped = await request(page, { type: 'step', count: 100, id: 'three' });
  assert.equal(stepped.step, 100);
  assert.equal(stepped.time, await frame.evaluate(() => window.contactlab.time));

  const state = await request(page, { type: 'state', id: 4 });
  assert.equal(state.type, 'state');
  assert.deepEqual(state.bodies, await frame.evaluate(() => window.contactlab.bodies()));
  assert.deepEqual(state.options, await frame.evaluate(() => window.contactlab.options()));
  assert.equal(state.link, await frame.evaluate(() => window.contactlab.link()));

  // While it plays: `stepped` at most every 100 ms (and one right away).
  await page.evaluate(() => {
    window.received.length = 0;
  });
  const started = Date.now();
  await request(page, { type: 'play', id: 5 });
  await page.waitForTimeout(600);
  await request(page, { type: 'pause', id: 6 });
  const elapsed = Date.now() - started + 100;
  await page.waitForTimeout(150); // the last `stepped` comes within 100 ms
  const events = await page.evaluate(() => window.received.map(({ data }) => data).filter(({ type }) => type === 'stepped'));
  assert.ok(events.length >= 3 && events.length <= elapsed / 100 + 1, `${events.length} stepped events in ${elapsed} ms`);
  for (let i = 1; i < events.length; i += 1) assert.ok(events[i].step > events[i - 1].step);
  assert.equal(events.at(-1).step, await frame.evaluate(() => window.contactlab.stepCount), 'the last step told');

  // A malformed request: an error reply naming the field; nothing done.
  const step = await frame.evaluate(() => window.contactlab.stepCount);
  assert.deepEqual(await request(page, { type: 'step', count: 2.5, id: 7 }), {
    type: 'error', id: 7, message: 'count: must be a whole number from 1 to 10000, got 2.5',
  });
  assert.match((await request(page, { type: 'jump', id: 8 })).message, /^type: must be one of load, play, pause, step, state, restart, grade, got "jump"$/);
  assert.equal(await frame.evaluate(() => window.contactlab.stepCount), step);

  // load: a link; a bad one is refused and the scene stays.
  const link = execFileSync(CLI, ['link', 'incline', '--set', 'mu=0.3'], { encoding: 'utf8' }).trim();
  await page.evaluate(() => {
    window.received.length = 0;
  });
  const loaded = await request(page, { type: 'load', link, id: 9 });
  assert.equal(loaded.type, 'done');
  assert.equal(loaded.scene, 'incline');
  assert.ok(await page.evaluate(() => window.received.some(({ data }) => data.type === 'loaded' && data.scene === 'incline')));
  assert.equal(await frame.evaluate(() => window.contactlab.options().friction_coefficient), 0.3);
  const refused = await request(page, { type: 'load', link: '#v1.!!', id: 10 });
  assert.equal(refused.type, 'error');
  assert.equal(refused.request, 'load');
  assert.match(refused.message, /^link: the data may hold only A-Z/);
  assert.equal(await frame.evaluate(() => window.contactlab.sceneName), 'incline');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('messages from an origin not accepted are ignored, and nothing comes back', async () => {
  const { page, frame, context } = await embeddingPage(other, `?embed&origins=${accepted}`);
  await frame.evaluate(() => window.contactlab.pause());
  const before = await frame.evaluate(() => ({ step: window.contactlab.stepCount, playing: window.contactlab.playing }));
  await page.evaluate(() => {
    window.send({ type: 'step', count: 50, id: 1 });
    window.send({ type: 'play', id: 2 });
    window.send({ type: 'bogus' });
    window.send({ type: 'state', id: 3 });
  });
  await page.waitForTimeout(500);
  assert.deepEqual(await frame.evaluate(() => ({ step: window.contactlab.stepCount, playing: window.contactlab.playing })), before);
  assert.deepEqual(await page.evaluate(() => window.received), [], 'not even ready');
  await context.close();
});

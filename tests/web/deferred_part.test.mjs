// A part of the page in a chunk of its own (web/src/start/deferred_part.js): the
// actions made on it before it arrived run once it is in, in the order they came and
// before any later one; a chunk that did not load refuses them, says so, and is tried
// again at the next use.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { afterFirstFrame } from '../../web/src/start/after_first_frame.js';
import { DeferredPart } from '../../web/src/start/deferred_part.js';

// A chunk that arrives when the test says so.
function controlledChunk() {
  const chunk = { imports: 0 };
  chunk.make = () => {
    chunk.imports += 1;
    return new Promise((resolve, reject) => {
      chunk.arrive = resolve;
      chunk.fail = reject;
    });
  };
  return chunk;
}

test('actions made before the part arrived run once it is in, in order, none dropped', async () => {
  const chunk = controlledChunk();
  const part = new DeferredPart(chunk.make);
  const done = [];
  const first = part.use((editor) => {
    done.push(`${editor.name} 1`);
    return 'one';
  });
  const second = part.use((editor) => done.push(`${editor.name} 2`));
  assert.equal(part.part, undefined);
  await Promise.resolve();
  assert.deepEqual(done, [], 'nothing runs before the chunk is in');
  chunk.arrive({ name: 'editor' });
  const later = part.load().then(() => part.use(() => done.push('editor 3')));
  assert.equal(await first, 'one');
  await second;
  await later;
  assert.deepEqual(done, ['editor 1', 'editor 2', 'editor 3']);
  assert.equal(chunk.imports, 1, 'the chunk is imported once');
});

test('once the part is in, an action runs at once (within the same event)', async () => {
  const chunk = controlledChunk();
  const part = new DeferredPart(chunk.make);
  const loaded = part.load();
  chunk.arrive({ calls: 0 });
  await loaded;
  let ran = false;
  const result = part.use((p) => {
    ran = true;
    return ++p.calls;
  });
  assert.ok(ran, 'run synchronously');
  assert.equal(await result, 1);
});

test("an action's error is its promise's, and the part stays usable", async () => {
  const chunk = controlledChunk();
  const part = new DeferredPart(chunk.make);
  const failing = part.use(() => {
    throw new Error('refused');
  });
  const next = part.use(() => 'still');
  chunk.arrive({});
  await assert.rejects(failing, /refused/);
  assert.equal(await next, 'still');
});

test('a chunk that did not load refuses the waiting actions, says so, and is tried again', async () => {
  const chunk = controlledChunk();
  const reported = [];
  const part = new DeferredPart(chunk.make, (error) => reported.push(error.message));
  const waiting = part.use(() => 'never');
  await Promise.resolve();
  chunk.fail(new Error('network'));
  await assert.rejects(waiting, /network/);
  assert.deepEqual(reported, ['network']);
  const retried = part.use((p) => p.value);
  await Promise.resolve();
  assert.equal(chunk.imports, 2, 'imported again at the next use');
  chunk.arrive({ value: 7 });
  assert.equal(await retried, 7);
});

test('after the first frame: a task after the next animation frame, or at once on a hidden page', async () => {
  const order = [];
  let frame = null;
  const tasks = [];
  const shown = afterFirstFrame({
    hidden: false,
    requestFrame: (callback) => {
      frame = callback;
    },
    queueTask: (callback) => tasks.push(callback),
  }).then(() => order.push('after the frame'));
  assert.equal(tasks.length, 0, 'waits for the frame');
  frame();
  order.push('frame drawn');
  tasks.shift()();
  await shown;
  assert.deepEqual(order, ['frame drawn', 'after the frame']);

  let framesAsked = 0;
  await afterFirstFrame({
    hidden: true,
    requestFrame: () => {
      framesAsked += 1;
    },
    queueTask: (callback) => callback(),
  });
  assert.equal(framesAsked, 0);
});

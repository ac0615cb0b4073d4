// The loop's hold at the page's start (web/src/session/loop.js, holdUntil): nothing is
// stepped nor played back while the promise is pending, frames are still drawn, and
// once it settles (resolved or rejected) stepping goes on with no real time carried
// over the hold.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Loop } from '../../web/src/session/loop.js';

const H = 0.0025; // [s]

// A session that steps by H and counts its steps; `replaying` steps left of a playback.
function countingSession(replaying = 0) {
  return {
    steps: 0,
    replayed: 0,
    replaying,
    simulation: { time: 0, getOption: () => H },
    get replayRemaining() {
      return this.replaying;
    },
    step(count) {
      this.steps += count;
      return count;
    },
    replay(count) {
      const taken = Math.min(count, this.replaying);
      this.replayed += taken;
      this.replaying -= taken;
      return '';
    },
  };
}

function heldLoop(session) {
  let frames = 0;
  const loop = new Loop(null, session, () => {
    frames += 1;
    return false;
  });
  let release;
  let refuse;
  loop.holdUntil(
    new Promise((resolve, reject) => {
      release = resolve;
      refuse = reject;
    }),
  );
  return { loop, release: () => release(), refuse: () => refuse(new Error('a part did not load')), frames: () => frames };
}

test('held, the loop steps nothing but still draws; released, real time counts from then', async () => {
  const session = countingSession();
  const { loop, release, frames } = heldLoop(session);
  let now = 0;
  for (let i = 0; i < 30; i += 1) loop.frame((now += 100)); // 3 s of slow frames
  assert.equal(session.steps, 0);
  assert.equal(frames(), 30);
  assert.equal(loop.playing, true, 'the play control still says playing');

  release();
  await Promise.resolve();
  loop.frame((now += 10)); // the first frame after the hold carries no time
  assert.equal(session.steps, 0);
  loop.frame((now += 10)); // 10 ms: 4 steps of 2.5 ms
  assert.equal(session.steps, 4);
});

test('a rejected hold releases the loop too', async () => {
  const session = countingSession();
  const { loop, refuse } = heldLoop(session);
  let now = 0;
  loop.frame((now += 16));
  refuse();
  await new Promise((resolve) => setTimeout(resolve, 0));
  loop.frame((now += 16));
  loop.frame((now += 20));
  assert.equal(session.steps, 8);
});

test('a playback waits for the hold as well', async () => {
  const session = countingSession(50);
  const { loop, release } = heldLoop(session);
  let now = 0;
  for (let i = 0; i < 5; i += 1) loop.frame((now += 16));
  assert.equal(session.replayed, 0);
  release();
  await Promise.resolve();
  while (session.replaying > 0) loop.frame((now += 16));
  assert.equal(session.replayed, 50);
  assert.equal(session.steps, 0, 'a playback takes no free steps');
});

// The loop's playback at real time (web/src/session/loop.js, for the video of the last
// seconds): as fast as it can up to the time asked, held there until released, then the
// steps real time makes due, and `replayed` at the end.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Loop } from '../../web/src/session/loop.js';

const H = 0.0025; // [s]

// A session playing a link back to step `target`, one step of H at a time.
function playback(target) {
  const session = {
    steps: 0,
    playing: true,
    simulation: { time: 0, getOption: () => H },
    get replayRemaining() {
      return this.playing ? Math.max(1, target - this.steps) : 0;
    },
    replay(maxSteps) {
      const taken = Math.min(maxSteps, target - this.steps);
      this.steps += taken;
      this.simulation.time = this.steps * H;
      if (this.steps >= target) this.playing = false;
      return '';
    },
  };
  return session;
}

function eventsOf(loop) {
  const events = [];
  for (const name of ['pacing', 'replayed']) loop.on(name, () => events.push(name));
  return events;
}

test('fast to the start, held until released, then at real time to the end', () => {
  const session = playback(800); // 2 s
  const loop = new Loop(null, session, () => {});
  const events = eventsOf(loop);
  loop.replayAtRealTimeFrom(1.5);
  let now = 0;
  while (!events.includes('pacing')) loop.frame((now += 16));
  assert.equal(session.steps, 600, 'stopped exactly at t = 1.5 s');
  for (let i = 0; i < 5; i += 1) loop.frame((now += 16));
  assert.equal(session.steps, 600, 'held');
  assert.deepEqual(events, ['pacing']);

  loop.releasePace();
  const released = now;
  loop.frame((now += 100)); // 100 ms of real time: 40 steps of 2.5 ms
  assert.equal(session.steps, 640);
  loop.frame((now += 10)); // 4 more
  assert.equal(session.steps, 644);
  while (!events.includes('replayed')) loop.frame((now += 20));
  assert.equal(session.steps, 800);
  // 200 steps of 2.5 ms: 0.5 s of real time, to within a frame.
  assert.ok(Math.abs(now - released - 500) <= 20, `${now - released} ms`);
  assert.deepEqual(events, ['pacing', 'replayed']);
});

test('released without real time, the playback finishes as fast as it can', () => {
  const session = playback(400);
  const loop = new Loop(null, session, () => {});
  const events = eventsOf(loop);
  loop.replayAtRealTimeFrom(0.5);
  let now = 0;
  while (!events.includes('pacing')) loop.frame((now += 16));
  loop.releasePace(false);
  loop.frame((now += 16));
  assert.equal(session.steps, 400);
  assert.deepEqual(events, ['pacing', 'replayed']);
});

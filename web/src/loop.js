// The fixed-timestep loop, run inside renderer.setAnimationLoop: real time is
// accumulated and the simulation stepped by h until it has caught up, but never for
// longer than the stepping budget of one frame. When the budget runs out, the
// leftover real time is dropped, so the simulation runs slower than real time
// instead of freezing the page; the measured real-time factor says so. Emits
// `playing` (true or false) when it is played or paused.
//
// While the session plays a link back (session.replay), each frame spends the budget
// on the playback instead, as fast as the budget allows, and the page stays live;
// `replayed` is emitted when it is done.
import { Emitter } from './emitter.js';

const STEP_BUDGET_MS = 12; // stepping time allowed per frame
const MAX_FRAME_GAP_MS = 250; // a longer gap (hidden tab, breakpoint) counts as this
const FACTOR_WINDOW_MS = 500; // the real-time factor is measured over this window
const MIN_MEASURABLE_MS = 1; // browsers' timers are coarse (0.1 ms)

export class Loop extends Emitter {
  #playing = true;

  // `session` steps (session.js: the page's simulation and compare mode's twin in
  // lock-step); `onFrame(nowMs)` draws after stepping.
  constructor(renderer, session, onFrame) {
    super();
    this.renderer = renderer;
    this.session = session;
    this.onFrame = onFrame;
    this.timeStepMs = 1000 * session.simulation.getOption('time_step'); // h, kept in step with the options
    this.accumulatedMs = 0; // real time not yet simulated
    this.lastFrameMs = -1;
    this.behind = false; // true when the last frame ran out of budget
    this.realTimeFactor = 1; // simulated / real time over the last window
    this.windowStartMs = -1;
    this.windowStartSimTime = 0;
    this.frame = this.frame.bind(this);
  }

  start() {
    this.renderer.setAnimationLoop(this.frame);
  }

  stop() {
    this.renderer.setAnimationLoop(null);
  }

  // Whether the loop is stepping.
  get playing() {
    return this.#playing;
  }

  play() {
    this.#playing = true;
    this.lastFrameMs = -1;
    this.restartWindow();
    this.emit('playing', true);
  }

  pause() {
    this.#playing = false;
    this.accumulatedMs = 0;
    this.behind = false;
    this.emit('playing', false);
  }

  setTimeStep(seconds) {
    this.timeStepMs = 1000 * seconds;
    this.restartWindow();
  }

  // Forget accumulated time, e.g. after a reset or a scene change.
  restartWindow() {
    this.accumulatedMs = 0;
    this.windowStartMs = -1;
  }

  frame(nowMs) {
    if (this.session.replayRemaining > 0) this.replay();
    else if (this.#playing) this.advance(nowMs);
    this.lastFrameMs = nowMs;
    this.onFrame(nowMs);
  }

  advance(nowMs) {
    const timeStepMs = this.timeStepMs;
    if (this.lastFrameMs >= 0) {
      this.accumulatedMs += Math.min(nowMs - this.lastFrameMs, MAX_FRAME_GAP_MS);
    }
    let due = Math.floor(this.accumulatedMs / timeStepMs);
    // Batches of 1, 1, 2, 4, ... steps, never more than the time left in the budget
    // allows at this frame's measured cost per step: a scene whose steps suddenly get
    // dearer (first contact, a larger u) overruns the budget by one small batch at most.
    const start = performance.now();
    let elapsed = 0;
    let taken = 0;
    while (due > 0 && elapsed < STEP_BUDGET_MS) {
      let batch = Math.min(due, Math.max(1, taken));
      if (elapsed >= MIN_MEASURABLE_MS) {
        batch = Math.min(batch, Math.max(1, Math.floor(((STEP_BUDGET_MS - elapsed) * taken) / elapsed)));
      }
      taken += this.session.step(batch);
      elapsed = performance.now() - start;
      due -= batch;
      this.accumulatedMs -= batch * timeStepMs;
    }
    this.behind = due > 0;
    if (this.behind) this.accumulatedMs = 0;
    this.measureRealTimeFactor(nowMs);
  }

  replay() {
    const start = performance.now();
    let batch = 1;
    while (this.session.replayRemaining > 0 && performance.now() - start < STEP_BUDGET_MS) {
      if (this.session.replay(batch)) break; // the session reported why
      batch = Math.min(2 * batch, 256);
    }
    if (this.session.replayRemaining === 0) {
      this.lastFrameMs = -1;
      this.restartWindow();
      this.emit('replayed');
    }
  }

  measureRealTimeFactor(nowMs) {
    if (this.windowStartMs < 0) {
      this.windowStartMs = nowMs;
      this.windowStartSimTime = this.session.simulation.time;
      return;
    }
    const windowMs = nowMs - this.windowStartMs;
    if (windowMs < FACTOR_WINDOW_MS) return;
    this.realTimeFactor = (1000 * (this.session.simulation.time - this.windowStartSimTime)) / windowMs;
    this.windowStartMs = nowMs;
    this.windowStartSimTime = this.session.simulation.time;
  }
}

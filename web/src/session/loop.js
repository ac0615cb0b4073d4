// The fixed-timestep loop, run inside renderer.setAnimationLoop: real time is
// accumulated and the simulation stepped by h until it has caught up, but never for
// longer than the stepping budget of one frame. When the budget runs out, the
// leftover real time is dropped, so the simulation runs slower than real time
// instead of freezing the page; the measured real-time factor says so. Emits
// `playing` (true or false) when it is played or paused.
//
// While the session plays a link back (session.replay), each frame spends the budget
// on the playback instead, as fast as the budget allows, and the page stays live;
// `replayed` is emitted when it is done. A playback may be asked to go at real time
// from some simulated time on (a video of a run's last seconds, export/last_seconds.js):
// it then holds there, drawing that state and emitting `pacing` once, until
// releasePace(), and from then on takes the steps real time makes due, as playing
// does. `drawn` follows every frame in which the view drew (onFrame returns whether it
// did: the view draws only when its picture changed).
//
// holdUntil(promise) keeps the simulation where it is (the play control still says
// playing) until the promise settles: the page's start holds its first motion while
// the parts it fetches after the first frame come in, so that their loading and the
// stepping do not share the frames.
import { Emitter } from './emitter.js';

const STEP_BUDGET_MS = 12; // stepping time allowed per frame
const MAX_FRAME_GAP_MS = 250; // a longer gap (hidden tab, breakpoint) counts as this
const FACTOR_WINDOW_MS = 500; // the real-time factor is measured over this window
const MIN_MEASURABLE_MS = 1; // browsers' timers are coarse (0.1 ms)

export class Loop extends Emitter {
  #playing = true;
  #pacedFrom = null; // the simulated time [s] from which the playback goes at real time
  #pace = 'fast'; // then 'held' at #pacedFrom, then 'real time' once released
  #held = false; // holdUntil's promise has not settled

  // `session` steps (session.js: the page's simulation and compare mode's twin in
  // lock-step); `onFrame(nowMs)` draws after stepping and returns whether it drew.
  constructor(renderer, session, onFrame) {
    super();
    this.renderer = renderer;
    this.session = session;
    this.onFrame = onFrame;
    this.timeStepMs = 1000 * session.simulation.getOption('time_step'); // h, kept in step with the options
    this.accumulatedMs = 0; // real time not yet simulated
    this.lastFrameMs = -1;
    this.behind = false; // true when the last frame ran out of budget
    this.steppingMs = 0; // what the last frame spent stepping (or playing a link back)
    this.realTimeFactor = 1; // simulated / real time over the last window
    this.windowStartMs = -1;
    this.windowStartSimTime = 0;
    this.frame = this.frame.bind(this);
  }

  // Follows the session: h as its options say, and no real time carried over a scene
  // change, a restart or a jump in the timeline.
  followSession(session) {
    session.on('loaded', ({ options }) => this.setTimeStep(options.time_step));
    const followTimeStep = ({ options }) => {
      if (options.time_step * 1000 !== this.timeStepMs) this.setTimeStep(options.time_step);
    };
    session.on('optionsChanged', followTimeStep);
    session.on('seeked', (detail) => {
      followTimeStep(detail);
      this.restartWindow();
    });
    session.on('reset', () => this.restartWindow());
  }

  start() {
    this.renderer.setAnimationLoop(this.frame);
  }

  stop() {
    this.renderer.setAnimationLoop(null);
  }

  // Steps nothing (and plays nothing back) until `settled` settles, then goes on from
  // that frame with no real time carried over the hold.
  holdUntil(settled) {
    this.#held = true;
    const release = () => {
      this.#held = false;
      this.lastFrameMs = -1;
      this.restartWindow();
    };
    settled.then(release, release);
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

  // The next playback holds once the simulation reaches `time` [s], and goes on at
  // real time after releasePace().
  replayAtRealTimeFrom(time) {
    this.#pacedFrom = time;
    this.#pace = 'fast';
  }

  // The held playback goes on at real time, or (`realTime` false) as fast as it can.
  releasePace(realTime = true) {
    if (this.#pace !== 'held') return;
    if (!realTime) this.#pacedFrom = null;
    this.#pace = 'real time';
    this.accumulatedMs = 0;
  }

  frame(nowMs) {
    const start = performance.now();
    if (!this.#held) this.run(nowMs);
    this.steppingMs = performance.now() - start;
    this.lastFrameMs = nowMs;
    if (this.onFrame(nowMs)) this.emit('drawn');
  }

  // This frame's steps, or its share of a playback.
  run(nowMs) {
    if (this.session.replayRemaining > 0) this.replay(nowMs);
    else if (this.#playing) this.advance(nowMs);
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

  replay(nowMs) {
    const paced = this.#pacedFrom !== null && this.session.simulation.time >= this.#pacedFrom;
    if (!paced) {
      this.replayFast();
    } else if (this.#pace === 'fast') {
      this.#pace = 'held';
      this.emit('pacing');
    } else if (this.#pace === 'real time') {
      this.replayAtRealTime(nowMs);
    }
    if (this.session.replayRemaining === 0) {
      this.#pacedFrom = null;
      this.lastFrameMs = -1;
      this.restartWindow();
      this.emit('replayed');
    }
  }

  // Up to the simulated time the pace starts at, when one is set.
  replayFast() {
    const start = performance.now();
    const simulation = this.session.simulation;
    let batch = 1;
    while (this.session.replayRemaining > 0 && performance.now() - start < STEP_BUDGET_MS) {
      let steps = batch;
      if (this.#pacedFrom !== null) {
        if (simulation.time >= this.#pacedFrom) break;
        const left = Math.ceil((1000 * (this.#pacedFrom - simulation.time)) / this.timeStepMs - 1e-9);
        steps = Math.min(batch, Math.max(1, left));
      }
      if (this.session.replay(steps)) break; // the session reported why
      batch = Math.min(2 * batch, 256);
    }
  }

  // The steps due since the frame before.
  replayAtRealTime(nowMs) {
    this.accumulatedMs += Math.min(nowMs - this.lastFrameMs, MAX_FRAME_GAP_MS);
    const due = Math.floor(this.accumulatedMs / this.timeStepMs);
    if (due === 0) return;
    this.accumulatedMs -= due * this.timeStepMs;
    this.session.replay(due);
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

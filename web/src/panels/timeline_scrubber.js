// The timeline scrubber: a range input in the status line over the steps the run can
// be taken back to (session.timeline: from the oldest checkpoint, at least the last
// HISTORY_SECONDS of simulated time, to how far the run went), at the step shown.
// Dragging it, or its arrow keys (one step each), pauses the loop and shows the run
// at that step (session.seek: restored and stepped to it, bit for bit as it was first
// simulated); play goes on from there, which drops the run after it (session.js).
import { HISTORY_SECONDS } from '../session/run_history.js';

export class TimelineScrubber {
  #input;
  #session;
  #shown = { first: -1, last: -1, step: -1, disabled: null };

  // `input`: the range input; `pause()` stops the loop before a seek.
  constructor(input, session, pause) {
    this.#input = input;
    this.#session = session;
    input.title =
      `timeline: drag back to any step of the last ${HISTORY_SECONDS} s of simulated time; ` +
      'play goes on from there';
    input.addEventListener('input', () => {
      pause();
      session.seek(Number(input.value));
      this.update();
    });
  }

  // Shows the timeline as it is now (every frame; the input is written only when
  // something changed). Disabled while a link plays back.
  update() {
    const { first, last, step } = this.#session.timeline;
    const disabled = this.#session.replayRemaining > 0 || first === last;
    const shown = this.#shown;
    if (first === shown.first && last === shown.last && step === shown.step && disabled === shown.disabled) return;
    Object.assign(shown, { first, last, step, disabled });
    const input = this.#input;
    input.min = String(first);
    input.max = String(last);
    input.value = String(step);
    input.disabled = disabled;
    input.setAttribute('aria-valuetext', `step ${step} of ${last}, t = ${this.#session.simulation.time.toFixed(3)} s`);
  }
}

// The view's resolution follows how fast the machine draws. Where WebGL runs in
// software (no GPU, a virtual machine, a lecture hall's PC without its drivers) a frame
// at the screen's full resolution takes a quarter of a second or more, and the page
// answers a click that late. The cost is the pixels: drawing at half the resolution
// takes a third of the time. So while drawn frames come slower than SLOW_FRAME_MS, the
// canvas draws fewer pixels, down to half the device's resolution in each direction;
// once the cost measured predicts that a finer resolution stays well under that, it
// goes back up. The canvas keeps its size on the page; only its pixels change.
//
// A frame's drawing cost is the time to the next frame, less what the loop spent
// stepping in it (a slow step is not helped by fewer pixels). Only frames that drew
// count, and a gap of HIDDEN_GAP_MS or more (a hidden tab, a breakpoint) is no
// measure at all.
const SLOW_FRAME_MS = 50; // slower than 20 frames a second: draw fewer pixels
const RAISE_BELOW_MS = 30; // a finer resolution must be predicted to cost less than this
const FRAMES_PER_DECISION = 6;
const STEP = 0.7; // the ratio's factor per change: half the pixels
const LOWEST = 0.5; // of the device's pixel ratio
const HIDDEN_GAP_MS = 2000;

export class DrawingResolution {
  #costs = [];
  #previous = null; // { nowMs, drew, steppingMs } of the last frame

  // `deviceRatio`: the pixel ratio at full resolution; `startLowest`: start at the
  // lowest (where drawing is known to be slow: WebGL in software, page_renderer.js).
  constructor(deviceRatio, { startLowest = false } = {}) {
    this.deviceRatio = deviceRatio;
    this.ratio = startLowest ? this.lowest : deviceRatio;
  }

  get lowest() {
    return LOWEST * this.deviceRatio;
  }

  // One animation frame: its time, whether the view drew, and the milliseconds the loop
  // spent stepping in it. Returns the new pixel ratio when it changes, else null.
  frame(nowMs, drew, steppingMs) {
    const previous = this.#previous;
    this.#previous = { nowMs, drew, steppingMs };
    if (!previous || !previous.drew) return null;
    const gap = nowMs - previous.nowMs;
    if (gap >= HIDDEN_GAP_MS) {
      this.#costs = [];
      return null;
    }
    this.#costs.push(Math.max(0, gap - previous.steppingMs));
    if (this.#costs.length < FRAMES_PER_DECISION) return null;
    const cost = median(this.#costs);
    this.#costs = [];
    return this.#decide(cost);
  }

  // Starts measuring afresh (after the ratio was set from outside, or a pause in drawing).
  restart() {
    this.#costs = [];
    this.#previous = null;
  }

  #decide(cost) {
    let next = this.ratio;
    if (cost > SLOW_FRAME_MS) {
      next = Math.max(this.lowest, this.ratio * STEP);
    } else if (this.ratio < this.deviceRatio) {
      const finer = Math.min(this.deviceRatio, this.ratio / STEP);
      // The cost grows with the pixels, the square of the ratio.
      if (cost * (finer / this.ratio) ** 2 < RAISE_BELOW_MS) next = finer;
    }
    if (next === this.ratio) return null;
    this.ratio = next;
    this.#previous = null; // the frame after a change pays for the new buffer
    return next;
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

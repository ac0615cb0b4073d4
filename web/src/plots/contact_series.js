// The plotted time series of one contact choice (contact_pairs.js), sampled after
// every step (or every k-th when h is small, so a window holds at most
// MAX_WINDOW_SAMPLES), for the page's simulation and, in compare mode, its twin:
// - normalForce: the sum of the choice's normal forces f_n [N];
// - frictionForce: the magnitude of the sum of its friction forces on the subject [N];
// - normalVelocity: the mean relative normal velocity v_n after the step [m/s];
// - slipSpeed: the largest relative tangential speed |v_t| after the step [m/s];
// - gap: the smallest phi [m];
// - mode: 1 sliding when a contact slides, else 0 sticking when one sticks, else 2;
// - loopError: in a scene with loop closures, the largest loop gap [m] (whatever the
//   choice, and before there is one);
// - events: the hybrid formulation's event times [s] (Simulation.eventTimes), every
//   step's and not only the sampled ones', kept for the window (at most
//   MAX_EVENT_MARKS), for the marks on the plots' time axis; empty otherwise.
// Velocities and gap are null while the choice has no contact, every contact column
// while there is no choice, and loopError in a scene without loops. `frictional` says
// whether any of the choice's contacts has had a friction coefficient above zero (a
// frictionless pair has no friction to plot). The arrays are plain
// arrays shared with the plots: they grow by push and are trimmed in place to the
// last window when they reach twice its size, so sampling allocates nothing per step.
// A sample at or before the last one's time (the timeline took the run back and it went
// on from there) first drops the samples from its time on.
import { contactSign } from './contact_pairs.js';

export const WINDOW_SECONDS = 5;
const MAX_WINDOW_SAMPLES = 5000; // every step down to h = 1 ms (seed 003's)
const MAX_EVENT_MARKS = 2000; // a Zeno accumulation's events are many; the latest are kept
export const PAIR_MODE = Object.freeze({ sticking: 0, sliding: 1, none: 2 });
const COLUMN_NAMES = Object.freeze([
  'normalForce',
  'frictionForce',
  'normalVelocity',
  'slipSpeed',
  'gap',
  'mode',
  'loopError',
]);
// The contact record's fields a sample reads (record_layouts.js).
const CONTACT_FIELDS = Object.freeze([
  'body_a', 'body_b', 'fn', 'ftx', 'fty', 'ftz', 'vn', 'vtx', 'vty', 'vtz', 'phi', 'mode', 'mu',
]);

function emptyColumns() {
  return Object.fromEntries(COLUMN_NAMES.map((name) => [name, []]));
}

export class ContactSeries {
  // `contactLayout`: the contact record's layout; `contactModes`: the names of its
  // `mode` numbers (record_layouts.js).
  constructor(contactLayout, contactModes) {
    this.stride = contactLayout.stride;
    this.field = contactLayout.offsets(CONTACT_FIELDS);
    this.stickingMode = contactModes.indexOf('sticking');
    this.slidingMode = contactModes.indexOf('sliding');
    this.choice = null;
    this.frictional = false;
    this.loops = false; // whether the scene has loop closures (then it samples without a choice)
    this.time = [];
    this.primary = emptyColumns();
    this.twin = emptyColumns(); // nulls outside compare mode
    this.events = { primary: [], twin: [] };
    this.timeStep = 0;
    this.lastStepTime = -Infinity;
    this.sampleEvery = 1;
    this.stepsToSample = 0;
    this.version = 0; // changes with every sample and every clear
  }

  // h [s] sets how often a step is sampled (the tolerance keeps h = 1 ms at every
  // step, although 5 / 0.001 is not exactly 5000 in floating point).
  setTimeStep(timeStep) {
    this.timeStep = timeStep;
    this.sampleEvery = Math.max(1, Math.ceil(WINDOW_SECONDS / timeStep / MAX_WINDOW_SAMPLES - 1e-9));
  }

  setChoice(choice) {
    this.choice = choice;
    this.frictional = false;
    this.clear();
  }

  // Whether the scene has loop closures: its loop error is sampled from the first step.
  setLoops(loops) {
    this.loops = loops;
    this.clear();
  }

  clear() {
    this.time.length = 0;
    for (const columns of [this.primary, this.twin]) {
      for (const name of COLUMN_NAMES) columns[name].length = 0;
    }
    this.events.primary.length = 0;
    this.events.twin.length = 0;
    this.lastStepTime = -Infinity;
    this.stepsToSample = 0;
    this.version += 1;
  }

  get length() {
    return this.time.length;
  }

  // After a step: `simulation` is the page's, `twin` the compare mode's or null.
  sample(simulation, twin) {
    if (!this.choice && !this.loops) return;
    this.recordEvents(simulation, twin);
    this.stepsToSample -= 1;
    if (this.stepsToSample > 0) return;
    this.stepsToSample = this.sampleEvery;
    if (this.time.length > 0 && simulation.time <= this.time[this.time.length - 1]) this.dropFrom(simulation.time);
    this.time.push(simulation.time);
    this.record(this.primary, simulation);
    this.record(this.twin, twin);
    if (this.time.length >= 2 * MAX_WINDOW_SAMPLES) this.trim();
    this.version += 1;
  }

  // Every step's event times; a step at or before the last one's time (the timeline
  // took the run back) first drops the events after the step's start.
  recordEvents(simulation, twin) {
    if (simulation.time <= this.lastStepTime) {
      const start = simulation.time - this.timeStep;
      for (const times of [this.events.primary, this.events.twin]) {
        let keep = times.length;
        while (keep > 0 && times[keep - 1] > start) keep -= 1;
        times.length = keep;
      }
    }
    this.lastStepTime = simulation.time;
    for (const [times, source] of [
      [this.events.primary, simulation],
      [this.events.twin, twin],
    ]) {
      if (!source) continue;
      for (const time of source.eventTimes()) times.push(time);
      if (times.length > MAX_EVENT_MARKS) times.splice(0, times.length - MAX_EVENT_MARKS);
    }
  }

  record(columns, simulation) {
    let normalForce = 0;
    let fx = 0;
    let fy = 0;
    let fz = 0;
    let normalVelocity = 0;
    let slipSpeed = 0;
    let gap = Infinity;
    let matched = 0;
    let sliding = false;
    let sticking = false;
    const chosen = Boolean(simulation && this.choice);
    if (chosen) {
      const f = this.field;
      const count = simulation.contactCount;
      const view = simulation.contactView();
      for (let i = 0; i < count; i += 1) {
        const base = i * this.stride;
        const sign = contactSign(this.choice, view[base + f.body_a], view[base + f.body_b]);
        if (sign === 0) continue;
        matched += 1;
        normalForce += view[base + f.fn];
        fx += sign * view[base + f.ftx];
        fy += sign * view[base + f.fty];
        fz += sign * view[base + f.ftz];
        normalVelocity += view[base + f.vn];
        slipSpeed = Math.max(slipSpeed, Math.hypot(view[base + f.vtx], view[base + f.vty], view[base + f.vtz]));
        gap = Math.min(gap, view[base + f.phi]);
        if (view[base + f.mu] > 0) this.frictional = true;
        const mode = view[base + f.mode];
        if (mode === this.slidingMode) sliding = true;
        else if (mode === this.stickingMode) sticking = true;
      }
    }
    const some = matched > 0;
    columns.normalForce.push(chosen ? normalForce : null);
    columns.frictionForce.push(chosen ? Math.hypot(fx, fy, fz) : null);
    columns.normalVelocity.push(some ? normalVelocity / matched : null);
    columns.slipSpeed.push(some ? slipSpeed : null);
    columns.gap.push(some ? gap : null);
    const mode = sliding ? PAIR_MODE.sliding : sticking ? PAIR_MODE.sticking : PAIR_MODE.none;
    columns.mode.push(chosen ? mode : null);
    columns.loopError.push(simulation && this.loops ? simulation.loopError : null);
  }

  // Drops the samples at `time` and after, in place.
  dropFrom(time) {
    let keep = this.time.length;
    while (keep > 0 && this.time[keep - 1] >= time) keep -= 1;
    this.time.length = keep;
    for (const columns of [this.primary, this.twin]) {
      for (const name of COLUMN_NAMES) columns[name].length = keep;
    }
  }

  // Keeps the last MAX_WINDOW_SAMPLES samples (at least a window), in place.
  trim() {
    const drop = this.time.length - MAX_WINDOW_SAMPLES;
    this.time.splice(0, drop);
    for (const times of [this.events.primary, this.events.twin]) {
      const old = times.findIndex((time) => time >= this.time[0]);
      times.splice(0, old < 0 ? times.length : old);
    }
    for (const columns of [this.primary, this.twin]) {
      for (const name of COLUMN_NAMES) columns[name].splice(0, drop);
    }
  }

  // Copies of the arrays (for the automation API).
  snapshot() {
    const copy = (columns) => Object.fromEntries(COLUMN_NAMES.map((name) => [name, columns[name].slice()]));
    return {
      time: this.time.slice(),
      primary: copy(this.primary),
      twin: copy(this.twin),
      events: { primary: this.events.primary.slice(), twin: this.events.twin.slice() },
    };
  }
}

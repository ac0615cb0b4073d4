// Seed 003's contact plots, live, for any formulation: the normal force, the friction
// force, the contact velocity and the gap of one contact choice (a body pair, or all
// moving bodies on one body) over the last WINDOW_SECONDS of simulated time, with the
// choice's mode as background bands (green sticking, orange sliding). In compare mode
// the twin's curves are drawn dashed and its bands fill the lower half of each plot,
// the page's the upper half. A scene with loop closures adds a fifth plot, the loop
// error (seed 004's constraint drift), sampled from the first step.
//
// Sampling happens after every step of the session (afterStep); drawing at most every
// REDRAW_INTERVAL_MS, from the same arrays (contact_series.js), so the plots cost
// nothing per frame in between. When the timeline shows an earlier step (showStep), a
// vertical line marks its time until the run steps on.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { ContactPairs } from './contact_pairs.js';
import { ContactSeries, PAIR_MODE, WINDOW_SECONDS } from './contact_series.js';
import { minimumSpans } from './plot_spans.js';
import { MODE_COLORS } from '../view/contact_overlay.js';

const REDRAW_INTERVAL_MS = 50; // at most 20 redraws per second
const PRIMARY_COLOR = '#1c4e80';
const PRIMARY_LIGHT = '#6f9fd8';
const TWIN_COLOR = '#c2255c';
const TWIN_LIGHT = '#e386aa';
const TWIN_DASH = [6, 3];
const BAND_ALPHA = '30'; // hex alpha of the mode bands
const NO_CHOICE = 'no contact yet';
const CURSOR_COLOR = '#1d2430';
const EVENT_COLOR = '#b8860b'; // the hybrid formulation's event ticks
const EVENT_TICK_PX = 6;

const AXIS_FONT = '12px Liberation Sans, sans-serif';

// One plot per quantity: its element, the series' columns and how they are drawn.
const PLOTS = Object.freeze([
  {
    element: 'plot-normal-force',
    lines: [{ column: 'normalForce', label: 'f_n', width: 1.6 }],
    zero: true,
    unit: 'N',
    quantity: 'force', // its minimum span (plot_spans.js)
  },
  {
    element: 'plot-friction-force',
    lines: [{ column: 'frictionForce', label: '|f_t|', width: 1.6 }],
    zero: true,
    unit: 'N',
    quantity: 'force',
  },
  {
    element: 'plot-velocity',
    lines: [
      { column: 'slipSpeed', label: '|v_t|', width: 1.6 },
      { column: 'normalVelocity', label: 'v_n', width: 1, light: true },
    ],
    zero: true,
    unit: 'm/s',
    quantity: 'speed',
  },
  {
    element: 'plot-gap',
    lines: [{ column: 'gap', label: 'phi', width: 1.6 }],
    zero: true,
    unit: 'mm',
    scale: 1000, // the gap is stored in m and shown in mm
    quantity: 'length',
  },
  {
    element: 'plot-loop-error',
    lines: [{ column: 'loopError', label: 'loop error', width: 1.6 }],
    zero: true,
    unit: 'mm',
    scale: 1000,
    loops: true, // shown in scenes with loop closures only, without mode bands; no minimum span: its drift is the signal
  },
]);

function hasLoops(description) {
  return (description.articulations ?? []).some((articulation) => (articulation.loops ?? []).length > 0);
}

// A y range that holds the data and, when asked, zero, with a little room, and spans
// at least `minSpan` (from zero up, or down, when the data keep to one side of it).
function valueRange(min, max, zero, minSpan) {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  let low = zero ? Math.min(0, min) : min;
  let high = zero ? Math.max(0, max) : max;
  if (high - low < minSpan) {
    if (zero && low === 0) high = minSpan;
    else if (zero && high === 0) low = -minSpan;
    else {
      const middle = (low + high) / 2;
      [low, high] = [middle - minSpan / 2, middle + minSpan / 2];
    }
  }
  if (high - low < 1e-9) {
    high += 0.5 * Math.max(Math.abs(high), 1e-6);
    low -= 0.5 * Math.max(Math.abs(low), 1e-6);
  }
  const pad = 0.08 * (high - low);
  return [low - (low < 0 ? pad : 0), high + pad];
}

function bandColor(mode) {
  if (mode === PAIR_MODE.sticking) return MODE_COLORS.sticking + BAND_ALPHA;
  if (mode === PAIR_MODE.sliding) return MODE_COLORS.sliding + BAND_ALPHA;
  return null;
}

export class ContactPlots {
  #chosen = false; // whether the user (or a link) chose the plotted pair
  #wanted = null; // a link's choice, by key, until it has been in contact
  onChosen = null; // called after the user's choice

  // `gui`: the lil-gui root for the plots folder; `records`: the layouts of the
  // simulation's views (record_layouts.js).
  constructor(gui, records) {
    this.pairs = new ContactPairs(records.contact);
    this.series = new ContactSeries(records.contact, records.contactModes);
    this.knownPairsVersion = -1; // the pairs' version the choice was last checked against
    this.shownPairsVersion = -1; // the pairs' version the dropdown shows
    this.drawnVersion = -1; // the series' version last drawn
    this.drawnFormulations = '';
    this.lastRedrawMs = -Infinity;
    this.redraws = 0;
    this.comparing = false;
    this.xRange = [0, WINDOW_SECONDS];
    this.cursorTime = null; // the time the timeline shows, while it is not the run's last
    this.minimumSpans = {}; // per quantity, the scene's (plot_spans.js)

    this.panel = document.getElementById('plots');
    this.choiceText = document.getElementById('plots-choice');
    this.primaryKey = document.getElementById('plots-key-primary');
    this.twinKey = document.getElementById('plots-key-twin');
    this.primaryKey.style.setProperty('--line', PRIMARY_COLOR);
    this.twinKey.style.setProperty('--line', TWIN_COLOR);
    for (const mode of ['sticking', 'sliding']) {
      document.getElementById(`plots-key-${mode}`).style.setProperty('--band', MODE_COLORS[mode] + BAND_ALPHA);
    }
    this.plots = PLOTS.map((spec) => this.createPlot(spec));
    this.loopFigure = document.getElementById('plot-loop-error-figure');
    const figureOf = (id) => document.getElementById(id).closest('figure');
    this.contactFigures = ['plot-normal-force', 'plot-friction-force', 'plot-velocity', 'plot-gap'].map(figureOf);
    this.frictionFigure = figureOf('plot-friction-force');
    new ResizeObserver(() => this.resize()).observe(this.panel);

    this.state = { shown: true, choice: '' };
    this.folder = gui.addFolder('plots');
    this.folder
      .add(this.state, 'shown')
      .name('show plots')
      .onChange((shown) => this.setShown(shown));
    this.choiceController = this.folder
      .add(this.state, 'choice', { [NO_CHOICE]: '' })
      .name('contact pair')
      .onChange((key) => this.select(key));
    this.setShown(true);
  }

  createPlot(spec) {
    const container = document.getElementById(spec.element);
    const data = [this.series.time];
    const series = [{}];
    for (const [owner, color, light] of [
      ['primary', PRIMARY_COLOR, PRIMARY_LIGHT],
      ['twin', TWIN_COLOR, TWIN_LIGHT],
    ]) {
      for (const line of spec.lines) {
        data.push(this.series[owner][line.column]);
        series.push({
          label: `${line.label} (${owner})`,
          stroke: line.light ? light : color,
          width: line.width,
          dash: owner === 'twin' ? TWIN_DASH : undefined,
          show: owner === 'primary',
          points: { show: false },
        });
      }
    }
    const scale = spec.scale ?? 1;
    const plot = new uPlot(
      {
        width: Math.max(100, container.clientWidth),
        height: Math.max(60, container.clientHeight),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: false, range: () => this.xRange },
          y: { range: (u, min, max) => valueRange(min, max, spec.zero, this.minimumSpans[spec.quantity] ?? 0) },
        },
        axes: [
          { font: AXIS_FONT, size: 22, gap: 2, ticks: { size: 3 } },
          {
            font: AXIS_FONT,
            size: 46,
            gap: 2,
            ticks: { size: 3 },
            values: (u, splits) => splits.map((value) => Number((value * scale).toPrecision(4))),
          },
        ],
        series,
        hooks: {
          drawClear: spec.loops ? [] : [(u) => this.drawModeBands(u)],
          draw: [(u) => this.drawEventMarks(u), (u) => this.drawCursor(u)],
        },
      },
      data,
      container,
    );
    return { plot, container, data, spec };
  }

  // Background bands by the choice's mode: the page's simulation over the whole
  // height, or the upper half in compare mode (the twin's the lower half).
  drawModeBands(u) {
    const time = this.series.time;
    if (time.length === 0) return;
    const { left, top, width, height } = u.bbox;
    const halves = this.comparing
      ? [
          [this.series.primary.mode, top, height / 2],
          [this.series.twin.mode, top + height / 2, height / 2],
        ]
      : [[this.series.primary.mode, top, height]];
    const ctx = u.ctx;
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, width, height);
    ctx.clip();
    for (const [modes, y, bandHeight] of halves) {
      let start = 0;
      for (let i = 1; i <= time.length; i += 1) {
        if (i < time.length && modes[i] === modes[start]) continue;
        const color = bandColor(modes[start]);
        const end = i < time.length ? time[i] : time[time.length - 1];
        if (color && end >= this.xRange[0]) {
          const x0 = u.valToPos(time[start], 'x', true);
          const x1 = u.valToPos(end, 'x', true);
          ctx.fillStyle = color;
          ctx.fillRect(x0, y, Math.max(1, x1 - x0), bandHeight);
        }
        start = i;
      }
    }
    ctx.restore();
  }

  // The hybrid formulation's events as ticks on the time axis: the page's simulation's
  // rising from the bottom edge, the twin's hanging from the top.
  drawEventMarks(u) {
    const { left, top, width, height } = u.bbox;
    const tick = EVENT_TICK_PX * devicePixelRatio;
    const ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = EVENT_COLOR;
    ctx.lineWidth = devicePixelRatio;
    ctx.beginPath();
    for (const [times, y0, y1] of [
      [this.series.events.primary, top + height, top + height - tick],
      [this.series.events.twin, top, top + tick],
    ]) {
      for (const time of times) {
        if (time < this.xRange[0] || time > this.xRange[1]) continue;
        const x = u.valToPos(time, 'x', true);
        if (x < left || x > left + width) continue;
        ctx.moveTo(x, y0);
        ctx.lineTo(x, y1);
      }
    }
    ctx.stroke();
    ctx.restore();
  }

  // The timeline's time as a vertical line.
  drawCursor(u) {
    if (this.cursorTime === null) return;
    const x = u.valToPos(this.cursorTime, 'x', true);
    const { top, height } = u.bbox;
    const ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = CURSOR_COLOR;
    ctx.lineWidth = 1.5 * devicePixelRatio;
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, top + height);
    ctx.stroke();
    ctx.restore();
  }

  resize() {
    for (const { plot, container } of this.plots) {
      plot.setSize({ width: Math.max(100, container.clientWidth), height: Math.max(60, container.clientHeight) });
    }
  }

  get shown() {
    return !this.panel.hidden;
  }

  setShown(shown) {
    this.state.shown = shown;
    this.panel.hidden = !shown;
    if (shown) {
      this.resize();
      this.drawnVersion = -1;
    }
  }

  // Follows the session: a new scene or a restart starts the plots again, every step
  // is sampled, and the timeline's step is marked.
  followSession(session) {
    session.on('loaded', ({ description, options }) => this.setScene(description, options.time_step));
    session.on('optionsChanged', ({ options }) => this.setTimeStep(options.time_step));
    session.on('seeked', ({ options }) => {
      this.setTimeStep(options.time_step);
      this.showStep(session.simulation.time);
    });
    session.on('reset', () => this.clear());
    session.on('stepped', () => this.afterStep(session.simulation, session.twin));
  }

  // A newly loaded scene: no pairs, no choice, empty plots; the loop error's plot
  // when the scene has loop closures.
  setScene(description, timeStep) {
    this.#chosen = false;
    this.#wanted = null;
    this.minimumSpans = minimumSpans(description);
    this.pairs.setScene(description);
    this.series.setTimeStep(timeStep);
    this.series.setChoice(null);
    const loops = hasLoops(description);
    this.series.setLoops(loops);
    this.loopFigure.hidden = !loops;
    this.panel.classList.toggle('with-loops', loops);
    if (this.shown) this.resize();
    this.cursorTime = null;
    this.refreshChoices();
  }

  setTimeStep(timeStep) {
    this.series.setTimeStep(timeStep);
  }

  // After a reset: the same pairs and choice, empty plots.
  clear() {
    this.cursorTime = null;
    this.series.clear();
  }

  // Picks the contact choice by key or label, as the user's choice (it goes into the
  // link); returns "" or an error.
  select(keyOrLabel) {
    const choice = this.pairs.find(keyOrLabel);
    if (!choice) {
      const known = this.pairs.choices.map((entry) => entry.label).join(', ');
      return `contact pair: no pair "${keyOrLabel}" has been in contact (known: ${known || 'none yet'})`;
    }
    this.#chosen = true;
    this.#wanted = null;
    this.#show(choice);
    this.onChosen?.();
    return '';
  }

  // The user's choice as a link's `view.plot` keeps it: a pair's two body names, a
  // group's one; null while the plots show the first pair by default.
  chosenNames() {
    const choice = this.series.choice;
    if (!this.#chosen || !choice) return null;
    const { names } = this.pairs;
    if (choice.kind === 'group') return [names[choice.subject]];
    return [choice.subject, choice.other].sort((a, b) => a - b).map((body) => names[body]);
  }

  // A link's `view.plot`: the pair (two body names) or group (one) to plot, chosen as
  // soon as it has been in contact. Returns "" or why not.
  choose(names) {
    const indices = names.map((name) => this.pairs.names.indexOf(name));
    const unknown = names.find((_, i) => indices[i] < 0);
    if (unknown !== undefined) return `view.plot: "${unknown}" is not a body of the scene`;
    if (names.length === 2 && indices[0] === indices[1]) return 'view.plot: a pair needs two different bodies';
    const key = names.length === 1 ? `all-${indices[0]}` : `${Math.min(...indices)}-${Math.max(...indices)}`;
    this.#chosen = true;
    this.#wanted = key;
    const choice = this.pairs.find(key);
    if (choice) {
      this.#wanted = null;
      this.#show(choice);
    }
    return '';
  }

  #show(choice) {
    if (choice !== this.series.choice) this.series.setChoice(choice);
    this.state.choice = choice.key;
    this.choiceController.updateDisplay();
    this.choiceText.textContent = choice.label;
  }

  // The timeline shows the run at `time` [s]: the line marks it, in the window.
  showStep(time) {
    this.cursorTime = time;
    this.drawnVersion = -1;
  }

  // After every step: `simulation` is the page's, `twin` compare mode's or null.
  afterStep(simulation, twin) {
    if (this.cursorTime !== null) {
      this.cursorTime = null;
      this.drawnVersion = -1;
    }
    this.pairs.discover(simulation.contactView(), simulation.contactCount);
    if (twin) this.pairs.discover(twin.contactView(), twin.contactCount);
    if (this.pairs.version !== this.knownPairsVersion) this.pairsChanged();
    this.series.sample(simulation, twin);
  }

  // New pairs: the current choice is looked up again (a group may have gained a
  // member); the first pair is chosen when none is.
  pairsChanged() {
    this.knownPairsVersion = this.pairs.version;
    const wanted = this.#wanted && this.pairs.find(this.#wanted);
    const current = this.series.choice;
    if (wanted) {
      this.#wanted = null;
      this.#show(wanted);
    } else if (current) {
      const updated = this.pairs.find(current.key);
      if (updated) this.series.choice = updated;
    } else if (this.pairs.choices.length > 0) {
      this.#show(this.pairs.choices[0]);
    }
  }

  refreshChoices() {
    const choices = this.pairs.choices;
    const options = choices.length
      ? Object.fromEntries(choices.map((choice) => [choice.label, choice.key]))
      : { [NO_CHOICE]: '' };
    this.choiceController.options(options);
    this.state.choice = this.series.choice ? this.series.choice.key : '';
    this.choiceController.updateDisplay();
    this.choiceText.textContent = this.series.choice ? this.series.choice.label : NO_CHOICE;
    this.shownPairsVersion = this.pairs.version;
  }

  // Only the plots a quantity exists for: none of a contact before the first one (a
  // scene may have only its loop error to plot), no friction for a frictionless pair.
  showFigures() {
    const { choice, frictional } = this.series;
    const shown = this.contactFigures.map((figure) => !figure.hidden);
    for (const figure of this.contactFigures) figure.hidden = !choice;
    this.frictionFigure.hidden = !choice || !frictional;
    if (this.contactFigures.some((figure, i) => !figure.hidden !== shown[i])) this.resize();
  }

  // Per frame: redraws at most every REDRAW_INTERVAL_MS, and only when there is
  // something new. `simulation`, `twin`: as afterStep's.
  update(nowMs, simulation, twin) {
    if (this.shownPairsVersion !== this.pairs.version) this.refreshChoices();
    if (this.panel.hidden || nowMs - this.lastRedrawMs < REDRAW_INTERVAL_MS) return;
    const comparing = twin !== null;
    const formulations = `${simulation.formulation}|${comparing ? twin.formulation : ''}`;
    const unchanged =
      this.series.version === this.drawnVersion &&
      comparing === this.comparing &&
      formulations === this.drawnFormulations;
    if (unchanged) return;
    this.lastRedrawMs = nowMs;
    this.drawnVersion = this.series.version;
    this.drawnFormulations = formulations;
    this.showFigures();
    this.primaryKey.textContent = simulation.formulation;
    this.twinKey.textContent = comparing ? `${twin.formulation} (ghost)` : '';
    this.twinKey.hidden = !comparing;
    const time = this.series.time;
    let last = time.length ? time[time.length - 1] : 0;
    // A time shown before the window: the window around it.
    if (this.cursorTime !== null && this.cursorTime < last - WINDOW_SECONDS) {
      last = this.cursorTime + WINDOW_SECONDS / 2;
    }
    this.xRange = [Math.max(0, last - WINDOW_SECONDS), Math.max(WINDOW_SECONDS, last)];
    for (const { plot, data } of this.plots) plot.setData(data);
    // The twin's curves are shown or hidden after the new data is in (uPlot rescales
    // on either, but not on both in one go).
    if (comparing !== this.comparing) {
      this.comparing = comparing;
      for (const { plot, spec } of this.plots) {
        for (let k = 0; k < spec.lines.length; k += 1) plot.setSeries(1 + spec.lines.length + k, { show: comparing });
      }
    }
    this.redraws += 1;
  }

  // What the plots show: {shown, redraws (so far), ranges (the y ranges drawn,
  // [min, max] per plot: normal force, friction, velocity, gap, loop error; stored
  // units)}.
  summary() {
    return {
      shown: this.shown,
      redraws: this.redraws,
      ranges: this.plots.map(({ plot }) => [plot.scales.y.min, plot.scales.y.max]),
    };
  }

  // The contact choices so far: [{key, label}].
  pairChoices() {
    return this.pairs.choices.map(({ key, label }) => ({ key, label }));
  }

  // The latest sample of the page's simulation ('primary') or the twin's ('twin'):
  // {normalForce, frictionForce, slipSpeed, gap}, null where there is none.
  latest(side) {
    const columns = this.series[side];
    const last = (column) => (column.length ? column[column.length - 1] : null);
    return {
      normalForce: last(columns.normalForce),
      frictionForce: last(columns.frictionForce),
      slipSpeed: last(columns.slipSpeed),
      gap: last(columns.gap),
    };
  }

  // The plotted arrays (copies), the choice and whether the loop error is plotted, for
  // the automation API.
  plotted() {
    const choice = this.series.choice;
    return {
      choice: choice ? { key: choice.key, label: choice.label } : null,
      loops: this.series.loops,
      windowSeconds: WINDOW_SECONDS,
      ...this.series.snapshot(),
    };
  }
}

// The lil-gui control of one option, built from its schema entry (option_schema.js):
// a choice between its named values, or a slider over the span the schema gives
// (linear, or over log10 of the value for a log option), whose box shows the value in
// force and takes a typed value. Typed values are not clamped to the slider's span:
// they go to the core, which takes them when they are within the option's range and
// otherwise refuses them with a message the page shows. Every change goes through
// `set(value)`; show(value) displays the value in force without calling it, and
// describe() says which option the control sets, how it is labelled and what it shows.
//
// Exact values by hand (slider_steps.js): a drag lands on a grid of whole multiples of
// the schema's step coarse enough for a mouse (friction μ: 0.05 on the panel's slider,
// so 0.25 and 0.6 are reached exactly); the box's arrow keys move by one step of the
// schema (a log option: by one in its second significant digit), from the value in force.
import { optionLabel } from './option_label.js';
import { isChoice } from '../session/option_schema.js';
import { dragGrid, linearKeyStep, logKeyStep } from './slider_steps.js';

const SIGNIFICANT_DIGITS = 3;

// A number as a box shows it: three significant digits, exponent for very large or
// small magnitudes.
function formatOptionValue(value) {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && (magnitude >= 1e4 || magnitude < 1e-3)) {
    return value.toExponential(SIGNIFICANT_DIGITS - 1).replace(/\.?0+e/, 'e');
  }
  return String(Number(value.toPrecision(SIGNIFICANT_DIGITS)));
}

// A log slider position back to a value, rounded to two significant digits.
function valueFromLog(position) {
  return Number((10 ** position).toPrecision(2));
}

// Lets the text box of a lil-gui number controller take any typed number: lil-gui's
// own handling (live parsing, clamping, arrow keys and wheel, which would also read a
// log slider's box as its log position) is kept away from the box, and the typed text
// is handed to `onTyped(text)` when it is confirmed: on Enter (also when it is the value
// already shown) or on leaving the box after a change. The arrow keys call
// `onArrow(1 or -1)`.
function acceptTypedValues(controller, onTyped, onArrow) {
  const widget = controller.$widget;
  const input = controller.$input;
  let confirmedByEnter = false;
  const confirm = () => {
    const text = input.value.trim();
    if (text !== '') onTyped(text);
  };
  widget.addEventListener('input', (event) => event.stopPropagation(), true);
  widget.addEventListener('wheel', (event) => event.stopPropagation(), true);
  widget.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
        event.stopPropagation();
        event.preventDefault();
        onArrow(event.key === 'ArrowUp' ? 1 : -1);
      }
      if (event.key === 'Enter') {
        confirm();
        confirmedByEnter = true;
      }
    },
    true,
  );
  input.addEventListener('focus', () => {
    confirmedByEnter = false;
  });
  input.addEventListener('change', () => {
    if (!confirmedByEnter) confirm();
  });
}

class ChoiceControl {
  constructor(folder, entry, set) {
    this.entry = entry;
    this.state = { value: entry.default };
    this.label = optionLabel(entry);
    const choices = Object.fromEntries(entry.values.map((named) => [named.label, named.value]));
    this.controller = folder.add(this.state, 'value', choices).name(this.label).onChange(set);
  }

  // What the control shows: {option, label, value, text}.
  describe() {
    const text = this.controller.$select.selectedOptions[0]?.textContent ?? '';
    return { option: this.entry.name, label: this.label, value: this.state.value, text };
  }

  show(value) {
    this.state.value = value;
    this.controller.updateDisplay();
  }
}

class SliderControl {
  // `inMilliseconds`: a time shown in ms, in a box that only shows it.
  constructor(folder, entry, set, { inMilliseconds = false } = {}) {
    this.entry = entry;
    this.log = entry.scale === 'log';
    this.sliderMin = this.position(entry.slider_min);
    this.sliderMax = this.position(entry.slider_max);
    // Before the first show(): the default, or the middle of the span when the
    // default is a named value outside it.
    const middle = this.log ? 10 ** ((this.sliderMin + this.sliderMax) / 2) : (entry.slider_min + entry.slider_max) / 2;
    this.value = this.inRange(entry.default) ? entry.default : middle; // the slider's value
    this.named = null; // the named value outside the range in force, if one is
    this.state = { position: this.clampedPosition(this.value) };
    this.label = optionLabel(entry, { withUnit: !inMilliseconds });
    this.controller = folder
      .add(this.state, 'position', this.sliderMin, this.sliderMax, entry.step)
      .name(this.label)
      .onChange((position) => set(this.log ? valueFromLog(position) : position));
    this.controller.domElement.title = `${entry.name}: ${entry.allowed}`;
    // A named value outside the range shows as a word ("materials"): the box is wide
    // enough for it from the start, so the slider keeps its width when the word goes.
    const namesOutsideRange = entry.values.some((named) => !this.inRange(named.value));
    this.controller.domElement.classList.toggle('named-values', namesOutsideRange);
    const slider = this.controller.$slider;
    const useDragGrid = (event) => {
      const span = this.sliderMax - this.sliderMin;
      this.controller.step(dragGrid(entry.step, span, slider.getBoundingClientRect().width));
      // lil-gui calls onChange only for a value other than the slider's: from a named
      // value in force, a press on the slider's own position must still set it.
      if (this.named && event.type !== 'wheel') this.state.position = Number.NaN;
    };
    for (const start of ['mousedown', 'touchstart', 'wheel']) {
      slider.addEventListener(start, useDragGrid, { capture: true, passive: true });
    }
    const input = this.controller.$input;
    // The box shows units and words ("2.5 ms", "materials"): a text box on every screen,
    // where lil-gui makes a number box on a touch screen, which can show neither.
    input.type = 'text';
    input.removeAttribute('step');
    if (inMilliseconds) {
      input.readOnly = true;
      input.tabIndex = -1;
    } else {
      // A number, or the name of a named value ("materials").
      const typed = (text) => set(entry.values.find((named) => named.name === text)?.value ?? Number(text));
      acceptTypedValues(this.controller, typed, (direction) => this.keyStep(direction, set));
    }
    const text = inMilliseconds ? (value) => `${formatOptionValue(1000 * value)} ms` : formatOptionValue;
    this.text = () => (this.named ? this.named.name : text(this.value));
    // The box shows the value in force (not the slider position) unless it is being
    // edited; a named value outside the range by its name, with no fill in the slider.
    const updateDisplay = this.controller.updateDisplay.bind(this.controller);
    this.controller.updateDisplay = () => {
      updateDisplay();
      if (document.activeElement !== input) input.value = this.text();
      this.controller.domElement.classList.toggle('named-value', this.named !== null);
      return this.controller;
    };
    this.controller.updateDisplay();
  }

  // What the control shows: {option, label, value (in force), text (in its box)}.
  describe() {
    const value = this.named ? this.named.value : this.value;
    return { option: this.entry.name, label: this.label, value, text: this.text() };
  }

  // An arrow key in the box: one step up or down from the value in force (from the
  // slider's value when a named value is in force), within the option's range.
  keyStep(direction, set) {
    const entry = this.entry;
    const next = this.log
      ? logKeyStep(this.value, direction)
      : linearKeyStep(this.value, direction, entry.step, entry.slider_min);
    if (!this.inRange(next)) return;
    set(next);
    this.controller.$input.value = this.text(); // the box has the keyboard, but is not being edited
  }

  position(value) {
    return this.log ? Math.log10(value) : value;
  }

  clampedPosition(value) {
    return Math.min(Math.max(this.position(value), this.sliderMin), this.sliderMax);
  }

  inRange(value) {
    return value >= this.entry.min && value <= this.entry.max;
  }

  // A named value outside the range (friction_coefficient's -1: the scene's
  // materials) is shown by its name in the box, with the slider where it was and no
  // fill (and its checkbox, controls.js, ticked); the hover text explains it.
  show(value) {
    const entry = this.entry;
    this.named = this.inRange(value) ? null : entry.values.find((named) => named.value === value) ?? null;
    if (this.inRange(value)) {
      this.value = value;
      this.state.position = this.clampedPosition(value);
    }
    const named = this.named;
    this.controller.domElement.title = named
      ? `${entry.name} = ${named.value}: ${named.label} in force, not a value of the slider; ` +
        `moving it or typing a value sets one (${entry.allowed})`
      : `${entry.name}: ${entry.allowed}`;
    this.controller.updateDisplay();
  }
}

// The control of `entry` in `folder`; `presentation` as SliderControl takes it.
export function addOptionControl(folder, entry, set, presentation = {}) {
  return isChoice(entry) ? new ChoiceControl(folder, entry, set) : new SliderControl(folder, entry, set, presentation);
}

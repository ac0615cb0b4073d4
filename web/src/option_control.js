// The lil-gui control of one option, built from its schema entry (option_schema.js):
// a choice between its named values, or a slider over the span the schema gives
// (linear, or over log10 of the value for a log option), whose box shows the value in
// force and takes a typed value. Typed values are not clamped to the slider's span:
// they go to the core, which takes them when they are within the option's range and
// otherwise refuses them with a message the page shows. Every change goes through
// `set(value)`; show(value) displays the value in force without calling it, and
// describe() says which option the control sets and how it is labelled.
import { optionLabel } from './option_label.js';
import { isChoice } from './option_schema.js';

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
// is handed to `onTyped` when it is confirmed: on Enter (also when it is the value
// already shown) or on leaving the box after a change.
function acceptTypedValues(controller, onTyped) {
  const widget = controller.$widget;
  const input = controller.$input;
  let confirmedByEnter = false;
  const confirm = () => {
    const text = input.value.trim();
    if (text !== '') onTyped(Number(text));
  };
  widget.addEventListener('input', (event) => event.stopPropagation(), true);
  widget.addEventListener('wheel', (event) => event.stopPropagation(), true);
  widget.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'ArrowUp' || event.key === 'ArrowDown') event.stopPropagation();
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

  describe() {
    return { option: this.entry.name, label: this.label };
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
    this.value = this.inRange(entry.default) ? entry.default : middle;
    this.state = { position: this.clampedPosition(this.value) };
    this.label = optionLabel(entry, { withUnit: !inMilliseconds });
    this.controller = folder
      .add(this.state, 'position', this.sliderMin, this.sliderMax, entry.step)
      .name(this.label)
      .onChange((position) => set(this.log ? valueFromLog(position) : position));
    this.controller.domElement.title = `${entry.name}: ${entry.allowed}`;
    const input = this.controller.$input;
    if (inMilliseconds) {
      input.readOnly = true;
      input.tabIndex = -1;
    } else {
      acceptTypedValues(this.controller, set);
    }
    const text = inMilliseconds ? (value) => `${formatOptionValue(1000 * value)} ms` : formatOptionValue;
    // The box shows the value in force (not the slider position) unless it is being edited.
    const updateDisplay = this.controller.updateDisplay.bind(this.controller);
    this.controller.updateDisplay = () => {
      updateDisplay();
      if (document.activeElement !== input) input.value = text(this.value);
      return this.controller;
    };
    this.controller.updateDisplay();
  }

  describe() {
    return { option: this.entry.name, label: this.label };
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
  // materials) leaves the slider where it was: another control shows it.
  show(value) {
    if (this.inRange(value)) {
      this.value = value;
      this.state.position = this.clampedPosition(value);
    }
    this.controller.updateDisplay();
  }
}

// The control of `entry` in `folder`; `presentation` as SliderControl takes it.
export function addOptionControl(folder, entry, set, presentation = {}) {
  return isChoice(entry) ? new ChoiceControl(folder, entry, set) : new SliderControl(folder, entry, set, presentation);
}

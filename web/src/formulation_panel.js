// The formulation folder of the control panel: the option `formulation` (switched
// live: the state carries over, only the contact problem of the next step changes),
// one line on what the chosen formulation is and where it comes from, and the sliders
// of its own parameters (those of the other formulations are hidden). Every value goes
// through the page's setOption action and the folder then shows the values in force.
//
// Typed values are not clamped to the slider's range: they go to the core, which
// takes them when they are within the option's range (core/options.h) and otherwise
// refuses them with a message the page shows.
import { FORMULATIONS } from './simulation.js';

const FORMULATION_NOTES = Object.freeze({
  lcp: 'Seed 002: Anitescu–Potra mixed LCP with the u-sided friction pyramid, solved exactly by Lemke pivoting.',
  convex:
    "Seed 004: Anitescu's convex relaxation, a QP; a sliding contact lifts off by the boundary layer h μ |v_t|.",
  soft: 'Seed 004: Todorov / MuJoCo soft contact, a regularised convex problem: R = ε diag(A), errors relax over κ.',
  quasistatic:
    "Seed 003: Pang's quasi-static time stepping: force balance each step, inertia kept only as ε_q M / h.",
  compliant: 'Seed 004: penalty contact, a spring-damper normal force with Stribeck friction, in stable substeps.',
});

// Per formulation, its parameters: a slider (log: over log10 of the value) with the
// option's range (or the useful part of it: `typedMax` is what may be typed), or a
// choice between named values.
const PARAMETERS = Object.freeze({
  lcp: [],
  convex: [],
  soft: [
    { option: 'soft_regularisation', label: 'regularisation ε', min: 1e-6, max: 10, log: true },
    { option: 'soft_time_constant', label: 'time constant κ [s]', min: 0.001, max: 1, log: true },
    { option: 'soft_damping', label: 'damping b [N·s/m]', min: 0, max: 100, step: 0.1, typedMax: 1000 },
    { option: 'soft_cone', label: 'friction cone', choices: { pyramidal: 0, elliptic: 1 } },
  ],
  quasistatic: [
    { option: 'quasistatic_mass_scale', label: 'mass scale ε_q', min: 1e-6, max: 10, log: true },
    { option: 'quasistatic_problem', label: 'problem', choices: { 'QP (Anitescu)': 0, 'LCP (Stewart–Trinkle)': 1 } },
  ],
  compliant: [
    { option: 'compliant_stiffness', label: 'stiffness k [N/m]', min: 10, max: 1e9, log: true },
    { option: 'compliant_damping_ratio', label: 'damping ratio ζ', min: 0, max: 10, step: 0.01 },
    { option: 'compliant_stiction_speed', label: 'stiction speed v_s [m/s]', min: 1e-6, max: 1, log: true },
    { option: 'compliant_substeps', label: 'substeps (0: auto)', min: 0, max: 200, step: 1, typedMax: 10000 },
  ],
});

const LOG_SLIDER_STEP = 0.01; // in log10 units
const SIGNIFICANT_DIGITS = 3;

// A number as the panel shows it: three significant digits, exponent for very large
// or small magnitudes.
function formatParameter(value) {
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
// own handling (live parsing, clamping, arrow keys and wheel, which would also read
// a log slider's box as its log position) is kept away from the box, and the typed
// text is handed to `onTyped` when it is confirmed (Enter or leaving the box).
function acceptTypedValues(controller, onTyped) {
  const widget = controller.$widget;
  const input = controller.$input;
  widget.addEventListener('input', (event) => event.stopPropagation(), true);
  widget.addEventListener('wheel', (event) => event.stopPropagation(), true);
  widget.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'ArrowUp' || event.key === 'ArrowDown') event.stopPropagation();
    },
    true,
  );
  input.addEventListener('change', () => {
    const text = input.value.trim();
    if (text !== '') onTyped(Number(text));
  });
}

export class FormulationPanel {
  // `gui`: the lil-gui root; `before`: the folder to insert this one ahead of.
  // actions: { setOption(name, value) }, returning "" or an error the page shows.
  constructor(gui, before, actions) {
    this.actions = actions;
    this.updating = false; // true while the folder is refreshed from the simulation
    this.state = { formulation: FORMULATIONS[0] };
    this.values = {}; // option -> the value in force
    this.parameters = []; // {spec, formulation, controller, sliderMin, sliderMax}

    this.folder = gui.addFolder('formulation');
    if (before) gui.$children.insertBefore(this.folder.domElement, before.domElement);
    this.folder.domElement.classList.add('formulation-panel');
    this.selector = this.folder
      .add(this.state, 'formulation', FORMULATIONS)
      .name('formulation')
      .onChange((name) => this.ifUser(() => this.setOption('formulation', FORMULATIONS.indexOf(name))));
    this.note = document.createElement('div');
    this.note.className = 'formulation-note';
    this.note.id = 'formulation-note';
    this.folder.$children.appendChild(this.note);

    for (const formulation of FORMULATIONS) {
      for (const spec of PARAMETERS[formulation]) this.addParameter(formulation, spec);
    }
  }

  addParameter(formulation, spec) {
    const key = spec.option;
    if (spec.choices) {
      this.state[key] = Object.values(spec.choices)[0];
      const controller = this.folder
        .add(this.state, key, spec.choices)
        .name(spec.label)
        .onChange((value) => this.ifUser(() => this.setOption(key, value)));
      this.parameters.push({ spec, formulation, controller });
      return;
    }
    const sliderMin = spec.log ? Math.log10(spec.min) : spec.min;
    const sliderMax = spec.log ? Math.log10(spec.max) : spec.max;
    this.state[key] = sliderMin;
    this.values[key] = spec.min;
    const controller = this.folder
      .add(this.state, key, sliderMin, sliderMax, spec.log ? LOG_SLIDER_STEP : spec.step)
      .name(spec.label)
      .onChange((position) => this.ifUser(() => this.setOption(key, spec.log ? valueFromLog(position) : position)));
    acceptTypedValues(controller, (value) => this.setOption(key, value));
    // The box shows the value in force (not the slider position) unless it is being edited.
    const updateDisplay = controller.updateDisplay.bind(controller);
    controller.updateDisplay = () => {
      updateDisplay();
      if (document.activeElement !== controller.$input) controller.$input.value = formatParameter(this.values[key]);
      return controller;
    };
    controller.domElement.title = `${key}: ${formatParameter(spec.min)} .. ${formatParameter(spec.typedMax ?? spec.max)}`;
    this.parameters.push({ spec, formulation, controller, sliderMin, sliderMax });
  }

  ifUser(change) {
    if (!this.updating) change();
  }

  setOption(name, value) {
    return this.actions.setOption(name, value);
  }

  // The formulation shown in the selector.
  get formulation() {
    return this.state.formulation;
  }

  // The names of the parameter rows shown now (the current formulation's).
  get shownParameters() {
    return this.parameters.filter((entry) => entry.formulation === this.state.formulation).map((entry) => entry.spec.option);
  }

  // Shows the options in force (after a scene load, a reset or a rejected value).
  refresh(options) {
    this.updating = true;
    const current = FORMULATIONS[options.formulation] ?? FORMULATIONS[0];
    this.state.formulation = current;
    this.note.textContent = FORMULATION_NOTES[current];
    for (const { spec, formulation, controller, sliderMin, sliderMax } of this.parameters) {
      const value = options[spec.option];
      if (spec.choices) {
        this.state[spec.option] = value;
      } else {
        this.values[spec.option] = value;
        const position = spec.log ? Math.log10(value) : value;
        this.state[spec.option] = Math.min(Math.max(position, sliderMin), sliderMax);
      }
      controller.show(formulation === current);
      controller.updateDisplay();
    }
    this.selector.updateDisplay();
    this.updating = false;
  }
}

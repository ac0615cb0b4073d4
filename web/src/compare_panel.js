// Compare mode: a second Simulation (the twin) of the same scene, with the same
// options and robot commands but another formulation, stepped in lock-step with the
// page's (lock_step.js). Its bodies are drawn as a translucent ghost over the page's,
// and a table shows both side by side: solver status, problem size, pivots, contacts,
// a chosen body's position and velocity, and the plotted quantities' latest values.
// Turning it on restarts both from the scene's initial state; a reset or a scene load
// keeps them in step; turning it off deletes the twin.
import { FORMULATIONS, OPTION_NAMES, POSE_STRIDE, Simulation, VELOCITY_STRIDE } from './simulation.js';

const TABLE_INTERVAL_MS = 200;

// The formulation the twin starts with: another one than the page's.
function otherFormulation(current) {
  return current === 'lcp' ? 'convex' : 'lcp';
}

function formatNumber(value, digits = 3) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const text = value.toFixed(digits);
  return Number(text) === 0 ? (0).toFixed(digits) : text; // no "-0.000"
}

// The last value of a plotted column.
function latest(column) {
  return column.length ? column[column.length - 1] : null;
}

export class CompareMode {
  // module: the WebAssembly module (for the twin); lockStep: the page's lock-step;
  // view: draws the ghost (view.ghost); plots: ContactPlots, whose latest values the
  // table shows; gui: the lil-gui root; actions: { reset() }, the page's reset.
  constructor(module, lockStep, view, plots, gui, actions) {
    this.module = module;
    this.lockStep = lockStep;
    this.view = view;
    this.plots = plots;
    this.actions = actions;
    this.sceneText = '';
    this.description = null;
    this.lastTableMs = -Infinity;
    this.updating = false;
    this.state = { on: false, formulation: 'lcp', body: 0 };

    this.panel = document.getElementById('compare-panel');
    this.cells = {};
    for (const cell of this.panel.querySelectorAll('[data-field]')) {
      this.cells[`${cell.dataset.side}.${cell.dataset.field}`] = cell;
    }

    this.folder = gui.addFolder('compare');
    this.onController = this.folder
      .add(this.state, 'on')
      .name('compare')
      .onChange((on) => this.ifUser(() => this.setEnabled(on, this.state.formulation)));
    this.formulationController = this.folder
      .add(this.state, 'formulation', FORMULATIONS)
      .name('ghost formulation')
      .onChange((name) => this.ifUser(() => this.setTwinFormulation(name)));
    this.bodyController = this.folder
      .add(this.state, 'body', {})
      .name('body')
      .onChange(() => this.updateTable(true));
  }

  ifUser(change) {
    if (!this.updating) change();
  }

  get twin() {
    return this.lockStep.twin;
  }

  get on() {
    return this.twin !== null;
  }

  // A scene was loaded in the page (`jsonText`, its parsed description).
  setScene(jsonText, description) {
    this.sceneText = jsonText;
    this.description = description;
    this.buildBodyChoices();
    if (!this.on) {
      this.state.formulation = otherFormulation(this.lockStep.simulation.formulation);
      this.formulationController.updateDisplay();
      return '';
    }
    return this.loadTwin();
  }

  buildBodyChoices() {
    const bodies = this.description.bodies;
    const links = new Set();
    for (const articulation of this.description.articulations ?? []) {
      for (const link of articulation.links) links.add(link.body);
    }
    const choices = {};
    bodies.forEach((body, index) => {
      if (!body.static) choices[body.name] = index;
    });
    const free = bodies.findIndex((body, index) => !body.static && !links.has(index));
    this.state.body = free >= 0 ? free : Math.max(0, bodies.findIndex((body) => !body.static));
    this.bodyController.options(choices);
  }

  // Loads the page's scene into the twin with the page's options and the twin's
  // formulation; returns "" or the error.
  loadTwin() {
    const twin = this.twin;
    const error = twin.loadScene(this.sceneText);
    if (error) return error;
    const primary = this.lockStep.simulation;
    for (const name of OPTION_NAMES) {
      if (name !== 'formulation') twin.setOption(name, primary.getOption(name));
    }
    twin.setOption('formulation', FORMULATIONS.indexOf(this.state.formulation));
    this.view.ghost.build(twin.description);
    return '';
  }

  // Turns compare mode on (with the twin under `formulation`, by name) or off.
  // Returns "" or an error; on error nothing changes.
  setEnabled(on, formulation = undefined) {
    const name = formulation ?? (on ? otherFormulation(this.lockStep.simulation.formulation) : this.state.formulation);
    if (!FORMULATIONS.includes(name)) {
      this.showState();
      return `formulation: must be one of ${FORMULATIONS.join(', ')}, got "${name}"`;
    }
    if (!on) {
      this.disable();
      return '';
    }
    this.state.formulation = name;
    if (!this.on) {
      this.lockStep.twin = new Simulation(this.module);
      const error = this.loadTwin();
      if (error) {
        this.disable();
        return error;
      }
    } else {
      this.twin.setOption('formulation', FORMULATIONS.indexOf(name));
    }
    this.panel.hidden = false;
    this.actions.reset();
    this.showState();
    return '';
  }

  disable() {
    const twin = this.twin;
    this.lockStep.twin = null;
    if (twin) twin.dispose();
    this.view.ghost.clear();
    this.panel.hidden = true;
    this.showState();
  }

  // Another formulation for the twin: its state carries over, as in the page.
  setTwinFormulation(name) {
    if (!FORMULATIONS.includes(name)) return `formulation: must be one of ${FORMULATIONS.join(', ')}, got "${name}"`;
    this.state.formulation = name;
    const error = this.on ? this.twin.setOption('formulation', FORMULATIONS.indexOf(name)) : '';
    this.showState();
    this.updateTable(true);
    return error;
  }

  showState() {
    this.updating = true;
    this.state.on = this.on;
    this.onController.updateDisplay();
    this.formulationController.updateDisplay();
    this.updating = false;
  }

  // The page changed an option (already accepted there): the twin follows, except
  // for the formulation, which is what differs.
  mirrorOption(name, value) {
    if (this.on && name !== 'formulation') this.twin.setOption(name, value);
  }

  // The page gave its robots a command (accepted there): `apply(twin)` gives the twin
  // the same one.
  mirror(apply) {
    if (this.on) apply(this.twin);
  }

  reset() {
    if (this.on) this.twin.reset();
  }

  // Per frame: the ghost's poses; the table a few times a second.
  update(nowMs) {
    if (!this.on) return;
    this.view.ghost.update(this.twin.poseView());
    if (nowMs - this.lastTableMs >= TABLE_INTERVAL_MS) {
      this.lastTableMs = nowMs;
      this.updateTable();
    }
  }

  // The numbers of both simulations: {page: {...}, twin: {...}}, or null when off.
  numbers() {
    if (!this.on) return null;
    const body = this.state.body;
    const plotted = this.plots.series;
    const describe = (simulation, columns) => {
      const report = simulation.solverReport();
      const poses = simulation.poseView();
      const velocities = simulation.velocityView();
      const p = body * POSE_STRIDE;
      const v = body * VELOCITY_STRIDE;
      return {
        formulation: simulation.formulation,
        time: simulation.time,
        status: report.status,
        message: report.message,
        problemSize: report.lcpSize,
        pivots: report.pivots,
        contacts: simulation.contactCount,
        position: [poses[p], poses[p + 1], poses[p + 2]],
        velocity: [velocities[v], velocities[v + 1], velocities[v + 2]],
        normalForce: latest(columns.normalForce),
        frictionForce: latest(columns.frictionForce),
        slipSpeed: latest(columns.slipSpeed),
        gap: latest(columns.gap),
      };
    };
    return {
      body: this.description.bodies[body]?.name ?? '',
      page: describe(this.lockStep.simulation, plotted.primary),
      twin: describe(this.twin, plotted.twin),
    };
  }

  updateTable(now = false) {
    if (!this.on) return;
    if (now) this.lastTableMs = performance.now();
    const numbers = this.numbers();
    for (const side of ['page', 'twin']) {
      const values = numbers[side];
      const set = (field, text) => {
        this.cells[`${side}.${field}`].textContent = text;
      };
      set('formulation', values.formulation);
      set('status', values.status);
      this.cells[`${side}.status`].title = values.message;
      const healthy = values.status === 'solved' || values.status === 'no contacts';
      this.cells[`${side}.status`].classList.toggle('warning', !healthy);
      set('size', `${values.problemSize} / ${values.pivots}`);
      set('contacts', String(values.contacts));
      set('position', values.position.map((x) => formatNumber(x)).join(', '));
      set('velocity', values.velocity.map((x) => formatNumber(x)).join(', '));
      set('forces', `${formatNumber(values.normalForce, 2)} / ${formatNumber(values.frictionForce, 2)}`);
      set('slip', `${formatNumber(values.slipSpeed)} / ${formatNumber(values.gap === null ? null : 1000 * values.gap)}`);
    }
    document.getElementById('compare-body').textContent = numbers.body;
  }
}

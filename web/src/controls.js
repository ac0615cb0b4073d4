// The control panel (lil-gui): the solver options, playback, the scene picker and
// what the overlay shows (the formulation, plots and compare folders have their own
// modules). Every change goes through the actions given by main.js, which report a
// rejected value in the page and then call refresh() with the options in force, so
// the panel always shows what the simulation uses.
import GUI from 'lil-gui';

const LOG_TIME_STEP_MIN = -1; // log10 of h in ms: 0.1 ms
const LOG_TIME_STEP_MAX = 2; // 100 ms
// Seed 002 step 3: which contacts enter a step (core/options.h contact_search).
const CONTACT_SEARCH = Object.freeze({ 'within margin': 0, 'shorten step': 1 });

// h in ms from its slider position, rounded to two significant digits.
function timeStepMsFromLog(logValue) {
  return Number((10 ** logValue).toPrecision(2));
}

function formatMs(ms) {
  return `${Number(ms.toPrecision(3))} ms`;
}

export class Controls {
  // actions: { setOption(name, value), play(), pause(), step(), reset(),
  //            loadBuiltinScene(name), setOverlay({cones, arrows}) }
  constructor(container, sceneNames, actions) {
    this.actions = actions;
    this.gui = new GUI({ container, title: 'contactlab', width: 300 });
    this.state = {
      scene: sceneNames[0] || '',
      logTimeStep: Math.log10(2.5),
      frictionCoefficient: 0.5,
      sceneMaterials: true,
      errorReduction: 0.2,
      frictionEdges: 8,
      contactMargin: 0.002,
      contactThreshold: 1e-4,
      kineticThresholdSpeed: 1e-3,
      gravityZ: -9.81,
      contactSearch: 0,
      cones: true,
      arrows: true,
      playPause: () => (this.playing ? actions.pause() : actions.play()),
      step: () => actions.step(),
      reset: () => actions.reset(),
    };
    const state = this.state;
    this.updating = false; // true while the panel is refreshed from the simulation

    this.sceneController = this.gui
      .add(state, 'scene', sceneNames)
      .name('scene')
      .onChange((name) => this.ifUser(() => actions.loadBuiltinScene(name)));

    const playback = this.gui.addFolder('playback');
    this.playController = playback.add(state, 'playPause').name('pause');
    playback.add(state, 'step').name('single step');
    playback.add(state, 'reset').name('reset');

    const solver = this.gui.addFolder('solver');
    this.solverFolder = solver;
    this.timeStepController = solver
      .add(state, 'logTimeStep', LOG_TIME_STEP_MIN, LOG_TIME_STEP_MAX, 0.01)
      .name('time step h')
      .onChange((logValue) => this.ifUser(() => this.setOption('time_step', timeStepMsFromLog(logValue) / 1000)));
    this.showTimeStepInMs(this.timeStepController);

    // Any value entered here overrides the scene's materials, also the value the
    // panel already shows when it is confirmed with Enter (lil-gui reports changes only).
    const overrideFriction = (mu) =>
      this.ifUser(() => {
        state.sceneMaterials = false;
        this.materialsController.updateDisplay();
        this.setOption('friction_coefficient', mu);
      });
    this.frictionController = solver
      .add(state, 'frictionCoefficient', 0, 2, 0.01)
      .name('friction μ')
      .onChange(overrideFriction);
    this.frictionController.$input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') overrideFriction(state.frictionCoefficient);
    });
    this.materialsController = solver
      .add(state, 'sceneMaterials')
      .name('μ from scene materials')
      .onChange((useMaterials) =>
        this.ifUser(() => this.setOption('friction_coefficient', useMaterials ? -1 : state.frictionCoefficient)),
      );
    solver
      .add(state, 'errorReduction', 0, 1, 0.01)
      .name('error reduction γ')
      .onChange((gamma) => this.ifUser(() => this.setOption('error_reduction', gamma)));
    solver
      .add(state, 'frictionEdges', 4, 32, 2)
      .name('friction edges u')
      .onChange((edges) => this.ifUser(() => this.setOption('friction_edges', edges)));

    const advanced = solver.addFolder('more');
    advanced
      .add(state, 'contactMargin', 0, 0.05, 0.0005)
      .name('contact margin [m]')
      .onChange((value) => this.ifUser(() => this.setOption('contact_margin', value)));
    advanced
      .add(state, 'contactThreshold', 0, 0.01, 0.00005)
      .name('contact threshold [m]')
      .onChange((value) => this.ifUser(() => this.setOption('contact_threshold', value)));
    advanced
      .add(state, 'kineticThresholdSpeed', 0, 0.1, 0.0005)
      .name('kinetic threshold s_t [m/s]')
      .onChange((value) => this.ifUser(() => this.setOption('kinetic_threshold_speed', value)));
    advanced
      .add(state, 'gravityZ', -20, 0, 0.01)
      .name('gravity g_z [m/s²]')
      .onChange((value) => this.ifUser(() => this.setOption('gravity_z', value)));
    advanced
      .add(state, 'contactSearch', CONTACT_SEARCH)
      .name('contact search')
      .onChange((value) => this.ifUser(() => this.setOption('contact_search', value)));
    advanced.close();

    const overlay = this.gui.addFolder('show');
    overlay
      .add(state, 'cones')
      .name('friction cones')
      .onChange(() => actions.setOverlay({ cones: state.cones, arrows: state.arrows }));
    overlay
      .add(state, 'arrows')
      .name('force arrows')
      .onChange(() => actions.setOverlay({ cones: state.cones, arrows: state.arrows }));

    this.playing = true;
  }

  // The h slider moves over log10(h / 1 ms); its box shows h itself, in ms.
  showTimeStepInMs(controller) {
    controller.$input.readOnly = true;
    controller.$input.tabIndex = -1;
    const updateDisplay = controller.updateDisplay.bind(controller);
    controller.updateDisplay = () => {
      updateDisplay();
      controller.$input.value = formatMs(10 ** controller.getValue());
      return controller;
    };
    controller.updateDisplay();
  }

  ifUser(change) {
    if (!this.updating) change();
  }

  setOption(name, value) {
    this.actions.setOption(name, value);
  }

  // Shows the options in force (after a scene load, a reset or a rejected value).
  refresh(options, sceneName) {
    this.updating = true;
    const state = this.state;
    state.logTimeStep = Math.log10(1000 * options.time_step);
    state.sceneMaterials = options.friction_coefficient < 0;
    if (!state.sceneMaterials) state.frictionCoefficient = options.friction_coefficient;
    state.errorReduction = options.error_reduction;
    state.frictionEdges = options.friction_edges;
    state.contactMargin = options.contact_margin;
    state.contactThreshold = options.contact_threshold;
    state.kineticThresholdSpeed = options.kinetic_threshold_speed;
    state.gravityZ = options.gravity_z;
    state.contactSearch = options.contact_search;
    if (sceneName !== undefined && this.sceneController._values.includes(sceneName)) state.scene = sceneName;
    for (const controller of this.gui.controllersRecursive()) controller.updateDisplay();
    this.updating = false;
  }

  setPlaying(playing) {
    this.playing = playing;
    this.playController.name(playing ? 'pause' : 'play');
  }
}

// The control panel (lil-gui): the scene picker, playback, the options every
// formulation shares and what the overlay shows (the view, formulation, robot, plots
// and compare folders have their own modules). The option controls are built from the
// core's option schema (option_control.js); this module only says which options the
// solver folder shows, in which order. Every change goes through the actions given
// by main.js, and refresh() then shows the options in force.
import GUI from 'lil-gui';
import { addOptionControl } from './option_control.js';
import { symbolText } from './option_label.js';

// The solver folder's options, then those of its sub-folder "more".
const SOLVER_OPTIONS = Object.freeze([
  'time_step',
  'friction_coefficient',
  'restitution',
  'torsional_friction',
  'error_reduction',
  'friction_edges',
  'coordinates',
]);
const MORE_OPTIONS = Object.freeze([
  'contact_margin',
  'contact_threshold',
  'kinetic_threshold_speed',
  'gravity_z',
  'contact_search',
  'baumgarte_alpha',
  'baumgarte_beta',
]);
// Shown in milliseconds: the step is a few ms.
const TIME_STEP = 'time_step';

function outsideRange(entry, named) {
  return named.value < entry.min || named.value > entry.max;
}

export class Controls {
  // `optionSchema`: the core's option table (option_schema.js). actions: {
  // setOption(name, value), play(), pause(), step(), restart(), resetScene(), copyLink(),
  // loadBuiltinScene(name), setOverlay({cones, arrows}) }.
  constructor(container, sceneNames, optionSchema, actions) {
    this.actions = actions;
    this.gui = new GUI({ container, title: 'contactlab', width: 300 });
    this.optionRows = [];
    this.toggles = []; // {entry, named, state, controller}: a named value outside the range, as a checkbox
    this.state = {
      scene: sceneNames[0] || '',
      cones: true,
      arrows: true,
      playPause: () => (this.playing ? actions.pause() : actions.play()),
      step: () => actions.step(),
      restart: () => actions.restart(),
      resetScene: () => actions.resetScene(),
      copyLink: () => actions.copyLink(),
    };
    const state = this.state;

    this.sceneNames = sceneNames;
    this.sceneController = this.gui
      .add(state, 'scene', sceneNames)
      .name('scene')
      .onChange((name) => {
        if (sceneNames.includes(name)) actions.loadBuiltinScene(name);
      });

    const playback = this.gui.addFolder('playback');
    this.playController = playback.add(state, 'playPause').name('pause');
    playback.add(state, 'step').name('single step');
    // Restart keeps the options as set; reset scene brings back the scene's own.
    playback.add(state, 'restart').name('restart (r)');
    playback.add(state, 'resetScene').name('reset scene');
    playback.add(state, 'copyLink').name('copy link (c)');
    this.viewFolder = this.gui.addFolder('view'); // filled by view_folder.js

    this.solverFolder = this.gui.addFolder('solver');
    for (const name of SOLVER_OPTIONS) this.addOption(this.solverFolder, optionSchema.option(name));
    const more = this.solverFolder.addFolder('more');
    for (const name of MORE_OPTIONS) this.addOption(more, optionSchema.option(name));
    more.close();

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

  // The option's control, and a checkbox for each of its named values outside the
  // range (the scene's materials instead of one μ, e or μ_t): ticked, the option takes that
  // value; unticked, the slider's.
  addOption(folder, entry) {
    const set = (value) => this.actions.setOption(entry.name, value);
    const control = addOptionControl(folder, entry, set, { inMilliseconds: entry.name === TIME_STEP });
    this.optionRows.push(control);
    for (const named of entry.values.filter((value) => outsideRange(entry, value))) {
      const state = { on: false };
      const controller = folder
        .add(state, 'on')
        .name(`${symbolText(entry.symbol) || entry.label} from ${named.label}`)
        .onChange((on) => set(on ? named.value : control.value));
      this.toggles.push({ entry, named, state, controller });
    }
  }

  // Follows the session's options and scene (the picker names what is on screen) and
  // the loop's play or pause.
  followSession(session, loop) {
    session.on('loaded', (loaded) => this.nameScene(loaded));
    session.onOptions((options, { sceneKey }) => this.refresh(options, sceneKey ?? undefined));
    loop.on('playing', (playing) => this.setPlaying(playing));
  }

  // The picker names the loaded scene: a built-in one by its name, any other as one more
  // entry after them, a scene file by its file's name ("file: NAME") and a scene a link
  // carried by the scene's own name.
  nameScene({ sceneKey, fileName, description }) {
    const builtin = sceneKey !== null && this.sceneNames.includes(sceneKey);
    const other = fileName ? `file: ${fileName}` : `scene: ${description.name}`;
    this.sceneController.options(builtin ? this.sceneNames : [...this.sceneNames, other]);
    this.state.scene = builtin ? sceneKey : other;
    this.sceneController.updateDisplay();
  }

  // Shows the options in force (after a scene load, a change or a refused value).
  refresh(options, sceneName) {
    for (const control of this.optionRows) control.show(options[control.entry.name]);
    for (const { entry, named, state, controller } of this.toggles) {
      state.on = options[entry.name] === named.value;
      controller.updateDisplay();
    }
    if (sceneName !== undefined && this.sceneController._values.includes(sceneName)) {
      this.state.scene = sceneName;
      this.sceneController.updateDisplay();
    }
  }

  // The option controls: [{option, label}], in panel order.
  optionControls() {
    return this.optionRows.map((control) => control.describe());
  }

  setPlaying(playing) {
    this.playing = playing;
    this.playController.name(playing ? 'pause' : 'play');
  }
}

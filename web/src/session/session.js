// The page's session: owns the page's Simulation and, in compare mode, its twin (the
// same scene under another formulation or coordinates, with the same other options and
// robot commands),
// applies every action to both in one place, steps both in lock-step, and tells the
// page what happened through events (Emitter):
// - loaded {sceneKey, fileName, description, options, edited}: a scene was loaded
//   (sceneKey: the built-in scene's name, or null; fileName: the scene file's name when
//   one was opened, else null; edited: true when it is an edit of the scene before,
//   editScene); the twin, if any, loaded it too;
// - stepped (the session): after every step of both, so the plots can sample each;
// - optionsChanged {name, error, options}: after every setOption, accepted or not,
//   with the options in force;
// - reset: both are back at the scene's initial state;
// - commanded {error}: after a joint target, a command or a jog, accepted or not;
// - dragged {error}: after a drag, a move of its target or a release, accepted or not;
// - compareChanged {on, formulation, coordinates}: after every compare action, accepted or not,
//   with compare mode's state in force;
// - seeked {step, options}: the timeline showed another step of the run (seek), with
//   the options in force there;
// - error {context, message}: an action was refused; the message names the field and
//   the allowed range, and nothing changed.
// The page's parts subscribe themselves (their followSession); onOptions hears the three
// events that carry the options in force.
// Actions return "" or the error. Read the simulations through `simulation` and
// `twin`; change them only through the session.
//
// The session also keeps what a link needs to reproduce the run (docs/links.md): where
// the scene came from, the options at the start, compare mode at the start, and a
// journal of every accepted action with the step it came after. A restart (reset)
// starts a new journal from the options in force; loading a scene starts one with
// none. openLink plays a link's journal back through the same actions, so the
// journal it leaves is the link's own.
//
// The timeline (seek) takes the run back to an earlier step: both simulations restore
// their newest checkpoint at or before it (run_history.js) and step to it, applying the
// journal's actions on the way, so what is shown is what was simulated first, bit for
// bit. The run after that step is kept, to seek forward again, until the run moves on
// from the step shown (a step, or an accepted action): then the journal's entries and
// the checkpoints after it are dropped. A link written meanwhile is of the step shown.
import { Emitter } from './emitter.js';
import { isChoice } from './option_schema.js';
import { RunHistory } from './run_history.js';
import { mergePatchBetween } from './merge_patch.js';
import { builtinScene } from './scenes.js';
import { Simulation } from './simulation.js';

// The options compare mode varies between the two: the page's and the twin's own.
const FORMULATION = 'formulation';
const COORDINATES = 'coordinates';
const VARIED = [FORMULATION, COORDINATES];
const SCENE_REFUSED = 'scene not loaded (the previous scene keeps running)';
const FILE_REFUSED = 'scene file not opened (the previous scene keeps running)';
const EDIT_REFUSED = 'edit refused (the scene stays as it was)';

// "" or why `value` is not a point [x, y, z] (its numbers the core checks).
function pointError(name, value) {
  return Array.isArray(value) && value.length === 3 ? '' : `${name}: must be [x, y, z] in metres, got ${JSON.stringify(value)}`;
}

export class Session extends Emitter {
  #module;
  #schema;
  #simulation;
  #twin = null;
  #twinFormulation = ''; // set when a scene is loaded
  #twinCoordinates = ''; // set when a scene is loaded
  #sceneText = '';
  #sceneSource = null; // the link's `scene`: {builtin[, changes]} or {json}
  #sceneOptions = {}; // the options the scene itself sets
  #startOptions = {}; // the options in force when the journal started
  #startCompare = null; // compare mode's {formulation, coordinates} when it started, or null
  #startCoordinates = ''; // the page's coordinates when it started
  #journal = []; // [step, kind, ...arguments], as docs/links.md writes them
  #replay = null; // {journal, next, target} while a link plays back
  #history = new RunHistory();
  #optionGuard = null; // (name, value) => "" or why the option may not take the value

  // `schema`: readCoreSchema(module).
  constructor(module, schema) {
    super();
    this.#module = module;
    this.#schema = schema;
    this.#simulation = new Simulation(module, schema);
    this.#simulation.keepStateLog(); // for the state CSV's export
  }

  // Calls `listener(options, detail)` whenever the options in force may have changed: a
  // scene loaded, an option changed or the timeline showed another step.
  onOptions(listener) {
    for (const name of ['loaded', 'optionsChanged', 'seeked']) this.on(name, (detail) => listener(detail.options, detail));
  }

  // {options: OptionSchema, records: the record layouts}.
  get schema() {
    return this.#schema;
  }

  // The page's Simulation.
  get simulation() {
    return this.#simulation;
  }

  // Compare mode's Simulation, or null when compare mode is off.
  get twin() {
    return this.#twin;
  }

  // The formulation compare mode runs (or will run) the twin under, by name.
  get twinFormulation() {
    return this.#twinFormulation;
  }

  // The coordinates compare mode runs (or will run) the twin under, by name.
  get twinCoordinates() {
    return this.#twinCoordinates;
  }

  // `sceneKey`: the built-in scene's name, or null for a scene from elsewhere;
  // `source`: where a link says the scene came from (by default the built-in by name,
  // or the whole scene).
  loadScene(jsonText, sceneKey = null, source = undefined) {
    return this.#load(jsonText, { sceneKey, source }, SCENE_REFUSED, '');
  }

  // A scene file the user opened (`fileName` is only shown); a refusal names the file.
  loadSceneFile(fileName, jsonText) {
    return this.#load(jsonText, { fileName }, FILE_REFUSED, `${JSON.stringify(fileName)}: `);
  }

  // A scene file that could not be read: refused as a bad scene file is.
  refuseSceneFile(fileName, message) {
    return this.#refuse(FILE_REFUSED, `${JSON.stringify(fileName)}: ${message}`);
  }

  #load(jsonText, { sceneKey = null, source = undefined, fileName = null }, context, prefix) {
    const error = this.#simulation.loadScene(jsonText);
    if (error) return this.#refuse(context, prefix + error);
    this.#sceneOptions = this.#simulation.options();
    const loadedFrom = source ?? (sceneKey ? { builtin: sceneKey } : { json: JSON.parse(jsonText) });
    this.#afterLoad(jsonText, loadedFrom, { sceneKey, fileName, edited: false });
    return '';
  }

  // The page's simulation loaded `jsonText` (from `source`, as a link says): the twin
  // loads it too, a new journal starts and `loaded` is told with `detail`'s fields.
  #afterLoad(jsonText, source, detail) {
    this.#sceneText = jsonText;
    this.#sceneSource = source;
    const twinError = this.#twin ? this.#loadTwin() : '';
    if (twinError) this.#closeTwin();
    if (!this.#twin && !detail.edited) {
      this.#twinFormulation = this.#otherFormulation();
      this.#twinCoordinates = this.#simulation.coordinates;
    }
    this.#startJournal();
    const { description } = this.#simulation;
    this.emit('loaded', { ...detail, description, options: this.#simulation.options() });
    if (twinError) {
      this.#refuse('compare mode: the ghost did not load the scene', twinError);
      this.emit('compareChanged', this.#compareState());
    }
  }

  // The loaded scene's JSON text, as it was loaded.
  get sceneText() {
    return this.#sceneText;
  }

  // An edit of the loaded scene (web/src/editor): `jsonText` is the whole edited scene,
  // checked by the core as a scene file is; refused, nothing changes. Accepted, both
  // simulations load it at its initial state, the options changed since the scene
  // loaded stay in force (unless the edit changed the scene's own value of one), and a
  // link carries the edited scene: a built-in one as its changes (a merge patch), any
  // other whole (docs/links.md). A new journal starts.
  editScene(jsonText) {
    const before = this.#simulation.options();
    const previousOwn = this.#sceneOptions;
    const error = this.#simulation.loadScene(jsonText);
    if (error) return this.#refuse(EDIT_REFUSED, error);
    const own = this.#simulation.options();
    for (const name of this.#schema.options.names) {
      const changedByUser = !Object.is(before[name], previousOwn[name]);
      const changedByEdit = !Object.is(own[name], previousOwn[name]);
      if (changedByUser && !changedByEdit) this.#simulation.setOption(name, before[name]);
    }
    this.#sceneOptions = own;
    const builtin = this.#sceneSource?.builtin;
    const changes = builtin === undefined ? null : mergePatchBetween(JSON.parse(builtinScene(builtin)), JSON.parse(jsonText));
    const unchanged = changes !== null && Object.keys(changes).length === 0; // every edit undone
    let source = { json: JSON.parse(jsonText) };
    if (unchanged) source = { builtin };
    else if (changes !== null) source = { builtin, changes };
    this.#afterLoad(jsonText, source, { sceneKey: unchanged ? builtin : null, fileName: null, edited: true });
    return '';
  }

  loadBuiltinScene(name) {
    return this.loadScene(builtinScene(name), name);
  }

  // An exercise's bounds over the option table's (exercise_mode.js): `guard(name,
  // value)` (the canonical name) returns "" or why the value is refused; null for none.
  guardOptions(guard) {
    this.#optionGuard = guard;
  }

  // Sets one option of both simulations, except the formulation and the coordinates,
  // which are the page's alone (the twin's are what compare mode varies). `value`: a
  // number, or text as `--set` takes it (a named value's word, or a number).
  setOption(name, value) {
    const entry = this.#schema.options.option(name);
    if (entry && typeof value === 'string') {
      const number = this.#optionNumberFromText(entry, value);
      if (typeof number === 'string') {
        this.#refuse('option not changed', number);
        this.emit('optionsChanged', { name, error: number, options: this.#simulation.options() });
        return number;
      }
      value = number;
    }
    const refused = entry && this.#optionGuard ? this.#optionGuard(entry.name, value) : '';
    if (refused) {
      this.#refuse('option not changed', refused);
      this.emit('optionsChanged', { name, error: refused, options: this.#simulation.options() });
      return refused;
    }
    const error = this.#perform('option', [name, value]);
    if (error) {
      this.emit('error', { context: 'option not changed', message: error });
    } else {
      this.#record('option', entry.name, this.#optionValue(entry.name, this.#simulation.getOption(entry.name)));
    }
    this.emit('optionsChanged', { name, error, options: this.#simulation.options() });
    return error;
  }

  // Switches the page's formulation live, by name: the state carries over.
  setFormulation(name) {
    const number = this.#schema.options.valueOf(FORMULATION, name);
    if (number === undefined) {
      return this.#refuse('option not changed', this.#schema.options.unknownValueMessage(FORMULATION, name));
    }
    return this.setOption(FORMULATION, number);
  }

  // Restart: both back at the scene's initial state, the options kept; a new journal.
  reset() {
    this.#simulation.reset();
    if (this.#twin) this.#twin.reset();
    this.#startJournal();
    this.emit('reset');
  }

  // Reset scene: both back at the scene's initial state with the scene's own options
  // (the twin keeps compare mode's formulation and coordinates); a new journal, with no
  // options.
  resetScene() {
    this.#simulation.resetScene();
    if (this.#twin) {
      this.#twin.resetScene();
      this.#setTwinPair(this.#twinFormulation, this.#twinCoordinates);
    }
    this.#startJournal();
    this.emit('optionsChanged', { name: null, error: '', options: this.#simulation.options() });
    this.emit('reset');
  }

  // Takes `count` steps of both, one at a time; returns the steps the page's
  // simulation took (all of them once a scene is loaded). From a step the timeline
  // went back to, the run after it is dropped first.
  step(count) {
    if (count >= 1) this.#moveOn();
    const simulations = this.#simulations();
    let taken = 0;
    for (let i = 0; i < count; i += 1) {
      if (this.#simulation.step(1) !== 1) break;
      taken += 1;
      if (this.#twin) this.#twin.step(1);
      this.#history.afterStep(simulations);
      this.emit('stepped', this);
    }
    return taken;
  }

  // The timeline: the steps the run can be taken back to, from `first` (the oldest
  // checkpoint's) to `last` (how far the run went), and the step shown.
  get timeline() {
    return { first: this.#history.first(this.#simulation), last: this.#history.end, step: this.#simulation.stepCount };
  }

  // Shows the run at `step` (a whole number, taken into the timeline's span): both
  // simulations go back to their newest checkpoint at or before it and step to it,
  // applying the journal's actions of those steps; nothing is recorded. Returns "" or
  // the error (while a link plays back, or without a checkpoint: nothing changed).
  seek(step) {
    if (this.#replay) return this.#refuse('timeline not moved', 'a link is still playing back');
    if (!Number.isFinite(step)) return this.#refuse('timeline not moved', `step: must be a number, got ${step}`);
    const { first, last, step: shown } = this.timeline;
    const target = Math.min(Math.max(Math.round(step), first), last);
    if (target === shown) return '';
    const from = this.#history.restore(this.#simulations(), target);
    if (from < 0) return this.#refuse('timeline not moved', `no checkpoint at or before step ${target}`);
    let next = this.#journal.findIndex(([at]) => at >= from);
    if (next < 0) next = this.#journal.length;
    for (let at = from; ; at += 1) {
      for (; next < this.#journal.length && this.#journal[next][0] === at; next += 1) {
        const [, kind, ...args] = this.#journal[next];
        const error = this.#perform(kind, kind === 'option' ? [args[0], this.#optionNumber(...args)] : args);
        if (error) return this.#refuse('timeline stopped', `journal[${next}]: ${error}`);
      }
      if (at === target) break;
      this.#simulation.step(1);
      if (this.#twin) this.#twin.step(1);
    }
    if (this.#twin) {
      this.#twinFormulation = this.#twin.formulation;
      this.#twinCoordinates = this.#twin.coordinates;
    }
    this.emit('seeked', { step: target, options: this.#simulation.options() });
    return '';
  }

  // Starts a smooth move of one actuated joint's set point to `position` [rad or m].
  setJointTarget(articulation, link, position) {
    return this.#command('joint not moved', 'target', [articulation, link, position]);
  }

  // kind: 'autograsp' or 'open'.
  command(articulation, kind) {
    return this.#command(`${kind} not started`, 'command', [articulation, kind]);
  }

  // Moves a joggable link's frame by (dx, dy, dz) [m, world axes], orientation kept.
  jog(articulation, link, dx, dy, dz) {
    return this.#command('jog refused', 'jog', [articulation, link, dx, dy, dz]);
  }

  // Drag to perturb (docs/page.md): grabs `body` (by name) at the world point `point`
  // and pulls it toward `target` ([x, y, z] m each) in every step until release(); in
  // compare mode the twin's body is grabbed at the same point of the body. Returns ""
  // or the refusal.
  drag(body, point, target) {
    const shapeError = pointError('point', point) || pointError('target', target);
    if (shapeError) return this.#dragged('drag refused', shapeError);
    return this.#dragAction('drag refused', 'drag', [body, ...point, ...target]);
  }

  // Moves the target of the drag under way. Moves within one step keep only the last
  // in the journal: the step applies the target in force when it is taken.
  moveDragTarget(target) {
    const shapeError = pointError('target', target);
    if (shapeError) return this.#dragged('drag target not moved', shapeError);
    return this.#dragAction('drag target not moved', 'drag_target', [...target]);
  }

  // Lets go of the body grabbed; nothing grabbed, nothing is recorded.
  release() {
    if (!this.#simulation.dragState()) return '';
    return this.#dragAction('release', 'release', []);
  }

  #dragAction(context, kind, args) {
    const error = this.#perform(kind, args);
    if (!error) {
      this.#moveOn();
      const last = this.#journal.at(-1);
      const step = this.#simulation.stepCount;
      if (kind === 'drag_target' && last?.[1] === 'drag_target' && last[0] === step) last.splice(2, 3, ...args);
      else this.#journal.push([step, kind, ...args]);
    }
    return this.#dragged(context, error);
  }

  #dragged(context, error) {
    if (error) this.emit('error', { context, message: error });
    this.emit('dragged', { error });
    return error;
  }

  // What a link needs to reproduce the run (docs/links.md's payload, without the
  // page's `playing` and `view`).
  linkPayload() {
    const payload = { scene: this.#sceneSource };
    if (Object.keys(this.#startOptions).length) payload.options = { ...this.#startOptions };
    if (this.#startCompare) {
      const { formulation, coordinates } = this.#startCompare;
      payload.compare = coordinates === this.#startCoordinates ? formulation : { formulation, coordinates };
    }
    const step = this.#simulation.stepCount;
    const journal = this.#journal.filter(([at]) => at <= step); // the timeline may show an earlier step
    if (journal.length) payload.journal = journal.map((action) => [...action]);
    if (step) payload.step = step;
    return payload;
  }

  // Opens a link read by page_link.js ({payload, sceneText, sceneKey}): loads its
  // scene, sets its options and compare mode, and makes its journal the one to play
  // back; replay() then takes the steps. Returns "" or the error: a scene that does not
  // load leaves the session as it was (the link's options and compare mode were
  // checked by the core when the link was read).
  openLink({ payload, sceneText, sceneKey }) {
    const error = this.#startLink(payload, sceneText, sceneKey);
    if (error) return this.#refuse('link not opened', error);
    return '';
  }

  // While a link plays back: the steps still to take, at least 1 until its last
  // actions are applied too (0 when done).
  get replayRemaining() {
    return this.#replay ? Math.max(1, this.#replay.target - this.#simulation.stepCount) : 0;
  }

  // Takes up to `maxSteps` steps of the link being played back, applying its journal's
  // actions after their steps; returns "" or the error of an action the simulation
  // refused (the playback then stops where it is).
  replay(maxSteps) {
    const replay = this.#replay;
    if (!replay) return '';
    for (let taken = 0; ; taken += 1) {
      const step = this.#simulation.stepCount;
      while (replay.next < replay.journal.length && replay.journal[replay.next][0] === step) {
        const error = this.#applyAction(replay.journal[replay.next]);
        if (error) {
          this.#replay = null;
          return this.#refuse('link stopped', `link: journal[${replay.next}]: ${error}`);
        }
        replay.next += 1;
      }
      if (step >= replay.target) {
        this.#replay = null;
        return '';
      }
      if (taken >= maxSteps) return '';
      this.step(1);
    }
  }

  // Compare mode on, with the twin under `formulation` (by name; by default the twin's,
  // at first another one than the page's) and `coordinates` (by name; by default the
  // twin's, at first the page's), or off (the twin is deleted). Turning it on, or
  // changing the ghost with it, restarts both.
  setCompare(on, formulation = undefined, coordinates = undefined) {
    const error = this.#changeCompare(
      on,
      formulation ?? (on && !this.#twin ? this.#otherFormulation() : this.#twinFormulation),
      coordinates ?? (on && !this.#twin ? this.#simulation.coordinates : this.#twinCoordinates),
    );
    this.emit('compareChanged', this.#compareState());
    return error;
  }

  // Another formulation for the twin, by name: its state carries over, as in the page.
  setTwinFormulation(name) {
    return this.#changeGhost('ghost', name);
  }

  // Other coordinates for the twin, by name: its state carries over, as in the page.
  setTwinCoordinates(name) {
    return this.#changeGhost('ghost_coordinates', name);
  }

  #changeGhost(kind, name) {
    const error = this.#perform(kind, [name]);
    if (error) this.emit('error', { context: 'compare mode not changed', message: error });
    else if (this.#twin) this.#record(kind, name);
    this.emit('compareChanged', this.#compareState());
    return error;
  }

  #changeCompare(on, formulation, coordinates) {
    const nameError = this.#wordError(FORMULATION, formulation) || this.#wordError(COORDINATES, coordinates);
    if (nameError) return this.#refuse('compare mode not changed', nameError);
    if (!on) {
      this.#closeTwin();
      return '';
    }
    if (this.#twin) {
      const error = this.#setTwinPair(formulation, coordinates);
      if (error) return this.#refuse('compare mode not changed', error);
    } else {
      const before = [this.#twinFormulation, this.#twinCoordinates];
      [this.#twinFormulation, this.#twinCoordinates] = [formulation, coordinates];
      this.#twin = new Simulation(this.#module, this.#schema);
      const error = this.#loadTwin();
      if (error) {
        this.#closeTwin();
        [this.#twinFormulation, this.#twinCoordinates] = before;
        return this.#refuse('compare mode not turned on', error);
      }
    }
    this.reset();
    return '';
  }

  // The twin's formulation and coordinates together. Every formulation takes reduced
  // coordinates, so they go first and maximal ones last: only the last change can be
  // refused (quasistatic refuses maximal coordinates), and then the formulation goes
  // back (a change of formulation leaves the state as it is). Returns "" or the error.
  #setTwinPair(formulation, coordinates) {
    const twin = this.#twin;
    const set = (option, word) => twin.setOption(option, this.#schema.options.valueOf(option, word));
    const previous = twin.formulation;
    const error =
      coordinates === 'reduced'
        ? set(COORDINATES, coordinates) || set(FORMULATION, formulation)
        : set(FORMULATION, formulation) || set(COORDINATES, coordinates);
    if (error) {
      set(FORMULATION, previous);
      return error;
    }
    [this.#twinFormulation, this.#twinCoordinates] = [formulation, coordinates];
    return '';
  }

  // One of the twin's own options; without a twin, what it will run under.
  #changeTwin(option, name) {
    const error = this.#wordError(option, name);
    if (error) return error;
    if (this.#twin) {
      const refused = this.#twin.setOption(option, this.#schema.options.valueOf(option, name));
      if (refused) return refused;
    }
    if (option === FORMULATION) this.#twinFormulation = name;
    else this.#twinCoordinates = name;
    return '';
  }

  // Applies an action of the journal's kinds (an option's value as a number) to the
  // page's simulation and, once accepted there, to the twin: every option but the
  // formulation and the coordinates, every robot command; a ghost action to the twin
  // alone. Returns "" or the refusal; nothing is recorded or told.
  #perform(kind, args) {
    if (kind === 'ghost') return this.#changeTwin(FORMULATION, args[0]);
    if (kind === 'ghost_coordinates') return this.#changeTwin(COORDINATES, args[0]);
    if (kind === 'drag' || kind === 'drag_target' || kind === 'release') return this.#performDrag(kind, args);
    const act = (simulation) => {
      if (kind === 'option') return simulation.setOption(...args);
      if (kind === 'target') return simulation.setJointTarget(...args);
      if (kind === 'command') return simulation.command(...args);
      return simulation.jog(...args);
    };
    const error = act(this.#simulation);
    const twinToo = kind !== 'option' || !VARIED.includes(this.#schema.options.option(args[0])?.name);
    if (!error && this.#twin && twinToo) act(this.#twin);
    return error;
  }

  // A drag action on the page's simulation and, once accepted there, on the twin,
  // whose body is grabbed at the page's body's point (in the body's frame).
  #performDrag(kind, args) {
    const page = this.#simulation;
    const twin = this.#twin;
    if (kind === 'release') {
      page.release();
      if (twin) twin.release();
      return '';
    }
    if (kind === 'drag_target') {
      const error = page.moveDragTarget(args);
      if (!error && twin) twin.moveDragTarget(args);
      return error;
    }
    const [body, ...coordinates] = args;
    const target = coordinates.slice(3, 6);
    const error = page.drag(body, coordinates.slice(0, 3), target);
    if (!error && twin) twin.dragBodyPoint(body, page.dragState().point, target);
    return error;
  }

  #command(context, kind, args) {
    const error = this.#perform(kind, args);
    if (error) this.emit('error', { context, message: error });
    else this.#record(kind, ...args);
    this.emit('commanded', { error });
    return error;
  }

  #record(...action) {
    this.#moveOn();
    this.#journal.push([this.#simulation.stepCount, ...action]);
  }

  // The run goes on from the step shown: when the timeline went back, the journal's
  // entries and the checkpoints after that step are dropped.
  #moveOn() {
    const step = this.#simulation.stepCount;
    if (step >= this.#history.end) return;
    const later = this.#journal.findIndex(([at]) => at > step);
    if (later >= 0) this.#journal.length = later;
    this.#history.truncate(this.#simulations(), step);
  }

  #simulations() {
    return this.#twin ? [this.#simulation, this.#twin] : [this.#simulation];
  }

  // A new journal, from the options and compare mode in force; the run's history starts
  // again with the state now.
  #startJournal() {
    this.#journal = [];
    this.#replay = null;
    const options = this.#simulation.options();
    this.#startOptions = {};
    for (const name of this.#schema.options.names) {
      if (!Object.is(options[name], this.#sceneOptions[name])) {
        this.#startOptions[name] = this.#optionValue(name, options[name]);
      }
    }
    this.#startCompare = this.#twin ? { formulation: this.#twinFormulation, coordinates: this.#twinCoordinates } : null;
    this.#startCoordinates = this.#simulation.coordinates;
    this.#history.start(this.#simulations());
  }

  // A value as a link writes it: a choice's word, else the number.
  #optionValue(name, value) {
    const named = this.#schema.options.namedValue(name, value);
    return named ? named.name : value;
  }

  // Text as `--set` takes it => the option's number, or (a string) why it is refused.
  #optionNumberFromText(entry, text) {
    const named = this.#schema.options.valueOf(entry.name, text);
    if (named !== undefined) return named;
    const number = text.trim() === '' ? NaN : Number(text);
    if (Number.isFinite(number)) return number;
    if (isChoice(entry)) return this.#schema.options.unknownValueMessage(entry.name, text);
    const words = entry.values.map((value) => value.name);
    return `${entry.name}: must be a number${words.length ? ` or one of ${words.join(', ')}` : ''}, got "${text}"`;
  }

  #optionNumber(name, value) {
    return typeof value === 'string' ? this.#schema.options.valueOf(name, value) : value;
  }

  #startLink(payload, sceneText, sceneKey) {
    const loadError = this.loadScene(sceneText, sceneKey, payload.scene);
    if (loadError) return loadError;
    for (const [name, value] of Object.entries(payload.options ?? {})) {
      const error = this.setOption(name, this.#optionNumber(name, value));
      if (error) return `link: options.${name}: ${error}`;
    }
    if (payload.compare || this.#twin) {
      const compare = typeof payload.compare === 'string' ? { formulation: payload.compare } : payload.compare;
      const error = compare
        ? this.setCompare(true, compare.formulation, compare.coordinates ?? this.#simulation.coordinates)
        : this.setCompare(false);
      if (error) return `link: compare: ${error}`;
    }
    this.#startJournal();
    this.#replay = { journal: payload.journal ?? [], next: 0, target: payload.step ?? 0 };
    return '';
  }

  #applyAction([, kind, ...args]) {
    if (kind === 'option') return this.setOption(args[0], this.#optionNumber(args[0], args[1]));
    if (kind === 'target') return this.setJointTarget(...args);
    if (kind === 'command') return this.command(...args);
    if (kind === 'jog') return this.jog(...args);
    if (kind === 'drag') return this.drag(args[0], args.slice(1, 4), args.slice(4, 7));
    if (kind === 'drag_target') return this.moveDragTarget(args);
    if (kind === 'release') return this.release();
    if (kind === 'ghost_coordinates') return this.setTwinCoordinates(args[0]);
    return this.setTwinFormulation(args[0]);
  }

  #refuse(context, message) {
    this.emit('error', { context, message });
    return message;
  }

  // Loads the page's scene into the twin with the page's options and the twin's
  // formulation and coordinates; returns "" or the error.
  #loadTwin() {
    const error = this.#twin.loadScene(this.#sceneText);
    if (error) return error;
    for (const name of this.#schema.options.names) {
      if (!VARIED.includes(name)) this.#twin.setOption(name, this.#simulation.getOption(name));
    }
    return this.#setTwinPair(this.#twinFormulation, this.#twinCoordinates);
  }

  #closeTwin() {
    if (this.#twin) this.#twin.dispose();
    this.#twin = null;
  }

  #compareState() {
    return { on: this.#twin !== null, formulation: this.#twinFormulation, coordinates: this.#twinCoordinates };
  }

  // "" or why `word` is not one of a choice option's words.
  #wordError(option, word) {
    return this.#schema.options.valueOf(option, word) === undefined
      ? this.#schema.options.unknownValueMessage(option, word)
      : '';
  }

  // The twin's formulation at first: another one than the page's.
  #otherFormulation() {
    const [first, second] = this.#schema.options.formulations;
    return this.#simulation.formulation === first ? second : first;
  }
}

// Exercise mode (?exercise=NAME, an exercise link or file: exercise_source.js;
// docs/exercises.md "In the page"): the exercise's scene
// with the task beside it (exercise_panel.js); only the options the exercise leaves
// open can be changed, within its bounds (the session's option guard refuses the rest
// with the core's message) and every other control that changes the outcome is
// disabled and marked locked; parameters are set in number boxes and written into the
// scene by the core; Check grades the answer with the core's grader off the page's
// thread (grading_client.js) and shows each check and the score; "download answer"
// writes the ANSWER.json `contactlab grade` takes; in an iframe the grade goes to the
// parent (grade_messages.js, embed/message_api.js).
import { ExercisePanel, readNumberBox } from './exercise_panel.js';

const PROGRESS_INTERVAL_MS = 250;

function lock(controller) {
  controller.disable();
  controller.domElement.classList.add('locked');
  controller.domElement.title = 'locked in this exercise';
}

export class ExerciseMode {
  #module;
  #session;
  #parts;
  #status;
  #grader;
  #messages;
  #handle = null;
  #sceneOptions = {}; // the options of the exercise's scene, before the student's
  #parameters = {}; // the parameters the student set: name -> number
  #checking = false;

  // parts: the page's panels (main.js); grader: a GradingClient; messages: GradeMessages.
  constructor(module, session, parts, status, grader, messages) {
    this.#module = module;
    this.#session = session;
    this.#parts = parts;
    this.#status = status;
    this.#grader = grader;
    this.#messages = messages;
    this.name = '';
    this.description = null;
    this.lastGrade = null;
  }

  // Opens an exercise from its JSON text, read by the core with its answer key
  // "required", "optional" or "refused" (exercise_source.js), against the built-in
  // scenes `scenes` ({name: JSON text}): "" or why not (then nothing of it is shown or
  // locked).
  open(text, answerKey, scenes) {
    const handle = new this.#module.Exercise();
    const error = handle.load(text, JSON.stringify(scenes), answerKey);
    if (error) {
      handle.delete();
      return error;
    }
    this.#handle = handle;
    this.text = text;
    this.answerKey = answerKey;
    this.description = JSON.parse(handle.description());
    this.name = this.description.name;
    const sceneError = this.#loadScene({});
    if (sceneError) {
      handle.delete();
      this.#handle = null;
      return sceneError;
    }
    this.#sceneOptions = this.#session.simulation.options();
    this.#session.guardOptions((option, value) => this.#optionRefusal(option, value));
    this.#lockControls();
    this.#session.on('loaded', () => this.#lockControls());
    this.panel = new ExercisePanel(document.body, this.description, this.#optionLines(), {
      check: () => this.check(),
      download: () => this.download(),
      parameterChanged: (parameter, typed) => this.#setParameter(parameter, typed),
      openIndex: () => this.#parts.exerciseIndex.show(),
    });
    document.body.classList.add('exercise');
    return '';
  }

  // The answer the page would send: {answer} (ANSWER.json's object) or {error} naming
  // the box whose text is not a number.
  answer() {
    const answer = { exercise: this.name };
    const settings = {};
    const options = this.#changedOptions();
    if (Object.keys(options).length) settings.options = options;
    if (Object.keys(this.#parameters).length) settings.parameters = { ...this.#parameters };
    if (Object.keys(settings).length) answer.settings = settings;
    const answers = {};
    for (const [name, text] of Object.entries(this.panel.answerTexts())) {
      const read = readNumberBox(text, `answers.${name}`);
      if (read.error) return { error: read.error };
      if (read.value !== null) answers[name] = read.value;
    }
    if (Object.keys(answers).length) answer.answers = answers;
    return { answer };
  }

  get checking() {
    return this.#checking;
  }

  // Grades the answer in the boxes and the control panel; resolves once the grade (or
  // why there is none) is shown.
  async check() {
    if (this.#checking) return;
    this.#status.clearError();
    const { answer, error } = this.answer();
    if (error) {
      this.panel.showMessage(`not checked: ${error}`);
      this.#status.showError('answer not checked', error);
      return;
    }
    this.#checking = true;
    const started = performance.now();
    this.panel.showChecking(0);
    const showElapsed = () => this.panel.showChecking((performance.now() - started) / 1000);
    const timer = setInterval(showElapsed, PROGRESS_INTERVAL_MS);
    try {
      const { grade } = await this.#grader.grade(this.text, this.answerKey, JSON.stringify(answer));
      this.lastGrade = grade;
      this.panel.showGrade(grade);
      this.#messages.postGrade(this.name, grade, answer);
    } catch (failure) {
      this.panel.showMessage(`not checked: ${failure.message}`);
      this.#status.showError('answer not checked', failure.message);
    } finally {
      clearInterval(timer);
      this.#checking = false;
    }
  }

  // Saves the answer as ANSWER.json (the file `contactlab grade` takes).
  download() {
    const { answer, error } = this.answer();
    if (error) {
      this.#status.showError('answer not downloaded', error);
      return;
    }
    const blob = new Blob([`${JSON.stringify(answer, null, 2)}\n`], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${this.name}.answer.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  }

  // The options the student changed from the scene's, as an answer writes them (a
  // choice by its word).
  #changedOptions() {
    const schema = this.#session.schema.options;
    const now = this.#session.simulation.options();
    const options = {};
    for (const { name } of this.description.options) {
      if (Object.is(now[name], this.#sceneOptions[name])) continue;
      options[name] = schema.namedValue(name, now[name])?.name ?? now[name];
    }
    return options;
  }

  // The core's word on one option value: "" when the exercise allows it, else the
  // answer reader's message (locked, or outside the exercise's bounds or the table's
  // range).
  #optionRefusal(name, value) {
    const word = this.#session.schema.options.namedValue(name, value)?.name;
    const answer = { exercise: this.name, settings: { options: { [name]: word ?? value } } };
    return this.#handle.checkAnswer(JSON.stringify(answer)).error;
  }

  // The options the control panel leaves open, in words.
  #optionLines() {
    const schema = this.#session.schema.options;
    return this.description.options.map(({ name, bounds: [low, high] }) => {
      const entry = schema.option(name);
      const shown = (value) => schema.namedValue(name, value)?.name ?? String(value);
      const unit = entry.unit ? ` ${entry.unit}` : '';
      return `in the control panel: ${entry.label} (${name}), ${shown(low)} .. ${shown(high)}${unit}`;
    });
  }

  // Loads the scene with `parameters` (the core writes them at their pointers); the
  // options the student changed are set again. Returns "" or the core's message.
  #loadScene(parameters) {
    const answer = { exercise: this.name, settings: { parameters } };
    const scene = this.#handle.scene(JSON.stringify(answer));
    if (scene.error) return scene.error;
    const kept = Object.keys(this.#sceneOptions).length ? Object.entries(this.#changedOptions()) : [];
    const error = this.#session.loadScene(scene.text, null, { json: JSON.parse(scene.text) });
    if (error) return error;
    const schema = this.#session.schema.options;
    for (const [name, value] of kept) {
      this.#session.setOption(name, typeof value === 'string' ? schema.valueOf(name, value) : value);
    }
    return '';
  }

  #setParameter(name, typed) {
    const shown = this.panel.shownParameter(name);
    const read = readNumberBox(typed, `settings.parameters.${name}`);
    const load = () => this.#loadScene({ ...this.#parameters, [name]: read.value });
    const error = read.error ?? (read.value === null ? '' : load());
    if (error || read.value === null) {
      if (error) this.#status.showError('parameter not changed (the scene keeps running)', error);
      this.panel.showParameter(name, shown);
      return;
    }
    this.#parameters[name] = read.value;
    this.panel.showParameter(name, String(read.value));
  }

  // Every control that changes the outcome is disabled and marked locked, but those of
  // the options the exercise leaves open, whose sliders span only its bounds.
  #lockControls() {
    const { controls, formulationPanel, robotPanel } = this.#parts;
    const open = new Set(this.description.options.map(({ name }) => name));
    const bounds = Object.fromEntries(this.description.options.map(({ name, bounds: range }) => [name, range]));
    const folders = [controls.solverFolder, formulationPanel.folder, robotPanel.folder].filter(Boolean);
    const outcome = new Set([controls.sceneController, ...folders.flatMap((folder) => folder.controllersRecursive())]);
    const optionControls = [...controls.optionRows, ...formulationPanel.parameters.map(({ control }) => control)];
    if (robotPanel.autograsp) optionControls.push(robotPanel.autograsp);
    for (const control of optionControls) {
      if (!open.has(control.entry.name)) continue;
      outcome.delete(control.controller);
      if (control.sliderMin !== undefined) this.#narrowSlider(control, bounds[control.entry.name]);
    }
    if (open.has('formulation')) outcome.delete(formulationPanel.selector);
    for (const toggle of controls.toggles) if (open.has(toggle.entry.name)) outcome.delete(toggle.controller);
    for (const controller of outcome) lock(controller);
    // The picker names the exercise's scene (not one of its built-ins to choose).
    controls.state.scene = this.#session.simulation.description.name;
    controls.sceneController.updateDisplay();
  }

  #narrowSlider(control, [low, high]) {
    const min = low === null ? control.sliderMin : Math.max(control.sliderMin, control.position(low));
    const max = high === null ? control.sliderMax : Math.min(control.sliderMax, control.position(high));
    if (min < max) control.controller.min(min).max(max).updateDisplay();
  }
}

// The scene editor: edits of the loaded scene, each applied through the session
// (Session.editScene), whose core checks the edited scene as a scene file is checked,
// with undo and redo (edit_journal.js). A refused edit changes nothing; its message and
// the scene file's field it names are told ('refused'). Editing pauses the run at the
// scene's initial state; play runs the edited scene; stop (edit()) returns to its
// initial state; a step (played or single) or the timeline ends editing. Events:
// - changed {scene}: the scene the editor shows changed (an edit, undo, redo, a scene
//   loaded), or editing started or ended;
// - selected {name}: the body or robot (articulation) selected (null for none);
// - refused {message, field}: an edit was refused; `field` is the scene file's path the
//   message starts with (`bodies[1].mass`), or '' when it names none.
// Methods return "" or the refusal, as the session's actions do.
import { Emitter } from '../session/emitter.js';
import { EditJournal } from './edit_journal.js';
import { ROBOT_MODELS, robotFromScene } from './robot_models.js';
import { addBody, addRobot, duplicateBody, freeName, newBody, removeBody, removeRobot, robotPose, setBody, setRobotPose, setScene } from './scene_edits.js';

const NEW_BODY_SPACING = 0.4; // m along x beyond the bodies there are
const NEW_HULL_MASS = 1; // kg

// "parts/Cup Holder.STL" => "Cup_Holder": a file's name as a body's name stem.
export function nameStemOf(file) {
  const base = file.split('/').at(-1).replace(/\.[^.]*$/, '');
  return base.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'hull';
}

// The field a core message starts with: "bodies[1].mass: must be ..." => "bodies[1].mass".
export function messageField(message) {
  return /^([A-Za-z_][\w.[\]]*): /.exec(message)?.[1] ?? '';
}

export class SceneEditor extends Emitter {
  #session;
  #loop;
  #journal;
  #scene = null; // the journal's current text, parsed
  #editing = false;
  #selected = null;
  #locked = ''; // why the scene may not be edited ('' when it may)
  #meshBody;
  #robotScene;

  // `loop`: the page's Loop (play and pause). `sources`: where the bodies and robots
  // that are not typed in come from: meshBody(content, {file, units, name, mass,
  // field}) => (a promise of) {error, body (object), report} (open/mesh_body.js), and
  // robotScene(name) => a built-in scene's JSON text.
  constructor(session, loop, journal = new EditJournal(), sources = {}) {
    super();
    this.#session = session;
    this.#loop = loop;
    this.#journal = journal;
    this.#meshBody = sources.meshBody ?? null;
    this.#robotScene = sources.robotScene ?? null;
  }

  // A scene loaded from elsewhere starts a new journal, the scene shown now too (the
  // editor's chunk may come after the first scene); playing ends editing.
  followSession(session) {
    session.on('loaded', ({ edited }) => {
      if (!edited) this.#startJournal(session.sceneText);
    });
    if (session.sceneText !== '') this.#startJournal(session.sceneText);
    this.#loop.on('playing', (playing) => {
      if (playing) this.#stopEditing();
    });
    // a single step or the timeline leaves the initial state: editing ends there too
    session.on('stepped', () => this.#stopEditing());
    session.on('seeked', () => this.#stopEditing());
  }

  #startJournal(sceneText) {
    this.#journal.start(sceneText);
    this.#scene = JSON.parse(sceneText);
    if (this.#selected !== null && !this.#selectable(this.#selected)) this.select(null);
    this.emit('changed', { scene: this.#scene });
  }

  #stopEditing() {
    if (!this.#editing) return;
    this.#editing = false;
    this.emit('changed', { scene: this.#scene });
  }

  // True while the run is held at the edited scene's initial state for editing.
  get editing() {
    return this.#editing;
  }

  // The edited scene (a scene file's object; do not change it).
  get scene() {
    return this.#scene;
  }

  // The edited scene's JSON text.
  sceneText() {
    return this.#journal.current ?? '';
  }

  // The name of the body or robot selected, or null.
  get selected() {
    return this.#selected;
  }

  // The robot (articulation) selected, or null (none, or a body).
  get selectedRobot() {
    return this.#selected !== null && !this.#hasBody(this.#selected) ? this.#selected : null;
  }

  // {undo, redo, characters, undoLabel, redoLabel}.
  get history() {
    return { ...this.#journal.size, undoLabel: this.#journal.undoLabel, redoLabel: this.#journal.redoLabel };
  }

  // No edits from now on (an exercise's scene stays as it is): each is refused with
  // `reason`.
  lock(reason) {
    this.#locked = reason;
  }

  // Pause at the scene's initial state, to edit (also "stop" after playing).
  edit() {
    if (this.#locked) return;
    this.#loop.pause();
    this.#session.reset();
    if (!this.#editing) {
      this.#editing = true;
      this.emit('changed', { scene: this.#scene });
    }
  }

  // Run the edited scene from its initial state.
  play() {
    this.#session.reset();
    this.#loop.play();
  }

  // A body or a robot (an articulation, selected whole) by its name; a body first when
  // both have the name.
  select(name) {
    const known = name !== null && this.#selectable(name) ? name : null;
    if (known === this.#selected) return;
    this.#selected = known;
    this.emit('selected', { name: known });
  }

  // `description`: a scene file's `bodies` entry (an object or its JSON text).
  addBody(description) {
    let body = description;
    if (typeof description === 'string') {
      try {
        body = JSON.parse(description);
      } catch (error) {
        return this.#refuse(`bodies: the new body is not JSON (${error.message})`, 'bodies');
      }
    }
    const error = this.#apply(`add ${body?.name ?? 'body'}`, (scene) => addBody(scene, body));
    if (!error) this.select(body.name);
    return error;
  }

  // x [m] beyond the bodies there are (0 without one): where a new body goes.
  #nextX() {
    const placed = this.#scene.bodies.filter((body) => !body.geoms.some((geom) => geom.type === 'plane'));
    return placed.length ? Math.max(...placed.map((body) => (body.position ?? [0])[0])) + NEW_BODY_SPACING : 0;
  }

  // A new body of `shape` (box, sphere, capsule or cylinder) on the ground, beyond the
  // bodies there are along x.
  addShape(shape) {
    if (!this.#scene) return this.#refuse('no scene is loaded yet', '');
    return this.addBody(newBody(this.#scene, shape, this.#nextX(), 0));
  }

  // A promise of "" or the refusal: a body whose geoms are the convex hulls of a mesh
  // file's parts, read and made by the core (core/import/mesh_body.h). `content`: the
  // file's bytes (Uint8Array or ArrayBuffer) or text; `options`: {file: its name, whose
  // extension (.stl or .obj) picks the reader (default NAME.stl), units: 'm' or 'mm'
  // (the file's unit, default 'm'), mass [kg] (default 1), position: [x, y, z] where the
  // middle of its bottom goes (default on the ground beyond the bodies)}. `name`: the
  // body's name ('' or null: the file's name, made free).
  async addHull(name, content, options = {}) {
    if (this.#locked) return this.#refuse(this.#locked, '');
    if (!this.#scene) return this.#refuse('no scene is loaded yet', '');
    if (!this.#meshBody) return this.#refuse('bodies: this page reads no mesh files', 'bodies');
    const file = options.file ?? `${name || 'hull'}.stl`;
    const request = {
      file,
      units: options.units ?? 'm',
      name: name || freeName(this.#scene, nameStemOf(file)),
      mass: options.mass ?? NEW_HULL_MASS,
      field: `bodies[${this.#scene.bodies.length}]`,
    };
    let result;
    try {
      result = await this.#meshBody(content, request);
    } catch (error) {
      result = { error: `bodies: ${file}: ${error.message ?? error}` };
    }
    if (result.error) return this.#refuse(result.error, messageField(result.error));
    return this.addBody({ ...result.body, position: options.position ?? [this.#nextX(), 0, 0] });
  }

  // A robot of the built-in scenes (robot_models.js: ROBOT_MODELS' keys) placed by
  // `pose` {position [m], orientation [w, x, y, z]}, which moves it from where its scene
  // has it; one edit, undone whole.
  addRobot(model, pose) {
    if (this.#locked) return this.#refuse(this.#locked, '');
    if (!this.#robotScene) return this.#refuse('articulations: this page has no robot models', 'articulations');
    return this.#apply(`add robot ${model}`, (scene) => {
      const text = Object.hasOwn(ROBOT_MODELS, model) ? this.#robotScene(ROBOT_MODELS[model].scene) : null;
      const result = robotFromScene(scene, model, text ? JSON.parse(text) : {}, pose);
      return result.error ? result : addRobot(scene, result.robot);
    });
  }

  // {model: label} of the robots addRobot takes.
  robotModels() {
    return Object.fromEntries(Object.entries(ROBOT_MODELS).map(([model, { label }]) => [model, label]));
  }

  // Robot `name` moved whole: its root joint's origin (the field addRobot's pose moves)
  // set to `pose` {position [m], orientation [w, x, y, z] (left out: kept)}.
  setRobotPose(name, pose) {
    return this.#apply(`move ${name}`, (scene) => setRobotPose(scene, name, pose));
  }

  // {position, orientation} of robot `name`'s root joint origin, or null.
  robotPose(name) {
    return this.#scene ? robotPose(this.#scene, name) : null;
  }

  // The articulation `name` removed whole (with the timeline's commands to it).
  removeRobot(name) {
    return this.#apply(`delete ${name}`, (scene) => removeRobot(scene, name));
  }

  // `changes`: fields of the body's entry (a field set to null is removed).
  setBody(name, changes) {
    const renamed = typeof changes?.name === 'string' && changes.name !== name;
    const label = renamed ? `rename ${name}` : `change ${name}`;
    const selected = this.#selected === name;
    const error = this.#apply(label, (scene) => setBody(scene, name, changes));
    if (!error && renamed && selected) this.select(changes.name);
    return error;
  }

  removeBody(name) {
    const error = this.#apply(`delete ${name}`, (scene) => removeBody(scene, name));
    if (!error && this.#selected === name) this.select(null);
    return error;
  }

  // A copy next to the body (`offset` [m] along x); selects it.
  duplicateBody(name, offset) {
    let copy = null;
    const error = this.#apply(`duplicate ${name}`, (scene) => {
      const result = duplicateBody(scene, name, offset);
      copy = result.name ?? null;
      return result;
    });
    if (!error) this.select(copy);
    return error;
  }

  // Top-level fields: duration, options (gravity, ...), friction, materials.
  setScene(changes, label = 'change the scene') {
    return this.#apply(label, (scene) => setScene(scene, changes));
  }

  undo() {
    return this.#travel(this.#journal.peekUndo(), () => this.#journal.undo());
  }

  redo() {
    return this.#travel(this.#journal.peekRedo(), () => this.#journal.redo());
  }

  #travel(text, move) {
    if (this.#locked) return this.#refuse(this.#locked, '');
    if (text === null) return '';
    this.edit();
    const error = this.#session.editScene(text);
    if (error) return this.#refuse(error, messageField(error));
    move();
    this.#changed(text);
    return '';
  }

  // Applies `edit` (scene => {scene} or {error, field}) to the scene, through the core.
  #apply(label, edit) {
    if (this.#locked) return this.#refuse(this.#locked, '');
    if (!this.#scene) return this.#refuse('no scene is loaded yet', '');
    const result = edit(this.#scene);
    if (result.error) return this.#refuse(result.error, result.field);
    this.edit();
    const text = JSON.stringify(result.scene);
    const error = this.#session.editScene(text);
    if (error) return this.#refuse(error, messageField(error));
    this.#journal.record(text, label);
    this.#changed(text);
    return '';
  }

  #changed(text) {
    this.#scene = JSON.parse(text);
    if (this.#selected !== null && !this.#selectable(this.#selected)) this.select(null);
    this.emit('changed', { scene: this.#scene });
  }

  #refuse(message, field) {
    this.emit('refused', { message, field });
    return message;
  }

  #hasBody(name) {
    return this.#scene?.bodies.some((body) => body.name === name) ?? false;
  }

  #selectable(name) {
    return this.#hasBody(name) || (this.#scene?.articulations ?? []).some((articulation) => articulation.name === name);
  }
}

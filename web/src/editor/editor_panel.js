// The editor's folder of the control panel (lil-gui): edit (stop at the initial state)
// and play, undo and redo, add a body (a shape, or the convex hull of an STL or OBJ
// file picked or dropped, in metres or millimetres), the list of bodies and robots,
// the selected body's properties, the robots (add one of the built-in scenes' at a pose,
// the selected one's root origin, delete one) and
// the scene's (duration, gravity, materials and the friction of each pair of
// materials). Every change is one edit through the editor; the controls are built
// again from the edited scene after each, so a refused value goes back to what the
// scene holds, and the core's message is shown beside the field it names (text only).
import { ROBOT_MODELS } from './robot_models.js';
import { SHAPES, bodyVolume } from './scene_edits.js';

const NO_BODY = '(none)';
const DEFAULT_PAIR = 'default (every other pair)';
const FRICTION_FIELDS = [
  ['static', 'μs static friction', 0],
  ['kinetic', 'μk kinetic friction', 0],
  ['restitution', 'e restitution', 0],
  ['torsional_friction', 'μt torsional friction [m]', 0],
];
const DUPLICATE_OFFSET_FACTOR = 2.5; // a copy goes this many of its largest half sizes along x
const MESH_UNITS = ['m', 'mm'];
const NO_ROBOT = '(none)';

// Does `path` (a controller's) name the field `field` (a message's) or a part of it?
function pathNames(path, field) {
  return field === path || (field.startsWith(path) && /^[.[]/.test(field.slice(path.length)));
}

function largestHalfSize(body) {
  const geom = body.geoms[0];
  if (geom.type === 'box') return Math.max(...geom.half_extents);
  return (geom.radius ?? 0.1) + (geom.half_length ?? 0);
}

export class EditorPanel {
  #editor;
  #folder;
  #bodyFolder = null;
  #sceneFolder = null;
  #robotFolder = null;
  #robotChoice = { model: Object.keys(ROBOT_MODELS)[0], x: 0, y: 0, z: 0, turn: 0, robot: NO_ROBOT };
  #robotsOpen = false; // the robots folder stays open across the rebuilds after its edits
  #meshInput;
  #fields = []; // [{path, controller}] of the folders built last
  #refusal = null; // {message, field} of the last refused edit, until the next one is accepted
  #message;
  #pair = DEFAULT_PAIR;

  // `folder`: the control panel's "edit scene" folder, empty (main.js holds its place
  // from the start); `afterLoad(action)`: starts editing once the module's secondary
  // part, which an edited scene may need, is in (main.js).
  constructor(folder, editor, afterLoad = (action) => action()) {
    this.#editor = editor;
    this.#folder = folder;
    const actions = {
      edit: () => afterLoad(() => editor.edit()),
      play: () => editor.play(),
      undo: () => editor.undo(),
      redo: () => editor.redo(),
      body: NO_BODY,
    };
    folder.add(actions, 'edit').name('edit (stop at the start)');
    folder.add(actions, 'play').name('play the edited scene');
    this.undoController = folder.add(actions, 'undo').name('undo (Ctrl+Z)');
    this.redoController = folder.add(actions, 'redo').name('redo (Ctrl+Shift+Z)');
    for (const shape of Object.keys(SHAPES)) {
      actions[`add ${shape}`] = () => editor.addShape(shape);
      folder.add(actions, `add ${shape}`);
    }
    this.#meshInput = document.createElement('input');
    this.#meshInput.type = 'file';
    this.#meshInput.id = 'mesh-file-input';
    this.#meshInput.accept = '.stl,.obj';
    this.#meshInput.hidden = true;
    this.#meshInput.setAttribute('aria-label', 'STL or OBJ file to add as a convex hull');
    this.#meshInput.addEventListener('change', () => {
      const [file] = this.#meshInput.files;
      this.#meshInput.value = '';
      if (file) this.addHullFile(file);
    });
    document.body.append(this.#meshInput);
    actions.units = MESH_UNITS[0];
    actions['add hull'] = () => this.#meshInput.click();
    folder.add(actions, 'add hull').name('add hull from an STL or OBJ file');
    folder.add(actions, 'units', MESH_UNITS).name("the file's unit");
    this.bodyController = folder.add(actions, 'body', [NO_BODY]).onChange((name) => editor.select(name === NO_BODY ? null : name));
    this.#message = document.createElement('div');
    this.#message.className = 'edit-message';
    folder.$children.appendChild(this.#message);
    this.state = actions;
    editor.on('changed', () => {
      this.#refusal = null;
      this.rebuild();
    });
    editor.on('selected', () => this.rebuild());
    editor.on('refused', (refusal) => {
      this.#refusal = refusal;
      this.rebuild();
    });
  }

  // A mesh file picked or dropped: its convex hull added as a body, in the unit chosen;
  // resolves to "" or the refusal, which the folder shows.
  async addHullFile(file) {
    this.#folder.open();
    return this.#editor.addHull('', await file.arrayBuffer(), { file: file.name, units: this.state.units });
  }

  // The message shown for the last refused edit ('' when none), beside its field or
  // under the buttons.
  get shownRefusal() {
    return this.#refusal ? this.#refusal.message : '';
  }

  rebuild() {
    const editor = this.#editor;
    const scene = editor.scene;
    this.#bodyFolder?.destroy();
    this.#sceneFolder?.destroy();
    this.#robotFolder?.destroy();
    this.#bodyFolder = null;
    this.#sceneFolder = null;
    this.#robotFolder = null;
    this.#fields = [];
    this.#folder.title(editor.editing ? 'edit scene (editing)' : 'edit scene');
    const { undoLabel, redoLabel } = editor.history;
    this.undoController.name(undoLabel ? `undo ${undoLabel} (Ctrl+Z)` : 'undo (Ctrl+Z)').enable(Boolean(undoLabel));
    this.redoController.name(redoLabel ? `redo ${redoLabel} (Ctrl+Shift+Z)` : 'redo (Ctrl+Shift+Z)').enable(Boolean(redoLabel));
    if (!scene) return;
    const robots = (scene.articulations ?? []).map((articulation) => articulation.name);
    const bodyNames = new Set(scene.bodies.map((body) => body.name));
    this.bodyController.options({
      [NO_BODY]: NO_BODY,
      ...Object.fromEntries(scene.bodies.map((body) => [body.name, body.name])),
      ...Object.fromEntries(robots.filter((name) => !bodyNames.has(name)).map((name) => [`${name} (robot)`, name])),
    });
    this.state.body = editor.selected ?? NO_BODY;
    this.bodyController.updateDisplay();
    const index = scene.bodies.findIndex((body) => body.name === editor.selected);
    if (index >= 0) this.#buildBody(scene, index);
    this.#buildRobots(scene);
    this.#buildScene(scene);
    this.#showRefusal();
  }

  #field(folder, path, object, property, name, onFinish, ...options) {
    const controller = folder.add(object, property, ...options).name(name);
    controller.onFinishChange(onFinish);
    this.#fields.push({ path, controller });
    return controller;
  }

  #vectorFields(folder, path, values, labels, apply) {
    const state = Object.fromEntries(labels.map((label, i) => [label, values[i]]));
    labels.forEach((label) => {
      this.#field(folder, path, state, label, label, () => apply(labels.map((key) => state[key])));
    });
  }

  #buildBody(scene, index) {
    const editor = this.#editor;
    const body = scene.bodies[index];
    const { name } = body;
    const path = `bodies[${index}]`;
    const folder = this.#folder.addFolder(`body ${name}`);
    this.#bodyFolder = folder;
    const set = (changes) => editor.setBody(name, changes);
    const state = { name, static: Boolean(body.static) };
    this.#field(folder, `${path}.name`, state, 'name', 'name', (value) => set({ name: value }));
    this.#field(folder, `${path}.static`, state, 'static', 'static (does not move)', (value) =>
      set(
        value
          ? { static: true, mass: null, linear_velocity: null, angular_velocity: null, inertia: null, center_of_mass: null }
          : { static: null, mass: 1 },
      ),
    );
    if (!body.static) {
      const volume = bodyVolume(body);
      state.mass = body.mass;
      this.#field(folder, `${path}.mass`, state, 'mass', 'mass [kg]', (value) => set({ mass: value }));
      if (Number.isFinite(volume) && !body.inertia) {
        state.density = Number((body.mass / volume).toPrecision(12)); // 125, not 124.99999999999997
        this.#field(folder, `${path}.mass`, state, 'density', 'density [kg/m³]', (value) => set({ mass: value * volume }));
      }
    }
    this.#vectorFields(folder, `${path}.position`, body.position ?? [0, 0, 0], ['x [m]', 'y [m]', 'z [m]'], (position) => set({ position }));
    this.#sizeFields(folder, path, body, set);
    const materials = ['default', ...(scene.materials ?? [])];
    state.material = body.geoms[0].material ?? 'default';
    this.#field(folder, `${path}.geoms[0].material`, state, 'material', 'material', (material) =>
      set({ geoms: body.geoms.map((geom) => ({ ...geom, material })) }),
      materials,
    );
    if (!body.static) {
      const velocity = (field, labels) =>
        this.#vectorFields(folder, `${path}.${field}`, body[field] ?? [0, 0, 0], labels, (vector) => set({ [field]: vector }));
      velocity('linear_velocity', ['vx [m/s]', 'vy [m/s]', 'vz [m/s]']);
      velocity('angular_velocity', ['ωx [rad/s]', 'ωy [rad/s]', 'ωz [rad/s]']);
    }
    const actions = {
      duplicate: () => editor.duplicateBody(name, DUPLICATE_OFFSET_FACTOR * largestHalfSize(body)),
      remove: () => editor.removeBody(name),
    };
    folder.add(actions, 'duplicate');
    folder.add(actions, 'remove').name('delete');
  }

  // The first geom's size fields (the shapes the editor adds have one geom).
  #sizeFields(folder, path, body, set) {
    const geom = body.geoms[0];
    const geomPath = `${path}.geoms[0]`;
    const setGeom = (changes) => set({ geoms: [{ ...geom, ...changes }, ...body.geoms.slice(1)] });
    if (geom.type === 'box') {
      this.#vectorFields(folder, `${geomPath}.half_extents`, geom.half_extents, ['half x [m]', 'half y [m]', 'half z [m]'], (half_extents) =>
        setGeom({ half_extents }),
      );
      return;
    }
    const state = { radius: geom.radius, half_length: geom.half_length };
    if (geom.radius !== undefined) {
      this.#field(folder, `${geomPath}.radius`, state, 'radius', 'radius [m]', (radius) => setGeom({ radius }));
    }
    if (geom.half_length !== undefined) {
      this.#field(folder, `${geomPath}.half_length`, state, 'half_length', 'half length [m]', (value) => setGeom({ half_length: value }));
    }
  }

  // Add a robot of the built-in scenes at a pose (moved by x, y, z and turned about z
  // from where its scene has it); delete one of the scene's.
  #buildRobots(scene) {
    const editor = this.#editor;
    const folder = this.#folder.addFolder('robots').open(this.#robotsOpen);
    folder.onOpenClose((changed) => {
      if (changed === folder) this.#robotsOpen = !folder._closed;
    });
    this.#robotFolder = folder;
    const choice = this.#robotChoice;
    const labels = Object.fromEntries(Object.entries(ROBOT_MODELS).map(([model, { label }]) => [label, model]));
    folder.add(choice, 'model', labels).name('robot');
    folder.add(choice, 'x').name('move x [m]');
    folder.add(choice, 'y').name('move y [m]');
    folder.add(choice, 'z').name('move z [m]');
    folder.add(choice, 'turn').name('turn about z [°]');
    const actions = {
      add: () => {
        const half = (choice.turn * Math.PI) / 360;
        return editor.addRobot(choice.model, { position: [choice.x, choice.y, choice.z], orientation: [Math.cos(half), 0, 0, Math.sin(half)] });
      },
      remove: () => choice.robot !== NO_ROBOT && editor.removeRobot(choice.robot),
    };
    this.#fields.push({ path: 'articulations', controller: folder.add(actions, 'add').name('add robot') });
    const names = (scene.articulations ?? []).map((articulation) => articulation.name);
    if (editor.selectedRobot !== null) choice.robot = editor.selectedRobot;
    if (!names.includes(choice.robot)) choice.robot = NO_ROBOT;
    folder.add(choice, 'robot', [NO_ROBOT, ...names]).name("scene's robot").onChange((name) => name !== NO_ROBOT && editor.select(name));
    folder.add(actions, 'remove').name('delete robot');
    const selected = editor.selectedRobot;
    const pose = selected === null ? null : editor.robotPose(selected);
    if (!pose) return;
    const index = names.indexOf(selected);
    const root = scene.articulations[index].links.findIndex((link) => (link.parent ?? 'world') === 'world');
    const path = `articulations[${index}].links[${root}].joint.origin.position`;
    this.#vectorFields(folder.addFolder(`robot ${selected}: root origin [m]`), path, pose.position, ['x', 'y', 'z'], (position) =>
      editor.setRobotPose(selected, { position }),
    );
    if (!this.#robotsOpen) folder.open();
  }

  #buildScene(scene) {
    const editor = this.#editor;
    const folder = this.#folder.addFolder('scene').close();
    this.#sceneFolder = folder;
    const state = { duration: scene.duration ?? 5, material: '' };
    this.#field(folder, 'duration', state, 'duration', 'duration [s]', (duration) => editor.setScene({ duration }, 'change the duration'));
    this.#vectorFields(folder, 'options.gravity', scene.options?.gravity ?? [0, 0, -9.81], ['gx [m/s²]', 'gy [m/s²]', 'gz [m/s²]'], (gravity) =>
      editor.setScene({ options: { gravity } }, 'change gravity'),
    );
    const materials = scene.materials ?? [];
    this.#field(folder, 'materials', state, 'material', 'new material (name)', (material) =>
      editor.setScene({ materials: [...materials, material] }, `add material ${material}`),
    );
    this.#frictionFields(folder, scene);
  }

  // The friction of one pair of materials: the default entry, or a pair (created from
  // the values shown when first changed).
  #frictionFields(folder, scene) {
    const editor = this.#editor;
    const materials = ['default', ...(scene.materials ?? [])];
    const pairs = [DEFAULT_PAIR];
    materials.forEach((a, i) => materials.slice(i).forEach((b) => pairs.push(`${a} / ${b}`)));
    if (!pairs.includes(this.#pair)) this.#pair = DEFAULT_PAIR;
    const choice = { pair: this.#pair };
    folder.add(choice, 'pair', pairs).name('friction of').onChange((pair) => {
      this.#pair = pair;
      this.rebuild();
    });
    const friction = scene.friction ?? {};
    const fallback = friction.default ?? { static: 0.5, kinetic: 0.5 };
    const listed = friction.pairs ?? [];
    const sameMaterials = ([a, b], [c, d]) => (a === c && b === d) || (a === d && b === c);
    const names = this.#pair === DEFAULT_PAIR ? null : this.#pair.split(' / ');
    const pairIndex = names ? listed.findIndex((pair) => sameMaterials(pair.materials, names)) : -1;
    const entry = names ? (pairIndex >= 0 ? listed[pairIndex] : { materials: names, ...fallback }) : fallback;
    const path = names ? `friction.pairs[${pairIndex >= 0 ? pairIndex : listed.length}]` : 'friction.default';
    const state = Object.fromEntries(FRICTION_FIELDS.map(([field, , zero]) => [field, entry[field] ?? zero]));
    for (const [field, label] of FRICTION_FIELDS) {
      this.#field(folder, `${path}.${field}`, state, field, label, () => {
        const changed = { ...entry, ...state };
        if (!names) return editor.setScene({ friction: { default: changed } }, 'change the default friction');
        const next = [...listed];
        next[pairIndex >= 0 ? pairIndex : listed.length] = changed;
        return editor.setScene({ friction: { pairs: next } }, `change the friction of ${names.join(' / ')}`);
      });
    }
  }

  // The refused edit's message beside the field it names, or under the buttons.
  #showRefusal() {
    this.#message.textContent = '';
    if (!this.#refusal) return;
    const { message, field } = this.#refusal;
    // the field whose path names the message's most closely (a robot's root origin
    // before the robots folder's `articulations`)
    const named = field ? this.#fields.filter(({ path }) => pathNames(path, field)) : [];
    const match = named.sort((a, b) => b.path.length - a.path.length)[0];
    const note = document.createElement('div');
    note.className = 'edit-error';
    note.textContent = message;
    if (match) {
      match.controller.domElement.insertAdjacentElement('afterend', note);
      match.controller.parent.open();
    } else {
      this.#message.appendChild(note);
    }
  }
}

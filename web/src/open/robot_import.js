// A robot opened in the page (docs/urdf.md): its files read (robot_files.js), the
// importer module loaded the first time (wasm/import/, a module of its own so that the
// main module does not carry it), the URDF imported as `contactlab import` would, and
// the scene handed to the session like any scene file, so that a refusal leaves the
// running scene as it was. The import's report comes back as text.
import { robotFilesOf } from './robot_files.js';
import { xmlTreeJson } from './xml_tree.js';

let importModule = null;

// The import module, downloaded and compiled once; a failed load is tried again next time.
export function loadImportModule() {
  importModule ??= import('../wasm/contactlab_import.mjs')
    .then(({ default: createContactlabImport }) => createContactlabImport())
    .catch((error) => {
      importModule = null;
      throw new Error(`the import module did not load: ${error.message ?? error}`);
    });
  return importModule;
}

// "robots/hand.URDF" => "hand", the scene's name (as `contactlab import -o hand.json`).
export function sceneNameOf(urdfPath) {
  const file = urdfPath.split('/').at(-1);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(0, dot) : file;
}

// (the import module, a RobotFiles, the URDF's path among them, {fingers, base} as
// core/import/import_request.h reads it, the DOMParser class) => {error, scene (JSON
// text), report (text), joints (movable joints' names), visuals ({shapes, triangles,
// capped, maxTriangles}: the shapes the page draws, wasm/import/import_bindings.cpp)}.
export function importRobot(module, files, urdfPath, request, Parser) {
  const source = {
    locate: (filename) => files.locate(filename, urdfPath),
    exists: (path) => files.exists(path),
    read: (path) => files.read(path),
    parseXml: (text) => xmlTreeJson(text, Parser),
  };
  const result = module.importRobot(urdfPath, sceneNameOf(urdfPath), JSON.stringify(request), source);
  return {
    error: result.error,
    scene: result.scene,
    report: result.report,
    joints: [...result.joints],
    visuals: result.visuals,
  };
}

// What the page keeps of the last robot opened, to import it again (other fingers,
// another of its URDFs).
export class OpenedRobot {
  constructor(files, urdfPath) {
    this.files = files;
    this.urdfPath = urdfPath;
    this.fingers = []; // [{joint, close: 'auto' | 'lower' | 'upper'}]
    this.joints = [];
    this.report = '';
  }

  // [path, File] pairs => an OpenedRobot with its first URDF (the shallowest), or throws.
  static async read(pairs) {
    const module = await loadImportModule();
    const limits = module.importLimits();
    const files = await robotFilesOf(pairs, limits.meshBytesInAll + limits.urdfBytes);
    const [urdfPath] = files.urdfPaths();
    if (!urdfPath) throw new Error('no .urdf file among the files opened (a URDF with its mesh folder, or a .zip of them)');
    return new OpenedRobot(files, urdfPath);
  }

  // Imports with the fingers chosen => {error, scene}; keeps the report and joints.
  async import() {
    const module = await loadImportModule();
    const result = importRobot(module, this.files, this.urdfPath, { fingers: this.fingers }, window.DOMParser);
    this.report = result.report;
    if (!result.error) this.joints = result.joints;
    return result;
  }
}

// The page's robot imports: each robot opened, its fingers named or another of its
// URDFs chosen, imports and loads through the session as a scene file does (refused,
// the running scene stays and the error panel names the element), and the panel shows
// the report. `linkNote()` says whether the page's link can carry the loaded scene;
// `drawVisuals(visuals)` is handed the loaded robot's visual shapes.
export class RobotImports {
  #session;
  #panel;
  #linkNote;
  #drawVisuals;
  #robot = null;
  #busy = Promise.resolve();

  constructor(session, panel, linkNote, drawVisuals) {
    this.#session = session;
    this.#panel = panel;
    this.#linkNote = linkNote;
    this.#drawVisuals = drawVisuals;
  }

  // A promise of [path, File] pairs (file_opener.js); resolves once loaded or refused.
  open(pairs) {
    return this.#queue(async () => {
      let robot;
      try {
        robot = await OpenedRobot.read(await pairs);
      } catch (error) {
        this.#session.refuseSceneFile('robot', error.message ?? String(error));
        return;
      }
      this.#robot = robot;
      await this.#importAndLoad();
    });
  }

  // Refused (a mimic joint, a joint without limits, ...), the fingers stay as they were.
  setFingers(fingers) {
    return this.#queue(async () => {
      if (!this.#robot) return;
      const before = this.#robot.fingers;
      this.#robot.fingers = fingers;
      await this.#importAndLoad(before);
    });
  }

  chooseUrdf(path) {
    return this.#queue(async () => {
      if (!this.#robot) return;
      this.#robot.urdfPath = path;
      this.#robot.fingers = [];
      this.#robot.joints = [];
      await this.#importAndLoad();
    });
  }

  // One import at a time, in the order asked.
  #queue(work) {
    this.#busy = this.#busy.then(work, work);
    return this.#busy;
  }

  // `fingersIfRefused`: the fingers the robot keeps when this import is refused.
  async #importAndLoad(fingersIfRefused = []) {
    const robot = this.#robot;
    let result;
    try {
      result = await robot.import();
    } catch (error) {
      result = { error: error.message ?? String(error), report: '' };
    }
    let { error } = result;
    // The session names the file before the message; the importer's own prefix goes.
    const prefix = `${robot.urdfPath}: `;
    if (error) this.#session.refuseSceneFile(robot.urdfPath, error.startsWith(prefix) ? error.slice(prefix.length) : error);
    else error = this.#session.loadSceneFile(robot.urdfPath, result.scene);
    if (!error) this.#drawVisuals(result.visuals);
    if (error) robot.fingers = fingersIfRefused;
    this.#panel.show({
      urdfPaths: robot.files.urdfPaths(),
      urdfPath: robot.urdfPath,
      joints: robot.joints,
      fingers: robot.fingers,
      report: robot.report,
      error,
      linkNote: error ? '' : this.#linkNote(),
    });
  }
}

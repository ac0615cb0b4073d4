// The page: loads the WebAssembly module and what the core says about itself (its
// option table and record layouts), constructs the session (the page's simulation and
// compare mode's twin) and the parts that show it and act on it, has each part follow
// the session's events itself (followSession), and loads the first scene. The parts
// live in folders by concern (session/, view/, panels/, plots/, link/, ...: each
// folder's README); this file only connects them.
import { acceptedOrigins } from './embed/accepted_origins.js';
import { createAutomationApi } from './embed/automation.js';
import { EmbedBar } from './embed/embed_bar.js';
import { ExerciseIndex } from './exercise/exercise_index.js';
import { describeSource, exerciseLinkAddress, isExerciseText, loadPage, readExerciseSource, requestedExercise } from './exercise/exercise_source.js';
import { builtinExercises } from './exercise/exercises.js';
import { GradeMessages } from './exercise/grade_messages.js';
import { GradingClient } from './exercise/grading_client.js';
import { ExportFolder } from './export/export_folder.js';
import { Folds } from './layout/folds.js';
import { HelpOverlay } from './layout/help_overlay.js';
import { download } from './export/download.js';
import { keepPanelsAboveStatusLine } from './layout/status_clearance.js';
import { listenForShortcuts, typing } from './layout/keyboard.js';
import { framed, requestedModes } from './layout/page_modes.js';
import { followPhoneLayout } from './layout/phone_layout.js';
import { Presentation } from './layout/presentation.js';
import { AddressBar } from './link/address_bar.js';
import { EXERCISE_LINK, encodeLinkText } from './link/link_codec.js';
import { PageLinks } from './link/page_links.js';
import { FileOpener } from './open/file_opener.js';
import { RobotImportPanel } from './open/robot_import_panel.js';
import { readSceneFile } from './open/scene_file.js';
import { ComparePanel } from './panels/compare_panel.js';
import { Controls } from './panels/controls.js';
import { FormulationPanel } from './panels/formulation_panel.js';
import { RobotPanel } from './panels/robot_panel.js';
import { StatusPanel } from './panels/status.js';
import { TimelineScrubber } from './panels/timeline_scrubber.js';
import { ViewFolder } from './panels/view_folder.js';
import { ContactPlots } from './plots/contact_plots.js';
import { PRIMARY_OPTIONS } from './session/default_scene.js';
import { Loop } from './session/loop.js';
import { downloadWithProgress, progressText } from './session/module_download.js';
import { RecordReader } from './session/record_reader.js';
import {
  DEFAULT_SCENE,
  builtinSceneLoaded,
  builtinSceneNames,
  isBuiltinScene,
  loadBuiltinScene,
  loadBuiltinScenes,
  requestedSceneName,
} from './session/scenes.js';
import { Session } from './session/session.js';
import { readCoreSchema } from './session/simulation.js';
import { afterFirstFrame } from './start/after_first_frame.js';
import { DeferredPart } from './start/deferred_part.js';
import { BodyDrag } from './view/body_drag.js';
import { GraspBadge } from './view/grasp_badge.js';
import { createPageRenderer } from './view/page_renderer.js';
import { View } from './view/view.js';
import { WrenchSpaceView } from './view/wrench_space_view.js';
import wasmUrl from './wasm/contactlab.wasm?url';

const status = new StatusPanel();
const loadingNotice = document.getElementById('loading');
const app = {}; // the parts the automation API reads, once started
// Origins beyond the lab's own that may drive it by postMessage, set when the page is
// built (CONTACTLAB_EMBED_ORIGINS, vite.config.js); docs/embedding.md.
const BUILT_IN_EMBED_ORIGINS = import.meta.env.CONTACTLAB_EMBED_ORIGINS;

// The module's code (its primary part, module/split_module.js) is downloaded here, to
// show its progress by bytes in the loading notice, and handed to Emscripten's factory
// (wasmBinary); its secondary part is fetched and compiled from then on, or at once
// beside the primary when the page opens on something else than the default scene, and
// instantiated once both are up (module/secondary_module.js). Returns {module, secondary}.
async function loadModule() {
  try {
    const mainModule = import('./module/main_module.js');
    const [{ createMainModule }, secondary, wasmBinary] = await Promise.all([
      mainModule,
      mainModule.then(({ secondaryModule }) => {
        const secondary = secondaryModule();
        if (!opensDefaultScene()) secondary.prefetch();
        return secondary;
      }),
      downloadWithProgress(wasmUrl, (loaded, total) => {
        loadingNotice.textContent = `Loading the simulation… ${progressText(loaded, total)}`;
      }),
    ]);
    return await createMainModule({ wasmBinary }, secondary);
  } catch (error) {
    throw new Error(`the WebAssembly module did not load: ${error.message ?? error}`);
  }
}

// The view (on `drawing`, page_renderer.js's renderer made while the module loaded), the
// panels, the plots and the loop, acting through the session; an action that may call
// into the module's secondary part waits for it (`afterLoad`).
function createParts(module, session, drawing, afterLoad) {
  const { options: optionSchema, records } = session.schema;
  const view = new View(document.getElementById('viewport'), records, drawing);
  const setOption = (name, value) =>
    (PRIMARY_OPTIONS.includes(name) ? session.setOption(name, value) : afterLoad(() => session.setOption(name, value)));
  view.onForceScaleChange((force, length) => status.showForceScale(force, length));
  const wrenchSpace = new WrenchSpaceView(document.body, records.wrench, {
    leftOf: document.getElementById('gui'),
    above: document.getElementById('status-line'),
  });
  const parts = { view, wrenchSpace };
  parts.links = new PageLinks(module, session, parts, status);
  parts.controls = new Controls(document.getElementById('gui'), builtinSceneNames, optionSchema, {
    setOption,
    play: () => parts.loop.play(),
    pause: () => parts.loop.pause(),
    step: () => {
      parts.loop.pause();
      session.step(1);
    },
    restart: () => session.reset(),
    resetScene: () => session.resetScene(),
    copyLink: () => parts.links.copy(),
    loadBuiltinScene: (name) => afterLoad(() => openBuiltinScene(session, name)),
    setOverlay: (shown) => view.setOverlay(shown),
  });
  const gui = parts.controls.gui;
  parts.viewFolder = new ViewFolder(parts.controls.viewFolder, view, session, () => parts.addressBar?.request());
  parts.robotPanel = new RobotPanel(gui, records.joint, optionSchema, session);
  parts.formulationPanel = new FormulationPanel(gui, parts.controls.solverFolder, optionSchema, { setOption });
  parts.problemView = new DeferredPart(
    async () => {
      const { LcpView } = await import('./plots/lcp_view.js');
      return new LcpView(session, (text, fileName) => download(new Blob([text], { type: 'text/plain' }), fileName));
    },
    (error) => status.showError("the step's problem did not load", error.message ?? String(error)),
  );
  parts.controls.solverFolder
    .add({ show: () => parts.problemView.use((view) => view.show()) }, 'show')
    .name("the step's problem");
  parts.plots = new ContactPlots(gui, records);
  parts.compare = new ComparePanel(gui, session, parts.plots, afterLoad);
  parts.graspBadge = new GraspBadge(document.getElementById('grasp-badge'), (report) => {
    view.setHighlightedBody(report ? report.objectBody : -1);
    wrenchSpace.show(report ? session.simulation.graspWrenches() : null);
  });
  parts.presentation = new Presentation(gui);
  parts.help = new HelpOverlay();
  if (requestedModes().embed) {
    document.body.classList.add('embed');
    parts.embedBar = new EmbedBar({ playPause: () => playPause(parts.loop), restart: () => session.reset() });
  }
  parts.timeline = new TimelineScrubber(document.getElementById('timeline'), session, () => parts.loop.pause());
  parts.loop = new Loop(view.renderer, session, (nowMs) => {
    const { simulation, twin } = session;
    view.update(simulation, twin, nowMs);
    parts.gizmo?.update();
    parts.bodyDrag.update(simulation, twin);
    parts.compare.update(nowMs);
    const drawn = view.render(simulation, twin);
    if (view.adaptResolution(nowMs, drawn, parts.loop.steppingMs)) view.render(simulation, twin);
    status.update(simulation, parts.loop, nowMs);
    parts.timeline.update();
    parts.robotPanel.update(simulation, nowMs);
    parts.graspBadge.update(simulation, nowMs);
    parts.plots.update(nowMs, simulation, twin);
    return drawn;
  });
  parts.bodyDrag = new BodyDrag(view, session, () => !parts.editor?.editing);
  parts.editorFolder = gui.addFolder('edit scene').close();
  parts.editing = deferEditor(session, parts, afterLoad);
  parts.exports = new DeferredPart(
    async () => {
      const { Exports } = await import('./export/exports.js');
      return new Exports({ session, view, plots: parts.plots, loop: parts.loop, reopen: () => parts.links.reopenOwn(), status });
    },
    (error) => status.showError('the exports did not load', error.message ?? String(error)),
  );
  parts.robotImportPanel = new RobotImportPanel(gui, {
    pickFolder: () => parts.fileOpener.pickRobotFolder(),
    pickFiles: () => parts.fileOpener.pickRobotFiles(),
    chooseUrdf: (path) => parts.robotImports.use((imports) => imports.chooseUrdf(path)),
    setFingers: (fingers) => parts.robotImports.use((imports) => imports.setFingers(fingers)),
    showGeometry: (show) => view.showRobotGeometry(show),
  });
  session.on('loaded', ({ edited }) => {
    if (!edited) parts.robotImportPanel.setVisualsAvailable(false);
  });
  parts.robotImports = new DeferredPart(
    async () => {
      const { RobotImports } = await import('./open/robot_import.js');
      return new RobotImports(session, parts.robotImportPanel, () => robotLinkNote(parts.links), ({ shapes }) => {
        view.showRobotGeometry('visual');
        view.setRobotVisuals(shapes);
        parts.robotImportPanel.setVisualsAvailable(shapes.length > 0);
      });
    },
    (error) => status.showError('the robot import did not load', error.message ?? String(error)),
  );
  parts.fileOpener = new FileOpener(
    (file) => afterLoad(() => openFile(module, session, file, parts)),
    (pairs) => afterLoad(() => openRobot(session, pairs, parts)),
    (file) => (parts.exercise
      ? session.refuseSceneFile(file.name, exerciseHoldsScene(parts.exercise))
      : parts.editing.use(({ editorPanel }) => editorPanel.addHullFile(file))),
  );
  parts.exportFolder = new ExportFolder(gui, (action) => parts.exports.use(action), () => parts.fileOpener.pick());
  return parts;
}

// The scene editor (editor/scene_editing.js), a chunk of its own that comes after the
// first frame or at its first use: its folder in the control panel holds its place
// until then, and the parts it brings (editor, gizmo, velocityArrows, editorPanel) join
// the page's and the automation API's. The exercise, if any, is open by then, or locks
// it when it opens (start).
function deferEditor(session, parts, afterLoad) {
  return new DeferredPart(
    async () => {
      const [{ createSceneEditing }, scenes] = await Promise.all([import('./editor/scene_editing.js'), loadBuiltinScenes()]);
      const editing = createSceneEditing({
        session,
        loop: parts.loop,
        view: parts.view,
        folder: parts.editorFolder,
        afterLoad,
        sources: { meshBody: readMeshBodyOnFirstUse, robotScene: (name) => scenes[name] ?? null },
        typing,
      });
      if (parts.exercise) editing.editor.lock(exerciseHoldsScene(parts.exercise));
      Object.assign(parts, editing);
      Object.assign(app, editing);
      return editing;
    },
    (error) => status.showError('the scene editor did not load', error.message ?? String(error)),
  );
}

// A built-in scene chosen in the control panel: loaded now when its text is in, else
// once it is.
function openBuiltinScene(session, name) {
  if (builtinSceneLoaded(name)) return session.loadBuiltinScene(name);
  return loadBuiltinScene(name).then(
    () => session.loadBuiltinScene(name),
    (error) => status.showError('scene not loaded', error.message ?? String(error)),
  );
}

// A mesh file's body for the editor (open/mesh_body.js, a chunk fetched at the first).
async function readMeshBodyOnFirstUse(content, request) {
  const { readMeshBody } = await import('./open/mesh_body.js');
  return readMeshBody(content, request);
}

// Why a scene is not opened or edited while an exercise is open.
function exerciseHoldsScene(exercise) {
  return `the lab is in the exercise ${exercise.name}, whose scene stays`;
}

function playPause(loop) {
  if (loop.playing) loop.pause();
  else loop.play();
}

// A file picked or dropped. An exercise file (a lecturer's draft) opens as its
// exercise link, which the address bar then holds to give to students; a scene file
// is loaded if the core accepts it; otherwise (and a scene always in an exercise) the
// running scene stays and the error panel says why.
async function openFile(module, session, file, { exercise }) {
  const read = await readSceneFile(file);
  if (!read.error && isExerciseText(read.text)) {
    await openExerciseFile(module, file.name, read.text);
    return;
  }
  if (exercise) {
    session.refuseSceneFile(file.name, exerciseHoldsScene(exercise));
    return;
  }
  if (read.error) session.refuseSceneFile(file.name, read.error);
  else session.loadSceneFile(file.name, read.text);
}

// A robot's files picked or dropped: imported and loaded unless an exercise holds the
// scene.
function openRobot(session, pairs, { exercise, robotImports }) {
  if (exercise) {
    session.refuseSceneFile('robot', exerciseHoldsScene(exercise));
    return;
  }
  robotImports.use((imports) => imports.open(pairs));
}

// Whether the page's link carries the imported robot's scene, or what to do instead.
function robotLinkNote(links) {
  try {
    links.write();
    return "The page's link carries this robot's scene (its collision hulls, not its mesh files).";
  } catch (error) {
    return `This robot is too big for a link (${error.message ?? error}). The address keeps the last link; ` +
      'save the scene with export → "scene JSON with options" and open that file instead.';
  }
}

// An exercise file's text => the page opened at its exercise link (the exercise
// without its answer key, made by the core), or the reader's message naming the field.
async function openExerciseFile(module, fileName, text) {
  let link;
  try {
    const made = module.exerciseLinkText(text, JSON.stringify(await loadBuiltinScenes()));
    if (made.error) throw new Error(made.error);
    link = encodeLinkText(made.text, EXERCISE_LINK);
  } catch (error) {
    status.showError('exercise not opened', `${fileName}: ${error.message ?? error}`);
    return;
  }
  loadPage(exerciseLinkAddress(link));
}

// Exercise mode's chunk (exercise/exercise_mode.js), fetched from the page's start
// beside the module when the address opens an exercise, else null.
function fetchExerciseMode() {
  const source = requestedExercise();
  const opens = source !== null && !source.index && !source.error;
  return opens ? import('./exercise/exercise_mode.js') : null;
}

// The exercise the address asks for (exercise/exercise_source.js) opened over the page
// (exercise mode, from `exerciseMode`: fetchExerciseMode's chunk), or null when none is
// asked for or it cannot open (the lab then opens as usual); `problems`: [context,
// message] to show once a scene is loaded.
async function openExercise(module, session, parts, exerciseMode) {
  const source = requestedExercise();
  const current = source === null ? null : (source.builtin ?? '');
  parts.exerciseIndex = new ExerciseIndex(parts.controls.gui, current);
  parts.grader = new GradingClient(() => loadBuiltinScenes().then((scenes) => JSON.stringify(scenes)));
  const problems = [];
  parts.grades = new GradeMessages();
  if (source === null || source.index) {
    if (source?.index) parts.exerciseIndex.show();
    return { exercise: null, problems };
  }
  if (source.error) {
    problems.push(['exercise not opened, the lab instead', source.error]);
    return { exercise: null, problems };
  }
  const [read, { ExerciseMode }, scenes] = await Promise.all([
    readExerciseSource(source, { builtins: builtinExercises }),
    exerciseMode,
    loadBuiltinScenes(),
  ]);
  const exercise = new ExerciseMode(module, session, parts, status, parts.grader, parts.grades);
  const error = read.error ?? exercise.open(read.text, read.answerKey, scenes);
  if (error) problems.push(['exercise not opened, the lab instead', `${describeSource(source)}: ${error}`]);
  return { exercise: error ? null : exercise, problems };
}

// The panels that fold (layout/folds.js), in the order they fold to keep the scene
// most of the window: the least needed first.
function foldPanels({ wrenchSpace }) {
  const folds = new Folds();
  const byId = (id) => document.getElementById(id);
  folds.add('legend', byId('legend'));
  folds.add("scene's description", byId('scene-panel'), byId('scene-panel'), { open: 'less', folded: 'more' });
  folds.add('compare table', byId('compare-panel'), byId('compare-panel').querySelector('thead th'));
  folds.add('wrench space', wrenchSpace.element, wrenchSpace.header);
  folds.add('plots', byId('plots'), byId('plots').querySelector('.plots-header'));
  return folds;
}

// Every part follows the session's events itself, in this order (the view frames a
// loaded scene once the panels show it).
function subscribe(session, parts) {
  const { loop, view, controls, formulationPanel, plots, robotPanel, graspBadge, compare, viewFolder, presentation } = parts;
  loop.followSession(session);
  status.followSession(session, loop);
  view.followSession(session);
  controls.followSession(session, loop);
  for (const part of [formulationPanel, plots, robotPanel, graspBadge, compare, viewFolder, presentation]) {
    part.followSession(session);
  }
  view.frameLoadedScenes(session);
  parts.embedBar?.followLoop(loop);
}

// The keyboard shortcuts (keyboard.js).
function listenForKeys(session, parts) {
  const { loop, viewFolder, presentation, help } = parts;
  listenForShortcuts(
    {
      playPause: () => playPause(loop),
      step: () => {
        loop.pause();
        session.step(1);
      },
      stepBack: () => {
        loop.pause();
        session.seek(session.simulation.stepCount - 1);
      },
      restart: () => session.reset(),
      resetView: () => viewFolder.resetView(),
      follow: () => viewFolder.toggleFollow(),
      copyLink: () => parts.links.copy(),
      present: () => presentation.toggle(),
      help: () => help.toggle(),
      camera: (move) => parts.view.rig.nudge(move),
      zoom: (steps) => parts.view.rig.zoom(steps),
    },
    () => help.open,
  );
}

// Whether the address opens the default scene, which the module's primary part runs
// alone; a link, another scene or an exercise waits for the secondary part.
function opensDefaultScene() {
  return window.location.hash.length <= 1 && requestedExercise() === null && requestedSceneName() === DEFAULT_SCENE;
}

// The built-in scene the page opens when no link or exercise does: ?scene=NAME, else
// the default (or the first one, should the default be missing).
function startSceneKey() {
  const requested = requestedSceneName();
  if (isBuiltinScene(requested)) return requested;
  return isBuiltinScene(DEFAULT_SCENE) ? DEFAULT_SCENE : builtinSceneNames[0];
}

// The built-in scenes the page's start needs, fetched beside the module: only the one
// it opens, or all of them when the address holds a link or an exercise (whose readers
// in the core take them all). The rest come after the first frame.
function loadStartScenes() {
  if (window.location.hash.length > 1 || requestedExercise() !== null) return loadBuiltinScenes();
  return loadBuiltinScene(startSceneKey());
}

// Resolves once the module's secondary part is in (module/secondary_module.js).
let secondaryLoaded = null;
// Resolves once the parts in chunks of their own (DeferredPart: the editor, the step's
// problem, the exports, the robot import) are in, or did not load; they are fetched
// after the first frame is drawn, or each at its first use before.
let deferredLoaded = null;
// Resolves once every built-in scene is in, fetched after the first frame is drawn
// (those the start needed before it).
let scenesLoaded = null;

// Resolves once the three above have: what the start's hold and `ready` wait for.
function startPartsLoaded() {
  return Promise.all([secondaryLoaded, deferredLoaded, scenesLoaded]);
}

async function start() {
  if (builtinSceneNames.length === 0) throw new Error('no built-in scenes were bundled (assets/scenes/*.json)');
  const moduleLoaded = loadModule();
  const startScenes = loadStartScenes();
  const exerciseMode = fetchExerciseMode();
  // The postMessage API's chunk, fetched beside the module in a frame only.
  const messageApi = framed() ? import('./embed/message_api.js') : null;
  const drawing = createPageRenderer(document.getElementById('viewport'));
  const { module, secondary } = await moduleLoaded;
  performance.mark('contactlab:module-instantiated');
  secondaryLoaded = secondary.load(module).then((loaded) => {
    if (loaded) performance.mark('contactlab:module-second-part-loaded');
  });
  const session = new Session(module, readCoreSchema(module));
  const parts = createParts(module, session, drawing, (action) => secondary.afterLoad(action));
  performance.mark('contactlab:page-parts-built');
  followPhoneLayout(parts.controls.gui);
  keepPanelsAboveStatusLine(document.getElementById('status-line'));
  if (requestedModes().present) parts.presentation.set(true);
  parts.view.rig.watchPanels();
  subscribe(session, parts);
  parts.addressBar = new AddressBar(
    () => parts.links.write(),
    (message) => status.showError('link not written', message),
  );
  parts.addressBar.on('written', (href) => parts.embedBar?.setAddress(href));

  if (!opensDefaultScene()) await secondary.load(module);
  await startScenes;
  const { exercise, problems } = await openExercise(module, session, parts, exerciseMode);
  parts.exercise = exercise;
  parts.folds = foldPanels(parts);
  if (exercise) {
    parts.editor?.lock(exerciseHoldsScene(exercise));
    parts.editorFolder.hide();
  }
  // An exercise's address is ?exercise=NAME or its exercise link: a run's link in it
  // is not opened, nor written.
  const linkError = parts.exercise ? '' : parts.links.openAddress();
  if (linkError !== '') {
    const requested = requestedSceneName();
    const known = isBuiltinScene(requested);
    const sceneKey = startSceneKey();
    await loadBuiltinScene(sceneKey);
    const error = session.loadBuiltinScene(sceneKey);
    if (error) throw new Error(`scene ${sceneKey} did not load: ${error}`);
    if (!known) {
      status.showProblem(
        `There is no built-in scene "${requested}", so the scene ${sceneKey} is shown.`,
        `unknown scene "${requested}"; built-in scenes: ${builtinSceneNames.join(', ')}`,
      );
    }
    if (linkError) {
      status.showProblem(
        `This link is damaged or incomplete, so the default scene (${sceneKey}) is shown. ` +
          'The address bar keeps the link as it came, to copy.',
        linkError,
      );
      parts.addressBar.hold();
      status.onErrorDismissed = () => parts.addressBar.release();
    }
  }
  for (const [context, message] of problems) status.showError(context, message);
  if (parts.exercise) parts.addressBar.fix();
  else parts.addressBar.followPage(session, parts);
  listenForKeys(session, parts);

  Object.assign(app, {
    session,
    reader: new RecordReader(session.schema.records),
    openLink: (link) => parts.links.open(link),
    ...parts,
  });
  parts.loop.start();
  loadingNotice.hidden = true;
  performance.mark('contactlab:scene-loaded');
  const deferred = [parts.editing, parts.problemView, parts.exports, parts.robotImports];
  const firstFrame = afterFirstFrame();
  deferredLoaded = firstFrame.then(() => Promise.allSettled(deferred.map((part) => part.load())));
  scenesLoaded = firstFrame.then(loadBuiltinScenes);
  holdFirstMotion(parts.loop, firstFrame, startPartsLoaded());
  if (messageApi) await startMessageApi(messageApi);
}

// The first frame shows the scene at rest; its motion starts once the parts fetched
// after that frame are in or have failed (a few tenths of a second), or
// START_HOLD_MAX_MS after that frame on a slow connection. Their modules' evaluation
// then does not share the frames with the stepping and drawing (where frames are slow,
// as in software WebGL, each import would otherwise wait for a frame to be drawn).
const START_HOLD_MAX_MS = 1500;

function holdFirstMotion(loop, firstFrame, partsIn) {
  const longest = firstFrame.then(() => new Promise((resolve) => setTimeout(resolve, START_HOLD_MAX_MS)));
  loop.holdUntil(Promise.race([partsIn, longest]));
}

// postMessage from an embedding page (embed/message_api.js, docs/embedding.md), from
// its chunk, once every built-in scene is in (a link the parent sends may name any).
async function startMessageApi(chunk) {
  const [{ MessageApi }] = await Promise.all([chunk, scenesLoaded]);
  const query = new URLSearchParams(window.location.search);
  const { origins, errors } = acceptedOrigins(window.location.origin, BUILT_IN_EMBED_ORIGINS, query.get('origins'));
  for (const error of errors) status.showError('embedding: origin not accepted', error);
  const { session, loop, reader, openLink, addressBar, exercise, grades } = app;
  const api = new MessageApi(
    { session, loop, reader, openLink, link: () => addressBar.update(), exercise: exercise?.name ?? '', grade: () => grades.latest },
    origins,
  );
  grades.onGrade = (message) => api.announce(message);
  api.start();
}

const started = start().catch((error) => {
  loadingNotice.hidden = true;
  status.showError('contactlab could not start', error.message ?? String(error));
  throw error;
});
// A script's actions come once the page is up, the module's secondary part is in (or
// its background load failed), so that none waits for it on the page's thread, and so
// are the parts in chunks of their own (or they did not load) and every built-in
// scene (builtinScene(name) answers at once).
const ready = started.then(startPartsLoaded);
ready.then(
  () => performance.mark('contactlab:ready'),
  () => {},
);
window.contactlab = createAutomationApi(app, ready);

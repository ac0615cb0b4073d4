// The page: loads the WebAssembly module and what the core says about itself (its
// option table and record layouts), constructs the session (the page's simulation and
// compare mode's twin) and the modules that show it and act on it, subscribes them to
// the session's events, and loads the first scene. Each module lives in its own file;
// this one only connects them.
import { createAutomationApi } from './embed/automation.js';
import { ComparePanel } from './panels/compare_panel.js';
import { ContactPlots } from './plots/contact_plots.js';
import { Controls } from './panels/controls.js';
import { EmbedBar } from './embed/embed_bar.js';
import { acceptedOrigins } from './embed/accepted_origins.js';
import { MessageApi } from './embed/message_api.js';
import { ExportFolder } from './export/export_folder.js';
import { Exports } from './export/exports.js';
import { ExerciseIndex } from './exercise/exercise_index.js';
import { ExerciseMode } from './exercise/exercise_mode.js';
import { requestedExercise } from './exercise/exercises.js';
import { GradingClient } from './exercise/grading_client.js';
import { GradeMessages } from './exercise/grade_messages.js';
import { FormulationPanel } from './panels/formulation_panel.js';
import { GraspBadge } from './view/grasp_badge.js';
import { HelpOverlay } from './layout/help_overlay.js';
import { listenForShortcuts } from './layout/keyboard.js';
import { AddressBar } from './link/address_bar.js';
import { readPageLink, writePageLink } from './link/page_link.js';
import { Loop } from './session/loop.js';
import { FileOpener } from './open/file_opener.js';
import { readSceneFile } from './open/scene_file.js';
import { requestedModes } from './layout/page_modes.js';
import { followPhoneLayout } from './layout/phone_layout.js';
import { Presentation } from './layout/presentation.js';
import { RecordReader } from './session/record_reader.js';
import { RobotPanel } from './panels/robot_panel.js';
import { DEFAULT_SCENE, builtinSceneNames, builtinScenes, requestedSceneName } from './session/scenes.js';
import { Session } from './session/session.js';
import { readCoreSchema } from './session/simulation.js';
import { StatusPanel } from './panels/status.js';
import { TimelineScrubber } from './panels/timeline_scrubber.js';
import { View } from './view/view.js';
import { ViewFolder } from './panels/view_folder.js';
import { WrenchSpaceView } from './view/wrench_space_view.js';

const status = new StatusPanel();
const loadingNotice = document.getElementById('loading');
const app = {}; // the parts the automation API reads, once started
// Origins beyond the lab's own that may drive it by postMessage, set when the page is
// built (CONTACTLAB_EMBED_ORIGINS, vite.config.js); docs/embedding.md.
const BUILT_IN_EMBED_ORIGINS = import.meta.env.CONTACTLAB_EMBED_ORIGINS;

async function loadModule() {
  try {
    const { default: createContactlab } = await import('./wasm/contactlab.mjs');
    return await createContactlab();
  } catch (error) {
    throw new Error(`the WebAssembly module did not load: ${error.message ?? error}`);
  }
}

// The view, the panels, the plots and the loop, acting through the session.
function createParts(module, session) {
  const { options: optionSchema, records } = session.schema;
  const view = new View(document.getElementById('viewport'), records);
  view.onForceScaleChange((force, length) => status.showForceScale(force, length));
  const wrenchSpace = new WrenchSpaceView(document.body, records.wrench, {
    leftOf: document.getElementById('gui'),
    above: document.getElementById('status-line'),
  });
  const parts = { view, wrenchSpace };
  parts.controls = new Controls(document.getElementById('gui'), builtinSceneNames, optionSchema, {
    setOption: (name, value) => session.setOption(name, value),
    play: () => parts.loop.play(),
    pause: () => parts.loop.pause(),
    step: () => {
      parts.loop.pause();
      session.step(1);
    },
    restart: () => session.reset(),
    resetScene: () => session.resetScene(),
    copyLink: () => copyLink(parts),
    loadBuiltinScene: (name) => session.loadBuiltinScene(name),
    setOverlay: (shown) => view.setOverlay(shown),
  });
  const gui = parts.controls.gui;
  parts.viewFolder = new ViewFolder(parts.controls.viewFolder, view, session, () => parts.addressBar?.request());
  parts.robotPanel = new RobotPanel(gui, records.joint, optionSchema, session);
  parts.formulationPanel = new FormulationPanel(gui, parts.controls.solverFolder, optionSchema, session);
  parts.plots = new ContactPlots(gui, records);
  parts.compare = new ComparePanel(gui, session, parts.plots);
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
    parts.compare.update(nowMs);
    const drawn = view.render(simulation, twin);
    status.update(simulation, parts.loop, nowMs);
    parts.timeline.update();
    parts.robotPanel.update(simulation, nowMs);
    parts.graspBadge.update(simulation, nowMs);
    parts.plots.update(nowMs, simulation, twin);
    return drawn;
  });
  parts.exports = new Exports({
    session,
    view,
    plots: parts.plots,
    loop: parts.loop,
    reopen: () => reopenOwnLink(module, session, parts),
    status,
  });
  parts.fileOpener = new FileOpener((file) => openSceneFile(session, file, parts));
  parts.exportFolder = new ExportFolder(gui, parts.exports, () => parts.fileOpener.pick());
  return parts;
}

function playPause(loop) {
  if (loop.playing) loop.pause();
  else loop.play();
}

// The link to what is on screen: the session's run, whether it plays, the camera and
// the body it follows.
function pagePayload(session, { loop, view, viewFolder, plots }) {
  const payload = session.linkPayload();
  if (loop.playing) payload.playing = true;
  const camera = view.cameraPlacement();
  const follow = viewFolder.followed;
  const plot = plots.chosenNames();
  if (camera || follow || plot) payload.view = {};
  if (camera) payload.view.camera = camera;
  if (follow) payload.view.follow = follow;
  if (plot) payload.view.plot = plot;
  return payload;
}

// In an exercise the address stays the exercise's (?exercise=NAME), which is copied.
async function copyLink({ addressBar, exercise }) {
  if (!exercise && !addressBar.update()) return;
  try {
    await navigator.clipboard.writeText(window.location.href);
    status.showNotice('link copied');
  } catch {
    status.showError('link not copied', 'the browser did not allow the clipboard; the address bar holds the link');
  }
}

// Opens a link read by readPageLink as the address bar's is opened: the run plays back
// in the loop (paused meanwhile, then playing if the link was), the camera goes where
// it says and follows the body it names. Returns "" or the error.
function openReadLink(session, { view, viewFolder, loop, plots }, read, { resume = true } = {}) {
  const error = read.error || session.openLink(read);
  if (error) return error;
  if (read.payload.view?.camera) view.placeCamera(read.payload.view.camera);
  const follow = read.payload.view?.follow;
  const followError = follow === undefined ? '' : viewFolder.followBody(follow);
  if (followError) status.showError('link: view not followed', followError);
  const plot = read.payload.view?.plot;
  const plotError = plot === undefined ? '' : plots.choose(plot);
  if (plotError) status.showError('link: pair not plotted', plotError);
  const playing = resume && Boolean(read.payload.playing);
  loop.pause();
  const stop = loop.on('replayed', () => {
    stop();
    if (playing) loop.play();
  });
  return '';
}

// Opens the link in the address bar: "" when one opened, null when there is none, else
// why not (the caller loads a scene instead).
function openAddressLink(module, session, parts) {
  if (window.location.hash.length <= 1) return null;
  return openReadLink(session, parts, readPageLink(module, window.location.hash));
}

// The page's own link opened again, paused at its end (a video of the last seconds
// plays it back); "" or the error.
function reopenOwnLink(module, session, parts) {
  let link;
  try {
    link = writePageLink(module, pagePayload(session, parts));
  } catch (error) {
    return error.message ?? String(error);
  }
  return openReadLink(session, parts, readPageLink(module, link), { resume: false });
}

// A scene file picked or dropped: loaded if the core accepts it; otherwise (and always
// in an exercise) the running scene stays and the error panel says why.
async function openSceneFile(session, file, { exercise }) {
  if (exercise) {
    session.refuseSceneFile(file.name, `the lab is in the exercise ${exercise.name}, whose scene stays`);
    return;
  }
  const read = await readSceneFile(file);
  if (read.error) session.refuseSceneFile(file.name, read.error);
  else session.loadSceneFile(file.name, read.text);
}

// ?exercise=NAME: the exercise opened over the page (exercise/exercise_mode.js), or null
// when none is asked for or it cannot open (the lab then opens as usual); `problems`:
// [context, message] to show once a scene is loaded.
function openExercise(module, session, parts) {
  const name = requestedExercise();
  parts.exerciseIndex = new ExerciseIndex(parts.controls.gui, name);
  parts.grader = new GradingClient(JSON.stringify(builtinScenes));
  const problems = [];
  parts.grades = new GradeMessages();
  if (name === null || name === '') {
    if (name === '') parts.exerciseIndex.show();
    return { exercise: null, problems };
  }
  const exercise = new ExerciseMode(module, session, parts, status, parts.grader, parts.grades);
  const error = exercise.open(name);
  if (error) problems.push(['exercise not opened, the lab instead', error]);
  return { exercise: error ? null : exercise, problems };
}

// Every part follows the session's events.
function subscribe(session, parts) {
  const { view, viewFolder, loop, controls, formulationPanel, robotPanel, plots, compare, graspBadge } = parts;
  session.on('loaded', ({ sceneKey, description, options }) => {
    status.clearError();
    status.showScene(description);
    loop.setTimeStep(options.time_step);
    view.showScene(description, session.simulation.poseView());
    view.setFrictionEdges(options.friction_edges);
    view.showGhost(session.twin?.description ?? null);
    controls.refresh(options, sceneKey ?? undefined);
    formulationPanel.refresh(options);
    plots.setScene(description, options.time_step);
    robotPanel.build(session.simulation);
    graspBadge.build(session.simulation);
    compare.setScene(description);
    viewFolder.setScene(description);
    parts.presentation.refresh();
    view.frame(description, session.simulation.poseView()); // once the panels show the scene
  });
  const showOptions = (options) => {
    if (options.time_step * 1000 !== loop.timeStepMs) loop.setTimeStep(options.time_step);
    view.setFrictionEdges(options.friction_edges);
    controls.refresh(options);
    formulationPanel.refresh(options);
    plots.setTimeStep(options.time_step);
    robotPanel.refresh(options);
  };
  session.on('optionsChanged', ({ options }) => showOptions(options));
  // The timeline went to another step: its options, robots and time are shown.
  session.on('seeked', ({ options }) => {
    showOptions(options);
    loop.restartWindow();
    plots.showStep(session.simulation.time);
    robotPanel.update(session.simulation, performance.now(), true);
    status.update(session.simulation, loop, performance.now(), true);
    compare.showState();
  });
  session.on('reset', () => {
    loop.restartWindow();
    view.resetForceScale();
    plots.clear();
    robotPanel.update(session.simulation, performance.now(), true);
  });
  session.on('stepped', () => plots.afterStep(session.simulation, session.twin));
  session.on('commanded', () => robotPanel.update(session.simulation, performance.now(), true));
  session.on('compareChanged', () => {
    view.showGhost(session.twin?.description ?? null);
    compare.showState();
  });
  session.on('error', ({ context, message }) => status.showError(context, message));
  loop.on('playing', (playing) => {
    controls.setPlaying(playing);
    parts.embedBar?.setPlaying(playing);
  });
}

// The address bar follows every change (while a link plays back, once it is done).
function followInAddressBar(session, { loop, view, plots, addressBar }) {
  const request = () => {
    if (session.replayRemaining === 0) addressBar.request();
  };
  for (const name of ['loaded', 'optionsChanged', 'reset', 'commanded', 'compareChanged', 'stepped', 'seeked']) {
    session.on(name, request);
  }
  loop.on('playing', request);
  loop.on('replayed', request);
  view.controls.addEventListener('end', request);
  plots.onChosen = request;
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
      copyLink: () => copyLink(parts),
      present: () => presentation.toggle(),
      help: () => help.toggle(),
    },
    () => help.open,
  );
}

async function start() {
  if (builtinSceneNames.length === 0) throw new Error('no built-in scenes were bundled (assets/scenes/*.json)');
  const module = await loadModule();
  const session = new Session(module, readCoreSchema(module));
  const parts = createParts(module, session);
  if (requestedModes().present) parts.presentation.set(true);
  followPhoneLayout(parts.controls.gui);
  parts.view.rig.watchPanels();
  subscribe(session, parts);
  parts.addressBar = new AddressBar(
    () => writePageLink(module, pagePayload(session, parts)),
    (message) => status.showError('link not written', message),
  );
  parts.addressBar.on('written', (href) => parts.embedBar?.setAddress(href));

  const { exercise, problems } = openExercise(module, session, parts);
  parts.exercise = exercise;
  // An exercise's address is ?exercise=NAME: a link in it is not opened, nor written.
  const linkError = parts.exercise ? '' : openAddressLink(module, session, parts);
  if (linkError !== '') {
    const requested = requestedSceneName();
    const known = requested in builtinScenes;
    const sceneKey = known ? requested : DEFAULT_SCENE in builtinScenes ? DEFAULT_SCENE : builtinSceneNames[0];
    const error = session.loadBuiltinScene(sceneKey);
    if (error) throw new Error(`scene ${sceneKey} did not load: ${error}`);
    if (!known) status.showError('unknown scene', `"${requested}"; built-in scenes: ${builtinSceneNames.join(', ')}`);
    if (linkError) status.showError('link not opened, the default scene instead', linkError);
  }
  for (const [context, message] of problems) status.showError(context, message);
  if (!parts.exercise) followInAddressBar(session, parts);
  listenForKeys(session, parts);

  Object.assign(app, {
    session,
    reader: new RecordReader(session.schema.records),
    openLink: (link) => openReadLink(session, parts, readPageLink(module, link)),
    ...parts,
  });
  parts.loop.start();
  loadingNotice.hidden = true;
  startMessageApi();
}

// postMessage from an embedding page (embed/message_api.js, docs/embedding.md).
function startMessageApi() {
  if (!MessageApi.framed) return;
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

const ready = start().catch((error) => {
  loadingNotice.hidden = true;
  status.showError('contactlab could not start', error.message ?? String(error));
  throw error;
});
window.contactlab = createAutomationApi(app, ready);

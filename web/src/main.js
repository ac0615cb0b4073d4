// The page: loads the WebAssembly module and what the core says about itself (its
// option table and record layouts), constructs the session (the page's simulation and
// compare mode's twin) and the modules that show it and act on it, subscribes them to
// the session's events, and loads the first scene. Each module lives in its own file;
// this one only connects them.
import { createAutomationApi } from './automation.js';
import { ComparePanel } from './compare_panel.js';
import { ContactPlots } from './contact_plots.js';
import { Controls } from './controls.js';
import { FormulationPanel } from './formulation_panel.js';
import { GraspBadge } from './grasp_badge.js';
import { Loop } from './loop.js';
import { RecordReader } from './record_reader.js';
import { RobotPanel } from './robot_panel.js';
import { DEFAULT_SCENE, builtinSceneNames, builtinScenes, requestedSceneName } from './scenes.js';
import { Session } from './session.js';
import { readCoreSchema } from './simulation.js';
import { StatusPanel } from './status.js';
import { View } from './view.js';
import { WrenchSpaceView } from './wrench_space_view.js';

const status = new StatusPanel();
const loadingNotice = document.getElementById('loading');
const app = {}; // the parts the automation API reads, once started

async function loadModule() {
  try {
    const { default: createContactlab } = await import('./wasm/contactlab.mjs');
    return await createContactlab();
  } catch (error) {
    throw new Error(`the WebAssembly module did not load: ${error.message ?? error}`);
  }
}

// The view, the panels, the plots and the loop, acting through the session.
function createParts(session) {
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
    reset: () => session.reset(),
    loadBuiltinScene: (name) => session.loadBuiltinScene(name),
    setOverlay: (shown) => view.setOverlay(shown),
  });
  const gui = parts.controls.gui;
  parts.robotPanel = new RobotPanel(gui, records.joint, optionSchema, session);
  parts.formulationPanel = new FormulationPanel(gui, parts.controls.solverFolder, optionSchema, session);
  parts.plots = new ContactPlots(gui, records);
  parts.compare = new ComparePanel(gui, session, parts.plots);
  parts.graspBadge = new GraspBadge(document.getElementById('grasp-badge'), (report) => {
    view.setHighlightedBody(report ? report.objectBody : -1);
    wrenchSpace.show(report ? session.simulation.graspWrenches() : null);
  });
  parts.loop = new Loop(view.renderer, session, (nowMs) => {
    const { simulation, twin } = session;
    view.update(simulation, twin, nowMs);
    parts.compare.update(nowMs);
    view.render();
    status.update(simulation, parts.loop, nowMs);
    parts.robotPanel.update(simulation, nowMs);
    parts.graspBadge.update(simulation, nowMs);
    parts.plots.update(nowMs, simulation, twin);
  });
  return parts;
}

// Every part follows the session's events.
function subscribe(session, { view, loop, controls, formulationPanel, robotPanel, plots, compare, graspBadge }) {
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
  });
  session.on('optionsChanged', ({ options }) => {
    if (options.time_step * 1000 !== loop.timeStepMs) loop.setTimeStep(options.time_step);
    view.setFrictionEdges(options.friction_edges);
    controls.refresh(options);
    formulationPanel.refresh(options);
    plots.setTimeStep(options.time_step);
    robotPanel.refresh(options);
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
  loop.on('playing', (playing) => controls.setPlaying(playing));
}

async function start() {
  if (builtinSceneNames.length === 0) throw new Error('no built-in scenes were bundled (assets/scenes/*.json)');
  const module = await loadModule();
  const session = new Session(module, readCoreSchema(module));
  const parts = createParts(session);
  subscribe(session, parts);

  const requested = requestedSceneName();
  const known = requested in builtinScenes;
  const sceneKey = known ? requested : DEFAULT_SCENE in builtinScenes ? DEFAULT_SCENE : builtinSceneNames[0];
  const error = session.loadBuiltinScene(sceneKey);
  if (error) throw new Error(`scene ${sceneKey} did not load: ${error}`);
  if (!known) status.showError('unknown scene', `"${requested}"; built-in scenes: ${builtinSceneNames.join(', ')}`);

  Object.assign(app, { session, reader: new RecordReader(session.schema.records), ...parts });
  parts.loop.start();
  loadingNotice.hidden = true;
}

const ready = start().catch((error) => {
  loadingNotice.hidden = true;
  status.showError('contactlab could not start', error.message ?? String(error));
  throw error;
});
window.contactlab = createAutomationApi(app, ready);

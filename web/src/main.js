// The page: loads the WebAssembly module and the first scene, then wires the
// simulation, the view, the loop, the control panel, the robot panel, the formulation
// folder, the contact plots, compare mode, the status text and the automation API
// together. Each of those lives in its own module.
import { createAutomationApi } from './automation.js';
import { CompareMode } from './compare_mode.js';
import { ContactPlots } from './contact_plots.js';
import { Controls } from './controls.js';
import { FormulationPanel } from './formulation_panel.js';
import { LockStep } from './lock_step.js';
import { Loop } from './loop.js';
import { GraspBadge } from './grasp_badge.js';
import { RobotPanel } from './robot_panel.js';
import { DEFAULT_SCENE, builtinSceneNames, builtinScenes, requestedSceneName } from './scenes.js';
import { Simulation } from './simulation.js';
import { StatusPanel } from './status.js';
import { View } from './view.js';
import { WrenchSpaceView } from './wrench_space_view.js';

const app = { simulation: null, loop: null, view: null, actions: null };
const status = new StatusPanel();
let markGraspedContacts = () => {};
const graspBadge = new GraspBadge(document.getElementById('grasp-badge'), (report) => markGraspedContacts(report));
const loadingNotice = document.getElementById('loading');
// The formulation folder, the contact plots, compare mode and the lock-step that steps
// the simulation (and compare mode's twin): set in start().
const formulations = { panel: null, plots: null, compare: null, lockStep: null };

function sceneShown(simulation, view, loop, controls, robotPanel, sceneKey) {
  const description = simulation.description;
  view.showScene(description, simulation.poseView());
  const options = simulation.options();
  loop.setTimeStep(options.time_step);
  view.contacts.setFrictionEdges(options.friction_edges);
  controls.refresh(options, sceneKey ?? undefined);
  formulations.panel.refresh(options);
  formulations.plots.setScene(description, options.time_step);
  robotPanel.build(simulation);
  graspBadge.build(simulation);
  status.showScene(description);
}

function createActions(simulation, view, loop, controls, robotPanel) {
  const actions = {
    setOption(name, value) {
      const error = simulation.setOption(name, value);
      if (error) status.showError('option not changed', error);
      else formulations.compare.mirrorOption(name, value);
      const options = simulation.options();
      formulations.panel.refresh(options);
      formulations.plots.setTimeStep(options.time_step);
      view.contacts.setFrictionEdges(options.friction_edges);
      if (options.time_step * 1000 !== loop.timeStepMs) loop.setTimeStep(options.time_step);
      controls.refresh(options);
      robotPanel.refresh(options);
      return error;
    },
    // position [rad or m]; the robot panel's slider follows at its next refresh.
    setJointTarget(articulation, link, position) {
      const error = simulation.setJointTarget(articulation, link, position);
      if (error) status.showError('joint not moved', error);
      else formulations.compare.mirror((twin) => twin.setJointTarget(articulation, link, position));
      robotPanel.update(simulation, performance.now(), true);
      return error;
    },
    // Moves a joggable link's frame by (dx, dy, dz) [m], orientation kept.
    jog(articulation, link, dx, dy, dz) {
      const error = simulation.jog(articulation, link, dx, dy, dz);
      if (error) status.showError('jog refused', error);
      else formulations.compare.mirror((twin) => twin.jog(articulation, link, dx, dy, dz));
      robotPanel.update(simulation, performance.now(), true);
      return error;
    },
    // kind: 'autograsp' or 'open'.
    command(articulation, kind) {
      const error = simulation.command(articulation, kind);
      if (error) status.showError(`${kind} not started`, error);
      else formulations.compare.mirror((twin) => twin.command(articulation, kind));
      robotPanel.update(simulation, performance.now(), true);
      return error;
    },
    // `sceneKey` is the built-in scene's name, or null for a scene from elsewhere.
    loadScene(jsonText, sceneKey) {
      const error = simulation.loadScene(jsonText);
      if (error) {
        status.showError('scene not loaded (the previous scene keeps running)', error);
        return error;
      }
      status.clearError();
      loop.restartWindow();
      sceneShown(simulation, view, loop, controls, robotPanel, sceneKey);
      const twinError = formulations.compare.setScene(jsonText, simulation.description);
      if (twinError) status.showError('compare mode: the ghost did not load the scene', twinError);
      return '';
    },
    loadBuiltinScene(name) {
      return actions.loadScene(builtinScenes[name], name);
    },
    reset() {
      simulation.reset();
      formulations.compare.reset();
      formulations.plots.clear();
      loop.restartWindow();
      view.contacts.resetForceScale();
      robotPanel.update(simulation, performance.now(), true);
    },
    play() {
      loop.play();
      controls.setPlaying(true);
    },
    pause() {
      loop.pause();
      controls.setPlaying(false);
    },
    step() {
      actions.pause();
      formulations.lockStep.step(1);
    },
    setOverlay({ cones, arrows }) {
      view.contacts.showCones = cones;
      view.contacts.showArrows = arrows;
    },
  };
  return actions;
}

async function start() {
  if (builtinSceneNames.length === 0) throw new Error('no built-in scenes were bundled (assets/scenes/*.json)');
  let Module;
  try {
    const { default: createContactlab } = await import('./wasm/contactlab.mjs');
    Module = await createContactlab();
  } catch (error) {
    throw new Error(`the WebAssembly module did not load: ${error.message ?? error}`);
  }
  const simulation = new Simulation(Module);

  let sceneKey = requestedSceneName();
  if (!(sceneKey in builtinScenes)) {
    status.showError('unknown scene', `"${sceneKey}"; built-in scenes: ${builtinSceneNames.join(', ')}`);
    sceneKey = DEFAULT_SCENE in builtinScenes ? DEFAULT_SCENE : builtinSceneNames[0];
  }
  const error = simulation.loadScene(builtinScenes[sceneKey]);
  if (error) throw new Error(`scene ${sceneKey} did not load: ${error}`);

  const view = new View(document.getElementById('viewport'));
  view.contacts.onScaleChange = (force, length) => status.showForceScale(force, length);
  const wrenchSpace = new WrenchSpaceView(document.body, {
    leftOf: document.getElementById('gui'),
    above: document.getElementById('status-line'),
  });
  markGraspedContacts = (report) => {
    view.contacts.setHighlightedBody(report ? report.objectBody : -1);
    wrenchSpace.show(report ? simulation.graspWrenches() : null);
  };
  let actions = null;
  const controls = new Controls(document.getElementById('gui'), builtinSceneNames, {
    setOption: (name, value) => actions.setOption(name, value),
    play: () => actions.play(),
    pause: () => actions.pause(),
    step: () => actions.step(),
    reset: () => actions.reset(),
    loadBuiltinScene: (name) => actions.loadBuiltinScene(name),
    setOverlay: (shown) => actions.setOverlay(shown),
  });
  const robotPanel = new RobotPanel(controls.gui, {
    setJointTarget: (articulation, link, position) => actions.setJointTarget(articulation, link, position),
    command: (articulation, kind) => actions.command(articulation, kind),
    setOption: (name, value) => actions.setOption(name, value),
    jog: (articulation, link, dx, dy, dz) => actions.jog(articulation, link, dx, dy, dz),
  });
  const lockStep = new LockStep(simulation);
  const formulationPanel = new FormulationPanel(controls.gui, controls.solverFolder, {
    setOption: (name, value) => actions.setOption(name, value),
  });
  const plots = new ContactPlots(controls.gui, lockStep);
  lockStep.afterStep = () => plots.afterStep();
  const compare = new CompareMode(Module, lockStep, view, plots, controls.gui, { reset: () => actions.reset() });
  Object.assign(formulations, { panel: formulationPanel, plots, compare, lockStep });
  const loop = new Loop(view.renderer, lockStep, (nowMs) => {
    view.update(simulation, nowMs);
    compare.update(nowMs);
    view.render();
    status.update(simulation, loop, nowMs);
    robotPanel.update(simulation, nowMs);
    graspBadge.update(simulation, nowMs);
    plots.update(nowMs);
  });
  actions = createActions(simulation, view, loop, controls, robotPanel);
  sceneShown(simulation, view, loop, controls, robotPanel, sceneKey);
  compare.setScene(builtinScenes[sceneKey], simulation.description);

  Object.assign(app, { simulation, loop, view, actions, wrenchSpace, lockStep, formulationPanel, plots, compare });
  loop.start();
  loadingNotice.hidden = true;
}

const ready = start().catch((error) => {
  loadingNotice.hidden = true;
  status.showError('contactlab could not start', error.message ?? String(error));
  throw error;
});
window.contactlab = createAutomationApi(app, ready);

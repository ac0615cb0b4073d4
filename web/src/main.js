// The page: loads the WebAssembly module and the first scene, then wires the
// simulation, the view, the loop, the control panel, the robot panel, the status text
// and the automation API together. Each of those lives in its own module.
import { createAutomationApi } from './automation.js';
import { Controls } from './controls.js';
import { Loop } from './loop.js';
import { GraspBadge } from './grasp_badge.js';
import { RobotPanel } from './robot_panel.js';
import { DEFAULT_SCENE, builtinSceneNames, builtinScenes, requestedSceneName } from './scenes.js';
import { Simulation } from './simulation.js';
import { StatusPanel } from './status.js';
import { View } from './view.js';

const app = { simulation: null, loop: null, view: null, actions: null };
const status = new StatusPanel();
let markGraspedContacts = () => {};
const graspBadge = new GraspBadge(document.getElementById('grasp-badge'), (report) => markGraspedContacts(report));
const loadingNotice = document.getElementById('loading');

function sceneShown(simulation, view, loop, controls, robotPanel, sceneKey) {
  const description = simulation.description;
  view.showScene(description, simulation.poseView());
  const options = simulation.options();
  loop.setTimeStep(options.time_step);
  view.contacts.setFrictionEdges(options.friction_edges);
  controls.refresh(options, sceneKey ?? undefined);
  robotPanel.build(simulation);
  graspBadge.build(simulation);
  status.showScene(description);
}

function createActions(simulation, view, loop, controls, robotPanel) {
  const actions = {
    setOption(name, value) {
      const error = simulation.setOption(name, value);
      if (error) status.showError('option not changed', error);
      const options = simulation.options();
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
      robotPanel.update(simulation, performance.now(), true);
      return error;
    },
    // kind: 'autograsp' or 'open'.
    command(articulation, kind) {
      const error = simulation.command(articulation, kind);
      if (error) status.showError(`${kind} not started`, error);
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
      return '';
    },
    loadBuiltinScene(name) {
      return actions.loadScene(builtinScenes[name], name);
    },
    reset() {
      simulation.reset();
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
      simulation.step(1);
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
  markGraspedContacts = (report) => view.contacts.setHighlightedBody(report ? report.objectBody : -1);
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
  });
  const loop = new Loop(view.renderer, simulation, (nowMs) => {
    view.update(simulation, nowMs);
    view.render();
    status.update(simulation, loop, nowMs);
    robotPanel.update(simulation, nowMs);
    graspBadge.update(simulation, nowMs);
  });
  actions = createActions(simulation, view, loop, controls, robotPanel);
  sceneShown(simulation, view, loop, controls, robotPanel, sceneKey);

  Object.assign(app, { simulation, loop, view, actions });
  loop.start();
  loadingNotice.hidden = true;
}

const ready = start().catch((error) => {
  loadingNotice.hidden = true;
  status.showError('contactlab could not start', error.message ?? String(error));
  throw error;
});
window.contactlab = createAutomationApi(app, ready);

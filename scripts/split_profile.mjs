// The profile that splits the main WebAssembly module (scripts/split_main_module.sh;
// docs/performance.md, "The main module split in two"): run on the instrumented module
// Emscripten's -sSPLIT_MODULE links, it does what the page does when it opens on the
// default scene and what a visitor does there first, through the page's own Simulation
// wrapper, and writes which of the module's functions ran. Those functions make the
// primary module, which the page loads first; the rest is the secondary, which the page
// fetches and compiles beside the primary and awaits before anything else
// (web/src/module/secondary_module.js).
//
// What it runs: the default scene for its whole duration, loaded as the page loads it,
// its checkpoint and link taken, stepped one step at a time with every read the view,
// the panels and the plots make per frame; meanwhile the common actions of that scene:
// the sliders of the time step h, the friction coefficient mu (and its "from the
// materials" box) and the error reduction gamma, a drag of a block, the timeline taken
// back, restart and reset scene, and the address bar's link to each of these. Other
// scenes, formulations, the editor, exercises and imports are the secondary's. A second
// of CPU.
//
//   node scripts/split_profile.mjs INSTRUMENTED_DIR PROFILE_FILE
//   (INSTRUMENTED_DIR holds the instrumented contactlab.wasm and its contactlab.mjs)
import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SCENE, PRIMARY_OPTIONS } from '../web/src/session/default_scene.js';
import { Simulation, readCoreSchema } from '../web/src/session/simulation.js';
import { loadContactlab } from '../tests/support/contactlab_module.mjs';

// Reads the page makes a few times a second, not every frame (the grasp badge, the
// checkpoints of the timeline).
const SELDOM_EVERY = 25;
// The body dragged, and the sliders moved (docs/page.md, "Drag to perturb").
const DRAGGED_BODY = 'wood_block';
const SLIDER_VALUES = Object.freeze({ time_step: [0.005, 0.001], friction_coefficient: [0.3, 0.8], error_reduction: [0.5, 0.1] });
// The same sliders set before a run, every combination of these values (mu -1: the
// scene's materials), each run for at most GRID_STEPS steps: what the blocks and the
// cylinder then do (slide, stick, tip, bounce, leave the ramp) reaches code the scene's
// own run does not.
const SLIDER_GRID = Object.freeze({
  time_step: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.035, 0.05, 0.1],
  friction_coefficient: [-1, 0, 0.3, 0.6, 1, 2],
  error_reduction: [0, 0.2, 0.6, 1],
});
const GRID_STEPS = 1200;

const [instrumentedDir, profileFile] = process.argv.slice(2);
if (!instrumentedDir || !profileFile) {
  throw new Error('usage: node scripts/split_profile.mjs INSTRUMENTED_DIR PROFILE_FILE');
}
const sceneUrl = new URL(`../assets/scenes/${DEFAULT_SCENE}.json`, import.meta.url);

// A frame's reads: the view's poses, velocities, contacts and joint frames, the drag
// under way, the timeline's oldest checkpoint, the robot panel's joints and link poses,
// the status line's solver report and errors.
function readFrame(simulation) {
  simulation.dragState();
  simulation.poseView();
  simulation.velocityView();
  simulation.contactView();
  simulation.jointFrameView();
  simulation.eventTimes();
  simulation.articulations.forEach((articulation, index) => {
    simulation.jointView(index);
    for (const link of articulation.links) simulation.linkPose(articulation.name, link.name);
  });
  simulation.solverReport();
  return [
    simulation.time, simulation.stepCount, simulation.oldestCheckpoint, simulation.formulation, simulation.coordinates,
    simulation.contactCount, simulation.loopError, simulation.jointError,
  ];
}

// The run's link as the address bar writes it (link/page_link.js): the core reads the
// payload back before the page writes it.
function writeLink(module, payload) {
  const read = module.readLink(JSON.stringify(payload));
  if (read.error) throw new Error(`${DEFAULT_SCENE}: its link was refused: ${read.error}`);
}

// The actions of the run, by the step they come after: [step, kind, ...args] as the
// session's journal keeps them, applied as the session applies them.
function plannedActions(schema, simulation, scene) {
  const actions = [];
  let step = 40;
  for (const name of PRIMARY_OPTIONS) {
    for (const value of SLIDER_VALUES[name]) actions.push([(step += 20), 'option', name, value]);
    actions.push([(step += 20), 'option', name, simulation.getOption(name)]);
  }
  const entry = schema.options.option('friction_coefficient');
  for (const named of entry.values.filter((value) => value.value < entry.min || value.value > entry.max)) {
    actions.push([(step += 20), 'option', entry.name, named.value]);
  }
  actions.push([(step += 20), 'option', entry.name, simulation.getOption(entry.name)]);
  const body = scene.bodies.find((described) => described.name === DRAGGED_BODY);
  if (!body) throw new Error(`${DEFAULT_SCENE} has no body ${DRAGGED_BODY} to drag`);
  const [x, y, z] = body.position;
  actions.push([(step += 20), 'drag', DRAGGED_BODY, x, y, z, x, y, z + 0.05]);
  for (let move = 1; move <= 10; ++move) actions.push([(step += 2), 'drag_target', x + 0.02 * move, y, z + 0.1]);
  actions.push([(step += 20), 'release']);
  return actions;
}

function apply(simulation, [, kind, ...args]) {
  if (kind === 'option') return simulation.setOption(args[0], args[1]);
  if (kind === 'drag') return simulation.drag(args[0], args.slice(1, 4), args.slice(4, 7));
  if (kind === 'drag_target') return simulation.moveDragTarget(args);
  simulation.release();
  return '';
}

// The default scene run from its start under each combination of SLIDER_GRID.
function runSliderGrid(module, schema, jsonText) {
  const simulation = new Simulation(module, schema);
  try {
    const error = simulation.loadScene(jsonText);
    if (error) throw new Error(`scene ${DEFAULT_SCENE} did not load: ${error}`);
    for (const h of SLIDER_GRID.time_step) {
      for (const mu of SLIDER_GRID.friction_coefficient) {
        for (const gamma of SLIDER_GRID.error_reduction) {
          simulation.reset();
          for (const [name, value] of [['time_step', h], ['friction_coefficient', mu], ['error_reduction', gamma]]) {
            const refused = simulation.setOption(name, value);
            if (refused) throw new Error(`${DEFAULT_SCENE}: ${name} = ${value} refused: ${refused}`);
          }
          const steps = Math.min(GRID_STEPS, Math.round(simulation.description.duration / h));
          for (let step = 0; step < steps; ++step) {
            simulation.step(1);
            readFrame(simulation);
          }
        }
      }
    }
  } finally {
    simulation.dispose();
  }
}

function runDefaultScene(module, schema, jsonText) {
  const simulation = new Simulation(module, schema);
  try {
    simulation.keepStateLog();
    const error = simulation.loadScene(jsonText);
    if (error) throw new Error(`scene ${DEFAULT_SCENE} did not load: ${error}`);
    simulation.options();
    simulation.setCheckpointCapacity(128);
    simulation.saveCheckpoint();
    writeLink(module, { scene: { builtin: DEFAULT_SCENE } });
    const link = module.readLink(JSON.stringify({ scene: { builtin: DEFAULT_SCENE } }));
    module.linkScene(link.payload, jsonText);
    const actions = plannedActions(schema, simulation, JSON.parse(jsonText));
    const journal = [];
    const steps = Math.round(simulation.description.duration / simulation.getOption('time_step'));
    for (let step = 0; step < steps; ++step) {
      for (const action of actions.filter(([at]) => at === step)) {
        const refused = apply(simulation, action);
        if (refused) throw new Error(`${DEFAULT_SCENE}: ${action[1]} refused at step ${step}: ${refused}`);
        simulation.options();
        journal.push(action);
        writeLink(module, { playing: true, scene: { builtin: DEFAULT_SCENE }, journal, step });
      }
      simulation.step(1);
      readFrame(simulation);
      if (step % SELDOM_EVERY === 0) {
        simulation.graspReport();
        simulation.graspWrenches();
        simulation.saveCheckpoint();
      }
    }
    // The timeline taken back to an earlier checkpoint, then the run going on from there.
    const back = simulation.oldestCheckpoint + SELDOM_EVERY;
    simulation.restoreCheckpoint(back);
    simulation.discardCheckpointsAfter(back);
    simulation.step(1);
    readFrame(simulation);
    simulation.stateCsvHeader();
    // Restart (the options kept) and reset scene (the scene's own).
    simulation.reset();
    simulation.step(1);
    readFrame(simulation);
    simulation.resetScene();
    simulation.options();
    simulation.step(1);
    readFrame(simulation);
  } finally {
    simulation.dispose();
  }
}

const module = await loadContactlab(pathToFileURL(`${instrumentedDir.replace(/\/?$/, '/')}`));
const schema = readCoreSchema(module);
const sceneText = await readFile(sceneUrl, 'utf8');
runDefaultScene(module, schema, sceneText);
runSliderGrid(module, schema, sceneText);

// wasm-split's instrumentation writes the profile into memory the caller gives it; a
// first call with no room says how much it needs.
const writeProfile = module.asm.__write_profile;
if (!writeProfile) throw new Error(`${instrumentedDir}/contactlab.wasm is not instrumented (no __write_profile export)`);
const size = writeProfile(0, 0);
const address = module._malloc(size);
writeProfile(address, size);
await writeFile(profileFile, module.HEAPU8.slice(address, address + size));
module._free(address);

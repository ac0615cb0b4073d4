// The profile that splits the main WebAssembly module (scripts/split_main_module.sh;
// docs/performance.md, "The main module split in two"): run on the instrumented module
// Emscripten's -sSPLIT_MODULE links, it does what the page does at its start and in
// its common use, through the page's own Simulation wrapper, and writes which of the
// module's functions ran. Those functions make the primary module, which the page
// loads first; the rest is the secondary, loaded on the first call of one of them.
//
// What it runs: the default scene first, then every built-in scene, each loaded as the
// page loads it (its own options: the formulation it starts in), its checkpoint and
// link taken, and stepped one step at a time with every read the view, the panels and
// the plots make per frame, then restarted: the default scene for its whole duration,
// the others for their first SCENE_SECONDS. The
// functions a scene needs further on in its run (a grasp's lift, a formulation chosen
// in the panel) stay in the secondary. A few seconds of CPU.
//
//   node scripts/split_profile.mjs INSTRUMENTED_DIR PROFILE_FILE
//   (INSTRUMENTED_DIR holds the instrumented contactlab.wasm and its contactlab.mjs)
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SCENE } from '../web/src/session/default_scene.js';
import { Simulation, readCoreSchema } from '../web/src/session/simulation.js';
import { loadContactlab } from '../tests/support/contactlab_module.mjs';

const SCENE_SECONDS = 0.25;
// Reads the page makes a few times a second, not every frame (the grasp badge, the
// checkpoints of the timeline).
const SELDOM_EVERY = 25;

const [instrumentedDir, profileFile] = process.argv.slice(2);
if (!instrumentedDir || !profileFile) {
  throw new Error('usage: node scripts/split_profile.mjs INSTRUMENTED_DIR PROFILE_FILE');
}
const sceneDir = new URL('../assets/scenes/', import.meta.url);

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

function runScene(module, schema, name, jsonText, seconds) {
  const simulation = new Simulation(module, schema);
  try {
    simulation.keepStateLog();
    const error = simulation.loadScene(jsonText);
    if (error) throw new Error(`scene ${name} did not load: ${error}`);
    simulation.options();
    simulation.setCheckpointCapacity(128);
    simulation.saveCheckpoint();
    const link = module.readLink(JSON.stringify({ scene: { builtin: name } }));
    if (link.error) throw new Error(`scene ${name}: its link was refused: ${link.error}`);
    module.linkScene(link.payload, jsonText);
    const steps = Math.round(Math.min(seconds, simulation.description.duration) / simulation.getOption('time_step'));
    for (let step = 0; step < steps; ++step) {
      simulation.step(1);
      readFrame(simulation);
      if (step % SELDOM_EVERY === 0) {
        simulation.graspReport();
        simulation.graspWrenches();
        simulation.saveCheckpoint();
      }
    }
    // The address bar's link to the run shown.
    module.readLink(JSON.stringify({ playing: true, scene: { builtin: name }, step: simulation.stepCount }));
    simulation.stateCsvHeader();
    simulation.reset();
    simulation.resetScene();
  } finally {
    simulation.dispose();
  }
}

const module = await loadContactlab(pathToFileURL(`${instrumentedDir.replace(/\/?$/, '/')}`));
const schema = readCoreSchema(module);
const names = (await readdir(sceneDir)).filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length)).sort();
for (const name of [DEFAULT_SCENE, ...names.filter((other) => other !== DEFAULT_SCENE)]) {
  const seconds = name === DEFAULT_SCENE ? Infinity : SCENE_SECONDS;
  runScene(module, schema, name, await readFile(new URL(`${name}.json`, sceneDir), 'utf8'), seconds);
}

// wasm-split's instrumentation writes the profile into memory the caller gives it; a
// first call with no room says how much it needs.
const writeProfile = module.asm.__write_profile;
if (!writeProfile) throw new Error(`${instrumentedDir}/contactlab.wasm is not instrumented (no __write_profile export)`);
const size = writeProfile(0, 0);
const address = module._malloc(size);
writeProfile(address, size);
await writeFile(profileFile, module.HEAPU8.slice(address, address + size));
module._free(address);

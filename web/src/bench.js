// The benchmark page: for each benchmark scene (optionally in a given formulation,
// see setUp), with u = 8 and h = 2.5 ms, times
// `steps` steps (no rendering), starting the scene again whenever its duration is over
// (as tests/bench/step_bench.cpp does, so every phase is measured; the restarts are
// not timed). Steps are timed in runs up to the scene's end, one call each, so the
// figure is the engine's and not the cost of calling it; an untimed second pass
// records the LCP size and the Lemke pivots of each step.
// Before anything is timed, every scene is stepped for `warmupSeconds` in all: the
// browser first runs WebAssembly from a quick baseline compile and swaps in optimised
// code only after a while, and the first scene measured would otherwise pay for it.
// Results go to the table and, as plain data, to
// window.contactlabBench = { done, error, steps, warmupSeconds, results: [...] }.
import { builtinScene, loadBuiltinScenes } from './session/scenes.js';
import { Simulation, readCoreSchema } from './session/simulation.js';

const BENCH_SCENES = ['box_rest', 'box_stack', 'brick_slide'];
const FRICTION_EDGES = 8;
const TIME_STEP = 0.0025;

const parameters = new URLSearchParams(window.location.search);
const steps = Number(parameters.get('steps') ?? 8000);
const warmupSeconds = Number(parameters.get('warmup') ?? 2);
const sceneNames = parameters.get('scenes')?.split(',') ?? BENCH_SCENES;

const report = { done: false, error: '', steps, warmupSeconds, userAgent: navigator.userAgent, results: [] };
window.contactlabBench = report;

function addRow(result) {
  const row = document.createElement('tr');
  const cells = [
    result.scene,
    result.steps,
    result.seconds.toFixed(3),
    Math.round(result.stepsPerSecond),
    result.meanLcpSize.toFixed(1),
    result.meanPivots.toFixed(1),
    result.solverStatus,
  ];
  for (const value of cells) {
    const cell = document.createElement('td');
    cell.textContent = String(value);
    row.appendChild(cell);
  }
  document.getElementById('bench-rows').appendChild(row);
}

// An entry is a scene's name, optionally with a formulation and further options:
// "box_stack", "box_stack@soft", "box_stack@soft+soft_cone=1" (the native
// benchmark's names).
function setUp(simulation, entry) {
  const [sceneAndFormulation, ...settings] = entry.split('+');
  const formulations = simulation.optionSchema.formulations;
  const [scene, formulation = formulations[0]] = sceneAndFormulation.split('@');
  const text = builtinScene(scene);
  if (text === undefined) return `unknown scene ${scene}`;
  const formulationIndex = simulation.optionSchema.valueOf('formulation', formulation);
  if (formulationIndex === undefined) return `unknown formulation ${formulation} (known: ${formulations.join(', ')})`;
  const error =
    simulation.loadScene(text) ||
    simulation.setOption('friction_edges', FRICTION_EDGES) ||
    simulation.setOption('time_step', TIME_STEP) ||
    (sceneAndFormulation.includes('@') ? simulation.setOption('formulation', formulationIndex) : '');
  if (error) return error;
  for (const setting of settings) {
    const [name, value] = setting.split('=');
    const settingError = simulation.setOption(name, Number(value));
    if (settingError) return settingError;
  }
  return '';
}

// Calls `visit(count)` with the lengths of the runs that make up `steps` steps from
// the scene's start, resetting at the end of the scene's duration (untimed).
function forEachRun(simulation, visit) {
  const sceneSteps = Math.max(1, Math.floor(simulation.description.duration / TIME_STEP));
  simulation.reset();
  let taken = 0;
  while (taken < steps) {
    if (simulation.stepCount >= sceneSteps) simulation.reset();
    const count = Math.min(steps - taken, sceneSteps - simulation.stepCount);
    visit(count);
    taken += count;
  }
  return taken;
}

function run(simulation, name) {
  let milliseconds = 0;
  const taken = forEachRun(simulation, (count) => {
    const start = performance.now();
    simulation.step(count);
    milliseconds += performance.now() - start;
  });
  let lcpSum = 0;
  let pivotSum = 0;
  forEachRun(simulation, (count) => {
    for (let i = 0; i < count; i += 1) {
      simulation.step(1);
      lcpSum += simulation.lcpSize;
      pivotSum += simulation.pivots;
    }
  });
  const seconds = milliseconds / 1000;
  return {
    scene: name,
    steps: taken,
    seconds,
    stepsPerSecond: taken / seconds,
    meanLcpSize: lcpSum / taken,
    meanPivots: pivotSum / taken,
    contactsAtEnd: simulation.contactCount,
    solverStatus: simulation.solverReport().status,
  };
}

// Steps every scene in turn until `warmupSeconds` have passed (nothing recorded).
function warmUp(simulation) {
  const end = performance.now() + 1000 * warmupSeconds;
  while (performance.now() < end) {
    for (const name of sceneNames) {
      const error = setUp(simulation, name);
      if (error) throw new Error(`${name}: ${error}`);
      simulation.step(200);
    }
  }
}

// Lets the page paint between scenes.
const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 0));

async function main() {
  const { createMainModule } = await import('./module/main_module.js');
  const { module, secondary } = await createMainModule();
  await Promise.all([secondary.load(module), loadBuiltinScenes()]);
  const simulation = new Simulation(module, readCoreSchema(module));
  document.getElementById('bench-state').textContent = 'warming up…';
  await nextFrame();
  warmUp(simulation);
  for (const name of sceneNames) {
    document.getElementById('bench-state').textContent = `running ${name}…`;
    await nextFrame();
    const error = setUp(simulation, name);
    if (error) throw new Error(`${name}: ${error}`);
    const result = run(simulation, name);
    report.results.push(result);
    addRow(result);
  }
  simulation.dispose();
}

main()
  .catch((error) => {
    report.error = error.message ?? String(error);
    document.getElementById('bench-error').textContent = report.error;
  })
  .finally(() => {
    report.done = true;
    document.getElementById('bench-state').textContent = report.error ? 'failed' : 'done';
  });

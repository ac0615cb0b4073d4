// The benchmark page: for each benchmark scene, with u = 8 and h = 2.5 ms, takes
// `warmup` untimed steps, then times `steps` single steps (no rendering), starting
// the scene again whenever its duration is over (as tests/bench/step_bench.cpp does,
// so every phase is measured; the restarts are not timed), and records the LCP size
// and the Lemke pivots of each step. Results go to the table and, as plain data, to
// window.contactlabBench = { done, error, steps, warmup, results: [...] }.
import { builtinScenes } from './scenes.js';
import { Simulation } from './simulation.js';

const BENCH_SCENES = ['box_rest', 'box_stack', 'brick_slide'];
const FRICTION_EDGES = 8;
const TIME_STEP = 0.0025;

const parameters = new URLSearchParams(window.location.search);
const steps = Number(parameters.get('steps') ?? 8000);
const warmup = Number(parameters.get('warmup') ?? 1000);
const sceneNames = parameters.get('scenes')?.split(',') ?? BENCH_SCENES;

const report = { done: false, error: '', steps, warmup, userAgent: navigator.userAgent, results: [] };
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

function setUp(simulation, name) {
  const text = builtinScenes[name];
  if (text === undefined) return `unknown scene ${name}`;
  return (
    simulation.loadScene(text) ||
    simulation.setOption('friction_edges', FRICTION_EDGES) ||
    simulation.setOption('time_step', TIME_STEP)
  );
}

function run(simulation, name) {
  simulation.reset();
  simulation.step(warmup);
  const sceneSteps = Math.max(1, Math.floor(simulation.description.duration / TIME_STEP));
  let lcpSum = 0;
  let pivotSum = 0;
  let taken = 0;
  let milliseconds = 0;
  while (taken < steps) {
    if (simulation.stepCount >= sceneSteps) simulation.reset();
    const segment = Math.min(steps - taken, sceneSteps - simulation.stepCount);
    const start = performance.now();
    for (let i = 0; i < segment; i += 1) {
      taken += simulation.step(1);
      lcpSum += simulation.lcpSize;
      pivotSum += simulation.pivots;
    }
    milliseconds += performance.now() - start;
  }
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

// Lets the page paint between scenes.
const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 0));

async function main() {
  const { default: createContactlab } = await import('./wasm/contactlab.mjs');
  const simulation = new Simulation(await createContactlab());
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

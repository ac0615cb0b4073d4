// The WebAssembly module's speed in Node, on the stretch the native benchmark
// bench_versus_mujoco/bin_pile/FORMULATION/u4 (tests/bench/pile_bench.cpp) times: a
// scene's first --steps steps from its load, u = 4, in one step(N) call, timed by
// process.cpuUsage() (CPU time: wall clock is useless on a shared machine), best of
// --repeats. A first simulation steps --warmup steps and is dropped, so that V8 has
// compiled the hot code with its optimising tier before the timed one starts. Prints
// steps per CPU second and the hash of the final poses, so two builds of the module can
// be compared for speed and bits (docs/performance.md, "The module against native speed").
//
//   node tests/bench/module_bench.mjs [--scene bin_pile] [--formulations soft,convex]
//        [--steps 800] [--warmup 300] [--repeats 3] [--module web/src/wasm]
import { parseArgs } from 'node:util';
import { OptionSchema } from '../../web/src/session/option_schema.js';
import { loadContactlab } from '../support/contactlab_module.mjs';
import { Fnv1a64 } from '../support/trajectory_hash.mjs';
import { repositoryUrl, sceneText } from '../support/repository_files.mjs';

const { values: args } = parseArgs({
  options: {
    scene: { type: 'string', default: 'bin_pile' },
    formulations: { type: 'string', default: 'soft,convex' },
    steps: { type: 'string', default: '800' },
    warmup: { type: 'string', default: '300' },
    repeats: { type: 'string', default: '3' },
    module: { type: 'string', default: 'web/src/wasm' },
  },
});

// A path from the repository's top, or an absolute one.
const Module = await loadContactlab(new URL(args.module.replace(/\/?$/, '/'), repositoryUrl('')));
const schema = new OptionSchema(Module.optionSchema());
const json = await sceneText(args.scene);

function simulation(formulation) {
  const number = schema.valueOf('formulation', formulation);
  if (number === undefined) throw new Error(`--formulations: ${schema.unknownValueMessage('formulation', formulation)}`);
  const sim = new Module.Simulation();
  for (const error of [sim.loadScene(json), sim.setOption('formulation', number), sim.setOption('friction_edges', 4)]) {
    if (error) throw new Error(`${args.scene} in ${formulation}: ${error}`);
  }
  return sim;
}

for (const formulation of args.formulations.split(',')) {
  const warmup = simulation(formulation);
  warmup.step(Number(args.warmup));
  warmup.delete();
  let best = 0;
  let hash = '';
  for (let repeat = 0; repeat < Number(args.repeats); ++repeat) {
    const sim = simulation(formulation);
    const start = process.cpuUsage();
    const steps = sim.step(Number(args.steps));
    const used = process.cpuUsage(start);
    best = Math.max(best, steps / ((used.user + used.system) / 1e6));
    const poses = new Fnv1a64();
    for (const value of sim.bodyPoses()) poses.addDouble(value);
    hash = poses.hex();
    sim.delete();
  }
  console.log(`${args.scene} ${formulation}: ${best.toFixed(0)} steps per CPU-s, final poses ${hash}`);
}

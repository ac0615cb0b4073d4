// The core's layers, bottom to top. A file may include its own layer's headers and
// those of the layers below it, always by their path from core/ ("contact/islands.h");
// nothing in core/ includes cli/ or wasm/. Run by ctest (core_layers); prints every
// include that points up or sideways and exits 1 if there is one.
//
//   node tests/architecture/check_layers.mjs [core directory]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const LAYERS = [
  'base', // math types, status, finite checks, portable trig, the option table
  'geometry', // shapes, mass properties, 3-D convex hulls
  'collision', // narrow phase: signed distance, contact patches
  'dynamics', // model, rigid bodies, articulations, integration, motors
  'contact', // detection, islands, contact and limit rows, friction cones
  'control', // set points: trajectories, ramps, auto-grasp, Cartesian moves
  'lcp', // Lemke's algorithm
  'conic', // interior-point QP/SOCP
  'formulation', // the five contact formulations behind one interface
  'step', // the time step and its workspace
  'grasp', // grasp wrench space and its monitor
  'scene', // reading and writing scene files
  'import', // robot descriptions (URDF) and their meshes turned into scenes
  'session', // a running scene: load, options, step, read-outs
  'exercise', // course exercises: the format, runs, checks, grading, LMS results
];

const coreDir = path.resolve(process.argv[2] ?? new URL('../../core', import.meta.url).pathname);

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(h|cpp)$/.test(name) ? [full] : [];
  });
}

const problems = [];
for (const file of sources(coreDir)) {
  const relative = path.relative(coreDir, file);
  const layer = relative.split(path.sep)[0];
  const rank = LAYERS.indexOf(layer);
  if (rank < 0) {
    problems.push(`${relative}: not in a layer folder (${LAYERS.join(', ')})`);
    continue;
  }
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    const match = /^\s*#\s*include\s+"([^"]+)"/.exec(line);
    if (!match) return;
    const target = match[1];
    const where = `${relative}:${index + 1}`;
    const targetLayer = target.split('/')[0];
    const targetRank = LAYERS.indexOf(targetLayer);
    if (targetRank < 0 || !target.includes('/')) {
      problems.push(`${where}: includes "${target}", not a path from core/ to a layer's header`);
    } else if (targetRank > rank) {
      problems.push(`${where}: ${layer} includes "${target}" from the higher layer ${targetLayer}`);
    }
  });
}
for (const problem of problems) console.log(problem);
console.log(`core layers: ${problems.length} include(s) against the direction`);
process.exit(problems.length === 0 ? 0 : 1);

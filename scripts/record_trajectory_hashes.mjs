// Records tests/data/trajectory_hashes.json: for every built-in scene in every
// formulation, the FNV-1a 64 hash of the state CSV that `contactlab run SCENE
// --duration 2 --set formulation=NAME --csv` writes (17 significant digits), and of
// the state's doubles alone (t, every dynamic body's pose and velocity, every joint's
// q and v, step by step, as their IEEE-754 bytes), which the WebAssembly test
// recomputes from the module. Run it only when physics changes on purpose, and say
// why in the commit that updates the table. The WebAssembly test steps every entry for
// its whole duration in the test command, so scenes too slow for 2 s in every
// formulation are recorded over a shorter stretch (SHORTER_DURATION, kept in the
// entry): bin_pile's first 0.3 s takes its drop and some 30 steps of the landing, the
// pile's first large islands, in about 2.5 s of CPU for all five formulations natively
// (its whole 2 s: some 3 minutes in lcp alone, docs/performance.md). The robot scenes of
// NOT_IN_TABLE are left out: their meshes and URDFs are read from ../shared, which the
// WebAssembly test does not load.
//
//   node scripts/record_trajectory_hashes.mjs [path/to/contactlab]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fnv1a64, stateColumnCount, hashCsvState } from '../tests/support/trajectory_hash.mjs';

const root = new URL('../', import.meta.url).pathname;
const cli = process.argv[2] ?? path.join(root, 'build/native/contactlab');
const DURATION = 2;
const FORMULATIONS = ['lcp', 'convex', 'soft', 'quasistatic', 'compliant'];
const SHORTER_DURATION = { bin_pile: 0.3 };
const NOT_IN_TABLE = ['barrett_mug', 'franka_hand_cube', 'panda_pick', 'robotiq_cube'];

const scenes = readdirSync(path.join(root, 'assets/scenes'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .filter((scene) => !NOT_IN_TABLE.includes(scene))
  .sort();
const dir = mkdtempSync(path.join(tmpdir(), 'contactlab-hashes-'));
const entries = [];
for (const scene of scenes) {
  const duration = SHORTER_DURATION[scene] ?? DURATION;
  for (const formulation of FORMULATIONS) {
    const csvPath = path.join(dir, `${scene}-${formulation}.csv`);
    execFileSync(cli, ['run', path.join(root, 'assets/scenes', `${scene}.json`), '--duration',
      String(duration), '--set', `formulation=${formulation}`, '--csv', csvPath]);
    const csv = readFileSync(csvPath, 'utf8');
    const lines = csv.trim().split('\n');
    entries.push({
      scene,
      formulation,
      ...(duration === DURATION ? {} : { duration }),
      rows: lines.length - 1,
      state_columns: stateColumnCount(lines[0]),
      csv: fnv1a64(Buffer.from(csv, 'utf8')),
      state: hashCsvState(lines),
    });
    console.log(`${scene} ${formulation}: ${lines.length - 1} rows`);
  }
}
const table = { duration: DURATION, entries };
writeFileSync(path.join(root, 'tests/data/trajectory_hashes.json'), `${JSON.stringify(table, null, 1)}\n`);

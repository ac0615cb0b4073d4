// Validates `contactlab lcp` against the Siconos dense LCP test set.
//
//   node tests/validation/siconos_lcp.mjs <path-to-contactlab-binary> <validation-dir>
//
// The expected outcome of every file comes from the table in <validation-dir>/README.md
// (read in place). A file expected "solved" passes when the CLI exits 0 and the printed z
// satisfies, recomputed here from M and q read from the file itself (column-major):
//   min z >= -1e-9,  min w >= -1e-9,  |z'w| <= 1e-9 max(1, |q|_inf),  w = M z + q.
// A file expected "ray termination" passes when the CLI reports no solution (exit 1).
// Pivot counts are printed, not checked: the CLI counts every basis exchange, z0's
// entry included, while the table (Siconos) leaves that first one out.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

const TOLERANCE = 1e-9;

function readExpectations(directory) {
  const readme = readFileSync(join(directory, 'README.md'), 'utf8');
  const expectations = new Map();
  for (const line of readme.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // | file | n | outcome | pivots |  ->  ['', file, n, outcome, pivots, '']
    if (cells.length !== 6 || !/^\d+$/.test(cells[2]) || !/^\d+$/.test(cells[4])) continue;
    const outcome = cells[3].startsWith('solved') ? 'solved'
      : cells[3].startsWith('ray termination') ? 'ray termination' : null;
    if (outcome === null) throw new Error(`README.md: unknown outcome '${cells[3]}' for ${cells[1]}`);
    expectations.set(cells[1], { size: Number(cells[2]), outcome, pivots: Number(cells[4]) });
  }
  return expectations;
}

// The Siconos dense format: n, storage 0, n, n, n n, then M column-major, then q.
function readProblem(path) {
  const tokens = readFileSync(path, 'utf8').split(/\s+/).filter((token) => token.length > 0);
  const n = Number(tokens[0]);
  if (!Number.isInteger(n) || n < 1 || Number(tokens[1]) !== 0) throw new Error(`${path}: bad header`);
  const values = tokens.slice(6, 6 + n * n + n).map(Number);
  if (values.length !== n * n + n || values.some((value) => !Number.isFinite(value))) {
    throw new Error(`${path}: expected ${n * n + n} finite numbers after the header`);
  }
  const entry = (row, col) => values[col * n + row];
  return { n, entry, q: values.slice(n * n) };
}

function certificate({ n, entry, q }, z) {
  let minZ = Infinity;
  let minW = Infinity;
  let zDotW = 0;
  let qNorm = 0;
  for (let i = 0; i < n; ++i) {
    let w = q[i];
    for (let j = 0; j < n; ++j) w += entry(i, j) * z[j];
    minZ = Math.min(minZ, z[i]);
    minW = Math.min(minW, w);
    zDotW += z[i] * w;
    qNorm = Math.max(qNorm, Math.abs(q[i]));
  }
  const complementarity = Math.abs(zDotW);
  const valid = minZ >= -TOLERANCE && minW >= -TOLERANCE &&
    complementarity <= TOLERANCE * Math.max(1, qNorm);
  return { minZ, minW, complementarity, valid };
}

function parseOutput(stdout) {
  const fields = new Map();
  for (const line of stdout.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  const z = (fields.get('z') ?? '').split(/\s+/).filter((token) => token.length > 0).map(Number);
  return { status: fields.get('status') ?? '(none)', pivots: fields.get('pivots') ?? '?', z };
}

function validateFile(binary, path, expected) {
  const name = basename(path, '.dat');
  if (expected === undefined) return { name, ok: false, line: `${name}: not in the README table` };
  const run = spawnSync(binary, ['lcp', path], { encoding: 'utf8', timeout: 60000 });
  if (run.error) return { name, ok: false, line: `${name}: cannot run ${binary}: ${run.error.message}` };
  const output = parseOutput(run.stdout);
  const describe = `expected ${expected.outcome}, got ${output.status} (exit ${run.status}), ` +
    `pivots ${output.pivots}, table pivots ${expected.pivots}`;
  if (expected.outcome === 'ray termination') {
    const ok = run.status === 1 && output.status !== 'solved';
    return { name, ok, line: `${name}: ${describe}` };
  }
  if (run.status !== 0 || output.status !== 'solved') return { name, ok: false, line: `${name}: ${describe}` };
  const problem = readProblem(path);
  if (output.z.length !== problem.n || output.z.some((value) => !Number.isFinite(value))) {
    return { name, ok: false, line: `${name}: ${describe}; z has ${output.z.length} entries, not ${problem.n} numbers` };
  }
  const check = certificate(problem, output.z);
  const measured = `min z ${check.minZ.toExponential(2)}, min w ${check.minW.toExponential(2)}, ` +
    `|z'w| ${check.complementarity.toExponential(2)}`;
  return { name, ok: check.valid, line: `${name}: ${describe}; ${measured}` };
}

function main() {
  const [binary, directory] = process.argv.slice(2);
  if (!binary || !directory) {
    console.error('usage: node tests/validation/siconos_lcp.mjs <path-to-contactlab-binary> <validation-dir>');
    process.exit(2);
  }
  const expectations = readExpectations(directory);
  const files = readdirSync(directory).filter((file) => file.endsWith('.dat')).sort();
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    const result = validateFile(binary, join(directory, file), expectations.get(basename(file, '.dat')));
    console.log(`${result.ok ? 'pass' : 'FAIL'} ${result.line}`);
    if (result.ok) ++passed; else ++failed;
  }
  for (const name of expectations.keys()) {
    if (!files.includes(`${name}.dat`)) {
      console.log(`FAIL ${name}: in the README table but ${name}.dat is missing`);
      ++failed;
    }
  }
  console.log(`siconos-lcp: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main();

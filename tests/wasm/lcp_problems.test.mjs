// The step's LCP as the page shows it (wasm lcpProblems, lcpValues, lcpText; the page's
// plots/lcp_view.js): the text of a step's problem is, bit for bit, the file
// `contactlab run --lcp-dump` writes for the same step, its numbers hold the
// certificate w = M z + q >= 0, z >= 0, z'w = 0, and every unknown is named.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, test } from 'node:test';
import { lcpCertificate, problemCertificate } from '../../web/src/plots/lcp_certificate.js';
import { loadContactlab } from '../support/contactlab_module.mjs';
import { nativeCli, scenePath, sceneText } from '../support/repository_files.mjs';

let Module;
before(async () => {
  Module = await loadContactlab();
});

test("box_stack's LCP at step 40: the page's text is the CLI's dump, and its answer is certified", async () => {
  const steps = 40;
  const sim = new Module.Simulation();
  try {
    assert.equal(sim.loadScene(await sceneText('box_stack')), '');
    assert.equal(sim.step(steps - 1), steps - 1);
    assert.equal(JSON.parse(sim.lcpProblems()).length, 0, 'nothing kept while off');
    sim.keepLcpProblems(true);
    assert.equal(sim.step(1), 1);
    const problems = JSON.parse(sim.lcpProblems());
    assert.equal(problems.length, 1, 'the stack is one island');
    const [problem] = problems;
    assert.equal(problem.labels.length, problem.size);
    assert.equal(problem.contacts.length, problem.contactCount);
    assert.deepEqual(problem.contacts[0].length, 2);
    assert.ok(problem.contacts.every(([a, b]) => typeof a === 'string' && typeof b === 'string' && a !== b));

    const all = sim.lcpValues(0);
    const n = problem.size;
    assert.equal(all.length, n * n + 3 * n);
    const values = {
      matrix: all.subarray(0, n * n),
      q: all.subarray(n * n, n * n + n),
      z: all.subarray(n * n + n, n * n + 2 * n),
      w: all.subarray(n * n + 2 * n),
    };
    const certificate = lcpCertificate(values);
    assert.equal(certificate.holds, true, JSON.stringify(certificate));
    // Five cubes press on each other: every normal impulse carries weight.
    const normals = problem.labels.flatMap((label, i) => (label.startsWith('cn') ? [values.z[i]] : []));
    assert.equal(normals.length, problem.contactCount);
    const h = 0.0025;
    const weight = 5 * 1 * 9.81 * h; // the whole stack's weight over one step [N s]
    const onGround = normals.filter((_, c) => problem.contacts[c].includes('ground')).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(onGround - weight) < 1e-3 * weight, `ground carries ${onGround} N s against ${weight}`);

    const dir = await mkdtemp(path.join(tmpdir(), 'contactlab-lcp-'));
    execFileSync(nativeCli, ['run', scenePath('box_stack'), '--steps', String(steps), '--lcp-dump', dir]);
    const dumped = await readFile(path.join(dir, `step_${String(steps).padStart(6, '0')}_island_0.lcp`), 'utf8');
    assert.equal(sim.lcpText(0), dumped);
    sim.keepLcpProblems(false);
    sim.step(1);
    assert.equal(JSON.parse(sim.lcpProblems()).length, 0, 'nothing kept once off');
    assert.equal(sim.lcpText(0), '');
  } finally {
    sim.delete();
  }
});

test("box_rest's QP under convex at step 12: kept with its kind, certified in the core and the page alike, exported as the CLI dumps it", async () => {
  const steps = 12;
  const sim = new Module.Simulation();
  try {
    assert.equal(sim.loadScene(await sceneText('box_rest')), '');
    assert.equal(sim.setOption('formulation', 1), '');
    assert.equal(sim.step(steps - 1), steps - 1);
    sim.keepLcpProblems(true);
    assert.equal(sim.step(1), 1);
    const [problem, ...others] = JSON.parse(sim.lcpProblems());
    assert.equal(others.length, 0, 'the box is one island');
    assert.equal(problem.kind, 'qp');
    assert.equal(problem.formulation, 'convex');
    assert.equal(problem.regularised, false, "Anitescu's QP has R = 0");
    assert.equal(problem.frictionEdges, 8);
    assert.equal(problem.size, problem.contactCount * problem.frictionEdges);
    assert.equal(problem.labels[0], 'beta0.0');
    assert.equal(problem.certificate.holds, true, JSON.stringify(problem.certificate));

    const n = problem.size;
    const all = sim.lcpValues(0);
    const values = {
      matrix: all.subarray(0, n * n),
      q: all.subarray(n * n, n * n + n),
      z: all.subarray(n * n + n, n * n + 2 * n),
      w: all.subarray(n * n + 2 * n),
    };
    const page = problemCertificate(values, problem.cones);
    assert.equal(page.holds, true);
    for (const key of ['primal', 'dual', 'complementarity', 'equation', 'scale']) {
      assert.ok(Math.abs(page[key] - problem.certificate[key]) <= 1e-12 * page.scale, `${key}: ${page[key]} vs ${problem.certificate[key]}`);
    }
    // The rays carry the box's weight over the step: sum of z = m g h.
    const weight = 1 * 9.81 * 0.0025;
    const carried = values.z.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(carried - weight) < 1e-6 * weight, `${carried} N s against ${weight}`);

    const dir = await mkdtemp(path.join(tmpdir(), 'contactlab-qp-'));
    execFileSync(nativeCli, ['run', scenePath('box_rest'), '--steps', String(steps), '--set', 'formulation=convex', '--lcp-dump', dir]);
    const dumped = await readFile(path.join(dir, `step_${String(steps).padStart(6, '0')}_island_0.lcp`), 'utf8');
    assert.equal(sim.lcpText(0), dumped);
  } finally {
    sim.delete();
  }
});

// The dialog of the step's problem for the kinds the core keeps (web/src/plots/
// problem_words.js, lcp_certificate.js's problemCertificate and coneSideOf): each kind
// has its own title, equation and matrix, a QP or cone program counts iterations and
// never Lemke pivots unless Lemke answered it, the certificate's four residuals are
// judged against 1e-9 of Lemke's scale each, and the export is named for its format.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coneSideOf, problemCertificate } from '../../web/src/plots/lcp_certificate.js';
import { groupOf } from '../../web/src/plots/lcp_heat_map.js';
import {
  KIND_TITLES,
  absentWords,
  certificateWords,
  columnNames,
  equationWords,
  exportFileName,
  groupWords,
  matrixWords,
  summaryWords,
} from '../../web/src/plots/problem_words.js';

const base = { island: 0, size: 8, contactCount: 2, labels: [], contacts: [], cones: [] };

test('each kind names its problem, its matrix and its columns', () => {
  const lcp = { ...base, kind: 'lcp', formulation: 'lcp', iterations: 7, method: 'Lemke' };
  const convex = { ...base, kind: 'qp', formulation: 'convex', iterations: 0, method: 'active set', regularised: false };
  const soft = { ...base, kind: 'qp', formulation: 'soft', iterations: 12, method: 'Lemke', regularised: true };
  const cone = { ...base, kind: 'cone', formulation: 'soft', iterations: 9, method: 'interior point' };
  assert.deepEqual([lcp, convex, cone].map((p) => KIND_TITLES[p.kind]), [
    "The step's LCP",
    "The step's QP",
    "The step's cone program",
  ]);
  assert.match(equationWords(lcp), /seed 002, eq\. 21/);
  assert.match(equationWords(convex), /min ½ zᵀ\(W \+ R\) z \+ qᵀz/);
  assert.match(equationWords(convex), /W = J_β M⁻¹ J_βᵀ/);
  assert.match(equationWords(cone), /μ p_n ≥ ‖p_t‖/);
  assert.deepEqual([lcp, convex, soft, cone].map(matrixWords), ['M = G + N', 'W (R = 0)', 'W + R, R = diag r', 'P = A + R']);
  assert.deepEqual(columnNames(cone), ['c', 'x', 'g = P x + c']);
  assert.deepEqual(columnNames(convex), ['q', 'z', 'w']);

  assert.match(summaryWords(lcp), /7 Lemke pivots/);
  assert.doesNotMatch(summaryWords(convex), /pivots/);
  assert.match(summaryWords(convex), /active set/);
  assert.match(summaryWords(convex), /Anitescu/);
  assert.match(summaryWords(soft), /12 iterations of Lemke’s method/);
  assert.match(summaryWords(soft), /Todorov/);
  assert.match(summaryWords(cone), /9 iterations of the interior point method/);
  assert.match(summaryWords({ ...convex, formulation: 'quasistatic' }), /Seed 003’s QP/);
  const pure = { ...lcp, formulation: 'quasistatic', variant: 'pure' };
  assert.match(summaryWords(pure), /force balance/);
  assert.match(matrixWords(pure), /A_u/);
  assert.match(groupWords(pure).β, /rays/);
  assert.match(groupWords(lcp).β, /edges/);
});

test('the certificate line says pass or fail per residual, beginning with its verdict', () => {
  const qp = { ...base, kind: 'qp', formulation: 'convex' };
  const good = { primal: 0, dual: 1e-12, complementarity: 2e-12, equation: 0, scale: 3, tolerance: 3e-9, holds: true };
  const line = certificateWords(qp, good);
  assert.match(line, /^Certified to 3\.0e-9/);
  assert.equal(line.match(/ pass/g).length, 4);
  const bad = { ...good, dual: 1e-6, holds: false };
  const failed = certificateWords({ ...base, kind: 'cone' }, bad);
  assert.match(failed, /^Not certified/);
  assert.match(failed, /dual feasibility \(g in K\*\) 1\.00e-6 fail/);
  assert.equal(failed.match(/ pass/g).length, 3);
});

test('a cone program is certified by its cones, and each way of failing is caught', () => {
  // One contact, mu = 0.5, P = I: c = -(1, 0.4, 0) puts x = (1, 0.4, 0) inside the cone
  // with g = 0 (sticking); with c = -(1, 0.8, 0) the answer is the projection of (1, 0.8)
  // onto the cone, on its surface (sliding).
  const matrix = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);
  const cones = [{ first: 0, size: 3, mu: 0.5 }];
  const sticking = problemCertificate({ matrix, q: [-1, -0.4, 0], z: [1, 0.4, 0], w: [0, 0, 0] }, { cones });
  assert.equal(sticking.holds, true);
  assert.equal(coneSideOf([1, 0.4, 0], [0, 0, 0], 0.5, 1e-9), 'sticking');
  // Projection of (1, 0.8) onto the cone 0.5 x_n >= |x_t|: x = (t, t/2) with t = (1 + 0.4) / 1.25.
  const t = 1.4 / 1.25;
  const x = [t, t / 2, 0];
  const g = [x[0] - 1, x[1] - 0.8, 0];
  const sliding = problemCertificate({ matrix, q: [-1, -0.8, 0], z: x, w: g }, { cones });
  assert.equal(sliding.holds, true, JSON.stringify(sliding));
  assert.equal(coneSideOf(x, g, 0.5, 1e-9), 'sliding');
  // Outside the cone: primal fails by |x_t| - mu x_n.
  const outside = problemCertificate({ matrix, q: [-1, -0.8, 0], z: [1, 0.8, 0], w: [0, 0, 0] }, { cones });
  assert.equal(outside.holds, false);
  assert.ok(Math.abs(outside.primal - 0.3) < 1e-15);
  assert.equal(coneSideOf([1, 0.8, 0], [0, 0, 0], 0.5, 1e-9), 'violated');
  // Open: x = 0, g = c in the dual cone g_n >= mu |g_t|.
  assert.equal(coneSideOf([0, 0, 0], [1, 1, 0], 0.5, 1e-9), 'open');
  assert.equal(problemCertificate({ matrix, q: [1, 1, 0], z: [0, 0, 0], w: [1, 1, 0] }, { cones }).holds, true);
  // Dual infeasible: g outside K*.
  const dual = problemCertificate({ matrix, q: [1, 3, 0], z: [0, 0, 0], w: [1, 3, 0] }, { cones });
  assert.equal(dual.holds, false);
  assert.ok(Math.abs(dual.dual - 0.5) < 1e-15);
});

test('without cones the certificate is the LCP one, on the scale of Lemke', () => {
  // M = [2 1; 1 2], q = (-5, -6): z = (4/3, 7/3), w = 0; s = max(1, 6, 2 (4/3 + 7/3)).
  const matrix = Float64Array.of(2, 1, 1, 2);
  const certificate = problemCertificate({ matrix, q: [-5, -6], z: [4 / 3, 7 / 3], w: [0, 0] });
  assert.equal(certificate.holds, true);
  assert.ok(Math.abs(certificate.scale - 22 / 3) < 1e-14);
  assert.equal(problemCertificate({ matrix, q: [-5, -6], z: [4 / 3, 7 / 3], w: [0, 1e-6] }).holds, false);
  assert.equal(problemCertificate({ matrix, q: [1, -6], z: [-1e-6, 3], w: [4, 0] }).holds, false);
});

test('a cone program exports as JSON, an LCP or a QP in the Siconos format; a formulation without one says so', () => {
  assert.equal(exportFileName({ island: 2, kind: 'cone' }, 'box_rest', 41), 'box_rest_step_000041_island_2.json');
  assert.equal(exportFileName({ island: 0, kind: 'qp' }, 'box_rest', 41), 'box_rest_step_000041_island_0.lcp');
  assert.match(absentWords('compliant'), /poses no problem per island/);
  assert.match(absentWords('convex'), /kept only while this view is open/);
});

test('the unknowns of a cone program fall in the groups p_n and p_t, the pure quasi-static velocities in v+ and v−', () => {
  assert.deepEqual(['pn0', 'pt0.1', 'pt12.2', 'p+3', 'cl1', 'v+5', 'v-0'].map((label) => groupOf(label)?.[1]), [
    'p_n',
    'p_t',
    'p_t',
    'p+',
    'c_l',
    'v+',
    'v−',
  ]);
});

test('an island posed sparsely is certified at its method’s tolerance; one too large states its size', () => {
  const sparse = { ...base, kind: 'qp', formulation: 'convex', iterations: 40, method: 'velocity-space method of multipliers' };
  const certificate = problemCertificate({ matrix: [2, 0, 0, 2], q: [-1, 1], z: [0.5 + 1e-8, 0], w: [2e-8, 1] }, [], 1e-6);
  assert.ok(certificate.holds);
  assert.ok(!problemCertificate({ matrix: [2, 0, 0, 2], q: [-1, 1], z: [0.5 + 1e-8, 0], w: [2e-8, 1] }).holds);
  assert.match(certificateWords(sparse, certificate), /^Certified to 1\.0e-6 \(1e-6 × /);
  assert.match(summaryWords(sparse), /40 iterations of the velocity-space method of multipliers\. /);
  const omitted = { ...sparse, omittedUnknowns: 4200, omittedNonzeros: 91000 };
  assert.match(summaryWords(omitted), /too large to keep: 4200 unknowns, 91000 non-zeros/);
});

test('a fallback’s answer, an infeasible balance and a split QP say so', () => {
  const fallen = { ...base, kind: 'qp', formulation: 'convex', iterations: 3, method: '', fallback: 'convex newton held still' };
  assert.match(summaryWords(fallen), /the step applied the fallback convex newton held still/);
  const pure = { ...base, kind: 'lcp', formulation: 'quasistatic', variant: 'pure', iterations: 5, method: 'Lemke',
    fallback: 'quasistatic infeasible', certificate: { infeasible: true, rayResidual: 0, rayGap: -0.25 } };
  assert.match(certificateWords(pure, { holds: false }), /^Infeasible: Lemke’s method ended on a ray/);
  assert.match(certificateWords(pure, { holds: false }), /qᵀd = -2\.50e-1 < 0/);
  const split = { ...base, kind: 'lcp', formulation: 'convex', variant: 'split', iterations: 30, method: 'Lemke' };
  assert.match(summaryWords(split), /torsion rows/);
  assert.match(groupWords(split)['p+'], /\|p_s\| ≤ Σ_j β_j/);
  assert.match(matrixWords(split), /split/);
});

// The page's LCP view: its certificate of an answer (plots/lcp_certificate.js) and its
// heat map's colours and groups (plots/lcp_heat_map.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  boxSideOf,
  complementarityOf,
  coneSideOf,
  lcpCertificate,
  problemCertificate,
  toleranceOf,
} from '../../web/src/plots/lcp_certificate.js';
import { groupOf, groupRuns, heatColour } from '../../web/src/plots/lcp_heat_map.js';

// M = [2 1; 1 2], q = (-5, -6): z = (4/3, 7/3), w = 0; and with q = (1, -6), z = (0, 3),
// w = (4, 0).
const M = Float64Array.of(2, 1, 1, 2);

test('an answer of the LCP is certified, and each way of failing is caught', () => {
  const inner = lcpCertificate({ matrix: M, q: [-5, -6], z: [4 / 3, 7 / 3], w: [0, 0] });
  assert.equal(inner.holds, true);
  assert.ok(inner.residual < 1e-14);
  assert.equal(inner.tolerance, 1e-9 * 6);
  const slack = lcpCertificate({ matrix: M, q: [1, -6], z: [0, 3], w: [4, 0] });
  assert.equal(slack.holds, true);
  assert.equal(slack.minW, 0);
  // w that is not M z + q; a negative z; z and w both positive.
  assert.equal(lcpCertificate({ matrix: M, q: [1, -6], z: [0, 3], w: [4, 1e-3] }).holds, false);
  const negative = lcpCertificate({ matrix: M, q: [-5, -6], z: [3, -1], w: [0, -7] });
  assert.equal(negative.holds, false);
  assert.equal(negative.minZ, -1);
  const both = lcpCertificate({ matrix: M, q: [1, -6], z: [1, 3], w: [6, 1] });
  assert.equal(both.holds, false);
  assert.equal(both.complementarity, 6);
});

test('each unknown is marked with the side of its complementarity that holds', () => {
  const tolerance = toleranceOf([1, -6]);
  assert.equal(complementarityOf(3, 0, tolerance), 'z');
  assert.equal(complementarityOf(0, 4, tolerance), 'w');
  assert.equal(complementarityOf(0, 1e-12, tolerance), 'both zero');
  assert.equal(complementarityOf(-1e-6, 0, tolerance), 'violated');
  assert.equal(complementarityOf(1, 1, tolerance), 'violated');
});

test('the heat map: white at zero, red above, blue below, over six decades', () => {
  assert.deepEqual(heatColour(0, 5), [255, 255, 255]);
  assert.deepEqual(heatColour(5, 5), [255, 0, 0]);
  assert.deepEqual(heatColour(-5, 5), [0, 0, 255]);
  assert.deepEqual(heatColour(5e-7, 5), [255, 255, 255], 'six decades down is white');
  assert.deepEqual(heatColour(5e-3, 5), [255, 128, 128], 'half way in decades is half strength');
  assert.deepEqual(heatColour(1, 0), [255, 255, 255], 'a zero matrix is white');
});

test('the unknowns fall into their groups, in runs', () => {
  assert.equal(groupOf('cn3')[1], 'c_n');
  assert.equal(groupOf('beta3.7')[1], 'β');
  assert.equal(groupOf('sigma_s0')[1], 'σ_s');
  assert.equal(groupOf('sigma2')[1], 'σ');
  assert.equal(groupOf('p-1')[1], 'p−');
  assert.equal(groupOf('normal'), undefined);
  const labels = ['cn0', 'cn1', 'beta0.0', 'beta0.1', 'beta1.0', 'beta1.1', 'lambda0', 'lambda1'];
  assert.deepEqual(groupRuns(labels), [
    { symbol: 'c_n', start: 0, end: 2 },
    { symbol: 'β', start: 2, end: 6 },
    { symbol: 'λ', start: 6, end: 8 },
  ]);
});

// A disc's contact spinning on a frictionless floor, p_n = 2 and p_s = -2 at its bound,
// g = (g_n, g_s) = (1, 1): x in K (|p_s| <= p_n), g in K* (g_n >= |g_s|), x^T g = 0. A
// joint slipping at its bound tau = -b with g = 0.5 pushing it back: tau g + b |g| = 0.
test('a cone with torsion and a joint friction interval are certified, and their sides named', () => {
  const matrix = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);
  const values = { matrix, q: [-1, 3, 1], z: [2, -2, -0.5], w: [1, 1, 0.5] };
  const kept = { cones: [{ first: 0, size: 2, mu: 0 }], boxes: [{ unknown: 2, bound: 0.5 }] };
  const certificate = problemCertificate(values, kept);
  assert.equal(certificate.holds, true);
  assert.equal(certificate.complementarity, 0);
  const tolerance = toleranceOf(values.q);
  assert.equal(coneSideOf([2, -2], [1, 1], 0, tolerance), 'sliding');
  assert.equal(coneSideOf([2, 0, 0, -2.5], [1, 0, 0, 1], 0.5, tolerance), 'violated', 'p_s past p_n');
  assert.equal(boxSideOf(-0.5, 0.5, 0.5, tolerance), 'slipping');
  assert.equal(boxSideOf(-0.2, 0, 0.5, tolerance), 'sticking');
  assert.equal(boxSideOf(-0.5, -0.5, 0.5, tolerance), 'violated', 'g pulling it further');
  // The same answer with tau past its bound is not certified.
  assert.equal(problemCertificate({ ...values, z: [2, -2, -0.6] }, kept).holds, false);
});

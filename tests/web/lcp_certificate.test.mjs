// The page's LCP view: its certificate of an answer (plots/lcp_certificate.js) and its
// heat map's colours and groups (plots/lcp_heat_map.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { complementarityOf, lcpCertificate, toleranceOf } from '../../web/src/plots/lcp_certificate.js';
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

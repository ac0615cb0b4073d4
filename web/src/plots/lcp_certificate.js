// What an LCP's answer is checked against (seed 002 eq. 21): w = M z + q, z >= 0,
// w >= 0 and z^T w = 0, to the tolerance the core certifies Lemke's answers with,
// 1e-9 max(1, |q|_inf) (lcp/lemke.h). Pure functions over {matrix (row-major), q, z, w}.

export const CERTIFICATE_TOLERANCE = 1e-9;

// The tolerance for a problem whose q is `q`.
export function toleranceOf(q) {
  let largest = 1;
  for (const value of q) largest = Math.max(largest, Math.abs(value));
  return CERTIFICATE_TOLERANCE * largest;
}

// {minZ, minW, complementarity: max_i |z_i w_i|, residual: max_i |(M z + q - w)_i|,
// tolerance, holds}: holds when every one of the four is within the tolerance.
export function lcpCertificate({ matrix, q, z, w }) {
  const n = q.length;
  const tolerance = toleranceOf(q);
  let minZ = Infinity;
  let minW = Infinity;
  let complementarity = 0;
  let residual = 0;
  for (let i = 0; i < n; i += 1) {
    let row = q[i];
    for (let j = 0; j < n; j += 1) row += matrix[i * n + j] * z[j];
    residual = Math.max(residual, Math.abs(row - w[i]));
    minZ = Math.min(minZ, z[i]);
    minW = Math.min(minW, w[i]);
    complementarity = Math.max(complementarity, Math.abs(z[i] * w[i]));
  }
  const holds = minZ >= -tolerance && minW >= -tolerance && complementarity <= tolerance && residual <= tolerance;
  return { minZ, minW, complementarity, residual, tolerance, holds };
}

// Which side of unknown i's complementarity holds: 'z' (z_i > 0, w_i = 0: the unknown
// is in play), 'w' (w_i > 0, z_i = 0: its row has slack), 'both zero' (degenerate) or
// 'violated' (z_i < 0, w_i < 0 or both positive), each beyond `tolerance`.
export function complementarityOf(zi, wi, tolerance) {
  if (zi < -tolerance || wi < -tolerance) return 'violated';
  const zPositive = zi > tolerance;
  const wPositive = wi > tolerance;
  if (zPositive && wPositive) return Math.abs(zi * wi) <= tolerance ? 'z' : 'violated';
  if (zPositive) return 'z';
  if (wPositive) return 'w';
  return 'both zero';
}

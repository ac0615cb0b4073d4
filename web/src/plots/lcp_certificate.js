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

// The certificate the core keeps with every island problem (formulation/
// problem_certificate.h), over {matrix, q, z, w} and the problem's cones [{first, size,
// mu}] and boxes [{unknown, bound}] (a cone program's; none for an LCP or a QP over the
// cone's rays). A cone of size 3 is Coulomb's (p_n, p_t1, p_t2), of size 1 p_n >= 0; sizes
// 4 and 2 add torsion's p_s last, |p_s| <= p_n; a box is a joint friction row, |tau| <= b:
//   primal           how far z lies outside K: max(0, -z_i) on a one-sided unknown,
//                    max(0, ||z_t|| - mu z_n, |z_s| - z_n) per cone, max(0, |z_i| - b)
//   dual             how far w lies outside K*: max(0, -w_i),
//                    max(0, mu ||w_t|| + |w_s| - w_n) per cone (a box's w is free)
//   complementarity  |z^T w + sum over boxes b |w_i||
//   equation         max_i |(M z + q - w)_i|
// each within t s, s = max(1, |q|_inf, sum_j |z_j| max_i |M_ij|) (Lemke's scale), t the
// relative tolerance the method that answered reaches (1e-9 but for the velocity-space
// methods of an island posed sparsely, formulation/posed_problem_copy.h).
export function problemCertificate(
  { matrix, q, z, w },
  { cones = [], boxes = [] } = {},
  relative = CERTIFICATE_TOLERANCE,
) {
  const n = q.length;
  let scale = 1;
  for (const value of q) scale = Math.max(scale, Math.abs(value));
  let weighted = 0;
  let equation = 0;
  let complementarity = 0;
  for (let j = 0; j < n; j += 1) {
    let column = 0;
    for (let i = 0; i < n; i += 1) column = Math.max(column, Math.abs(matrix[i * n + j]));
    weighted += column * Math.abs(z[j]);
  }
  scale = Math.max(scale, weighted);
  for (let i = 0; i < n; i += 1) {
    let row = q[i];
    for (let j = 0; j < n; j += 1) row += matrix[i * n + j] * z[j];
    equation = Math.max(equation, Math.abs(row - w[i]));
    complementarity += z[i] * w[i];
  }
  let primal = 0;
  let dual = 0;
  const inCone = new Uint8Array(n);
  for (const { first, size, mu } of cones) {
    for (let i = 0; i < size; i += 1) inCone[first + i] = 1;
    const spin = size % 2 === 0 ? first + size - 1 : -1;
    const spinGradient = spin >= 0 ? Math.abs(w[spin]) : 0;
    if (spin >= 0) primal = Math.max(primal, Math.abs(z[spin]) - z[first]);
    if (size < 3) {
      if (size === 1) primal = Math.max(primal, -z[first]);
      dual = Math.max(dual, spinGradient - w[first]);
    } else {
      primal = Math.max(primal, Math.hypot(z[first + 1], z[first + 2]) - mu * z[first]);
      dual = Math.max(dual, mu * Math.hypot(w[first + 1], w[first + 2]) + spinGradient - w[first]);
    }
  }
  for (const { unknown, bound } of boxes) {
    inCone[unknown] = 1;
    primal = Math.max(primal, Math.abs(z[unknown]) - bound);
    complementarity += bound * Math.abs(w[unknown]);
  }
  complementarity = Math.abs(complementarity);
  for (let i = 0; i < n; i += 1) {
    if (inCone[i]) continue;
    primal = Math.max(primal, -z[i]);
    dual = Math.max(dual, -w[i]);
  }
  const tolerance = relative * scale;
  const holds = [primal, dual, complementarity, equation].every((value) => value <= tolerance);
  return { primal, dual, complementarity, equation, scale, tolerance, relative, holds };
}

// Which side of a contact cone's complementarity holds for the contact impulse x and
// its gradient g (mu x_n >= ||x_t||, g_n >= mu ||g_t||, x^T g = 0; with torsion's x_s
// last, of an even-sized x, also x_n >= |x_s| and |g_s| on g_n's side): 'open' (x = 0, g
// in the cone's dual: the contact separates), 'sticking' (x inside the cone, g = 0),
// 'sliding' (x on the cone's surface, g on its dual's, opposite: sliding or spinning),
// or 'violated', each beyond `tolerance`.
export function coneSideOf(x, g, mu, tolerance) {
  const frame = x.length >= 3;
  const spin = x.length % 2 === 0 ? x.length - 1 : -1;
  const [xn, xt, xs] = [x[0], frame ? Math.hypot(x[1], x[2]) : 0, spin >= 0 ? Math.abs(x[spin]) : 0];
  const [gn, gt, gs] = [g[0], frame ? Math.hypot(g[1], g[2]) : 0, spin >= 0 ? Math.abs(g[spin]) : 0];
  if (xn < -tolerance || xt > mu * xn + tolerance || xs > xn + tolerance) return 'violated';
  if (mu * gt + gs > gn + tolerance) return 'violated';
  if (Math.abs(x.reduce((sum, value, i) => sum + value * g[i], 0)) > tolerance) return 'violated';
  if (xn <= tolerance) return 'open';
  if (Math.max(Math.abs(gn), gt, gs) <= tolerance) return 'sticking';
  return 'sliding';
}

// Which side of a joint friction row's interval |x| <= bound holds with its gradient g:
// 'sticking' (inside it, g = 0), 'slipping' (at an end, g pushing x back from it), or
// 'violated', beyond `tolerance`.
export function boxSideOf(x, g, bound, tolerance) {
  if (Math.abs(x) > bound + tolerance || Math.abs(x * g + bound * Math.abs(g)) > tolerance) return 'violated';
  return Math.abs(g) <= tolerance ? 'sticking' : 'slipping';
}

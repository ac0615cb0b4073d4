// The words the dialog of the step's problem (plots/lcp_view.js) uses for each kind of
// island problem the core keeps (core/formulation/island_problem.h; the wasm binding's
// lcpProblems): seed 002's LCP, the QP over the friction cone's rays (convex,
// quasistatic's "qp", soft's pyramid) and the elliptic cone program (soft's elliptic
// cone). Pure functions of the problem's description, so that node tests read them.

const FORMULATION_PROBLEMS = {
  lcp: 'lcp',
  convex: 'qp',
  soft: 'qp or cone',
  quasistatic: 'lcp or qp',
};

export const KIND_TITLES = {
  lcp: "The step's LCP",
  qp: "The step's QP",
  cone: "The step's cone program",
};

const EQUATIONS = {
  lcp:
    'w = M z + q ≥ 0, z ≥ 0, zᵀw = 0 (seed 002, eq. 21): M = G + N couples the unknowns z, ' +
    'q = g holds the free motion; each unknown is either in play (z > 0, its row tight) or ' +
    'its row has slack (w > 0).',
  qp:
    'min ½ zᵀ(W + R) z + qᵀz subject to z ≥ 0, over the friction cone’s extreme rays n + μ d_j: ' +
    'W = J_β M⁻¹ J_βᵀ, q = J_β v_free − target (the rows’ velocity with no contact, less ' +
    'seed 002 eq. 19’s targets). Its optimality (KKT) conditions are the LCP w = (W + R) z + q ≥ 0, ' +
    'z ≥ 0, zᵀw = 0, so w is each ray’s velocity beyond its target and v⁺ = v_free + M⁻¹ J_βᵀ z.',
  cone:
    'min ½ xᵀP x + cᵀx subject to x in K, K one Coulomb cone μ p_n ≥ ‖p_t‖ per contact (p_n ≥ 0 ' +
    'without friction; with torsional friction also p_n ≥ |p_s|, the soft-finger cone), c_l ≥ 0 per ' +
    'joint limit and |τ| ≤ c h per joint friction row: P = A + R with A = J M⁻¹ Jᵀ the contacts’ ' +
    'frame blocks, R = ε diag(A) the regulariser, c = J v_free − v*. Optimal when x is in K, ' +
    'g = P x + c in the dual cone (g_n ≥ μ ‖g_t‖ + |g_s|), xᵀg = 0, and per joint friction row g = 0 ' +
    'inside its interval or g opposing τ at its end (seed 004: "the full conic ' +
    'description of the friction cone … (SOCP)").',
};

// Which matrix the heat map shows, in words.
export function matrixWords(problem) {
  if (problem.variant === 'pure') return 'M = [0 0 −A_uᵀ; 0 0 A_uᵀ; A_u −A_u W], W = A_a M_q,a⁻¹ A_aᵀ';
  if (problem.variant === 'split') return 'M = W + R with each bounded row split into (+, −, σ)';
  if (problem.kind === 'lcp') return 'M = G + N';
  if (problem.kind === 'cone') return 'P = A + R';
  return problem.regularised ? 'W + R, R = diag r' : 'W (R = 0)';
}

// The seed behind the problem, per formulation.
function seedWords(problem) {
  if (problem.variant === 'pure') {
    return 'Seed 003’s pure quasi-static force balance (“doesn’t need the mass matrix”) as an LCP in (p, m, β): the objects’ velocities v_u = p − m, their rows w_p, w_m ≥ 0 the balance of forces, Lemke’s method ending on a ray when it is infeasible.';
  }
  if (problem.variant === 'split') {
    return `The ${problem.formulation} formulation’s QP over the cone’s rays with joint friction (|τ| ≤ c h) or torsion rows (|p_s| ≤ Σ_j β_j): its KKT conditions as the LCP Lemke’s method solves, each bounded row split as seed 002 eqs. (5)–(6).`;
  }
  if (problem.kind === 'lcp') {
    return problem.formulation === 'quasistatic'
      ? 'Seed 003’s quasi-static step posed as seed 002’s LCP (quasistatic_problem lcp).'
      : 'Seed 002’s mixed LCP, eqs. (18)–(21), solved by Lemke’s method.';
  }
  if (problem.kind === 'cone') {
    return 'Todorov’s regularised convex problem with the elliptic cone (seed 004, “Todorov’s convex formulation”), a second-order cone program.';
  }
  if (problem.formulation === 'soft') {
    return 'Todorov’s regularised convex problem with the pyramidal cone (seed 004, “Todorov’s convex formulation”): R = ε diag along each ray.';
  }
  if (problem.formulation === 'quasistatic') {
    return 'Seed 003’s QP (Pang’s quasi-static step with Anitescu’s friction constraints) in impulses: M is the quasi-static objective’s.';
  }
  return 'Anitescu’s convex relaxation (seed 004, “Anitescu’s convex formulation”; the discrete Gauss principle’s dual), R = 0.';
}

export const GROUP_WORDS = {
  lcp: {
    c_n: 'c_n normal impulses [N s] (eq. 3)',
    c_l: 'c_l joint limit impulses (eq. 9)',
    β: 'β friction impulses along the edges [N s] (eq. 5)',
    λ: 'λ slip speeds [m/s] (eq. 6)',
    'τ+': 'τ+, τ−, σ joint friction (eqs. 5–6 per joint)',
    'p+': 'p+, p−, σ_s torsion (eqs. 5–6 about the normal)',
    'v+': 'v+, v− the objects’ velocity split v_u = p − m, whose rows are the force balance',
  },
  split: {
    β: 'β impulses along the cone’s rays n + μ d_j [N s]; c_n = Σ_j β_j',
    c_l: 'c_l joint limit impulses (seed 002 eq. 9)',
    'τ+': 'τ+, τ−, σ joint friction |τ| ≤ c h split (seed 002 eqs. 5–6 per joint)',
    'p+': 'p+, p−, σ_s torsion |p_s| ≤ Σ_j β_j split (eqs. 5–6 about the normal)',
  },
  qp: {
    β: 'β impulses along the cone’s rays n + μ d_j [N s]; c_n = Σ_j β_j',
    c_l: 'c_l joint limit impulses (seed 002 eq. 9)',
  },
  cone: {
    p_n: 'p_n normal impulses [N s]',
    p_t: 'p_t friction impulses in the contact’s tangent plane [N s]',
    p_s: 'p_s torsion impulses about the normal, |p_s| ≤ p_n (the moment μ_t p_s)',
    c_l: 'c_l joint limit impulses (seed 002 eq. 9)',
    τ: 'τ joint friction impulses, |τ| ≤ c h',
  },
};

// What each group of a problem's unknowns is: the pure quasi-static LCP's β are the
// cone's rays, as in the QP.
export function groupWords(problem) {
  if (problem.variant === 'split') return GROUP_WORDS.split;
  return problem.variant === 'pure' ? { ...GROUP_WORDS.lcp, ...GROUP_WORDS.qp } : GROUP_WORDS[problem.kind];
}

// The column heads of the table: the offset, the answer and its complementary partner.
export function columnNames(problem) {
  return problem.kind === 'cone' ? ['c', 'x', 'g = P x + c'] : ['q', 'z', 'w'];
}

// "Island 0: 32 unknowns, 4 contacts; …" in the kind's words: Lemke's pivots for an
// LCP, the solver's iterations for the convex problems.
export function summaryWords(problem) {
  if (problem.omittedUnknowns > 0) {
    return `Island ${problem.island}: too large to keep: ${problem.omittedUnknowns} unknowns, ${problem.omittedNonzeros} non-zeros, ${problem.contactCount} contacts (a dense copy would pass the 4,194,304 entries a step keeps).`;
  }
  let solved;
  if (problem.kind === 'lcp') {
    solved = `${problem.iterations} Lemke pivots`;
  } else if (problem.method === 'active set' || problem.method === 'no-sliding guess') {
    const counted = problem.iterations > 0 ? `, ${problem.iterations} iterations` : '';
    solved = `solved directly by the ${problem.method} (a factorisation of the rows it guessed active${counted})`;
  } else {
    solved = `${problem.iterations} iterations of ${problem.method === 'Lemke' ? 'Lemke’s method (pivots)' : `the ${problem.method}${problem.method.includes('method') ? '' : ' method'}`}`;
  }
  if (problem.fallback) {
    solved = `not answered by its method: the step applied the fallback ${problem.fallback}, whose answer z shows`;
  }
  return `Island ${problem.island}: ${problem.size} unknowns, ${problem.contactCount} contacts; ${solved}. ${seedWords(problem)}`;
}

const number = (value, digits = 3) => (value === 0 ? '0' : value.toExponential(digits - 1));

// The certificate as one line that starts with "Certified" or "Not certified"; for an
// island Lemke found infeasible, "Infeasible" and the core's Farkas ray.
export function certificateWords(problem, certificate) {
  if (problem.certificate?.infeasible) {
    return (
      'Infeasible: Lemke’s method ended on a ray, and a ray d ≥ 0 with Mᵀd ≤ 0 ' +
      `(to ${number(problem.certificate.rayResidual)}) and qᵀd = ${number(problem.certificate.rayGap)} < 0 proves ` +
      'that no z ≥ 0 has w = M z + q ≥ 0 (dᵀw = (Mᵀd)ᵀz + qᵀd < 0): the island was held still.'
    );
  }
  const [, z, w] = columnNames(problem);
  const cone = problem.kind === 'cone';
  const parts = [
    `primal feasibility (${cone ? 'x in K' : `${z} ≥ 0`}) ${number(certificate.primal)}`,
    `dual feasibility (${cone ? 'g in K*' : `${w} ≥ 0`}) ${number(certificate.dual)}`,
    `complementarity |${z}ᵀ${w.split(' ')[0]}| ${number(certificate.complementarity)}`,
    `equation residual ${number(certificate.equation)}`,
  ];
  const verdict = (value) => (value <= certificate.tolerance ? 'pass' : 'fail');
  const values = [certificate.primal, certificate.dual, certificate.complementarity, certificate.equation];
  return (
    `${certificate.holds ? 'Certified' : 'Not certified'} to ${certificate.tolerance.toExponential(1)} ` +
    `(${(certificate.relative ?? 1e-9).toExponential(0)} × ${number(certificate.scale)}): ` +
    parts.map((part, i) => `${part} ${verdict(values[i])}`).join(', ') +
    '.'
  );
}

// Why there is no problem to show.
export function absentWords(formulation) {
  if (!(formulation in FORMULATION_PROBLEMS)) {
    return `Formulation ${formulation} poses no problem per island (it integrates forces or events): choose lcp, convex, soft or quasistatic in the solver folder.`;
  }
  return (
    'No problem kept for this step: the problems are kept only while this view is open, from the next ' +
    'step on, and only where contacts meet (take a single step).'
  );
}

// The file "export this problem" saves: the Siconos format (.lcp) for an LCP or a QP
// over the rays, JSON for a cone program.
export function exportFileName(problem, scene, stepCount) {
  const step = String(stepCount).padStart(6, '0');
  return `${scene}_step_${step}_island_${problem.island}${problem.kind === 'cone' ? '.json' : '.lcp'}`;
}

export function equationWords(problem) {
  return EQUATIONS[problem.kind];
}

// The problem one island's solve posed and the answer the step took, copied out of the
// formulation's scratch only when asked (the CLI's --lcp-dump, the page's dialog of the
// step's problem). Three kinds, each read as a complementarity problem over a cone K:
//
//   Lcp         formulation lcp (and quasistatic's "lcp" problem): seed 002 eq. (21),
//               w = M z + q >= 0, z >= 0, z'w = 0, M = G + N, q = g (contact_lcp.h);
//               quasistatic's pure model (variant "pure"): seed 003's force balance
//               as the LCP in z = (p, m, beta) of quasistatic_pure.h;
//   EdgeQp      convex, quasistatic's "qp" problem, soft with the pyramidal cone: the
//               QP over the cone's extreme rays (edge_lcp.h),
//                 min 1/2 z'(W + diag r) z + q'z  s.t.  z >= 0,
//               W = J_beta M^-1 J_beta^T, r = 0 for Anitescu's problem (seed 004,
//               "Anitescu's convex formulation"; seed 003's QP in impulses) and r > 0
//               for Todorov's (seed 004, "Todorov's convex formulation"), whose KKT
//               conditions are exactly the LCP (W + diag r, q): `matrix` holds W +
//               diag r, w = matrix z + q the rows' velocities beyond their targets;
//   ConeProgram soft with the elliptic cone (soft_elliptic.h): the second-order cone
//               program min 1/2 x'P x + c'x over x in K, K the product of one Coulomb
//               cone {mu p_n >= ||p_t||} per contact (p_n >= 0 alone where mu = 0),
//               with torsional friction the soft-finger cone {mu p_n >= ||p_t||, p_n >=
//               |p_s|}, c_l >= 0 per limit, and the interval |tau| <= c h per joint
//               friction row (`boxes`); `matrix` holds P, `offset` c, `z` x and `w` the
//               gradient g = P x + c. Its optimality conditions are x in K, g in K*
//               (g_n >= mu ||g_t|| + |g_s|), x'g = 0 over the cones and, per interval,
//               g = 0 inside it and g of the sign that pushes tau back at its ends,
//               tau g + c h |g| = 0.
//
// An island with joint friction rows (boxed) or torsion rows (bounded by the normal
// impulse) in an EdgeQp is kept as the Lcp Lemke solves for it (variant "split",
// edge_lcp.h): the QP's KKT conditions with those rows split as seed 002 eqs. (5)-(6).
// In a ConeProgram they are kept as the interior point solves them: the soft-finger
// cone and the intervals above.
// An island posed sparsely (island_size.h) keeps the same dense problem, formed from
// its frame Jacobians, with the answer of the velocity-space method; one past
// kMaxKeptProblemEntries keeps only its size (omitted_unknowns, omitted_nonzeros).
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

namespace contactlab {

// The matrix entries a step keeps over all its islands' problems (32 MB of doubles): a
// problem that would pass it is not kept, so that a pile of a thousand contacts in
// one island (a dense 1000 x 1000 matrix is 10^6 entries) still fits, and many never
// grow without bound.
inline constexpr long long kMaxKeptProblemEntries = 1LL << 22;

// The tolerance of Lemke's certificate (lcp/lemke.h), relative to the problem's scale
// (problem_certificate.h): the default for every kept answer; a method that stops at a
// looser one states its own (IslandProblem::relative_tolerance).
inline constexpr double kProblemCertificateTolerance = 1e-9;

enum class IslandProblemKind { Lcp, EdgeQp, ConeProgram };

// A contact's cone of a ConeProgram: unknowns first .. first + size - 1. Size 3: (p_n,
// p_t1, p_t2), mu p_n >= ||p_t||; size 1: p_n >= 0 of a frictionless contact; with
// torsional friction one more, p_s, bounded by the normal impulse: size 4 (p_n, p_t1,
// p_t2, p_s), mu p_n >= ||p_t|| and p_n >= |p_s|; size 2 (p_n, p_s), p_n >= |p_s|.
// The dual cone: g_n >= mu ||g_t|| + |g_s| (the sum of the two cones' duals).
struct ProblemCone {
  int first = 0;
  int size = 3;
  double friction_coefficient = 0;  // mu
};

// A joint friction row's impulse in a ConeProgram: |x_unknown| <= bound = c h.
struct ProblemBox {
  int unknown = 0;
  double bound = 0;
};

// The optimality certificate of the answer (problem_certificate.h), every residual
// scaled as the formulation's own check scales it.
struct ProblemCertificate {
  double primal = 0;           // how far z lies outside K (z >= 0: max(0, -min z))
  double dual = 0;             // how far w lies outside K* (w >= 0: max(0, -min w))
  double complementarity = 0;  // |z'w|
  double equation = 0;         // max |matrix z + q - w|
  double scale = 1;            // max(1, |q|_inf, |matrix z|_inf)
  double tolerance = 0;        // the method's stated relative tolerance times scale
  bool holds = false;          // each of the four within the tolerance
  // With an infeasibility ray d (IslandProblem::infeasibility_ray), scaled to
  // |d|_inf = 1: max(max(0, -d), max(0, M^T d)) and q^T d. The ray proves that no z >= 0
  // has M z + q >= 0 when the first is within the tolerance and the second below
  // minus it: for such a z, d^T (M z + q) = (M^T d)^T z + q^T d < 0 <= d^T w.
  double ray_residual = 0;
  double ray_gap = 0;
  bool infeasible = false;
  // In words: "certified", "not certified", "infeasible" or "too large to keep".
  const char* verdict = "not certified";
};

struct IslandProblem {
  IslandProblemKind kind = IslandProblemKind::Lcp;
  const char* formulation = "lcp";  // formulation_name of the one that posed it
  const char* variant = "";         // "pure": quasistatic's force balance (quasistatic_pure.h)
  int island = -1;         // the island's index in the pass
  Eigen::MatrixXd matrix;  // M = G + N; W + diag r; P
  Eigen::VectorXd offset;  // q = g; q; c
  Eigen::VectorXd z;       // the answer the step applied [N s, m/s]
  Eigen::VectorXd w;       // matrix z + offset
  Eigen::VectorXd regularisation;  // EdgeQp: r (zero for convex and quasistatic)
  std::vector<ProblemCone> cones;  // ConeProgram: per contact
  std::vector<ProblemBox> boxes;   // ConeProgram: per joint friction row
  int contact_count = 0;   // contacts of the island
  int friction_edges = 0;  // u (Lcp, EdgeQp)
  int iterations = 0;      // Lemke pivots (Lcp) or the solver's iterations
  std::string method;      // what answered: "Lemke", "active set", "interior point", ...
  // The certificate's tolerance relative to its scale: 1e-9 for Lemke, the active set
  // and the interior points; the velocity-space methods state theirs (posed_problem_copy.h).
  double relative_tolerance = kProblemCertificateTolerance;
  // Non-empty when the step did not apply this problem's answer but a fallback's (the
  // island held still, the frictionless LCP, Lemke's answer to M + eps I, the pyramid
  // for the elliptic cone): its name (solver_report.h's fallback_name); z is then that
  // answer in these unknowns, and w = matrix z + offset.
  std::string fallback;
  // Lcp of an island Lemke's method found infeasible (it ended on a ray): d >= 0 with
  // M^T d <= 0 and q^T d < 0 (ProblemCertificate), or empty.
  Eigen::VectorXd infeasibility_ray;
  // An island too large to keep (its dense matrix past kMaxKeptProblemEntries): its
  // unknowns and the non-zeros of its matrix, with matrix, offset, z and w left empty.
  long long omitted_unknowns = 0;
  long long omitted_nonzeros = 0;
  std::vector<std::string> labels;  // per unknown (lcp_unknown_labels.h)
  std::vector<int> contacts;        // per island contact: its index in the step's contacts
  ProblemCertificate certificate;
};

// Whether a problem of `unknowns` would take the step's kept entries past
// kMaxKeptProblemEntries when `entries_left` remain (the cap less what the step's
// earlier islands keep): asked before anything of its size is formed.
inline bool too_large_to_keep(long long unknowns, long long entries_left) {
  return unknowns * unknowns > entries_left;
}

// `problem` as one too large to keep: its unknowns and its matrix's non-zeros alone.
inline void keep_size_only(long long unknowns, long long nonzeros, IslandProblem& problem) {
  problem.omitted_unknowns = unknowns;
  problem.omitted_nonzeros = nonzeros;
  problem.matrix.resize(0, 0);
  problem.offset.resize(0);
  problem.z.resize(0);
  problem.w.resize(0);
  problem.infeasibility_ray.resize(0);
}

// `problem` as an LCP (matrix, offset) that Lemke's method answered with (z, w), over
// the rows' u friction edges, or its size alone when its matrix would pass the
// `entries_left` the step may still keep; its labels are the caller's.
inline void set_lemke_lcp(const Eigen::Ref<const Eigen::MatrixXd>& matrix, const Eigen::VectorXd& offset,
                          const Eigen::VectorXd& z, const Eigen::VectorXd& w, int friction_edges,
                          long long entries_left,
                          IslandProblem& problem) {
  problem.kind = IslandProblemKind::Lcp;
  problem.regularisation.resize(0);
  problem.cones.clear();
  problem.boxes.clear();
  problem.friction_edges = friction_edges;
  problem.method = "Lemke";
  if (too_large_to_keep(offset.size(), entries_left)) {
    keep_size_only(offset.size(), (matrix.array() != 0).count(), problem);
    return;
  }
  problem.matrix = matrix;
  problem.offset = offset;
  problem.z = z;
  problem.w = w;
}

}  // namespace contactlab

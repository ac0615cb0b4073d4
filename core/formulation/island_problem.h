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
//               cone {mu p_n >= ||p_t||} per contact (p_n >= 0 alone where mu = 0) and
//               c_l >= 0 per limit; `matrix` holds P, `offset` c, `z` x and `w` the
//               gradient g = P x + c. Its optimality conditions are x in K, g in K*
//               (g_n >= mu ||g_t||), x'g = 0.
//
// Only islands whose every unknown is one of these are kept: joint friction rows
// (boxed) and torsion rows (bounded by the normal impulse) make the convex problems
// something else, and an island posed sparsely (island_size.h) has no dense matrix.
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

enum class IslandProblemKind { Lcp, EdgeQp, ConeProgram };

// A Coulomb cone of a ConeProgram: unknowns first .. first + size - 1 (size 3: p_n,
// p_t1, p_t2; size 1: p_n >= 0 of a frictionless contact).
struct ProblemCone {
  int first = 0;
  int size = 3;
  double friction_coefficient = 0;  // mu
};

// The optimality certificate of the answer (problem_certificate.h), every residual
// scaled as the formulation's own check scales it.
struct ProblemCertificate {
  double primal = 0;           // how far z lies outside K (z >= 0: max(0, -min z))
  double dual = 0;             // how far w lies outside K* (w >= 0: max(0, -min w))
  double complementarity = 0;  // |z'w|
  double equation = 0;         // max |matrix z + q - w|
  double scale = 1;            // max(1, |q|_inf, |matrix z|_inf)
  double tolerance = 0;        // the formulation's stated tolerance times scale
  bool holds = false;          // each of the four within the tolerance
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
  int contact_count = 0;   // contacts of the island
  int friction_edges = 0;  // u (Lcp, EdgeQp)
  int iterations = 0;      // Lemke pivots (Lcp) or the solver's iterations
  std::string method;      // what answered: "Lemke", "active set", "interior point", ...
  std::vector<std::string> labels;  // per unknown (lcp_unknown_labels.h)
  std::vector<int> contacts;        // per island contact: its index in the step's contacts
  ProblemCertificate certificate;
};

// `problem` as an LCP (matrix, offset) that Lemke's method answered with (z, w), over
// the rows' u friction edges; its labels are the caller's.
inline void set_lemke_lcp(const Eigen::MatrixXd& matrix, const Eigen::VectorXd& offset, const Eigen::VectorXd& z,
                          const Eigen::VectorXd& w, int friction_edges, IslandProblem& problem) {
  problem.kind = IslandProblemKind::Lcp;
  problem.matrix = matrix;
  problem.offset = offset;
  problem.z = z;
  problem.w = w;
  problem.regularisation.resize(0);
  problem.cones.clear();
  problem.friction_edges = friction_edges;
  problem.method = "Lemke";
}

}  // namespace contactlab

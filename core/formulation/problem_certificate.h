// The optimality certificate of an island's problem and the answer the step took
// (island_problem.h), measured on the copied numbers alone, so that a reader of the
// page or of an exported file can check it the same way:
//
//   primal           z in K:   z >= 0 (Lcp, EdgeQp); per Coulomb cone
//                              max(0, ||z_t|| - mu z_n), with torsion also
//                              max(0, |z_s| - z_n); per interval max(0, |z_i| - b_i);
//                              a one-sided row max(0, -z_i)
//   dual             w in K*:  w >= 0; per Coulomb cone max(0, mu ||w_t|| + |w_s| - w_n)
//                              (the dual of {mu p_n >= ||p_t||} is {g_n >= mu ||g_t||},
//                              |w_s| with torsion); an interval's w is free
//   complementarity  |z'w + sum over intervals b_i |w_i||  (each term >= 0 when z and w
//                              are feasible, zero at the answer)
//   equation         max_i |(matrix z + q - w)_i|
//
// each within tolerance = t s, s = max(1, |q|_inf, sum_j |z_j| max_i |matrix_ij|):
// Lemke's measure (lcp/lemke.h), which bounds the active-set and interior-point checks of
// edge_lcp.h and soft_elliptic.h from above (their scales are |q|_inf and the size of
// the terms of w, at most s), so an answer the formulation accepted passes here. t is
// the problem's relative_tolerance: 1e-9 (kProblemCertificateTolerance) unless the
// method that answered states a looser one (posed_problem_copy.h).
// An Lcp with an infeasibility ray d is judged by it instead (island_problem.h):
// "infeasible" when d >= 0 and M^T d <= 0 within the tolerance and q^T d below minus it.
// A problem too large to keep is "too large to keep", and holds nothing.
#pragma once

#include "formulation/island_problem.h"

namespace contactlab {

ProblemCertificate certify_island_problem(const IslandProblem& problem);

}  // namespace contactlab

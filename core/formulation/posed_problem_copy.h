// The convex formulations' island problems (island_problem.h) copied out of their
// solvers' scratch after a solve, for the page's dialog of the step's problem and
// `contactlab run --lcp-dump`:
//
//   copy_edge_problem     the QP over the cone's rays (edge_lcp.h) that convex,
//                         quasistatic's "qp" and soft's pyramid solved: W + diag r
//                         built again from the rows (cone_edge_problem.h), q, r, z, w;
//                         with joint friction or torsion rows, the split LCP Lemke
//                         solves for it (edge_lcp.h's build_split_edge_lcp, variant
//                         "split"), its z split from the QP's answer: tau+- = max(0,
//                         +-tau), sigma = |g| (the row's slip speed, g = (W + diag r) z +
//                         q on the row), and p+-, sigma_s alike;
//   copy_soft_newton_problem, copy_convex_newton_problem
//                         the same QP for an island posed sparsely (soft_newton.h,
//                         convex_newton.h): the dense W formed from the rows' frame
//                         Jacobians (contact_rows.h's fill_dense_contact_gram), with the
//                         velocity-space method's beta;
//   copy_elliptic_problem soft's second-order cone program (soft_elliptic.h): P, c, x
//                         and g = P x + c, with one Coulomb cone per contact (the
//                         soft-finger cone with torsional friction) and the interval
//                         |tau| <= c h per joint friction row, from the dense interior
//                         point's (or no-sliding guess's) or the velocity-space Newton
//                         method's answer (soft_newton_elliptic.h).
//
// A velocity-space method stops at its own tolerance, not at Lemke's, and its answer
// is certified at that (the problem's relative_tolerance, problem_certificate.h):
//   kSoftNewtonCertificateTolerance   soft's Newton methods stop at |g_i| <= 1e-10 of
//                                     the size of the terms of the cost's gradient
//                                     (soft_newton.h), which leaves w within some 1e-10
//                                     of its scale; certified at 1e-8;
//   kConvexNewtonCertificateTolerance convex's method of multipliers stops when the
//                                     rays' KKT residual is within 1e-6 of max(1, |q|)
//                                     (convex_newton.h); certified at 1e-6.
//
// An island whose solver gave no answer of its own (a fallback answered) keeps the
// problem that was posed with `fallback` set, and the caller (step.cpp) writes the
// fallback's answer into z (express_fallback_answer). An island whose dense matrix
// would pass `entries_left` (kMaxKeptProblemEntries less what the step's earlier
// islands keep) keeps only its size (omitted_unknowns and the matrix's non-zeros,
// counted from the rows' sparsity), decided before any dense matrix or Gram block is
// formed. The island's index, contacts and certificate are the caller's (step.cpp).
#pragma once

#include "contact/contact_rows.h"
#include "formulation/convex_newton.h"
#include "formulation/edge_lcp.h"
#include "formulation/island_impulses.h"
#include "formulation/island_problem.h"
#include "formulation/soft_island.h"

namespace contactlab {

inline constexpr double kSoftNewtonCertificateTolerance = 1e-8;
inline constexpr double kConvexNewtonCertificateTolerance = 1e-6;

// The dense solvers' edge problem (edge_lcp.h), answered or fallen back.
bool copy_edge_problem(const IslandRows& rows, const EdgeLcp& lcp, const EdgeLcpWorkspace& solver,
                       long long entries_left, IslandProblem& problem);

// Soft's pyramid posed sparsely (soft_newton.h), with its q and r in `lcp`.
bool copy_soft_newton_problem(const IslandRows& rows, const EdgeLcp& lcp, const SoftNewtonWorkspace& solver,
                              long long entries_left, IslandProblem& problem);

// Convex's (and quasistatic's "qp") island posed sparsely (convex_newton.h).
bool copy_convex_newton_problem(const IslandRows& rows, const ConvexNewtonWorkspace& solver, long long entries_left,
                                IslandProblem& problem);

// Soft's elliptic cone program, dense or sparse, answered or fallen back to the pyramid.
bool copy_elliptic_problem(const IslandRows& rows, const SoftIslandWorkspace& soft, long long entries_left,
                           IslandProblem& problem);

// (the impulses the step applied) => z of a problem a fallback answered, in its
// unknowns, and w = matrix z + offset. The edge problems' fallbacks apply normal impulses
// only (the frictionless LCP, or none), spread evenly over the contact's u rays, whose
// tangential parts then cancel. Seed 002's LCP and the pure balance (kind Lcp, not
// "split") are left as their copy wrote them: it holds the fallback's answer already.
void express_fallback_answer(const IslandRows& rows, const IslandImpulses& impulses, IslandProblem& problem);

// The non-zeros of the contacts' part of an island's dense problem: `unknowns` per
// contact (u for the rays, 3 or 1 for the cone program's frames) squared over every
// pair of contacts that share a member, without forming it.
long long contact_problem_nonzeros(const IslandRows& rows, const std::vector<int>& unknowns);

}  // namespace contactlab

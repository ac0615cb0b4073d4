// The convex formulations' island problems (island_problem.h) copied out of their
// solvers' scratch after a solve, for the page's dialog of the step's problem and
// `contactlab run --lcp-dump`:
//
//   copy_edge_problem     the QP over the cone's rays (edge_lcp.h) that convex,
//                         quasistatic's "qp" and soft's pyramid solved: W + diag r
//                         built again from the rows (cone_edge_problem.h), q, r, z, w;
//   copy_elliptic_problem soft's second-order cone program (soft_elliptic.h): P, c, x
//                         and g = P x + c, with one Coulomb cone per contact.
//
// Each returns false, leaving `problem` as it was, when the last solve gave no answer
// of its own (a fallback answered), or the island has joint friction or torsion rows
// (bounded unknowns outside the problem kinds) or no dense Gram blocks (posed sparsely).
// The island's index, contacts and certificate are the caller's (step.cpp).
#pragma once

#include "contact/contact_rows.h"
#include "formulation/edge_lcp.h"
#include "formulation/island_problem.h"
#include "formulation/soft_elliptic.h"

namespace contactlab {

bool copy_edge_problem(const IslandRows& rows, const EdgeLcp& lcp, const EdgeLcpWorkspace& solver,
                       IslandProblem& problem);

bool copy_elliptic_problem(const IslandRows& rows, const SoftEllipticWorkspace& solver,
                           IslandProblem& problem);

}  // namespace contactlab

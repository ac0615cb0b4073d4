// Anitescu's convex relaxation (seed 004 "Anitescu's convex formulation", seed 003
// "Anitescu's friction constraints"):
//
//   min_{v'} 1/2 (v' - v_free)^T M (v' - v_free)
//   s.t.     (n_c + mu_c d_j)^T v' >= target_c   for every contact c and edge j,
//            l_l^T v' >= target_l                for every joint-limit row,
//
// with target_c the normal row's velocity of seed 002 eq. (19) (contact_rows.h): for
// an open contact -(phi - threshold/2)/h, seed 004's phi(q)/h + n v' >= 0 measured to
// half the contact threshold; a penetrating one is pushed out at gamma (threshold/2 -
// phi)/h; at an impact, at least Newton's -e v_n^l (contact/restitution.h).
// Dropping maximal dissipation makes the problem convex; the price is the boundary
// layer: a contact sliding at |v_t| along an edge keeps phi = h mu |v_t| (seed 003),
// shrinking with h. Solved through its dual, the positive semidefinite LCP
//   beta >= 0,  w = J_beta M^-1 J_beta^T beta + (J_beta v_free - target) >= 0,  beta^T w = 0
// over the cone's extreme rays (cone_edge_problem.h, edge_lcp.h), whose multipliers
// give c_n = sum_j beta_j and the friction impulse mu sum_j beta_j d_j. v' is unique
// (M > 0); the impulses need not be (a four-legged table).
#pragma once

#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"
#include "formulation/edge_lcp.h"
#include "formulation/island_impulses.h"
#include "formulation/solver_report.h"

namespace contactlab {

struct ConvexIslandWorkspace {
  EdgeLcp lcp;
  EdgeLcpWorkspace solver;
};

// (rows, v_free in island.velocity, warm starts) => v^{l+1} in island.velocity,
// impulses, report.
void solve_convex_island(const IslandRows& rows, EdgeWarmStarts& warm_starts,
                         ConvexIslandWorkspace& workspace, IslandDynamics& island,
                         IslandImpulses& impulses, IslandSolveReport& report);

}  // namespace contactlab

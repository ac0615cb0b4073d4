// Compliant contact (seed 004 "Compliant Contact Models").
#pragma once

#include <vector>

#include "base/options.h"
#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"
#include "dynamics/model.h"
#include "formulation/implicit_friction.h"
#include "formulation/island_impulses.h"
#include "formulation/restitution_damping.h"
#include "formulation/solver_report.h"
#include "lcp/lemke.h"

namespace contactlab {

// Scratch of the joint-row LCP (limits and joint friction) and of the friction sweeps,
// kept across substeps so that a substep allocates nothing once the sizes have been seen.
struct CompliantIslandWorkspace {
  Eigen::MatrixXd limit_matrix;
  Eigen::VectorXd limit_offset;
  LemkeSolver lemke;
  DampingRatioTable damping_ratios;  // zeta of each restitution e met
  std::vector<LinearisedFriction> friction;  // per contact, this substep's
};

// (rows, contact state, v_free of one substep in island.velocity) => v^{l+1}, impulses:
// spring-damper (linear, or Hunt and Crossley's) normal forces from the state at the
// start of the substep, impulses h_s f_n; Stribeck friction at the substep's end slip,
// linearised about its start and solved over the island's contacts by Gauss-Seidel
// sweeps (implicit_friction.h; report.iterations counts the sweeps); joint limits and
// joint friction rows as hard rows (compliant_island.cpp). The report counts no pivots:
// the joint rows' few Lemke pivots are left out of the step's statistics.
void compliant_island_impulses(const IslandRows& rows, const IslandContactState& contacts,
                               const Options& options, double substep,
                               CompliantIslandWorkspace& workspace, IslandDynamics& island,
                               IslandImpulses& impulses, IslandSolveReport& report);

// Substeps per time step: options.compliant_substeps, or when 0 as many as stability
// needs (at most 10000): the smallest n for which h / n resolves, with a safety factor
// of 2, the stiffest spring-damper mode of the model's lightest body (k, the largest
// zeta of the option's and the material pairs' restitution, m_min; under Hunt and
// Crossley's law the bound of its depth-scaled damper, compliant_island.cpp). Friction,
// implicit, sets no bound. O(bodies + material pairs), from the model and options
// alone; `damping_ratios` remembers the zeta of each e.
int compliant_substep_count(const Model& model, const Options& options,
                            DampingRatioTable& damping_ratios);

}  // namespace contactlab

// The joint rows of an island, assembled beside its contact rows (contact_rows.h):
// a joint-limit row for every 1-dof joint near a position limit (seed 002 eq. 9) and a
// joint friction row for every 1-dof joint with Coulomb friction (eq. 14's Coulomb
// term as a bounded impulse, |tau| <= c h).
#pragma once

#include <vector>

#include "base/options.h"
#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"
#include "dynamics/articulation/articulation_state.h"
#include "dynamics/model.h"

namespace contactlab {

// Appends, after assemble_contact_rows, the limit rows of the island's articulations:
// those joints that the island's velocity (v_free when the step calls it) would carry
// within kLimitMargin of a limit in one step, or past it. `scratch` is reused storage.
void add_joint_limit_rows(const Model& model, const Options& options,
                          const std::vector<ArticulationState>& articulations, const IslandDynamics& island,
                          IslandRows& rows, Eigen::VectorXd& scratch);

// Appends, after the limit rows, a joint friction row qdot_j^{l+1} = 0 with
// |tau| <= c h for every 1-dof joint of the island's articulations with c > 0. Its
// viscous term is implicit in M~ (articulation_motion.h).
void add_joint_friction_rows(const Model& model, const Options& options,
                             const std::vector<ArticulationState>& articulations, const IslandDynamics& island,
                             IslandRows& rows);

}  // namespace contactlab

// The read-outs of joints driven through a prescribed motion (seed 004's bilateral
// velocity constraints, dynamics/articulation/prescribed_elimination.h): the rate each
// step imposes, and the impulse the drive gave once the island is solved,
//
//   lambda = G^-1 (qdot_ref - P v_free - Y^T J^T f),
//
// where Y^T J^T f is read off the island's impulses f as the rate each column y of Y
// gives every row they act on: y^T J^T f = sum over rows of f_row (J_row y), the same
// pairing whichever formulation found f. The drag's pull on a driven link's tree
// counts as one more such row. The step reports lambda / h as the joint's motor_effort.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"
#include "dynamics/articulation/articulation_motion.h"
#include "dynamics/articulation/articulation_state.h"
#include "dynamics/model.h"
#include "formulation/island_impulses.h"

namespace contactlab {

// (t + h, profiles) => state.prescribed_velocity of every articulation.
void set_prescribed_rates(const Model& model, double end_time, std::vector<ArticulationState>& articulations);

// (island, its rows and impulses or none, the drag's row and impulse h F on the island
// or none) => lambda of every driven joint in the island's articulations
// (workspace.prescribed_impulse). `probe` is scratch of the island's velocity size.
void solve_prescribed_impulses(const Model& model, const IslandDynamics& island, const IslandRows* rows,
                               const IslandImpulses* impulses, const MemberRow* drag, double drag_scale,
                               std::vector<ArticulationMotionWorkspace>& workspaces, Eigen::VectorXd& probe,
                               Eigen::VectorXd& work);

}  // namespace contactlab

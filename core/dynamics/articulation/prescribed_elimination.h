// An articulation's prescribed motions (prescribed_motion.h) eliminated from its step,
// as its couplings and loops are (articulation_motion.h, loop_elimination.h). Seed
// 004's bilateral velocity constraint h_v = qdot_j - qdot_ref(t) = 0 with
// dh_v/dqdot = P (the rows e_j^T of the driven joints), taken over the step as
//
//   M~ v^{l+1} = M~ v_free + P^T lambda + J^T f,   P v^{l+1} = qdot_ref(t + h),
//
// its multiplier lambda the seed's
//   lambda = -(P M^-1 P^T)^+ [P M^-1 tau + dh_v/dq qdot]
// over a step (dh_v/dq = 0). With (v_free, M_c^-1) after the couplings and loops:
//
//   Y = M_c^-1 P^T,   G = P Y,   v_free += Y G^-1 (qdot_ref - P v_free),
//   M_c^-1 -= Y G^-1 Y^T,
//
// so every impulse the contact problem adds leaves P v unchanged (P M_c^-1 = 0): each
// formulation keeps the joint's rate exactly, as a row of its problem would, without
// any of them posing it. The driven coordinate's entries are then set to what the
// algebra makes them, v_free_j = qdot_ref and a zero row and column of M_c^-1, so the
// rate holds to the last bit.
//
// Once the solve has given the island's impulses f, the drive's impulse is
//   lambda = G^-1 (qdot_ref - P v_free - Y^T J^T f)
// with v_free and Y those before this elimination (prescribed_impulses).
#pragma once

#include <Eigen/Core>

#include "base/options.h"
#include "base/status.h"
#include "dynamics/articulation/articulation_model.h"
#include "dynamics/articulation/articulation_motion.h"
#include "dynamics/articulation/articulation_state.h"

namespace contactlab {

// (prescribed rates in state, v_free, M_c^-1) => v_free, M_c^-1 keeping them, and in
// the workspace Y, G's factor and qdot_ref - P v_free for prescribed_impulses. Fails,
// naming the articulation, in maximal coordinates (not posed there) and when G is not
// positive definite (two driven joints that cannot move independently, e.g. a
// coupling's leader and follower both driven).
Status eliminate_prescribed_motion(const Articulation& articulation, const Options& options,
                                   const ArticulationState& state, ArticulationMotionWorkspace& workspace,
                                   ArticulationMotion& motion);

// (Y^T J^T f: the rate each column of Y sees from the island's impulses) => lambda per
// prescribed joint, into workspace.prescribed_impulse [N m s or N s].
void prescribed_impulses(const Eigen::VectorXd& mobility_work, ArticulationMotionWorkspace& workspace);

}  // namespace contactlab

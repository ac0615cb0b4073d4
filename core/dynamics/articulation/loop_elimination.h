// An articulation's loop closures (loop_closure.h) eliminated from its step, as its
// couplings are (articulation_motion.h): seed 002's bilateral rows J~ of eq. (18),
// here H v^{l+1} = t with Baumgarte's target t (baumgarte.h), removed by eq. (21)'s
// elimination on the inverse mass the couplings leave, M_c^-1:
//
//   Y = M_c^-1 H^T,   G = H Y,   v_free += Y G^-1 (t - H v_free),
//   M_c^-1 -= Y G^-1 Y^T,
//
// so contacts, limits and joint friction, solved afterwards through the new M_c^-1,
// never move a loop's rows (H M_c^-1 = 0): the loops are solved together with them,
// and with the couplings, whose rows M_c^-1 already keeps (eliminating two sets of
// equality rows one after the other is eliminating both at once).
//
// A loop's rows need not be independent: a planar four-bar closed by a point has no
// motion out of its plane, so that row of H is zero, and a hinge's axis rows are too;
// a loop can repeat what another loop or a coupling already holds. The elimination
// (equality_elimination.h) leaves such rows out.
#pragma once

#include "base/options.h"
#include "base/status.h"
#include "dynamics/articulation/articulation_model.h"
#include "dynamics/articulation/articulation_motion.h"
#include "dynamics/articulation/articulation_state.h"

namespace contactlab {

// (loops, q, loop rates, alpha, beta, v_free, M_c^-1) => v_free, M_c^-1 keeping the
// loops. `carries_rate`: phi'^l is state.loop_rate (false: 0, for the quasi-static
// model, whose every step starts at rest). Leaves H and phi at q in the workspace for
// record_loop_rates. Fails, naming the articulation, when G is not finite.
Status eliminate_loop_closures(const Articulation& articulation, const Options& options,
                               const ArticulationState& state, bool carries_rate,
                               ArticulationMotionWorkspace& workspace, ArticulationMotion& motion);

// The same on any tree the articulation's links make (the free links of maximal
// coordinates, maximal_motion.h), at `kinematics`, with phi'^l in `loop_rate` (none: 0).
Status eliminate_loop_rows(const Articulation& articulation, const KinematicTree& tree,
                           const TreeKinematics& kinematics, const Eigen::VectorXd* loop_rate,
                           const Options& options, ArticulationMotionWorkspace& workspace,
                           ArticulationMotion& motion);

// After the solve: state.loop_rate = H(q^l) v^{l+1}, with the H of this step's
// elimination (phi'^{l+1} for the next step's target).
void record_loop_rates(const Articulation& articulation, const ArticulationMotionWorkspace& workspace,
                       ArticulationState& state);

}  // namespace contactlab

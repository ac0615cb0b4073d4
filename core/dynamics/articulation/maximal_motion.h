// One articulation's unconstrained step in maximal coordinates (seed 002 §2.2 and §4;
// maximal_joints.h for the rows), the counterpart of articulation_motion.h:
//
//   M v_free = M v^l + h k           eq. (15) per link, M block-diagonal (6 x 6 per link),
//                                    k gravity and the gyroscopic force;
//   J v = eps_j = -gamma Delta p / h  eq. (7) with eq. (16)'s correction, for every
//                                    joint's rows and every coupling's;
//   motors and viscous friction      the PD force of §5 "applied to the two connected
//                                    bodies in opposite directions along or about the
//                                    joint axis", taken implicitly: the force -d (l v)
//                                    + i along the joint's rate l v, so M~ = M + d l^T l
//                                    (d = h K_d + h^2 K_p + h c_v), as a row of
//                                    compliance 1 / d (equality_elimination.h);
//   loop closures                    as in reduced coordinates, on the free links.
//
// The equality rows are eliminated by eqs. (20)-(21), which leaves v_free and M_c^-1
// on the links' 6n velocities: the joints', couplings' and motors' rows at once by a
// sparse factorisation ordered along the tree, whose cost grows with the links
// (tree_elimination.h), or, when rows depend on each other, the joints' and then the
// motors' densely (equality_elimination.h), as (6n)^3; the loops' few rows after them. the contact problem, joint
// limits (eq. 9: the row l v >= ...) and Coulomb joint friction (eq. 14) are then
// posed on them as on any articulation, and solved by the formulation (eq. 18).
// Seed 002 asks for the joint rows, the limits and the contacts in one mixed LCP;
// eliminating the joint rows first is eq. (21).
#pragma once

#include "base/options.h"
#include "base/status.h"
#include "dynamics/articulation/articulation_model.h"
#include "dynamics/articulation/articulation_motion.h"
#include "dynamics/articulation/articulation_state.h"

namespace contactlab {

// Whether state.maximal holds the links that gave the joint coordinates q, v now in
// the state (false before the first step in maximal coordinates, and after q or v
// were written from outside: a slider, a checkpoint of reduced coordinates, the static
// auto-grasp).
bool maximal_state_current(const ArticulationState& state);

// Unless current: every link's pose and velocity from q, v by forward kinematics (the
// joints then hold exactly), the loops' rates at them.
void start_maximal_state(const Articulation& articulation, ArticulationState& state);

// How the joints' rows are eliminated: along the tree, falling back to the dense
// elimination for dependent rows, or densely (the reference the tests compare with).
enum class JointElimination { AlongTree, Dense };

// (links' q, v, joint set points) => (v_free, M_c^-1) on the links' 6n velocities,
// keeping every joint, coupling and loop; workspace.joints_along_tree tells which
// elimination ran. `added_damping` b: -b v on every link velocity, implicitly (the
// soft formulation's). Fails, naming the articulation and the link, when a link's
// mass matrix is not positive definite (a point mass: no inertia to turn it), or when
// the rows cannot be kept.
Status maximal_free_motion(const Articulation& articulation, const Options& options,
                           const ArticulationState& state, double added_damping,
                           ArticulationMotionWorkspace& workspace, ArticulationMotion& motion,
                           JointElimination elimination = JointElimination::AlongTree);

// After the solve, v^{l+1} in state.maximal.velocities: the loops' rates (H(q^l)
// v^{l+1}), eq. (12) for every link, and q, v, the kinematics and the joint
// coordinates' loop rates recovered from the links. `held_still`: the articulation's
// motion failed this step (maximal_free_motion), so its links stay at rest.
void finish_maximal_step(const Articulation& articulation, const ArticulationMotionWorkspace& workspace,
                         bool held_still, double time_step, ArticulationState& state);

// The links' poses and velocities into the model's bodies (the convention of
// update_link_bodies).
void update_maximal_link_bodies(const Articulation& articulation, const ArticulationState& state,
                                std::vector<Vec3>& position, std::vector<Quat>& orientation,
                                std::vector<Vec3>& linear_velocity, std::vector<Vec3>& angular_velocity);

}  // namespace contactlab

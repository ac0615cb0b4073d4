// One articulation's unconstrained step, seed 002 eq. (15) for a tree,
//   (M + h D + h^2 K) v_free = M v + h (tau - bias),   bias = C(q, v) v - tau_g(q),
// where the PD motors (§5) and the viscous part of joint friction (eq. 14) are taken
// implicitly (K, D on the joints' diagonal, control/pd_controller.h); the Coulomb part
// is no force here but a bounded row the step solves with the contacts
// (contact/contact_rows.h). Then eq. (17) for its coupling rows J (eqs. 7-8): the joints-only
// velocity that keeps every coupling, with the drift correction of eq. (16),
//   J v' = eps_j = -gamma (q_follower - ratio q_leader) / h.
//
// Then the loop closures' rows, the same way (loop_elimination.h), and last the joints
// driven through a prescribed motion (prescribed_elimination.h).
//
// Contacts and joint limits then act through the inverse mass the couplings leave,
//   M_c^-1 = M~^-1 - M~^-1 J^T (J M~^-1 J^T)^-1 J M~^-1,   M~ = M + h D + h^2 K,
// which is eq. (21)'s elimination of the bilateral rows J~ done per articulation (a
// coupling involves one articulation's coordinates only): H^T M_c^-1 H is the Schur
// complement of eq. (21), and v_free here is its right-hand side's velocity.
#pragma once

#include <array>
#include <vector>

#include <Eigen/Core>

#include "base/options.h"
#include "base/status.h"
#include "dynamics/articulation/articulation_model.h"
#include "dynamics/articulation/articulation_state.h"
#include "dynamics/articulation/dense_cholesky.h"
#include "dynamics/articulation/equality_elimination.h"
#include "dynamics/articulation/maximal_joints.h"
#include "dynamics/articulation/tree_elimination.h"
#include "dynamics/articulation/tree_dynamics.h"

namespace contactlab {

struct ArticulationMotionWorkspace {
  Eigen::MatrixXd mass;           // M(q)
  Eigen::VectorXd bias;           // C(q, v) v - tau_g(q)
  Eigen::VectorXd momentum;       // M v + h (tau_explicit - bias)
  Eigen::MatrixXd step_mass;      // M~
  DenseCholesky step_mass_factor;
  Eigen::MatrixXd coupling_mobility;  // M~^-1 J^T (nv x couplings)
  Eigen::MatrixXd coupling_gram;      // J M~^-1 J^T
  DenseCholesky coupling_factor;
  Eigen::MatrixXd coupling_solved;    // (J M~^-1 J^T)^-1 J M~^-1
  // Loop closures (loop_elimination.h), at q: H, phi, Y = M_c^-1 H^T, G = H Y, the
  // correction t - H v_free and the elimination's scratch.
  Eigen::MatrixXd loop_jacobian;
  Eigen::VectorXd loop_error;
  Eigen::MatrixXd loop_mobility;
  Eigen::MatrixXd loop_gram;
  Eigen::VectorXd loop_correction;
  EqualityElimination loop_elimination;
  // Prescribed motions (prescribed_elimination.h): Y = M_c^-1 P^T before their
  // elimination, G = P Y and its factor, qdot_ref - P v_free, and the drive's impulse
  // lambda once the island is solved; the elimination's scratch G^-1 (qdot_ref - P
  // v_free) and G^-1 Y^T.
  Eigen::MatrixXd prescribed_mobility;
  Eigen::MatrixXd prescribed_gram;
  DenseCholesky prescribed_factor;
  Eigen::VectorXd prescribed_correction;
  Eigen::VectorXd prescribed_step;
  Eigen::MatrixXd prescribed_solved;
  Eigen::VectorXd prescribed_impulse;
  // Maximal coordinates (maximal_motion.h): the joints' and couplings' rows J, Y =
  // M^-1 J^T, G = J Y and eps_j - J v_free; the motors' terms, rate rows, compliances,
  // links, Y, G and correction; a link's mass block, its factor, inverse and velocity;
  // both dense eliminations' scratch; the elimination along the tree: all rows, the
  // links each moves, compliances, order keys, corrections and its scratch, and
  // whether it ran this step (false: the dense eliminations did).
  MaximalJointRows joint_rows;
  Eigen::MatrixXd joint_mobility;
  Eigen::MatrixXd joint_gram;
  Eigen::VectorXd joint_correction;
  EqualityElimination joint_elimination;
  Eigen::VectorXd motor_stiffness;  // per link: d = h K_d + h^2 K_p + h c_v
  Eigen::VectorXd motor_impulse;    // per link: the explicit impulse i
  Eigen::VectorXd rate_row;
  Eigen::MatrixXd motor_rows;
  Eigen::VectorXd motor_compliance;
  std::vector<int> motor_row_link;
  Eigen::MatrixXd motor_mobility;
  Eigen::MatrixXd motor_gram;
  Eigen::VectorXd motor_correction;
  EqualityElimination motor_elimination;
  Eigen::MatrixXd link_mass;
  DenseCholesky link_factor;
  Eigen::MatrixXd link_inverse;
  Eigen::VectorXd link_velocity;
  Eigen::MatrixXd tree_rows;
  std::vector<std::array<int, 4>> tree_row_links;
  Eigen::VectorXd tree_compliance;
  std::vector<int> tree_key;
  Eigen::VectorXd tree_correction;
  TreeElimination tree_elimination;
  bool joints_along_tree = false;
  TreeDynamicsWorkspace dynamics;
};

struct ArticulationMotion {
  Eigen::VectorXd free_velocity;   // v_free, keeping the couplings
  Eigen::MatrixXd inverse_mass;    // M_c^-1 (nv x nv, symmetric)
  // Per link: its motor's implicit terms (zero without a motor), for the torque it
  // applied once v' is known (implicit_pd_torque).
  std::vector<ImplicitPdTerms> motor_terms;
  // A tree with a free root: v and C(q, v) v at the start of the step, for keeping its
  // momentum (floating_momentum.h). Empty when the tree has none, or when the
  // formulation does not carry momentum from step to step.
  Eigen::VectorXd start_velocity;
  Eigen::VectorXd coriolis;
};

// (articulation, q, v, set points) => (v_free, M_c^-1). `added_damping` b >= 0 [N s/m
// on a prismatic coordinate, N m s/rad on a revolute one] is a force -b v_free on every
// coordinate, taken implicitly: M~ gains h b on its diagonal and the momentum
// M v + h (tau - bias) stays as it is (the soft formulation's implicit damping, seed
// 004 "implicit damping inertia"; 0 for the others). Fails, naming the articulation,
// when M~ or J M~^-1 J^T is not positive definite (a coupling of two joints that
// cannot move independently). A tree with a free root also gets v and C(q, v) v.
// With options.coordinates maximal, maximal_free_motion instead (maximal_motion.h).
Status articulation_free_motion(const Articulation& articulation, const Options& options,
                                const ArticulationState& state, double added_damping,
                                ArticulationMotionWorkspace& workspace, ArticulationMotion& motion);

// Eq. (17) on the articulation's coupling rows J, given (v, M~^-1) in motion:
// v += M~^-1 J^T mu with (J M~^-1 J^T) mu = eps_j - J v (eq. 16's drift correction),
// and M_c^-1 = M~^-1 - M~^-1 J^T (J M~^-1 J^T)^-1 J M~^-1. Fails, naming the
// articulation, when J M~^-1 J^T is not positive definite.
Status eliminate_couplings(const Articulation& articulation, const Options& options,
                           const ArticulationState& state, ArticulationMotionWorkspace& workspace,
                           ArticulationMotion& motion);

}  // namespace contactlab

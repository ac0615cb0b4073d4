// Dynamics of a kinematic tree in generalised coordinates, seed 004 "The Manipulator
// Equations":
//   M(q) v' + C(q, v) v = tau_g(q) + tau,
// which is seed 002 eq. (1), M dv/dt = f + k, with k = -bias and
//   bias = C(q, v) v - tau_g(q).
// M comes from the composite-rigid-body algorithm and bias from recursive
// Newton-Euler (seed 004 "Recursive Dynamics Algorithms"; Featherstone, "Rigid Body
// Dynamics Algorithms", ch. 5-6), both over the spatial quantities that
// forward_kinematics caches. Every dynamic-size sum is an explicit loop in a fixed
// order, so results are identical on every platform.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "dynamics/articulation/kinematic_tree.h"
#include "dynamics/articulation/spatial.h"
#include "dynamics/articulation/tree_kinematics.h"

namespace contactlab {

// Per-link scratch of the recursions; reuse one to avoid allocation in a step.
struct TreeDynamicsWorkspace {
  std::vector<Vec6> velocity;      // V_i
  std::vector<Vec6> acceleration;  // A_i
  std::vector<Vec6> force;         // f_i, then the force the joint transmits
  std::vector<SpatialInertia> composite_inertia;
};

// M (nv x nv, symmetric positive semi-definite; definite for a valid tree unless a
// joint moves only point masses on its own axis).
void mass_matrix(const KinematicTree& tree, const TreeKinematics& kinematics,
                 Eigen::MatrixXd& mass, TreeDynamicsWorkspace& workspace);
void mass_matrix(const KinematicTree& tree, const TreeKinematics& kinematics,
                 Eigen::MatrixXd& mass);

// tau = M(q) v' + C(q, v) v - tau_g(q) for a uniform gravity field [m/s^2].
void inverse_dynamics(const KinematicTree& tree, const TreeKinematics& kinematics,
                      const Eigen::VectorXd& v, const Eigen::VectorXd& acceleration,
                      const Vec3& gravity, Eigen::VectorXd& tau,
                      TreeDynamicsWorkspace& workspace);

// bias = C(q, v) v - tau_g(q) = inverse_dynamics with v' = 0, so M v' + bias = tau.
void bias_forces(const KinematicTree& tree, const TreeKinematics& kinematics,
                 const Eigen::VectorXd& v, const Vec3& gravity, Eigen::VectorXd& bias,
                 TreeDynamicsWorkspace& workspace);
void bias_forces(const KinematicTree& tree, const TreeKinematics& kinematics,
                 const Eigen::VectorXd& v, const Vec3& gravity, Eigen::VectorXd& bias);

// T = 1/2 v^T M v = sum over links of 1/2 V_i . I_i V_i [J].
double kinetic_energy(const KinematicTree& tree, const TreeKinematics& kinematics,
                      const Eigen::VectorXd& v);

// U = -sum over links of m_i gravity . c_i, zero with every centre of mass at the
// world origin [J].
double potential_energy(const KinematicTree& tree, const TreeKinematics& kinematics,
                        const Vec3& gravity);

}  // namespace contactlab

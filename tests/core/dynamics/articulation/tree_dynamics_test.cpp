#include "dynamics/articulation/tree_dynamics.h"

#include <algorithm>
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "dynamics/articulation/dense_cholesky.h"
#include "random_tree.h"

namespace contactlab {
namespace {

const Vec3 kGravityVector(0, 0, -9.81);

Mat3 cross_matrix(const Vec3& a) {
  Mat3 out;
  out << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  return out;
}

// Two branches from the root: root -> revolute -> prismatic -> fixed -> revolute and
// root -> revolute -> revolute; the root joint is free or revolute.
KinematicTree random_tree(std::mt19937_64& engine, JointType root_joint) {
  KinematicTree tree;
  tree.add_link(random_link(engine, -1, root_joint));
  tree.add_link(random_link(engine, 0, JointType::Revolute));
  tree.add_link(random_link(engine, 1, JointType::Prismatic));
  tree.add_link(random_link(engine, 2, JointType::Fixed));
  tree.add_link(random_link(engine, 3, JointType::Revolute));
  tree.add_link(random_link(engine, 0, JointType::Revolute));
  tree.add_link(random_link(engine, 5, JointType::Revolute));
  return tree;
}

Eigen::VectorXd random_vector_of(int size, std::mt19937_64& engine) {
  Eigen::VectorXd v(size);
  for (int i = 0; i < size; ++i) v[i] = uniform(engine, -1.5, 1.5);
  return v;
}

Eigen::VectorXd times(const Eigen::MatrixXd& matrix, const Eigen::VectorXd& vector) {
  Eigen::VectorXd out = Eigen::VectorXd::Zero(matrix.rows());
  for (int i = 0; i < matrix.rows(); ++i) {
    for (int j = 0; j < matrix.cols(); ++j) out[i] += matrix(i, j) * vector[j];
  }
  return out;
}

double quadratic_form(const Eigen::MatrixXd& matrix, const Eigen::VectorXd& vector) {
  return vector.dot(times(matrix, vector));
}

struct DoublePendulum {
  double m1 = 1.3, m2 = 0.8, l1 = 1.1, l2 = 0.6, g = 9.81;

  // Point masses on massless links (zero inertia: validate allows it on revolute
  // joints) swinging in the (x, z) plane about -y, so that the seed's
  // p1 = l1 (s1, -c1) holds with z as the seed's y.
  KinematicTree tree() const {
    KinematicTree tree;
    TreeLink upper;
    upper.name = "upper";
    upper.joint.axis = -Vec3::UnitY();
    upper.mass = m1;
    upper.com = Vec3(0, 0, -l1);
    tree.add_link(upper);
    TreeLink lower;
    lower.name = "lower";
    lower.parent = 0;
    lower.joint.axis = -Vec3::UnitY();
    lower.joint.origin.position = Vec3(0, 0, -l1);
    lower.mass = m2;
    lower.com = Vec3(0, 0, -l2);
    tree.add_link(lower);
    return tree;
  }

  // Seed 004, example "Manipulator Equation form of the Simple Double Pendulum".
  Eigen::Matrix2d mass(const Eigen::Vector2d& q) const {
    const double c2 = std::cos(q[1]);
    Eigen::Matrix2d out;
    out << (m1 + m2) * l1 * l1 + m2 * l2 * l2 + 2 * m2 * l1 * l2 * c2,
        m2 * l2 * l2 + m2 * l1 * l2 * c2, m2 * l2 * l2 + m2 * l1 * l2 * c2, m2 * l2 * l2;
    return out;
  }
  Eigen::Vector2d coriolis_times_v(const Eigen::Vector2d& q, const Eigen::Vector2d& v) const {
    const double s2 = std::sin(q[1]);
    Eigen::Matrix2d c;
    c << 0, -m2 * l1 * l2 * (2 * v[0] + v[1]) * s2, m2 * l1 * l2 * v[0] * s2, 0;
    return c * v;
  }
  Eigen::Vector2d gravity_torque(const Eigen::Vector2d& q) const {
    const double s1 = std::sin(q[0]), s12 = std::sin(q[0] + q[1]);
    return -g * Eigen::Vector2d((m1 + m2) * l1 * s1 + m2 * l2 * s12, m2 * l2 * s12);
  }
  // Seed 004, example "Simple Double Pendulum": T and U.
  double energy(const Eigen::Vector2d& q, const Eigen::Vector2d& v) const {
    const double kinetic = 0.5 * (m1 + m2) * l1 * l1 * v[0] * v[0] +
                           0.5 * m2 * l2 * l2 * (v[0] + v[1]) * (v[0] + v[1]) +
                           m2 * l1 * l2 * v[0] * (v[0] + v[1]) * std::cos(q[1]);
    const double potential =
        -(m1 + m2) * g * l1 * std::cos(q[0]) - m2 * g * l2 * std::cos(q[0] + q[1]);
    return kinetic + potential;
  }
};

TEST(TreeDynamics, DoublePendulumMatchesTheSeedsManipulatorEquations) {
  const DoublePendulum pendulum;
  const KinematicTree tree = pendulum.tree();
  ASSERT_TRUE(tree.validate().ok()) << tree.validate().message();
  std::mt19937_64 engine(101);
  TreeKinematics kinematics;
  Eigen::MatrixXd mass;
  Eigen::VectorXd bias;
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::Vector2d q(uniform(engine, -4, 4), uniform(engine, -4, 4));
    const Eigen::Vector2d v(uniform(engine, -3, 3), uniform(engine, -3, 3));
    forward_kinematics(tree, q, kinematics);
    mass_matrix(tree, kinematics, mass);
    bias_forces(tree, kinematics, v, Vec3(0, 0, -pendulum.g), bias);
    const Eigen::Matrix2d expected_mass = pendulum.mass(q);
    const Eigen::Vector2d expected_bias =
        pendulum.coriolis_times_v(q, v) - pendulum.gravity_torque(q);
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 2; ++j) EXPECT_NEAR(mass(i, j), expected_mass(i, j), 1e-12);
      EXPECT_NEAR(bias[i], expected_bias[i], 1e-12) << "q " << q.transpose();
    }
    // Gravity alone: bias at v = 0 is -tau_g.
    bias_forces(tree, kinematics, Eigen::Vector2d::Zero(), Vec3(0, 0, -pendulum.g), bias);
    EXPECT_NEAR(bias[0], -pendulum.gravity_torque(q)[0], 1e-12);
    EXPECT_NEAR(kinetic_energy(tree, kinematics, v) +
                    potential_energy(tree, kinematics, Vec3(0, 0, -pendulum.g)),
                pendulum.energy(q, v), 1e-12);
  }
}

// Column i of M is the torque that produces v' = e_i from rest without gravity, and
// inverse dynamics is affine in v': tau = M v' + bias.
TEST(TreeDynamics, CompositeRigidBodyMatchesRecursiveNewtonEuler) {
  for (JointType root : {JointType::Free, JointType::Revolute}) {
    std::mt19937_64 engine(root == JointType::Free ? 7 : 8);
    const KinematicTree tree = random_tree(engine, root);
    ASSERT_TRUE(tree.validate().ok()) << tree.validate().message();
    const int size = tree.velocity_size();
    TreeKinematics kinematics;
    TreeDynamicsWorkspace workspace;
    Eigen::MatrixXd mass;
    Eigen::VectorXd tau, bias;
    for (int trial = 0; trial < 5; ++trial) {
      forward_kinematics(tree, random_positions(tree, engine), kinematics);
      mass_matrix(tree, kinematics, mass, workspace);
      const double scale = mass.cwiseAbs().maxCoeff();
      for (int i = 0; i < size; ++i) {
        inverse_dynamics(tree, kinematics, Eigen::VectorXd::Zero(size),
                         Eigen::VectorXd::Unit(size, i), Vec3::Zero(), tau, workspace);
        for (int j = 0; j < size; ++j) {
          EXPECT_NEAR(tau[j], mass(j, i), 1e-14 * scale) << "M(" << j << ", " << i << ")";
        }
      }
      EXPECT_EQ(mass, mass.transpose());
      const Eigen::VectorXd v = random_vector_of(size, engine);
      const Eigen::VectorXd acceleration = random_vector_of(size, engine);
      inverse_dynamics(tree, kinematics, v, acceleration, kGravityVector, tau, workspace);
      bias_forces(tree, kinematics, v, kGravityVector, bias, workspace);
      const Eigen::VectorXd expected = times(mass, acceleration) + bias;
      for (int j = 0; j < size; ++j) EXPECT_NEAR(tau[j], expected[j], 1e-12);
    }
  }
}

// An independent reference for the bias: Lagrange's equations,
//   [C v]_i = sum_jk (dM_ij/dq_k - 1/2 dM_jk/dq_i) v_j v_k,   -tau_g,i = dU/dq_i,
// with the derivatives of M and U by central differences (error ~1e-9).
TEST(TreeDynamics, BiasMatchesLagrangesEquationsOnAFixedBaseTree) {
  std::mt19937_64 engine(41);
  const KinematicTree tree = random_tree(engine, JointType::Revolute);
  ASSERT_TRUE(tree.validate().ok()) << tree.validate().message();
  const int size = tree.velocity_size();
  ASSERT_EQ(size, tree.position_size());
  const double eps = 1e-6;
  for (int trial = 0; trial < 3; ++trial) {
    const Eigen::VectorXd q = random_positions(tree, engine);
    const Eigen::VectorXd v = random_vector_of(size, engine);
    std::vector<Eigen::MatrixXd> mass_derivative(size);
    Eigen::VectorXd potential_gradient(size);
    for (int k = 0; k < size; ++k) {
      TreeKinematics plus, minus;
      forward_kinematics(tree, q + eps * Eigen::VectorXd::Unit(size, k), plus);
      forward_kinematics(tree, q - eps * Eigen::VectorXd::Unit(size, k), minus);
      Eigen::MatrixXd mass_plus, mass_minus;
      mass_matrix(tree, plus, mass_plus);
      mass_matrix(tree, minus, mass_minus);
      mass_derivative[k] = (mass_plus - mass_minus) / (2 * eps);
      potential_gradient[k] = (potential_energy(tree, plus, kGravityVector) -
                               potential_energy(tree, minus, kGravityVector)) / (2 * eps);
    }
    TreeKinematics kinematics;
    forward_kinematics(tree, q, kinematics);
    Eigen::VectorXd bias;
    bias_forces(tree, kinematics, v, kGravityVector, bias);
    for (int i = 0; i < size; ++i) {
      double expected = potential_gradient[i];
      for (int j = 0; j < size; ++j) {
        for (int k = 0; k < size; ++k) {
          expected += (mass_derivative[k](i, j) - 0.5 * mass_derivative[i](j, k)) * v[j] * v[k];
        }
      }
      EXPECT_NEAR(bias[i], expected, 1e-7) << "coordinate " << i;
    }
  }
}

// With a floating base q and v differ, but power still balances: along q(t) with
// q' = G v, v . bias = 1/2 v^T M' v + U' (v^T (M' - 2C) v = 0 and -v . tau_g = U').
TEST(TreeDynamics, BiasBalancesPowerOnAFloatingTree) {
  std::mt19937_64 engine(43);
  const KinematicTree tree = random_tree(engine, JointType::Free);
  const double eps = 1e-6;
  for (int trial = 0; trial < 5; ++trial) {
    const Eigen::VectorXd q = random_positions(tree, engine);
    const Eigen::VectorXd v = random_vector_of(tree.velocity_size(), engine);
    Eigen::VectorXd q_plus = q, q_minus = q;
    integrate_tree_positions(tree, v, eps, q_plus);
    integrate_tree_positions(tree, v, -eps, q_minus);
    TreeKinematics kinematics, plus, minus;
    forward_kinematics(tree, q, kinematics);
    forward_kinematics(tree, q_plus, plus);
    forward_kinematics(tree, q_minus, minus);
    Eigen::MatrixXd mass_plus, mass_minus;
    mass_matrix(tree, plus, mass_plus);
    mass_matrix(tree, minus, mass_minus);
    const double mass_rate_power =
        0.5 * (quadratic_form(mass_plus, v) - quadratic_form(mass_minus, v)) / (2 * eps);
    const double potential_rate =
        (potential_energy(tree, plus, kGravityVector) - potential_energy(tree, minus, kGravityVector)) /
        (2 * eps);
    Eigen::VectorXd bias;
    bias_forces(tree, kinematics, v, kGravityVector, bias);
    EXPECT_NEAR(v.dot(bias), mass_rate_power + potential_rate, 1e-7);
  }
}

// One free link is a rigid body: with r = com - origin (world), I_w = R I R^T and
// v = (v_p, w) it has v_c = v_p + w x r, so
//   M = [m E, -m [r]x; m [r]x, I_w + m [r]x [r]x^T],
// and Newton-Euler at v' = 0 (a_c = w x (w x r); torque about the centre of mass
// w x I_w w) gives, with the wrench moved from the centre of mass to the origin,
//   bias = (m w x (w x r) - m g, w x I_w w + r x (m w x (w x r) - m g)).
TEST(TreeDynamics, FreeLinkFollowsTheNewtonEulerEquations) {
  std::mt19937_64 engine(53);
  for (const Vec3& com_local : {Vec3(0, 0, 0), Vec3(0.2, -0.1, 0.35)}) {
    TreeLink link = random_link(engine, -1, JointType::Free);
    link.com = com_local;
    const KinematicTree tree({link});
    ASSERT_TRUE(tree.validate().ok()) << tree.validate().message();
    Eigen::VectorXd q(7);
    const Quat orientation(random_rotation(engine));
    q << 1000, -500, 20, orientation.w(), orientation.x(), orientation.y(), orientation.z();
    const Eigen::VectorXd v = random_vector_of(6, engine);
    TreeKinematics kinematics;
    forward_kinematics(tree, q, kinematics);
    Eigen::MatrixXd mass;
    Eigen::VectorXd bias;
    mass_matrix(tree, kinematics, mass);
    bias_forces(tree, kinematics, v, kGravityVector, bias);

    const double m = link.mass;
    const Mat3 rotation = orientation.toRotationMatrix();
    const Vec3 r = rotation * com_local;
    const Mat3 world_inertia = rotation * link.inertia * rotation.transpose();
    Eigen::Matrix<double, 6, 6> expected_mass;
    expected_mass << m * Mat3::Identity(), -m * cross_matrix(r), m * cross_matrix(r),
        world_inertia + m * cross_matrix(r) * cross_matrix(r).transpose();
    const Vec3 w = v.tail<3>();
    const Vec3 force = m * w.cross(w.cross(r)) - m * kGravityVector;
    Vec6 expected_bias;
    expected_bias << force, w.cross(world_inertia * w) + r.cross(force);
    for (int i = 0; i < 6; ++i) {
      for (int j = 0; j < 6; ++j) EXPECT_NEAR(mass(i, j), expected_mass(i, j), 1e-14);
      EXPECT_NEAR(bias[i], expected_bias[i], 1e-13) << "component " << i;
    }
    if (com_local.isZero()) {
      // The free body of rigid_body.h: M = diag(m E, I_w), bias = -k = (-m g, w x I_w w).
      EXPECT_EQ(Mat3(mass.topRightCorner<3, 3>()), Mat3::Zero());
      EXPECT_NEAR(bias[2], -m * kGravityVector.z(), 1e-13);
    }
  }
}

// A cart on a prismatic x joint carrying a pendulum (point mass mp at length l,
// angle theta from hanging down, turning about -y). Its Lagrangian,
//   T = 1/2 (mc + mp) x'^2 + mp l cos(theta) x' theta' + 1/2 mp l^2 theta'^2,
//   U = -mp g l cos(theta),
// gives M = [mc + mp, mp l c; mp l c, mp l^2] and bias = (-mp l s theta'^2, mp g l s).
TEST(TreeDynamics, CartPoleWithAPrismaticJoint) {
  const double cart_mass = 2.0, pole_mass = 0.4, length = 0.9, g = 9.81;
  KinematicTree tree;
  TreeLink cart;
  cart.name = "cart";
  cart.joint.type = JointType::Prismatic;
  cart.joint.axis = Vec3::UnitX();
  cart.mass = cart_mass;
  cart.inertia = Vec3(0.1, 0.2, 0.2).asDiagonal();
  tree.add_link(cart);
  TreeLink pole;
  pole.name = "pole";
  pole.parent = 0;
  pole.joint.axis = -Vec3::UnitY();
  pole.joint.origin.position = Vec3(0.1, 0, 0.3);
  pole.mass = pole_mass;
  pole.com = Vec3(0, 0, -length);
  tree.add_link(pole);
  ASSERT_TRUE(tree.validate().ok()) << tree.validate().message();

  std::mt19937_64 engine(61);
  for (int trial = 0; trial < 5; ++trial) {
    const Eigen::Vector2d q(uniform(engine, -1, 1), uniform(engine, -3, 3));
    const Eigen::Vector2d v(uniform(engine, -2, 2), uniform(engine, -2, 2));
    TreeKinematics kinematics;
    forward_kinematics(tree, q, kinematics);
    Eigen::MatrixXd mass;
    Eigen::VectorXd bias;
    mass_matrix(tree, kinematics, mass);
    bias_forces(tree, kinematics, v, Vec3(0, 0, -g), bias);
    const double c = std::cos(q[1]), s = std::sin(q[1]);
    EXPECT_NEAR(mass(0, 0), cart_mass + pole_mass, 1e-14);
    EXPECT_NEAR(mass(0, 1), pole_mass * length * c, 1e-14);
    EXPECT_NEAR(mass(1, 1), pole_mass * length * length, 1e-14);
    EXPECT_NEAR(bias[0], -pole_mass * length * s * v[1] * v[1], 1e-13);
    EXPECT_NEAR(bias[1], pole_mass * g * length * s, 1e-13);
  }
}

// The cart alone on a vertical prismatic joint: M = m, bias = -m g . axis.
TEST(TreeDynamics, VerticalPrismaticJointCarriesTheWeight) {
  TreeLink slider;
  slider.joint.type = JointType::Prismatic;
  slider.joint.axis = Vec3::UnitZ();
  slider.mass = 3;
  slider.com = Vec3(0.5, 0, 0);
  slider.inertia = Vec3(0.1, 0.1, 0.1).asDiagonal();
  const KinematicTree tree({slider});
  TreeKinematics kinematics;
  forward_kinematics(tree, Eigen::VectorXd::Constant(1, 0.2), kinematics);
  Eigen::MatrixXd mass;
  Eigen::VectorXd bias;
  mass_matrix(tree, kinematics, mass);
  bias_forces(tree, kinematics, Eigen::VectorXd::Constant(1, 4.0), kGravityVector, bias);
  EXPECT_NEAR(mass(0, 0), 3, 1e-15);
  EXPECT_NEAR(bias[0], 3 * 9.81, 1e-14);
}

// Seed 004: T = 1/2 v^T M v.
TEST(TreeDynamics, KineticEnergyIsHalfVMV) {
  std::mt19937_64 engine(71);
  const KinematicTree tree = random_tree(engine, JointType::Free);
  TreeKinematics kinematics;
  Eigen::MatrixXd mass;
  for (int trial = 0; trial < 5; ++trial) {
    forward_kinematics(tree, random_positions(tree, engine), kinematics);
    mass_matrix(tree, kinematics, mass);
    const Eigen::VectorXd v = random_vector_of(tree.velocity_size(), engine);
    const double energy = kinetic_energy(tree, kinematics, v);
    EXPECT_GT(energy, 0);
    EXPECT_NEAR(energy, 0.5 * quadratic_form(mass, v), 1e-13 * energy);
  }
}

struct EnergyError {
  double first_half = 0;   // largest |E - E0| / (E0 - E_rest) over the first half
  double second_half = 0;  // ... over the second half
};

// Symplectic Euler on the frictionless, unactuated double pendulum:
// v += h M^-1 (tau - bias) with tau = 0, then q += h v.
EnergyError simulate_double_pendulum(double h, double duration) {
  const DoublePendulum pendulum;
  const KinematicTree tree = pendulum.tree();
  const Vec3 gravity(0, 0, -pendulum.g);
  Eigen::VectorXd q(2), v(2);
  q << 1.2, -0.5;
  v << 0.0, 1.5;
  TreeKinematics kinematics;
  TreeDynamicsWorkspace workspace;
  Eigen::MatrixXd mass;
  Eigen::VectorXd bias;
  DenseCholesky cholesky;
  forward_kinematics(tree, q, kinematics);
  const double initial =
      kinetic_energy(tree, kinematics, v) + potential_energy(tree, kinematics, gravity);
  const double rest = -(pendulum.m1 + pendulum.m2) * pendulum.g * pendulum.l1 -
                      pendulum.m2 * pendulum.g * pendulum.l2;
  const int steps = static_cast<int>(duration / h + 0.5);
  EnergyError error;
  for (int step = 0; step < steps; ++step) {
    forward_kinematics(tree, q, kinematics);
    mass_matrix(tree, kinematics, mass, workspace);
    bias_forces(tree, kinematics, v, gravity, bias, workspace);
    EXPECT_TRUE(cholesky.factor(mass).ok());
    Eigen::VectorXd acceleration = -bias;
    cholesky.solve_in_place(acceleration);
    v += h * acceleration;
    integrate_tree_positions(tree, v, h, q);
    forward_kinematics(tree, q, kinematics);
    const double energy =
        kinetic_energy(tree, kinematics, v) + potential_energy(tree, kinematics, gravity);
    const double relative = std::abs(energy - initial) / (initial - rest);
    double& half = step < steps / 2 ? error.first_half : error.second_half;
    half = std::max(half, relative);
  }
  return error;
}

// Without friction or torque the double pendulum conserves E = T + U. Symplectic
// Euler keeps the energy error bounded (no drift from the first second to the
// second) and first order in h. Measured relative to the energy above rest (15.9 J):
// 3.6e-4 at h = 1e-4 over 2 s, 1.8e-4 at h = 5e-5.
TEST(TreeDynamics, DoublePendulumConservesEnergyWithSymplecticEuler) {
  const EnergyError coarse = simulate_double_pendulum(1e-4, 2.0);
  EXPECT_LT(std::max(coarse.first_half, coarse.second_half), 5e-4);
  EXPECT_GT(coarse.first_half, 0);  // the pendulum did move
  EXPECT_LT(coarse.second_half, 1.05 * coarse.first_half);
  const EnergyError fine = simulate_double_pendulum(5e-5, 2.0);
  const double ratio = std::max(coarse.first_half, coarse.second_half) /
                       std::max(fine.first_half, fine.second_half);
  EXPECT_GT(ratio, 1.8);
  EXPECT_LT(ratio, 2.2);
}

}  // namespace
}  // namespace contactlab

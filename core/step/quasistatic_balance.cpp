#include "step/quasistatic_balance.h"

#include <algorithm>

#include "dynamics/articulation/tree_dynamics.h"
#include "formulation/quasistatic_motion.h"

namespace contactlab {
namespace {

// The generalised force J^T (f, (p - c) x f) of a force f at world point p on link
// `link`, added to `force` (com_jacobian: J maps v to the link's (v_c, w)).
void add_link_force(const KinematicTree& tree, const TreeKinematics& kinematics, int link,
                    const Vec3& point, const Vec3& applied,
                    Eigen::Matrix<double, 6, Eigen::Dynamic>& jacobian, Eigen::VectorXd& force) {
  com_jacobian(tree, kinematics, link, jacobian);
  Vec6 wrench;
  wrench << applied, (point - kinematics.com_position[link]).cross(applied);
  for (int j = 0; j < tree.velocity_size(); ++j) {
    double sum = 0;
    for (int k = 0; k < 6; ++k) sum += jacobian(k, j) * wrench[k];
    force[j] += sum;
  }
}

}  // namespace

QuasistaticBalance quasistatic_balance(const Model& model, const Options& options,
                                       const Data& start, const Data& end) {
  const double h = options.time_step;
  // Pure force balance keeps no inertia (quasistatic_pure.h).
  const double eps = options.quasistatic_model == 1 ? 0.0 : options.quasistatic_mass_scale;
  QuasistaticBalance balance;
  const int body_count = static_cast<int>(model.bodies.size());
  balance.body.assign(body_count, Vec6::Zero());

  // Free bodies: eps_q M v / h - (m g, 0), less the contact wrenches below.
  for (int b = 0; b < body_count; ++b) {
    const Body& body = model.bodies[b];
    if (body.is_static || body.articulation >= 0) continue;
    const Mat3 rotation = start.orientation[b].toRotationMatrix();
    const Mat3 inertia = rotation * body.inertia * rotation.transpose();
    balance.body[b].head<3>() =
        eps * body.mass * end.linear_velocity[b] / h - body.mass * options.gravity;
    balance.body[b].tail<3>() = eps * inertia * end.angular_velocity[b] / h;
  }

  // Articulations: (eps_q M_uu v / h - tau_u) on unactuated coordinates, K (q' - q_cmd)
  // on actuated ones, less the contact forces below.
  const int articulation_count = static_cast<int>(model.articulations.size());
  balance.articulation.resize(articulation_count);
  Eigen::MatrixXd mass;
  Eigen::VectorXd bias;
  std::vector<double> stiffness;
  std::vector<char> feels_gravity;
  for (int a = 0; a < articulation_count; ++a) {
    const Articulation& articulation = model.articulations[a];
    const KinematicTree& tree = articulation.tree;
    const ArticulationState& before = start.articulations[a];
    const ArticulationState& after = end.articulations[a];
    const int n = tree.velocity_size();
    classify_coordinates(articulation, stiffness, feels_gravity);
    mass_matrix(tree, before.kinematics, mass);
    bias_forces(tree, before.kinematics, Eigen::VectorXd::Zero(n), options.gravity, bias);
    Eigen::VectorXd& residual = balance.articulation[a];
    residual.setZero(n);
    for (int i = 0; i < n; ++i) {
      if (stiffness[i] > 0) continue;
      double inertial = 0;
      for (int j = 0; j < n; ++j) {
        if (stiffness[j] == 0) inertial += mass(i, j) * after.velocities[j];
      }
      residual[i] = eps * inertial / h + (feels_gravity[i] ? bias[i] : 0.0);
    }
    for (int link = 0; link < tree.link_count(); ++link) {
      if (!quasistatic_actuated(articulation, link)) continue;
      const int i = tree.velocity_offset(link);
      const double q_new = after.positions[tree.position_offset(link)];
      residual[i] = stiffness[i] * (q_new - after.target_position[link]);
    }
  }

  // - J^T f: each recorded contact pushes body_b with f and body_a with -f.
  Eigen::Matrix<double, 6, Eigen::Dynamic> jacobian;
  Eigen::VectorXd contact_force;
  for (const ContactRecord& contact : end.contacts) {
    const Vec3 force = contact.normal * contact.normal_force + contact.friction_force;
    for (int side = 0; side < 2; ++side) {
      const int b = side == 0 ? contact.body_a : contact.body_b;
      const Vec3 applied = side == 0 ? Vec3(-force) : force;
      const Body& body = model.bodies[b];
      if (body.is_static) continue;
      if (body.articulation < 0) {
        balance.body[b].head<3>() -= applied;
        balance.body[b].tail<3>() -= (contact.position - start.position[b]).cross(applied);
        continue;
      }
      const Articulation& articulation = model.articulations[body.articulation];
      contact_force.setZero(articulation.tree.velocity_size());
      add_link_force(articulation.tree, start.articulations[body.articulation].kinematics, body.link,
                     contact.position, applied, jacobian, contact_force);
      balance.articulation[body.articulation] -= contact_force;
    }
  }

  // A coupling's force is internal: fold the follower's balance into its leader's,
  // r_leader + ratio r_follower, which the coupling row J = e_f - ratio e_l leaves out.
  for (int a = 0; a < articulation_count; ++a) {
    const KinematicTree& tree = model.articulations[a].tree;
    for (const JointCoupling& coupling : model.articulations[a].couplings) {
      Eigen::VectorXd& residual = balance.articulation[a];
      const int follower = tree.velocity_offset(coupling.follower);
      residual[tree.velocity_offset(coupling.leader)] += coupling.ratio * residual[follower];
      residual[follower] = 0;
    }
  }

  for (const Vec6& wrench : balance.body) {
    balance.largest = std::max(balance.largest, wrench.cwiseAbs().maxCoeff());
  }
  for (const Eigen::VectorXd& residual : balance.articulation) {
    if (residual.size() == 0) continue;
    balance.largest = std::max(balance.largest, residual.cwiseAbs().maxCoeff());
  }
  return balance;
}

}  // namespace contactlab

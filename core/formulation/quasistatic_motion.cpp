#include "quasistatic_motion.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

// A coupling's follower: its gravity is compensated with its leader's.
bool is_coupling_follower(const Articulation& articulation, int link) {
  for (const JointCoupling& coupling : articulation.couplings) {
    if (coupling.follower == link) return true;
  }
  return false;
}

// Per velocity coordinate: the impedance K of an actuated coordinate, or 0 for an
// unactuated one; and whether gravity acts on it.
void classify_coordinates(const Articulation& articulation, std::vector<double>& stiffness,
                          std::vector<char>& feels_gravity) {
  const KinematicTree& tree = articulation.tree;
  stiffness.assign(tree.velocity_size(), 0.0);
  feels_gravity.assign(tree.velocity_size(), 1);
  for (int link = 0; link < tree.link_count(); ++link) {
    const int first = tree.velocity_offset(link);
    const int size = tree.link(link).joint.velocity_size();
    const bool actuated = quasistatic_actuated(articulation, link);
    const bool compensated = actuated || is_coupling_follower(articulation, link);
    for (int i = first; i < first + size; ++i) {
      if (actuated) stiffness[i] = articulation.actuators[link].gains.stiffness;
      if (compensated) feels_gravity[i] = 0;
    }
  }
}


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

bool quasistatic_actuated(const Articulation& articulation, int link) {
  const JointActuator& actuator = articulation.actuators[link];
  return articulation.tree.link(link).joint.velocity_size() == 1 && actuator.present &&
         actuator.gains.stiffness > 0;
}

void quasistatic_free_body(const Body& body, const Options& options, const Quat& orientation,
                           InverseMass& inverse_mass, Vec6& free_velocity) {
  // M_q^-1 = (eps_q M)^-1; v_q = h M_q^-1 (m g, 0), the body starting from rest.
  const double scale = 1.0 / options.quasistatic_mass_scale;
  inverse_mass = inverse_mass_at(body, orientation);
  inverse_mass.inverse_mass *= scale;
  inverse_mass.inverse_inertia *= scale;
  const Vec6 weight = external_force(body, options, orientation, Vec3::Zero());  // (m g, 0)
  free_velocity = options.time_step * inverse_mass.apply(weight);
}

Status quasistatic_articulation_motion(const Articulation& articulation, const Options& options,
                                       const ArticulationState& state,
                                       ArticulationMotionWorkspace& ws, ArticulationMotion& motion) {
  const KinematicTree& tree = articulation.tree;
  const int n = tree.velocity_size();
  const double h = options.time_step;

  // (q) => M(q) and tau_g(q) = -bias(q, v = 0).
  ws.momentum.setZero(n);
  mass_matrix(tree, state.kinematics, ws.mass, ws.dynamics);
  bias_forces(tree, state.kinematics, ws.momentum, options.gravity, ws.bias, ws.dynamics);

  // M_q = blockdiag(eps_q M_uu, h^2 K) and M_q v_q = -b = (h tau_u, h K (q_cmd - q)):
  // every coordinate unactuated first, then each actuated joint's row and column
  // replaced by its spring, and gravity taken off the compensated ones.
  ws.step_mass = options.quasistatic_mass_scale * ws.mass;
  for (int i = 0; i < n; ++i) ws.momentum[i] = -h * ws.bias[i];
  motion.motor_terms.assign(tree.link_count(), ImplicitPdTerms{});
  for (int link = 0; link < tree.link_count(); ++link) {
    const int i = tree.velocity_offset(link);
    if (!quasistatic_actuated(articulation, link)) {
      if (!is_coupling_follower(articulation, link)) continue;
      for (int k = i; k < i + tree.link(link).joint.velocity_size(); ++k) ws.momentum[k] = 0;
      continue;
    }
    const double stiffness = articulation.actuators[link].gains.stiffness;  // K
    const double q = state.positions[tree.position_offset(link)];
    ImplicitPdTerms& spring = motion.motor_terms[link];
    spring.diagonal = h * h * stiffness;
    spring.impulse = h * stiffness * (state.target_position[link] - q);
    ws.step_mass.row(i).setZero();
    ws.step_mass.col(i).setZero();
    ws.step_mass(i, i) = spring.diagonal;
    ws.momentum[i] = spring.impulse;
  }

  const Status factored = ws.step_mass_factor.factor(ws.step_mass);
  if (!factored.ok()) {
    return Status::failure("articulation \"" + articulation.name +
                           "\": its quasi-static matrix eps_q M_uu + h^2 K is not positive definite (" +
                           factored.message() + ")");
  }
  motion.free_velocity = ws.momentum;
  ws.step_mass_factor.solve_in_place(motion.free_velocity);
  motion.inverse_mass.setIdentity(n, n);
  ws.step_mass_factor.solve_in_place(motion.inverse_mass);
  return eliminate_couplings(articulation, options, state, ws, motion);
}

QuasistaticBalance quasistatic_balance(const Model& model, const Options& options,
                                       const Data& start, const Data& end) {
  const double h = options.time_step;
  const double eps = options.quasistatic_mass_scale;
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

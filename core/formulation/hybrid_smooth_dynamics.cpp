#include "formulation/hybrid_smooth_dynamics.h"

#include <algorithm>

#include <Eigen/QR>

#include "contact/friction_cone.h"
#include "dynamics/articulation/tree_dynamics.h"
#include "dynamics/rigid_body.h"

namespace contactlab {
namespace {

// How far from a contact the lookup of an active contact's point reaches [m].
constexpr double kHybridActivePointMargin = 1e-3;
// The central difference's half-interval of the motion for J_c_dot q_dot [s].
constexpr double kHybridRowRateInterval = 1e-6;

// The active contact's point at the state: the same feature, else the pair's nearest.
bool match_hybrid_active_point(const std::vector<HybridContactPoint>& points, const HybridContactKey& key,
                        HybridContactPoint& found) {
  const HybridContactPoint* nearest = nullptr;
  for (const HybridContactPoint& point : points) {
    if (point.key == key) {
      found = point;
      return true;
    }
    if (point.key.geom_a == key.geom_a && point.key.geom_b == key.geom_b &&
        (nearest == nullptr || point.distance < nearest->distance)) {
      nearest = &point;
    }
  }
  if (nearest == nullptr) return false;
  found = *nearest;
  return true;
}

}  // namespace

Eigen::VectorXd hybrid_joint_torques(const Articulation& articulation, const HybridTree& tree,
                                     const Eigen::VectorXd& positions, const Eigen::VectorXd& velocities,
                                     std::vector<double>* motor) {
  const KinematicTree& kinematic_tree = articulation.tree;
  Eigen::VectorXd torque = Eigen::VectorXd::Zero(tree.size);
  if (motor != nullptr) motor->assign(kinematic_tree.link_count(), 0.0);
  for (int link = 0; link < kinematic_tree.link_count(); ++link) {
    if (kinematic_tree.link(link).joint.velocity_size() != 1) continue;
    const int i = kinematic_tree.velocity_offset(link);
    const double q = positions[kinematic_tree.position_offset(link)];
    const double qd = velocities[i];
    const JointActuator& actuator = articulation.actuators[link];
    if (actuator.present) {
      // Seed 002 §5's explicit law, tau = clamp(Kp (q_ref - q) + Kd (qd_ref - qd)).
      const PdSetPoint set_point{tree.target_position[link], tree.target_velocity[link], 0};
      const double applied = pd_torque(actuator.gains, set_point, q, qd).torque;
      torque[i] += applied;
      if (motor != nullptr) (*motor)[link] = applied;
    }
    // Seed 002 eq. (14)'s viscous part, -v q_dot.
    torque[i] -= articulation.joint_friction[link].viscous * qd;
  }
  return torque;
}

HybridPatchFriction hybrid_patch_friction(const std::vector<HybridActiveContact>& active,
                                          const std::vector<HybridContactState>& contacts, int contact) {
  HybridPatchFriction patch;
  double normal = 0;
  const HybridContactKey& key = active[contact].key;
  for (size_t c = 0; c < active.size(); ++c) {
    if (active[c].mode != HybridContactMode::Stick || active[c].key.geom_a != key.geom_a ||
        active[c].key.geom_b != key.geom_b) {
      continue;
    }
    normal += contacts[c].normal_force;
    patch.friction += contacts[c].friction_force;
  }
  patch.margin = active[contact].static_friction * normal - patch.friction.norm();
  return patch;
}

Vec3 hybrid_relative_velocity(const HybridBodies& bodies, const HybridContactPoint& point,
                              const Eigen::VectorXd& velocity) {
  Vec3 relative;
  for (int axis = 0; axis < 3; ++axis) {
    relative[axis] = hybrid_contact_row(bodies, point, Vec3::Unit(axis)).dot(velocity);
  }
  return relative;
}

void HybridSmoothDynamics::factor_tree_masses(const Eigen::VectorXd& state) {
  tree_mass_.resize(bodies_.trees.size());
  tree_force_.resize(bodies_.trees.size());
  for (size_t t = 0; t < bodies_.trees.size(); ++t) {
    const HybridTree& tree = bodies_.trees[t];
    const KinematicTree& kinematic_tree = model_.articulations[tree.articulation].tree;
    forward_kinematics(kinematic_tree, state.segment(tree.state_offset, tree.size), tree_kinematics_);
    // (q, q_dot) => M(q), and tau_g - C q_dot = -bias (seed 004's manipulator equation).
    mass_matrix(kinematic_tree, tree_kinematics_, tree_mass_matrix_, tree_workspace_);
    tree_mass_[t].compute(tree_mass_matrix_);
    bias_forces(kinematic_tree, tree_kinematics_, state.segment(tree.state_offset + tree.size, tree.size),
                options_.gravity, tree_force_[t], tree_workspace_);
    tree_force_[t] = hybrid_joint_torques(model_.articulations[tree.articulation], tree,
                                          state.segment(tree.state_offset, tree.size),
                                          state.segment(tree.state_offset + tree.size, tree.size)) -
                     tree_force_[t];
    // A drag on one of its links: J_x(q)^T (F, tau) (tree_kinematics.h).
    if (bodies_.applied_tree == static_cast<int>(t)) {
      com_jacobian(kinematic_tree, tree_kinematics_, bodies_.applied_link, applied_jacobian_);
      tree_force_[t] += applied_jacobian_.transpose() * bodies_.applied_wrench;
    }
  }
}

Eigen::MatrixXd HybridSmoothDynamics::inverse_mass(const Eigen::VectorXd& state) {
  const int n = bodies_.velocity_size();
  Eigen::MatrixXd inverse = Eigen::MatrixXd::Zero(n, n);
  for (int s = 0; s < bodies_.slot_count(); ++s) {
    const InverseMass body = inverse_mass_at(model_.bodies[bodies_.body[s]], hybrid_orientation(state, s));
    inverse.block<3, 3>(6 * s, 6 * s) = body.inverse_mass * Mat3::Identity();
    inverse.block<3, 3>(6 * s + 3, 6 * s + 3) = body.inverse_inertia;
  }
  factor_tree_masses(state);
  for (size_t t = 0; t < bodies_.trees.size(); ++t) {
    const HybridTree& tree = bodies_.trees[t];
    inverse.block(tree.velocity_offset, tree.velocity_offset, tree.size, tree.size) =
        tree_mass_[t].solve(Eigen::MatrixXd::Identity(tree.size, tree.size));
  }
  return inverse;
}

void HybridSmoothDynamics::find_active_points(const Eigen::VectorXd& state, std::vector<HybridContactState>& contacts) {
  contacts.assign(active_.size(), HybridContactState{});
  if (active_.empty()) return;
  active_pairs_.clear();
  for (const HybridActiveContact& contact : active_) active_pairs_.push_back(contact.pair);
  std::sort(active_pairs_.begin(), active_pairs_.end());
  active_pairs_.erase(std::unique(active_pairs_.begin(), active_pairs_.end()), active_pairs_.end());
  hybrid_pair_points(model_, state, kHybridActivePointMargin, active_pairs_, bodies_, points_);
  for (size_t c = 0; c < active_.size(); ++c) {
    contacts[c].found = match_hybrid_active_point(points_, active_[c].key, contacts[c].point);
  }
}

Eigen::MatrixXd HybridSmoothDynamics::constraint_rows(const Eigen::VectorXd& state) {
  find_active_points(state, drift_contacts_);
  std::vector<Eigen::RowVectorXd> rows;
  for (size_t c = 0; c < active_.size(); ++c) {
    const HybridContactPoint& point = drift_contacts_[c].point;
    const bool found = drift_contacts_[c].found;
    Vec3 t1, t2;
    tangent_basis(point.normal, t1, t2);
    const Eigen::RowVectorXd none = Eigen::RowVectorXd::Zero(bodies_.velocity_size());
    rows.push_back(found ? hybrid_contact_row(bodies_, point, point.normal) : none);
    if (active_[c].mode == HybridContactMode::Slip) continue;
    rows.push_back(found ? hybrid_contact_row(bodies_, point, t1) : none);
    rows.push_back(found ? hybrid_contact_row(bodies_, point, t2) : none);
  }
  for (const int limit : active_limits_) rows.push_back(hybrid_limit_row(bodies_, bodies_.limits[limit]));
  for (size_t j = 0; j < joint_modes_.size(); ++j) {
    if (joint_modes_[j].sticking) rows.push_back(hybrid_joint_row(bodies_, bodies_.joint_frictions[j].velocity));
  }
  for (const HybridJointCoupling& coupling : bodies_.couplings) rows.push_back(hybrid_coupling_row(bodies_, coupling));
  Eigen::MatrixXd loop_rows;
  hybrid_loop_rows(model_, bodies_, state, loop_rows, loop_error_);
  Eigen::MatrixXd matrix(static_cast<Eigen::Index>(rows.size()) + loop_rows.rows(), bodies_.velocity_size());
  for (size_t r = 0; r < rows.size(); ++r) matrix.row(static_cast<Eigen::Index>(r)) = rows[r];
  matrix.bottomRows(loop_rows.rows()) = loop_rows;
  return matrix;
}

void HybridSmoothDynamics::evaluate(const Eigen::VectorXd& state, Eigen::VectorXd& derivative,
                                    std::vector<HybridContactState>& contacts) {
  const int slots = bodies_.slot_count();
  const long long sticking_joints = std::count_if(joint_modes_.begin(), joint_modes_.end(),
                                                 [](const HybridJointFrictionMode& mode) { return mode.sticking; });
  const long long size = 1 + static_cast<long long>(active_.size() + active_limits_.size() + bodies_.couplings.size() +
                                                    bodies_.loop_row_count) +
                         sticking_joints;
  work_ += size * size;
  const Eigen::VectorXd velocity = hybrid_velocity(bodies_, state);
  // M^-1 per slot (block diagonal): 1/m and the world inverse inertia.
  inverse_blocks_.resize(slots);
  for (int s = 0; s < slots; ++s) {
    inverse_blocks_[s] = inverse_mass_at(model_.bodies[bodies_.body[s]], hybrid_orientation(state, s));
  }
  // M(q) of each tree, factored, and its tau_g - C q_dot.
  factor_tree_masses(state);
  const auto apply_inverse = [&](const Eigen::MatrixXd& matrix) {
    Eigen::MatrixXd product(matrix.rows(), matrix.cols());
    for (int s = 0; s < slots; ++s) {
      product.middleRows<3>(6 * s) = inverse_blocks_[s].inverse_mass * matrix.middleRows<3>(6 * s);
      product.middleRows<3>(6 * s + 3) = inverse_blocks_[s].inverse_inertia * matrix.middleRows<3>(6 * s + 3);
    }
    for (size_t t = 0; t < bodies_.trees.size(); ++t) {
      const HybridTree& tree = bodies_.trees[t];
      product.middleRows(tree.velocity_offset, tree.size) =
          tree_mass_[t].solve(matrix.middleRows(tree.velocity_offset, tree.size));
    }
    return product;
  };
  // (q, q_dot) => tau_g - C: gravity, the applied wrench (a link's is in its tree's
  // force) and the gyroscopic torque -w x (I w), world.
  Eigen::VectorXd force(bodies_.velocity_size());
  for (int s = 0; s < slots; ++s) {
    const Body& body = model_.bodies[bodies_.body[s]];
    const Mat3 rotation = hybrid_orientation(state, s).toRotationMatrix();
    const Vec3 w = velocity.segment<3>(6 * s + 3);
    force.segment<3>(6 * s) = body.mass * options_.gravity;
    force.segment<3>(6 * s + 3) = -w.cross(rotation * body.inertia * rotation.transpose() * w);
  }
  for (size_t t = 0; t < bodies_.trees.size(); ++t) {
    force.segment(bodies_.trees[t].velocity_offset, bodies_.trees[t].size) = tree_force_[t];
  }
  if (bodies_.applied_slot >= 0) force.segment<6>(6 * bodies_.applied_slot) += bodies_.applied_wrench;
  // A sliding joint's Coulomb friction, -c s (seed 002 eq. (14)).
  joint_friction_torques_.assign(joint_modes_.size(), 0.0);
  for (size_t j = 0; j < joint_modes_.size(); ++j) {
    if (joint_modes_[j].sticking) continue;
    joint_friction_torques_[j] = -bodies_.joint_frictions[j].coulomb * joint_modes_[j].direction;
    force[bodies_.joint_frictions[j].velocity] += joint_friction_torques_[j];
  }
  Eigen::VectorXd acceleration = apply_inverse(force);
  // The rows' rate along the motion, J_c_dot q_dot, by a central difference.
  Eigen::VectorXd row_rate;
  Eigen::MatrixXd rows;
  const bool constrained = !active_.empty() || !active_limits_.empty() || !bodies_.couplings.empty() ||
                           bodies_.loop_row_count > 0 || sticking_joints > 0;
  limit_forces_.assign(active_limits_.size(), 0.0);
  if (constrained) {
    const Eigen::MatrixXd ahead = constraint_rows(hybrid_drift(bodies_, state, kHybridRowRateInterval));
    const Eigen::MatrixXd behind = constraint_rows(hybrid_drift(bodies_, state, -kHybridRowRateInterval));
    row_rate = (ahead - behind) * velocity / (2 * kHybridRowRateInterval);
    rows = constraint_rows(state);
    contacts = drift_contacts_;  // the active points at y, which constraint_rows found
  } else {
    find_active_points(state, contacts);
  }
  if (constrained) {
    // W: the force columns, a sliding contact's normal with its friction folded in.
    Eigen::MatrixXd columns(bodies_.velocity_size(), rows.rows());
    std::vector<Vec3> slip(active_.size(), Vec3::Zero());
    Eigen::Index r = 0;
    for (size_t c = 0; c < active_.size(); ++c) {
      HybridContactState& contact = contacts[c];
      const Vec3 relative = contact.found ? hybrid_relative_velocity(bodies_, contact.point, velocity) : Vec3::Zero();
      contact.normal_velocity = relative.dot(contact.point.normal);
      contact.tangential_velocity = relative - contact.normal_velocity * contact.point.normal;
      if (active_[c].mode == HybridContactMode::Stick) {
        columns.middleCols(r, 3) = rows.middleRows(r, 3).transpose();
        r += 3;
        continue;
      }
      const double speed = contact.tangential_velocity.norm();
      slip[c] = !active_[c].slow && speed > 0 ? Vec3(contact.tangential_velocity / speed)
                                                   : active_[c].slip_direction;
      const Eigen::RowVectorXd slip_row =
          contact.found ? hybrid_contact_row(bodies_, contact.point, slip[c]) : Eigen::RowVectorXd(rows.row(r));
      columns.col(r) = (rows.row(r) - active_[c].kinetic_friction * slip_row).transpose();
      ++r;
    }
    // A joint limit's, a sticking joint's, a coupling's and a loop's force act along
    // their own rows.
    for (; r < rows.rows(); ++r) columns.col(r) = rows.row(r).transpose();
    const Eigen::MatrixXd inverse_columns = apply_inverse(columns);
    const Eigen::MatrixXd delassus = rows * inverse_columns;
    Eigen::VectorXd right = -(rows * acceleration + row_rate);
    // The loops' rows ask Baumgarte's h_ddot = -2 alpha h_dot - beta^2 h (seed 004,
    // alpha = beta the seed's critically damped choice) instead of h_ddot = 0.
    const Eigen::Index loops = bodies_.loop_row_count;
    right.tail(loops) -= 2 * options_.baumgarte_alpha * (rows.bottomRows(loops) * velocity) +
                         options_.baumgarte_beta * options_.baumgarte_beta * loop_error_;
    const Eigen::VectorXd lambda = delassus.completeOrthogonalDecomposition().solve(right);
    acceleration += inverse_columns * lambda;
    r = 0;
    for (size_t c = 0; c < active_.size(); ++c) {
      HybridContactState& contact = contacts[c];
      contact.normal_force = lambda[r];
      if (active_[c].mode == HybridContactMode::Stick) {
        Vec3 t1, t2;
        tangent_basis(contact.point.normal, t1, t2);
        contact.friction_force = lambda[r + 1] * t1 + lambda[r + 2] * t2;
        r += 3;
      } else {
        contact.friction_force = -active_[c].kinetic_friction * lambda[r] * slip[c];
        ++r;
      }
    }
    for (size_t l = 0; l < active_limits_.size(); ++l, ++r) limit_forces_[l] = lambda[r];
    for (size_t j = 0; j < joint_modes_.size(); ++j) {
      if (joint_modes_[j].sticking) joint_friction_torques_[j] = lambda[r++];
    }
  }
  derivative.resize(state.size());
  write_hybrid_slot_rates(bodies_, state, acceleration, derivative);
  // A tree: q' = q_dot (revolute and prismatic joints), q_dot' = its acceleration.
  for (const HybridTree& tree : bodies_.trees) {
    derivative.segment(tree.state_offset, tree.size) = state.segment(tree.state_offset + tree.size, tree.size);
    derivative.segment(tree.state_offset + tree.size, tree.size) = acceleration.segment(tree.velocity_offset, tree.size);
  }
}

}  // namespace contactlab

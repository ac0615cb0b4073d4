#include "formulation/hybrid_bodies.h"

#include <algorithm>
#include <cmath>

#include "collision/collide.h"
#include "contact/contact_detection.h"
#include "dynamics/articulation/loop_closure.h"
#include "dynamics/articulation/tree_kinematics.h"
#include "dynamics/integrate.h"
#include "dynamics/rigid_body.h"

namespace contactlab {

std::string hybrid_articulation_limit(const Model& model, const Options& options) {
  if (model.articulations.empty()) return "";
  if (options.coordinates != 0) return "articulations in maximal coordinates (the option coordinates)";
  for (const Articulation& articulation : model.articulations) {
    const std::string name = "articulation " + articulation.name;
    if (!articulation.prescribed.empty()) {
      return name + " has a prescribed_motion (joint " + articulation.tree.link(articulation.prescribed[0].link).name +
             ")";
    }
    for (int link = 0; link < articulation.tree.link_count(); ++link) {
      const Joint& joint = articulation.tree.link(link).joint;
      if (joint.type == JointType::Free) return name + " has a free joint";
    }
  }
  return "";
}

void make_hybrid_bodies(const Model& model, const std::vector<Vec3>& position, const std::vector<Quat>& orientation,
                        HybridBodies& bodies) {
  bodies.body.clear();
  bodies.slot_of_body.assign(model.bodies.size(), -1);
  bodies.tree_of_body.assign(model.bodies.size(), -1);
  for (int b = 0; b < static_cast<int>(model.bodies.size()); ++b) {
    if (model.bodies[b].is_static || model.bodies[b].articulation >= 0) continue;
    bodies.slot_of_body[b] = static_cast<int>(bodies.body.size());
    bodies.body.push_back(b);
  }
  bodies.trees.clear();
  bodies.limits.clear();
  bodies.couplings.clear();
  bodies.joint_frictions.clear();
  bodies.loops.clear();
  bodies.loop_row_count = 0;
  int state_size = kHybridSlotState * bodies.slot_count();
  int velocity_size = kHybridSlotVelocity * bodies.slot_count();
  for (int a = 0; a < static_cast<int>(model.articulations.size()); ++a) {
    const Articulation& articulation = model.articulations[a];
    HybridTree tree;
    tree.articulation = a;
    tree.state_offset = state_size;
    tree.velocity_offset = velocity_size;
    tree.size = articulation.tree.velocity_size();
    state_size += 2 * tree.size;
    velocity_size += tree.size;
    const int tree_index = static_cast<int>(bodies.trees.size());
    for (int link = 0; link < articulation.tree.link_count(); ++link) {
      if (!link_is_welded(articulation, link)) bodies.tree_of_body[articulation.link_body[link]] = tree_index;
      const Joint& joint = articulation.tree.link(link).joint;
      if (joint.velocity_size() != 1) continue;
      HybridJointLimit limit;
      limit.tree = tree_index;
      limit.link = link;
      limit.body = articulation.link_body[link];
      limit.coordinate = tree.state_offset + articulation.tree.position_offset(link);
      limit.velocity = tree.velocity_offset + articulation.tree.velocity_offset(link);
      for (const double sign : {1.0, -1.0}) {
        limit.sign = sign;
        limit.bound = sign > 0 ? joint.lower : joint.upper;
        if (std::isfinite(limit.bound)) bodies.limits.push_back(limit);
      }
      if (articulation.joint_friction[link].coulomb > 0) {
        bodies.joint_frictions.push_back({tree_index, link, limit.body, limit.velocity,
                                          tree.state_offset + tree.size + articulation.tree.velocity_offset(link),
                                          articulation.joint_friction[link].coulomb});
      }
    }
    for (const JointCoupling& coupling : articulation.couplings) {
      bodies.couplings.push_back({tree_index, tree.velocity_offset + articulation.tree.velocity_offset(coupling.leader),
                                  tree.velocity_offset + articulation.tree.velocity_offset(coupling.follower),
                                  coupling.ratio});
    }
    if (!articulation.loops.empty()) {
      const int rows = loop_row_count(articulation.loops);
      bodies.loops.push_back({tree_index, bodies.loop_row_count, rows});
      bodies.loop_row_count += rows;
    }
    tree.target_position.assign(articulation.tree.link_count(), 0.0);
    tree.target_velocity.assign(articulation.tree.link_count(), 0.0);
    bodies.trees.push_back(tree);
  }
  bodies.state_size_ = state_size;
  bodies.velocity_size_ = velocity_size;
  bodies.tree_kinematics.resize(bodies.trees.size());
  bodies.link_jacobian.resize(model.bodies.size());
  bodies.pairs.clear();
  const int geom_count = static_cast<int>(model.geoms.size());
  for (int a = 0; a < geom_count; ++a) {
    for (int b = a + 1; b < geom_count; ++b) {
      const int body_a = model.geoms[a].body, body_b = model.geoms[b].body;
      if (body_a == body_b || (!hybrid_body_moves(bodies, body_a) && !hybrid_body_moves(bodies, body_b))) continue;
      const Body& first = model.bodies[body_a];
      const Body& second = model.bodies[body_b];
      if (first.articulation >= 0 && first.articulation == second.articulation &&
          !links_may_touch(model.articulations[first.articulation], first.link, second.link)) {
        continue;
      }
      bodies.pairs.emplace_back(a, b);
    }
  }
  bodies.near_pairs.resize(bodies.pairs.size());
  for (size_t p = 0; p < bodies.pairs.size(); ++p) bodies.near_pairs[p] = static_cast<int>(p);
  bodies.position = position;
  bodies.orientation = orientation;
}

Eigen::VectorXd pack_hybrid_state(const HybridBodies& bodies, const std::vector<Vec3>& position,
                                  const std::vector<Quat>& orientation, const std::vector<Vec3>& linear_velocity,
                                  const std::vector<Vec3>& angular_velocity,
                                  const std::vector<ArticulationState>& articulations) {
  Eigen::VectorXd state(bodies.state_size());
  for (int s = 0; s < bodies.slot_count(); ++s) {
    const int b = bodies.body[s];
    auto slot = state.segment<kHybridSlotState>(kHybridSlotState * s);
    slot.segment<3>(0) = position[b];
    slot.segment<4>(3) << orientation[b].w(), orientation[b].x(), orientation[b].y(), orientation[b].z();
    slot.segment<3>(7) = linear_velocity[b];
    slot.segment<3>(10) = angular_velocity[b];
  }
  for (const HybridTree& tree : bodies.trees) {
    state.segment(tree.state_offset, tree.size) = articulations[tree.articulation].positions;
    state.segment(tree.state_offset + tree.size, tree.size) = articulations[tree.articulation].velocities;
  }
  return state;
}

void hold_hybrid_set_points(const std::vector<ArticulationState>& articulations, HybridBodies& bodies) {
  for (HybridTree& tree : bodies.trees) {
    const ArticulationState& articulation = articulations[tree.articulation];
    for (size_t link = 0; link < tree.target_position.size(); ++link) {
      if (link < articulation.target_position.size()) tree.target_position[link] = articulation.target_position[link];
      if (link < articulation.target_velocity.size()) tree.target_velocity[link] = articulation.target_velocity[link];
    }
  }
}

double hybrid_limit_distance(const HybridJointLimit& limit, const Eigen::VectorXd& state) {
  return limit.sign * (state[limit.coordinate] - limit.bound);
}

Eigen::RowVectorXd hybrid_limit_row(const HybridBodies& bodies, const HybridJointLimit& limit) {
  Eigen::RowVectorXd row = Eigen::RowVectorXd::Zero(bodies.velocity_size());
  row[limit.velocity] = limit.sign;
  return row;
}

Eigen::RowVectorXd hybrid_joint_row(const HybridBodies& bodies, int velocity) {
  Eigen::RowVectorXd row = Eigen::RowVectorXd::Zero(bodies.velocity_size());
  row[velocity] = 1;
  return row;
}

Eigen::RowVectorXd hybrid_coupling_row(const HybridBodies& bodies, const HybridJointCoupling& coupling) {
  Eigen::RowVectorXd row = Eigen::RowVectorXd::Zero(bodies.velocity_size());
  row[coupling.follower] = 1;
  row[coupling.leader] = -coupling.ratio;
  return row;
}

void hybrid_loop_rows(const Model& model, const HybridBodies& bodies, const Eigen::VectorXd& state,
                      Eigen::MatrixXd& rows, Eigen::VectorXd& error) {
  rows.setZero(bodies.loop_row_count, bodies.velocity_size());
  error.resize(bodies.loop_row_count);
  TreeKinematics kinematics;
  Eigen::MatrixXd jacobian;
  Eigen::VectorXd tree_error;
  for (const HybridLoopRows& loop : bodies.loops) {
    const HybridTree& tree = bodies.trees[loop.tree];
    const Articulation& articulation = model.articulations[tree.articulation];
    // q => h(q), H(q) (loop_closure.h), placed at the tree's q_dot.
    forward_kinematics(articulation.tree, state.segment(tree.state_offset, tree.size), kinematics);
    loop_closure_rows(articulation.tree, kinematics, articulation.loops, jacobian, tree_error);
    rows.block(loop.first_row, tree.velocity_offset, loop.row_count, tree.size) = jacobian;
    error.segment(loop.first_row, loop.row_count) = tree_error;
  }
}

Quat hybrid_orientation(const Eigen::VectorXd& state, int slot) {
  const auto q = state.segment<4>(kHybridSlotState * slot + 3);
  return Quat(q[0], q[1], q[2], q[3]).normalized();
}

void unpack_hybrid_state(const Model& model, const HybridBodies& bodies, const Eigen::VectorXd& state,
                         std::vector<Vec3>& position, std::vector<Quat>& orientation,
                         std::vector<Vec3>& linear_velocity, std::vector<Vec3>& angular_velocity,
                         std::vector<ArticulationState>& articulations) {
  for (int s = 0; s < bodies.slot_count(); ++s) {
    const int b = bodies.body[s];
    const auto slot = state.segment<kHybridSlotState>(kHybridSlotState * s);
    position[b] = slot.segment<3>(0);
    orientation[b] = hybrid_orientation(state, s);
    linear_velocity[b] = slot.segment<3>(7);
    angular_velocity[b] = slot.segment<3>(10);
  }
  for (const HybridTree& tree : bodies.trees) {
    ArticulationState& articulation = articulations[tree.articulation];
    articulation.positions = state.segment(tree.state_offset, tree.size);
    articulation.velocities = state.segment(tree.state_offset + tree.size, tree.size);
    update_link_bodies(model.articulations[tree.articulation], articulation, position, orientation, linear_velocity,
                       angular_velocity);
    // H(q) q_dot, the loops' rate a time-stepping step would carry on from.
    update_loop_rates(model.articulations[tree.articulation], articulation);
  }
}

Eigen::VectorXd hybrid_velocity(const HybridBodies& bodies, const Eigen::VectorXd& state) {
  Eigen::VectorXd velocity(bodies.velocity_size());
  for (int s = 0; s < bodies.slot_count(); ++s) {
    velocity.segment<6>(kHybridSlotVelocity * s) = state.segment<6>(kHybridSlotState * s + 7);
  }
  for (const HybridTree& tree : bodies.trees) {
    velocity.segment(tree.velocity_offset, tree.size) = state.segment(tree.state_offset + tree.size, tree.size);
  }
  return velocity;
}

void set_hybrid_velocity(const HybridBodies& bodies, const Eigen::VectorXd& velocity, Eigen::VectorXd& state) {
  for (int s = 0; s < bodies.slot_count(); ++s) {
    state.segment<6>(kHybridSlotState * s + 7) = velocity.segment<6>(kHybridSlotVelocity * s);
  }
  for (const HybridTree& tree : bodies.trees) {
    state.segment(tree.state_offset + tree.size, tree.size) = velocity.segment(tree.velocity_offset, tree.size);
  }
}

void pose_hybrid_trees(const Model& model, const Eigen::VectorXd& state, HybridBodies& bodies) {
  for (size_t t = 0; t < bodies.trees.size(); ++t) {
    const HybridTree& tree = bodies.trees[t];
    const Articulation& articulation = model.articulations[tree.articulation];
    TreeKinematics& kinematics = bodies.tree_kinematics[t];
    forward_kinematics(articulation.tree, state.segment(tree.state_offset, tree.size), kinematics);
    for (int link = 0; link < articulation.tree.link_count(); ++link) {
      const int body = articulation.link_body[link];
      bodies.position[body] = kinematics.com_position[link];
      bodies.orientation[body] = Quat(kinematics.link_pose[link].rotation);
      if (bodies.tree_of_body[body] >= 0) com_jacobian(articulation.tree, kinematics, link, bodies.link_jacobian[body]);
    }
  }
}

double hybrid_point_speed(const Model& model, const HybridBodies& bodies, const Eigen::VectorXd& state) {
  double speed = 0;
  for (int s = 0; s < bodies.slot_count(); ++s) {
    const double radius = bounding_radius(model, model.bodies[bodies.body[s]]);
    speed = std::max(speed, state.segment<3>(kHybridSlotState * s + 7).norm() +
                                state.segment<3>(kHybridSlotState * s + 10).norm() * radius);
  }
  std::vector<Vec6> twists;
  for (size_t t = 0; t < bodies.trees.size(); ++t) {
    const HybridTree& tree = bodies.trees[t];
    const Articulation& articulation = model.articulations[tree.articulation];
    TreeKinematics kinematics;
    forward_kinematics(articulation.tree, state.segment(tree.state_offset, tree.size), kinematics);
    link_com_velocities(articulation.tree, kinematics, state.segment(tree.state_offset + tree.size, tree.size),
                        twists);
    for (int link = 0; link < articulation.tree.link_count(); ++link) {
      const double radius = bounding_radius(model, model.bodies[articulation.link_body[link]]);
      speed = std::max(speed, twists[link].head<3>().norm() + twists[link].tail<3>().norm() * radius);
    }
  }
  return speed;
}

Eigen::VectorXd hybrid_drift(const HybridBodies& bodies, const Eigen::VectorXd& state, double duration) {
  Eigen::VectorXd moved = state;
  for (int s = 0; s < bodies.slot_count(); ++s) {
    auto slot = moved.segment<kHybridSlotState>(kHybridSlotState * s);
    Vec3 position = slot.segment<3>(0);
    Quat orientation = hybrid_orientation(state, s);
    integrate_pose(duration, slot.segment<3>(7), slot.segment<3>(10), position, orientation);
    slot.segment<3>(0) = position;
    slot.segment<4>(3) << orientation.w(), orientation.x(), orientation.y(), orientation.z();
  }
  // Revolute and prismatic coordinates: q + duration q_dot.
  for (const HybridTree& tree : bodies.trees) {
    moved.segment(tree.state_offset, tree.size) += duration * state.segment(tree.state_offset + tree.size, tree.size);
  }
  return moved;
}

void hybrid_contact_points(const Model& model, const Eigen::VectorXd& state, double margin, HybridBodies& bodies,
                           std::vector<HybridContactPoint>& points) {
  hybrid_pair_points(model, state, margin, bodies.near_pairs, bodies, points);
}

void hybrid_pair_points(const Model& model, const Eigen::VectorXd& state, double margin,
                        const std::vector<int>& pair_list, HybridBodies& bodies,
                        std::vector<HybridContactPoint>& points) {
  for (int s = 0; s < bodies.slot_count(); ++s) {
    bodies.position[bodies.body[s]] = state.segment<3>(kHybridSlotState * s);
    bodies.orientation[bodies.body[s]] = hybrid_orientation(state, s);
  }
  pose_hybrid_trees(model, state, bodies);
  compute_geom_poses(model, bodies.position, bodies.orientation, bodies.geom_pose);
  points.clear();
  for (const int p : pair_list) {
    const auto [a, b] = bodies.pairs[p];
    bodies.pair_points.clear();
    collide(model.geoms[a].shape, bodies.geom_pose[a], model.geoms[b].shape, bodies.geom_pose[b], margin,
            bodies.pair_points);
    for (const ContactPoint& point : bodies.pair_points) {
      HybridContactPoint contact;
      contact.key = {a, b, point.feature};
      contact.pair = p;
      contact.body_a = model.geoms[a].body;
      contact.body_b = model.geoms[b].body;
      contact.position = point.position;
      contact.normal = point.normal;
      contact.distance = point.distance;
      points.push_back(contact);
    }
  }
}

Eigen::RowVectorXd hybrid_contact_row(const HybridBodies& bodies, const HybridContactPoint& point,
                                      const Vec3& direction) {
  Eigen::RowVectorXd row = Eigen::RowVectorXd::Zero(bodies.velocity_size());
  const int bodies_of_point[2] = {point.body_a, point.body_b};
  for (int side = 0; side < 2; ++side) {
    const int body = bodies_of_point[side];
    const double sign = side == 0 ? -1.0 : 1.0;
    const Vec3 arm = point.position - bodies.position[body];
    if (const int slot = bodies.slot_of_body[body]; slot >= 0) {
      row.segment<3>(kHybridSlotVelocity * slot) += sign * direction.transpose();
      row.segment<3>(kHybridSlotVelocity * slot + 3) += sign * arm.cross(direction).transpose();
    } else if (const int t = bodies.tree_of_body[body]; t >= 0) {
      // n = (d, (p - x) x d) . J_x: the point's velocity through the tree's q_dot.
      Vec6 wrench;
      wrench << direction, arm.cross(direction);
      row.segment(bodies.trees[t].velocity_offset, bodies.trees[t].size) +=
          sign * wrench.transpose() * bodies.link_jacobian[body];
    }
  }
  return row;
}

void write_hybrid_slot_rates(const HybridBodies& bodies, const Eigen::VectorXd& state,
                             const Eigen::VectorXd& acceleration, Eigen::VectorXd& derivative) {
  for (int s = 0; s < bodies.slot_count(); ++s) {
    const auto slot = state.segment<kHybridSlotState>(kHybridSlotState * s);
    auto rate = derivative.segment<kHybridSlotState>(kHybridSlotState * s);
    const Vec3 w = slot.segment<3>(10);
    const Quat q(slot[3], slot[4], slot[5], slot[6]);
    const Quat q_rate = Quat(0, w.x(), w.y(), w.z()) * q;
    rate.segment<3>(0) = slot.segment<3>(7);
    rate.segment<4>(3) << 0.5 * q_rate.w(), 0.5 * q_rate.x(), 0.5 * q_rate.y(), 0.5 * q_rate.z();
    rate.segment<6>(7) = acceleration.segment<6>(6 * s);
  }
}

}  // namespace contactlab

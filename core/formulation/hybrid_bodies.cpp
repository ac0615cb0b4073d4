#include "formulation/hybrid_bodies.h"

#include "collision/collide.h"
#include "contact/contact_detection.h"
#include "dynamics/integrate.h"

namespace contactlab {

void make_hybrid_bodies(const Model& model, const std::vector<Vec3>& position, const std::vector<Quat>& orientation,
                        HybridBodies& bodies) {
  bodies.body.clear();
  bodies.slot_of_body.assign(model.bodies.size(), -1);
  for (int b = 0; b < static_cast<int>(model.bodies.size()); ++b) {
    if (model.bodies[b].is_static || model.bodies[b].articulation >= 0) continue;
    bodies.slot_of_body[b] = static_cast<int>(bodies.body.size());
    bodies.body.push_back(b);
  }
  bodies.pairs.clear();
  const int geom_count = static_cast<int>(model.geoms.size());
  for (int a = 0; a < geom_count; ++a) {
    for (int b = a + 1; b < geom_count; ++b) {
      const int body_a = model.geoms[a].body, body_b = model.geoms[b].body;
      if (body_a == body_b) continue;
      if (bodies.slot_of_body[body_a] < 0 && bodies.slot_of_body[body_b] < 0) continue;
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
                                  const std::vector<Vec3>& angular_velocity) {
  Eigen::VectorXd state(kHybridSlotState * bodies.slot_count());
  for (int s = 0; s < bodies.slot_count(); ++s) {
    const int b = bodies.body[s];
    auto slot = state.segment<kHybridSlotState>(kHybridSlotState * s);
    slot.segment<3>(0) = position[b];
    slot.segment<4>(3) << orientation[b].w(), orientation[b].x(), orientation[b].y(), orientation[b].z();
    slot.segment<3>(7) = linear_velocity[b];
    slot.segment<3>(10) = angular_velocity[b];
  }
  return state;
}

Quat hybrid_orientation(const Eigen::VectorXd& state, int slot) {
  const auto q = state.segment<4>(kHybridSlotState * slot + 3);
  return Quat(q[0], q[1], q[2], q[3]).normalized();
}

void unpack_hybrid_state(const HybridBodies& bodies, const Eigen::VectorXd& state, std::vector<Vec3>& position,
                         std::vector<Quat>& orientation, std::vector<Vec3>& linear_velocity,
                         std::vector<Vec3>& angular_velocity) {
  for (int s = 0; s < bodies.slot_count(); ++s) {
    const int b = bodies.body[s];
    const auto slot = state.segment<kHybridSlotState>(kHybridSlotState * s);
    position[b] = slot.segment<3>(0);
    orientation[b] = hybrid_orientation(state, s);
    linear_velocity[b] = slot.segment<3>(7);
    angular_velocity[b] = slot.segment<3>(10);
  }
}

Eigen::VectorXd hybrid_velocity(const HybridBodies& bodies, const Eigen::VectorXd& state) {
  Eigen::VectorXd velocity(bodies.velocity_size());
  for (int s = 0; s < bodies.slot_count(); ++s) {
    velocity.segment<6>(kHybridSlotVelocity * s) = state.segment<6>(kHybridSlotState * s + 7);
  }
  return velocity;
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
    const int slot = bodies.slot_of_body[bodies_of_point[side]];
    if (slot < 0) continue;
    const double sign = side == 0 ? -1.0 : 1.0;
    const Vec3 arm = point.position - bodies.position[bodies_of_point[side]];
    row.segment<3>(kHybridSlotVelocity * slot) += sign * direction.transpose();
    row.segment<3>(kHybridSlotVelocity * slot + 3) += sign * arm.cross(direction).transpose();
  }
  return row;
}

}  // namespace contactlab

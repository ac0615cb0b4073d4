#include "formulation/hybrid_broad_phase.h"

#include <cmath>

#include <Eigen/Eigenvalues>

#include "collision/collide.h"
#include "contact/contact_detection.h"
#include "dynamics/rigid_body.h"

namespace contactlab {
namespace {

// An upper bound of |w| over torque-free motion: sqrt(w' I w / I_min) [rad/s].
double hybrid_spin_bound(const Body& body, const Vec3& angular_velocity, const Quat& orientation) {
  const Mat3 rotation = orientation.toRotationMatrix();
  const Mat3 inertia = rotation * body.inertia * rotation.transpose();
  const double smallest = Eigen::SelfAdjointEigenSolver<Mat3>(body.inertia, Eigen::EigenvaluesOnly).eigenvalues()[0];
  const double energy = angular_velocity.dot(inertia * angular_velocity);
  if (!(smallest > 0)) return angular_velocity.norm();
  return std::max(angular_velocity.norm(), std::sqrt(energy / smallest));
}

bool boxes_overlap(const Aabb& a, const Aabb& b) {
  return (a.min.array() <= b.max.array()).all() && (b.min.array() <= a.max.array()).all();
}

}  // namespace

void sweep_hybrid_pairs(const Model& model, const Options& options, const Eigen::VectorXd& state, double duration,
                        double margin, HybridBodies& bodies) {
  const int slots = bodies.slot_count();
  bodies.sweep_position.resize(slots);
  bodies.sweep_orientation.resize(slots);
  bodies.sweep_allowance.resize(slots);
  bodies.sweep_radius.resize(slots);
  for (int s = 0; s < slots; ++s) {
    const Body& body = model.bodies[bodies.body[s]];
    const Quat orientation = hybrid_orientation(state, s);
    const Vec3 velocity = state.segment<3>(kHybridSlotState * s + 7);
    const Vec3 spin = state.segment<3>(kHybridSlotState * s + 10);
    const double radius = bounding_radius(model, body);
    const double travel = (velocity.norm() + hybrid_spin_bound(body, spin, orientation) * radius) * duration +
                          0.5 * (options.gravity.norm() + bodies.applied_acceleration) * duration * duration;
    bodies.sweep_position[s] = state.segment<3>(kHybridSlotState * s);
    bodies.sweep_orientation[s] = orientation;
    bodies.sweep_radius[s] = radius;
    bodies.sweep_allowance[s] = 2 * travel + margin;
    bodies.position[bodies.body[s]] = bodies.sweep_position[s];
    bodies.orientation[bodies.body[s]] = orientation;
  }
  compute_geom_poses(model, bodies.position, bodies.orientation, bodies.geom_pose);
  std::vector<Aabb> boxes(model.geoms.size());
  for (size_t g = 0; g < model.geoms.size(); ++g) {
    const int slot = bodies.slot_of_body[model.geoms[g].body];
    const double grow = 0.5 * margin + (slot >= 0 ? bodies.sweep_allowance[slot] : 0.0);
    boxes[g] = bounding_box(model.geoms[g].shape, bodies.geom_pose[g], grow);
  }
  // A tree's links are not swept: their pairs are always near.
  const auto on_tree = [&](int geom) { return bodies.tree_of_body[model.geoms[geom].body] >= 0; };
  bodies.near_pairs.clear();
  for (int p = 0; p < static_cast<int>(bodies.pairs.size()); ++p) {
    const auto [a, b] = bodies.pairs[p];
    if (on_tree(a) || on_tree(b) || boxes_overlap(boxes[a], boxes[b])) bodies.near_pairs.push_back(p);
  }
}

bool hybrid_sweep_exceeded(const HybridBodies& bodies, const Eigen::VectorXd& state) {
  for (int s = 0; s < bodies.slot_count(); ++s) {
    const double moved = (state.segment<3>(kHybridSlotState * s) - bodies.sweep_position[s]).norm() +
                         bodies.sweep_radius[s] * hybrid_orientation(state, s).angularDistance(bodies.sweep_orientation[s]);
    if (moved > bodies.sweep_allowance[s]) return true;
  }
  return false;
}

}  // namespace contactlab

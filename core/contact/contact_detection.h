// Seed 002 §4 step 4: find all contacts at the current poses.
//
// A broad phase (sweep and prune along x over margin-grown bounding boxes, kept from
// pass to pass while the boxes stay inside the slack it was swept with) proposes geom
// pairs; the narrow phase (collision/collide.h) returns their contact points.
// A pair is kept while phi <= contact_margin + h * (closing-speed bound): contacts
// are found one step before the surfaces meet, so the LCP can stop them at the
// surface (seed 004: phi(q') ~ phi + h n v' >= 0) instead of after they have
// passed through each other.
#pragma once

#include <vector>

#include "base/math_types.h"
#include "base/options.h"
#include "collision/collide.h"
#include "collision/contact_point.h"
#include "dynamics/model.h"

namespace contactlab {

struct DetectedContact {
  int geom_a = -1;
  int geom_b = -1;
  int body_a = -1;
  int body_b = -1;
  ContactPoint point;
  // The friction_direction of geom a, else of geom b, in the world (zero: neither has
  // one; contact/anisotropic_friction.h).
  Vec3 friction_direction = Vec3::Zero();
};

struct ContactDetectionScratch {
  std::vector<Pose> geom_pose;
  std::vector<Aabb> geom_box;
  std::vector<double> body_reach;  // how far the body's surface may move this step [m]
  std::vector<char> body_fixed;    // static, or a link welded to the world
  std::vector<int> sweep_order;
  // The last sweep: each geom's box grown by a slack, and the pairs of geoms (of two
  // bodies) whose grown boxes overlap, sorted. Kept from pass to pass while every box
  // stays inside its grown one; the candidate pairs are those of them whose boxes
  // overlap now and whose bodies may touch: the pairs a sweep of the boxes would find.
  std::vector<Aabb> swept_box;
  std::vector<std::pair<int, int>> swept_pairs;
  // Beside each swept pair: the last direction the narrow phase found between its geoms
  // (collide.h; zero: none yet), carried over to the next sweep's list. It only lets
  // the narrow phase skip a search that would find no contact: the contacts never
  // depend on it.
  std::vector<Vec3> swept_pair_direction;
  std::vector<std::pair<int, int>> candidate_pairs;
  std::vector<int> candidate_slot;  // each candidate's index in swept_pairs
  std::vector<std::pair<int, int>> previous_pairs;
  std::vector<Vec3> previous_direction;
  std::vector<ContactPoint> pair_points;
};

// (body poses, velocities) => (contacts), in a deterministic order: by geom pair, then
// by the narrow phase's order.
void detect_contacts(const Model& model, const Options& options,
                     const std::vector<Vec3>& position, const std::vector<Quat>& orientation,
                     const std::vector<Vec3>& linear_velocity,
                     const std::vector<Vec3>& angular_velocity,
                     ContactDetectionScratch& scratch, std::vector<DetectedContact>& contacts);

// World pose of every geom.
void compute_geom_poses(const Model& model, const std::vector<Vec3>& position,
                        const std::vector<Quat>& orientation, std::vector<Pose>& geom_pose);

}  // namespace contactlab

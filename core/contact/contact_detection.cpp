#include "contact/contact_detection.h"

#include <algorithm>
#include <utility>

#include "dynamics/rigid_body.h"

namespace contactlab {
namespace {

bool boxes_overlap(const Aabb& a, const Aabb& b) {
  for (int axis = 0; axis < 3; ++axis) {
    if (a.max[axis] < b.min[axis] || b.max[axis] < a.min[axis]) return false;
  }
  return true;
}

}  // namespace

void compute_geom_poses(const Model& model, const std::vector<Vec3>& position,
                        const std::vector<Quat>& orientation, std::vector<Pose>& geom_pose) {
  geom_pose.resize(model.geoms.size());
  for (size_t g = 0; g < model.geoms.size(); ++g) {
    const Geom& geom = model.geoms[g];
    const Pose body_pose{position[geom.body], orientation[geom.body].toRotationMatrix()};
    geom_pose[g] = body_pose.compose(geom.local_pose);
  }
}

namespace {

// Static bodies and links welded to the world never move.
bool body_is_fixed(const Model& model, int b) {
  const Body& body = model.bodies[b];
  if (body.is_static) return true;
  return body.articulation >= 0 && link_is_welded(model.articulations[body.articulation], body.link);
}

bool bodies_may_touch(const Model& model, const std::vector<char>& fixed, int a, int b) {
  if (a == b || (fixed[a] && fixed[b])) return false;
  const Body& first = model.bodies[a];
  const Body& second = model.bodies[b];
  return first.articulation < 0 || first.articulation != second.articulation ||
         links_may_touch(model.articulations[first.articulation], first.link, second.link);
}

}  // namespace

void detect_contacts(const Model& model, const Options& options,
                     const std::vector<Vec3>& position, const std::vector<Quat>& orientation,
                     const std::vector<Vec3>& linear_velocity,
                     const std::vector<Vec3>& angular_velocity,
                     ContactDetectionScratch& scratch, std::vector<DetectedContact>& contacts) {
  contacts.clear();
  const int geom_count = static_cast<int>(model.geoms.size());
  compute_geom_poses(model, position, orientation, scratch.geom_pose);

  // (velocities) => (body_reach): a bound on how far any surface point moves in h.
  const int body_count = static_cast<int>(model.bodies.size());
  scratch.body_reach.resize(body_count);
  scratch.body_fixed.resize(body_count);
  for (int b = 0; b < body_count; ++b) {
    const Body& body = model.bodies[b];
    scratch.body_fixed[b] = body_is_fixed(model, b);
    scratch.body_reach[b] =
        scratch.body_fixed[b] ? 0.0
                       : options.time_step * (linear_velocity[b].norm() +
                                              angular_velocity[b].norm() * bounding_radius(model, body));
  }

  // (geom poses) => (boxes) grown by half the margin plus the body's reach, so two
  // boxes overlap whenever the pair could come within margin + both reaches.
  scratch.geom_box.resize(geom_count);
  for (int g = 0; g < geom_count; ++g) {
    const Geom& geom = model.geoms[g];
    const double grow = 0.5 * options.contact_margin + scratch.body_reach[geom.body];
    scratch.geom_box[g] = bounding_box(geom.shape, scratch.geom_pose[g], grow);
  }

  // Sweep and prune along x; ties broken by geom index for a total order.
  scratch.sweep_order.resize(geom_count);
  for (int g = 0; g < geom_count; ++g) scratch.sweep_order[g] = g;
  std::sort(scratch.sweep_order.begin(), scratch.sweep_order.end(), [&](int a, int b) {
    const double min_a = scratch.geom_box[a].min.x(), min_b = scratch.geom_box[b].min.x();
    return min_a < min_b || (min_a == min_b && a < b);
  });

  // Candidate pairs, ordered by (lower geom, higher geom) so the narrow phase runs
  // in the same order however the sweep found them.
  std::vector<std::pair<int, int>>& pairs = scratch.candidate_pairs;
  pairs.clear();
  for (int i = 0; i < geom_count; ++i) {
    const int gi = scratch.sweep_order[i];
    for (int j = i + 1; j < geom_count; ++j) {
      const int gj = scratch.sweep_order[j];
      if (scratch.geom_box[gj].min.x() > scratch.geom_box[gi].max.x()) break;
      const Geom& a = model.geoms[gi];
      const Geom& b = model.geoms[gj];
      if (!bodies_may_touch(model, scratch.body_fixed, a.body, b.body)) continue;
      if (!boxes_overlap(scratch.geom_box[gi], scratch.geom_box[gj])) continue;
      pairs.emplace_back(std::min(gi, gj), std::max(gi, gj));
    }
  }
  std::sort(pairs.begin(), pairs.end());

  for (const auto& [ga, gb] : pairs) {
    const Geom& a = model.geoms[ga];
    const Geom& b = model.geoms[gb];
    const double margin =
        options.contact_margin + scratch.body_reach[a.body] + scratch.body_reach[b.body];
    scratch.pair_points.clear();
    collide(a.shape, scratch.geom_pose[ga], b.shape, scratch.geom_pose[gb], margin,
            scratch.pair_points);
    const bool a_directed = a.friction_direction.squaredNorm() > 0;
    const Vec3 direction = a_directed ? Vec3(scratch.geom_pose[ga].rotation * a.friction_direction)
                                      : Vec3(scratch.geom_pose[gb].rotation * b.friction_direction);
    for (const ContactPoint& point : scratch.pair_points) {
      contacts.push_back(DetectedContact{ga, gb, a.body, b.body, point, direction});
    }
  }
}

}  // namespace contactlab

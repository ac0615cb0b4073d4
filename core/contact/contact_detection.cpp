#include "contact/contact_detection.h"

#include <algorithm>
#include <cmath>
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

// A grown box's slack beyond the box it was swept from [m]: four times the body's
// reach in this pass plus 5 % of the box's largest half-width, so that a body at rest
// or moving slowly keeps its sweep for many passes (compliant substeps, steps at rest).
double sweep_slack(const Aabb& box, double reach) {
  const double half_width = 0.5 * (box.max - box.min).maxCoeff();
  return 4 * reach + (std::isfinite(half_width) ? 0.05 * half_width : 0.0);
}

bool boxes_inside_swept(const ContactDetectionScratch& scratch) {
  if (scratch.swept_box.size() != scratch.geom_box.size()) return false;
  for (size_t g = 0; g < scratch.geom_box.size(); ++g) {
    const Aabb& box = scratch.geom_box[g];
    const Aabb& swept = scratch.swept_box[g];
    for (int axis = 0; axis < 3; ++axis) {
      if (!(box.min[axis] >= swept.min[axis] && box.max[axis] <= swept.max[axis])) return false;
    }
  }
  return true;
}

// (boxes) => swept boxes grown by their slack, and every pair of geoms whose grown
// boxes overlap, sorted: sweep and prune along x, ties broken by geom index. Any pair
// whose boxes overlap while each lies inside its grown box is among them.
void sweep_grown_boxes(const Model& model, ContactDetectionScratch& scratch) {
  const int geom_count = static_cast<int>(scratch.geom_box.size());
  scratch.swept_box.resize(geom_count);
  for (int g = 0; g < geom_count; ++g) {
    const Aabb& box = scratch.geom_box[g];
    const double slack = sweep_slack(box, scratch.body_reach[model.geoms[g].body]);
    scratch.swept_box[g] = Aabb{box.min - Vec3::Constant(slack), box.max + Vec3::Constant(slack)};
  }
  const std::vector<Aabb>& boxes = scratch.swept_box;
  scratch.sweep_order.resize(geom_count);
  for (int g = 0; g < geom_count; ++g) scratch.sweep_order[g] = g;
  std::sort(scratch.sweep_order.begin(), scratch.sweep_order.end(), [&](int a, int b) {
    const double min_a = boxes[a].min.x(), min_b = boxes[b].min.x();
    return min_a < min_b || (min_a == min_b && a < b);
  });
  std::vector<std::pair<int, int>>& pairs = scratch.swept_pairs;
  pairs.clear();
  for (int i = 0; i < geom_count; ++i) {
    const int gi = scratch.sweep_order[i];
    for (int j = i + 1; j < geom_count; ++j) {
      const int gj = scratch.sweep_order[j];
      if (boxes[gj].min.x() > boxes[gi].max.x()) break;
      if (model.geoms[gi].body == model.geoms[gj].body) continue;
      if (!boxes_overlap(boxes[gi], boxes[gj])) continue;
      pairs.emplace_back(std::min(gi, gj), std::max(gi, gj));
    }
  }
  std::sort(pairs.begin(), pairs.end());
}

// (the previous sweep's pairs and directions, the new sweep's pairs) => the new pairs'
// directions: a pair that was swept before keeps its direction, a new one has none.
// Both lists are sorted.
void carry_pair_directions(ContactDetectionScratch& scratch) {
  const std::vector<std::pair<int, int>>& before = scratch.previous_pairs;
  const std::vector<std::pair<int, int>>& now = scratch.swept_pairs;
  scratch.swept_pair_direction.assign(now.size(), Vec3::Zero());
  size_t k = 0;
  for (size_t i = 0; i < now.size(); ++i) {
    while (k < before.size() && before[k] < now[i]) ++k;
    if (k < before.size() && before[k] == now[i]) scratch.swept_pair_direction[i] = scratch.previous_direction[k];
  }
}

void sweep_keeping_directions(const Model& model, ContactDetectionScratch& scratch) {
  std::swap(scratch.previous_pairs, scratch.swept_pairs);
  std::swap(scratch.previous_direction, scratch.swept_pair_direction);
  sweep_grown_boxes(model, scratch);
  carry_pair_directions(scratch);
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

  // Candidate pairs, ordered by (lower geom, higher geom) so the narrow phase runs in
  // the same order however they were found: the last sweep's pairs, kept while every
  // box lies inside the grown box it was swept with, else a new sweep.
  if (!boxes_inside_swept(scratch)) sweep_keeping_directions(model, scratch);
  std::vector<std::pair<int, int>>& pairs = scratch.candidate_pairs;
  pairs.clear();
  scratch.candidate_slot.clear();
  for (size_t k = 0; k < scratch.swept_pairs.size(); ++k) {
    const auto [ga, gb] = scratch.swept_pairs[k];
    if (!bodies_may_touch(model, scratch.body_fixed, model.geoms[ga].body, model.geoms[gb].body)) continue;
    if (!boxes_overlap(scratch.geom_box[ga], scratch.geom_box[gb])) continue;
    pairs.emplace_back(ga, gb);
    scratch.candidate_slot.push_back(static_cast<int>(k));
  }

  for (size_t c = 0; c < pairs.size(); ++c) {
    const auto [ga, gb] = pairs[c];
    const Geom& a = model.geoms[ga];
    const Geom& b = model.geoms[gb];
    const double margin =
        options.contact_margin + scratch.body_reach[a.body] + scratch.body_reach[b.body];
    scratch.pair_points.clear();
    collide(a.shape, scratch.geom_pose[ga], b.shape, scratch.geom_pose[gb], margin, scratch.pair_points,
            scratch.swept_pair_direction[scratch.candidate_slot[c]]);
    const bool a_directed = a.friction_direction.squaredNorm() > 0;
    const Vec3 direction = a_directed ? Vec3(scratch.geom_pose[ga].rotation * a.friction_direction)
                                      : Vec3(scratch.geom_pose[gb].rotation * b.friction_direction);
    for (const ContactPoint& point : scratch.pair_points) {
      contacts.push_back(DetectedContact{ga, gb, a.body, b.body, point, direction});
    }
  }
}

}  // namespace contactlab

#include "step/step_size_search.h"

#include <algorithm>
#include <cmath>

#include "contact/contact_detection.h"
#include "dynamics/rigid_body.h"
#include "step/data.h"
#include "step/robot_commands.h"
#include "step/step.h"
#include "step/step_workspace.h"

namespace contactlab {
namespace {

// (data) => S
void save_state(const Data& data, StepSizeSearchScratch& scratch) {
  scratch.position = data.position;
  scratch.orientation = data.orientation;
  scratch.linear_velocity = data.linear_velocity;
  scratch.angular_velocity = data.angular_velocity;
  scratch.articulations = data.articulations;
  scratch.control = data.control;
}

// S => (data)
void restore_state(const StepSizeSearchScratch& scratch, Data& data) {
  data.position = scratch.position;
  data.orientation = scratch.orientation;
  data.linear_velocity = scratch.linear_velocity;
  data.angular_velocity = scratch.angular_velocity;
  data.articulations = scratch.articulations;
  data.control = scratch.control;
}

bool pair_less(const DetectedContact& contact, const std::pair<int, int>& pair) {
  return contact.geom_a < pair.first || (contact.geom_a == pair.first && contact.geom_b < pair.second);
}

// Whether the pass had a contact on this geom pair (detect_contacts orders its
// contacts by pair, lower geom first).
bool pass_had_pair(const std::vector<DetectedContact>& pass_contacts, const std::pair<int, int>& pair) {
  const auto found = std::lower_bound(pass_contacts.begin(), pass_contacts.end(), pair, pair_less);
  return found != pass_contacts.end() && found->geom_a == pair.first && found->geom_b == pair.second;
}

bool same_limit(const LimitSide& a, const LimitSide& b) {
  return a.articulation == b.articulation && a.link == b.link && a.side == b.side;
}

template <typename T, typename Same>
bool contains(const std::vector<T>& list, const T& item, Same same) {
  for (const T& entry : list) {
    if (same(entry, item)) return true;
  }
  return false;
}

template <typename T, typename Same>
void add_once(std::vector<T>& list, const T& item, Same same) {
  if (!contains(list, item, same)) list.push_back(item);
}

bool boxes_overlap(const Aabb& a, const Aabb& b) {
  for (int axis = 0; axis < 3; ++axis) {
    if (a.max[axis] < b.min[axis] || b.max[axis] < a.min[axis]) return false;
  }
  return true;
}

bool same_pair(const std::pair<int, int>& a, const std::pair<int, int>& b) { return a == b; }

enum class PassOutcome {
  Clear,         // nothing has passed, no target within its window
  WithinWindow,  // nothing has passed, a target within its window
  Passed,        // a new contact overlaps or a joint has passed its limit
};

// Static bodies and links welded to the world never move; the same pairs as
// detect_contacts are left out: geoms of one body, two fixed bodies, adjacent links.
bool body_is_fixed(const Model& model, int b) {
  const Body& body = model.bodies[b];
  if (body.is_static) return true;
  return body.articulation >= 0 && link_is_welded(model.articulations[body.articulation], body.link);
}

bool geoms_may_touch(const Model& model, int geom_a, int geom_b) {
  const int a = model.geoms[geom_a].body;
  const int b = model.geoms[geom_b].body;
  if (a == b || (body_is_fixed(model, a) && body_is_fixed(model, b))) return false;
  const Body& first = model.bodies[a];
  const Body& second = model.bodies[b];
  return first.articulation < 0 || first.articulation != second.articulation ||
         links_may_touch(model.articulations[first.articulation], first.link, second.link);
}

// How much farther than detect_contacts' reach each body's surface may have moved in
// the pass: travel h (|v^{l+1}| + |w^{l+1}| r) minus reach h (|v^l| + |w^l| r), with r
// the body's bounding radius [m]. A pair that was not a contact of the pass was
// farther apart than contact_margin plus both reaches at S (contact_detection.h), so
// it can overlap now only if its two excesses add up to at least contact_margin.
void compute_excess_travel(const Model& model, double pass_length, const Data& data,
                           StepSizeSearchScratch& scratch) {
  const int body_count = static_cast<int>(model.bodies.size());
  scratch.excess_travel.resize(body_count);
  for (int b = 0; b < body_count; ++b) {
    if (body_is_fixed(model, b)) {
      scratch.excess_travel[b] = 0;
      continue;
    }
    const double radius = bounding_radius(model, model.bodies[b]);
    const double travel = data.linear_velocity[b].norm() + data.angular_velocity[b].norm() * radius;
    const double reach = scratch.linear_velocity[b].norm() + scratch.angular_velocity[b].norm() * radius;
    scratch.excess_travel[b] = pass_length * (travel - reach);
  }
}

// (q after a pass, the pass's contacts) => pairs that were not contacts of the pass
// and now overlap, and whether a target pair is within kNewContactWindow. A sweep along
// x over boxes grown by half the window proposes the pairs; the narrow phase runs only
// on those the pass did not have and that could have closed the gap (see
// compute_excess_travel), or that are targets. Every pair found overlapping becomes a
// target of the search.
void examine_contacts(const Model& model, const Options& options, double pass_length,
                      const Data& data, const std::vector<DetectedContact>& pass_contacts,
                      StepSizeSearchScratch& scratch, bool& passed, bool& within) {
  compute_excess_travel(model, pass_length, data, scratch);
  double largest_excess = 0;
  for (double excess : scratch.excess_travel) largest_excess = std::max(largest_excess, excess);
  if (2 * largest_excess < options.contact_margin && scratch.target_pairs.empty()) return;

  const int geom_count = static_cast<int>(model.geoms.size());
  compute_geom_poses(model, data.position, data.orientation, scratch.geom_pose);
  scratch.geom_box.resize(geom_count);
  scratch.sweep_order.resize(geom_count);
  for (int g = 0; g < geom_count; ++g) {
    scratch.geom_box[g] = bounding_box(model.geoms[g].shape, scratch.geom_pose[g], 0.5 * kNewContactWindow);
    scratch.sweep_order[g] = g;
  }
  std::sort(scratch.sweep_order.begin(), scratch.sweep_order.end(), [&](int a, int b) {
    const double min_a = scratch.geom_box[a].min.x(), min_b = scratch.geom_box[b].min.x();
    return min_a < min_b || (min_a == min_b && a < b);
  });
  for (int i = 0; i < geom_count; ++i) {
    const int gi = scratch.sweep_order[i];
    for (int j = i + 1; j < geom_count; ++j) {
      const int gj = scratch.sweep_order[j];
      if (scratch.geom_box[gj].min.x() > scratch.geom_box[gi].max.x()) break;
      if (!boxes_overlap(scratch.geom_box[gi], scratch.geom_box[gj])) continue;
      const std::pair<int, int> pair(std::min(gi, gj), std::max(gi, gj));
      if (!geoms_may_touch(model, pair.first, pair.second)) continue;
      if (pass_had_pair(pass_contacts, pair)) continue;
      const bool target = contains(scratch.target_pairs, pair, same_pair);
      const double excess = scratch.excess_travel[model.geoms[pair.first].body] +
                            scratch.excess_travel[model.geoms[pair.second].body];
      if (!target && excess < options.contact_margin) continue;
      scratch.pair_points.clear();
      collide(model.geoms[pair.first].shape, scratch.geom_pose[pair.first], model.geoms[pair.second].shape,
              scratch.geom_pose[pair.second], kNewContactWindow, scratch.pair_points);
      for (const ContactPoint& point : scratch.pair_points) {
        if (point.distance < 0) {
          passed = true;
          add_once(scratch.target_pairs, pair, same_pair);
        } else if (target) {
          within = true;
        }
      }
    }
  }
}

// (S, data after a pass) => joints that have passed a limit they had not passed at S.
void examine_limits(const Model& model, const Data& data, StepSizeSearchScratch& scratch,
                    bool& passed, bool& within) {
  for (int a = 0; a < static_cast<int>(model.articulations.size()); ++a) {
    const KinematicTree& tree = model.articulations[a].tree;
    const Eigen::VectorXd& start = scratch.articulations[a].positions;
    const Eigen::VectorXd& end = data.articulations[a].positions;
    for (int link = 0; link < tree.link_count(); ++link) {
      const Joint& joint = tree.link(link).joint;
      if (joint.velocity_size() != 1) continue;
      const int offset = tree.position_offset(link);
      const double window =
          joint.type == JointType::Revolute ? kRevoluteLimitWindow : kPrismaticLimitWindow;
      const double bound[2] = {joint.lower, joint.upper};
      for (int side = 0; side < 2; ++side) {
        if (!std::isfinite(bound[side])) continue;
        const double sign = side == 0 ? 1.0 : -1.0;
        const double start_distance = sign * (start[offset] - bound[side]);
        const double end_distance = sign * (end[offset] - bound[side]);
        if (start_distance < -kPastLimitTolerance) continue;  // already past at S
        const LimitSide limit{a, link, side};
        if (end_distance < -kPastLimitTolerance) {
          passed = true;
          add_once(scratch.target_limits, limit, same_limit);
        } else if (end_distance <= window && contains(scratch.target_limits, limit, same_limit)) {
          within = true;
        }
      }
    }
  }
}

PassOutcome examine_pass(const Model& model, const Options& options, double pass_length,
                         const Data& data, const std::vector<DetectedContact>& pass_contacts,
                         StepSizeSearchScratch& scratch) {
  bool passed = false;
  bool within = false;
  examine_contacts(model, options, pass_length, data, pass_contacts, scratch, passed, within);
  examine_limits(model, data, scratch, passed, within);
  if (passed) return PassOutcome::Passed;
  return within ? PassOutcome::WithinWindow : PassOutcome::Clear;
}

// Puts data back to S (with S's time and solver statistics) and takes one pass of
// `length`.
void retry_pass(const Model& model, Options& pass_options, double length, double start_time,
                const SolverStats& start_stats, Data& data, StepWorkspace& workspace,
                StepSizeSearchReport& report) {
  restore_state(workspace.step_size_search, data);
  data.time = start_time;
  data.solver = start_stats;
  pass_options.time_step = length;
  advance_one_pass(model, pass_options, data, workspace);
  ++report.passes;
}

}  // namespace

StepSizeSearchReport advance_with_step_size_search(const Model& model, const Options& options,
                                                   Data& data, StepWorkspace& workspace) {
  StepSizeSearchScratch& scratch = workspace.step_size_search;
  StepSizeSearchReport report;
  const double step_start = data.time;
  const double h = options.time_step;
  const double minimum_step = h / kMinimumStepDivisor;
  Options pass_options = options;
  double remaining = h;
  int shortened = 0;
  while (true) {
    // (S) => a pass over the rest of the step.
    const bool may_shorten = shortened < kMaxShortenedPasses && remaining > minimum_step &&
                             !static_grasp_active(data);
    const double pass_start = data.time;
    const SolverStats pass_start_stats = data.solver;
    if (may_shorten) save_state(data, scratch);
    pass_options.time_step = remaining;
    advance_one_pass(model, pass_options, data, workspace);
    ++report.passes;
    ++report.kept_passes;
    if (!may_shorten || static_grasp_active(data)) break;
    scratch.target_pairs.clear();
    scratch.target_limits.clear();
    if (examine_pass(model, options, remaining, data, workspace.contacts, scratch) !=
        PassOutcome::Passed) {
      break;
    }

    // Bisection of the pass length l in (clear, passing].
    double clear = 0;
    double passing = remaining;
    double tried = remaining;
    bool found = false;
    while (passing - clear > minimum_step) {
      const double length = clear + 0.5 * (passing - clear);
      retry_pass(model, pass_options, length, pass_start, pass_start_stats, data, workspace, report);
      tried = length;
      const PassOutcome outcome =
          examine_pass(model, options, length, data, workspace.contacts, scratch);
      if (outcome == PassOutcome::WithinWindow) {
        found = true;
        break;
      }
      if (outcome == PassOutcome::Passed) passing = length;
      else clear = length;
    }
    const double kept = found ? tried : (clear > 0 ? clear : passing);
    if (kept != tried) {
      retry_pass(model, pass_options, kept, pass_start, pass_start_stats, data, workspace, report);
    }
    ++shortened;
    remaining -= kept;
  }
  data.time = step_start + h;
  return report;
}

StepSizeSearchReport advance_with_step_size_search(const Model& model, const Options& options,
                                                   Data& data) {
  StepWorkspace workspace;
  return advance_with_step_size_search(model, options, data, workspace);
}

}  // namespace contactlab

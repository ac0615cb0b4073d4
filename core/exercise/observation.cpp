#include "exercise/observation.h"

#include <algorithm>
#include <cmath>

#include "base/number_text.h"
#include "base/portable_log_atan2.h"
#include "base/portable_trig.h"
#include "step/data.h"

namespace contactlab {
namespace {

const char* const kAxisNames[3] = {"x", "y", "z"};

std::string bounds_text(const Bounds& bounds) {
  if (std::isinf(bounds.low) && std::isinf(bounds.high)) return "any";
  if (std::isinf(bounds.low)) return "at most " + describe_number(bounds.high);
  if (std::isinf(bounds.high)) return "at least " + describe_number(bounds.low);
  return "in [" + describe_number(bounds.low) + ", " + describe_number(bounds.high) + "]";
}

std::string coordinate_name(int axis, bool relative) {
  const std::string name = kAxisNames[axis];
  return relative ? name + " - " + name + "0" : name;
}

bool is_pair(const ContactRecord& contact, int a, int b) {
  return (contact.body_a == a && contact.body_b == b) || (contact.body_a == b && contact.body_b == a);
}

// The pair's mode: sliding if a contact slides, sticking if a contact carries force
// without sliding, separating if none carries force (or there is none).
ContactMode pair_mode(const Data& data, int a, int b, int& count) {
  bool sticking = false;
  bool sliding = false;
  count = 0;
  for (const ContactRecord& contact : data.contacts) {
    if (!is_pair(contact, a, b)) continue;
    ++count;
    sliding = sliding || contact.mode == ContactMode::Sliding;
    sticking = sticking || contact.mode == ContactMode::Sticking;
  }
  return sliding ? ContactMode::Sliding : sticking ? ContactMode::Sticking : ContactMode::Separating;
}

// cos(angle / 2) of the rotation from `initial` to `now`: |w| of initial^-1 now.
double half_angle_cosine(const Quat& initial, const Quat& now) { return std::abs((initial.conjugate() * now).w()); }

// The angle whose half has the cosine c, for messages only (the predicate compares
// cosines, which portable_cos_sin gives the same on every platform).
double angle_of_half_cosine(double c) { return 2 * std::acos(std::min(1.0, c)); }

double pair_normal_force(const Data& data, int a, int b) {
  double force = 0;
  for (const ContactRecord& contact : data.contacts) {
    if (is_pair(contact, a, b)) force += contact.normal_force;
  }
  return force;
}

std::string reduction_name(Reduction reduction) {
  switch (reduction) {
    case Reduction::Max:
      return "largest ";
    case Reduction::Min:
      return "smallest ";
    case Reduction::Mean:
      return "mean ";
    case Reduction::Final:
      break;
  }
  return "";
}

}  // namespace

void RunHistory::start(const Data& data, const std::vector<std::pair<int, int>>& angles) {
  position = data.position;
  orientation = data.orientation;
  turned.clear();
  for (const std::pair<int, int>& wanted : angles) {
    const int body = wanted.first;
    const int axis = wanted.second;
    const bool tracked = std::any_of(turned.begin(), turned.end(),
                                     [&](const TurnedAngle& t) { return t.body == body && t.axis == axis; });
    if (tracked) continue;
    TurnedAngle angle;
    angle.body = body;
    angle.axis = axis;
    angle.previous = data.orientation[body];
    turned.push_back(angle);
  }
}

void RunHistory::record_step(const Data& data) {
  for (TurnedAngle& angle : turned) {
    // the step's rotation in world axes, r = q_now q_prev^-1, and its twist about the
    // axis: 2 atan2(r.vec . axis, r.w), with r.w >= 0 (the shorter way) in (-pi, pi]
    const Quat& now = data.orientation[angle.body];
    Quat step = now * angle.previous.conjugate();
    if (step.w() < 0) step.coeffs() = -step.coeffs();
    angle.angle += 2 * portable_atan2(step.vec()[angle.axis], step.w());
    angle.previous = now;
  }
}

double RunHistory::turned_angle(int body, int axis) const {
  for (const TurnedAngle& angle : turned) {
    if (angle.body == body && angle.axis == axis) return angle.angle;
  }
  return 0;
}

PredicateTarget resolve_target(const Model& model, const std::string& body, const std::string& other_body,
                               const std::string& articulation, const std::string& link) {
  PredicateTarget target;
  for (int b = 0; b < static_cast<int>(model.bodies.size()); ++b) {
    if (!body.empty() && model.bodies[b].name == body) target.body = b;
    if (!other_body.empty() && model.bodies[b].name == other_body) target.other_body = b;
  }
  for (int a = 0; a < static_cast<int>(model.articulations.size()); ++a) {
    if (articulation.empty() || model.articulations[a].name != articulation) continue;
    target.articulation = a;
    int joint = 0;
    const KinematicTree& tree = model.articulations[a].tree;
    for (int l = 0; l < tree.link_count(); ++l) {
      if (tree.link(l).joint.velocity_size() != 1) continue;
      if (tree.link(l).name == link) target.joint = joint;
      ++joint;
    }
  }
  return target;
}

PredicateView observe(const Predicate& predicate, const PredicateTarget& target, Simulation& simulation,
                      const RunHistory& initial) {
  const Data& data = simulation.data();
  const Model& model = simulation.model();
  PredicateView view;
  switch (predicate.kind) {
    case PredicateKind::Position: {
      const Vec3 origin = predicate.relative ? initial.position[target.body] : Vec3::Zero();
      const Vec3 position = data.position[target.body] - origin;
      view.holds = true;
      std::string values;
      for (int axis = 0; axis < 3; ++axis) {
        if (!predicate.has_axis[axis]) continue;
        view.holds = view.holds && predicate.axis[axis].contains(position[axis]);
        values += (values.empty() ? "" : ", ") + coordinate_name(axis, predicate.relative) + " = " +
                  describe_number(position[axis]) + " m";
      }
      view.seen = predicate.body + ": " + values;
      return view;
    }
    case PredicateKind::Speed: {
      const double speed = data.linear_velocity[target.body].norm();
      view.holds = predicate.range.contains(speed);
      view.seen = predicate.body + ": speed " + describe_number(speed) + " m/s";
      return view;
    }
    case PredicateKind::Rotation: {
      const double c = half_angle_cosine(initial.orientation[target.body], data.orientation[target.body]);
      // angle <= high <=> c >= cos(high / 2), as the angle is in [0, pi]; open ends bound nothing
      double low_cosine = 1, high_cosine = -1, sine = 0;
      if (!std::isinf(predicate.range.high)) portable_cos_sin(predicate.range.high / 2, high_cosine, sine);
      if (!std::isinf(predicate.range.low)) portable_cos_sin(predicate.range.low / 2, low_cosine, sine);
      view.holds = c >= high_cosine && c <= low_cosine;
      view.seen = predicate.body + ": turned " + describe_number(angle_of_half_cosine(c)) + " rad";
      return view;
    }
    case PredicateKind::ContactMode: {
      int count = 0;
      const ContactMode mode = pair_mode(data, target.body, target.other_body, count);
      view.holds = mode == predicate.mode;
      view.seen = predicate.body + " and " + predicate.other_body + ": " + contact_mode_name(mode) + " (" +
                  std::to_string(count) + " contacts)";
      return view;
    }
    case PredicateKind::Grasp: {
      const std::optional<GraspReport> report = simulation.grasp();
      const bool held = report && report->object >= 0;
      const bool closure = held && report->quality.force_closure;
      const double epsilon = held ? report->quality.epsilon : 0;
      view.holds = predicate.force_closure ? closure && epsilon >= predicate.min_epsilon : !closure;
      view.seen = !held ? "no link touches a free body"
                        : model.bodies[report->object].name + " held at " + std::to_string(report->contact_count) +
                              " contacts, force closure " + (closure ? "yes" : "no") + ", epsilon " +
                              describe_number(epsilon);
      return view;
    }
    case PredicateKind::Penetration: {
      double deepest = 0;
      for (const ContactRecord& contact : data.contacts) {
        if (target.body >= 0 && !is_pair(contact, target.body, target.other_body)) continue;
        deepest = std::max(deepest, -contact.distance);
      }
      view.holds = deepest <= predicate.depth;
      view.seen = "deepest contact " + describe_number(deepest) + " m";
      return view;
    }
    case PredicateKind::JointLimit: {
      const std::vector<JointReadout>& joints = simulation.joint_state(target.articulation);
      const int limit = joints[target.joint].limit;
      view.holds = limit == predicate.limit;
      view.seen = predicate.link +
                  (limit < 0   ? " at its lower limit"
                   : limit > 0 ? " at its upper limit"
                               : " between its limits") +
                  " (q = " + describe_number(joints[target.joint].position) + ")";
      return view;
    }
    case PredicateKind::Lifted: {
      const double rise = data.position[target.body].z() - initial.position[target.body].z();
      view.holds = rise >= predicate.height;
      view.seen = predicate.body + ": z - z0 = " + describe_number(rise) + " m";
      return view;
    }
    case PredicateKind::Value: {
      std::string what;
      const double value = measure_now(predicate.value[0], target, simulation, initial, what);
      view.holds = predicate.range.contains(value);
      view.seen = what + " = " + describe_number(value);
      return view;
    }
  }
  return view;
}

std::string describe_expectation(const Predicate& predicate) {
  switch (predicate.kind) {
    case PredicateKind::Position: {
      std::string text;
      for (int axis = 0; axis < 3; ++axis) {
        if (!predicate.has_axis[axis]) continue;
        text += (text.empty() ? "" : ", ") + coordinate_name(axis, predicate.relative) + " " +
                bounds_text(predicate.axis[axis]) + " m";
      }
      return predicate.body + ": " + text;
    }
    case PredicateKind::Speed:
      return predicate.body + ": speed " + bounds_text(predicate.range) + " m/s";
    case PredicateKind::Rotation:
      return predicate.body + ": turned " + bounds_text(predicate.range) + " rad";
    case PredicateKind::ContactMode:
      return predicate.body + " and " + predicate.other_body + " " + contact_mode_name(predicate.mode);
    case PredicateKind::Grasp:
      return predicate.force_closure ? "force closure, epsilon at least " + describe_number(predicate.min_epsilon)
                                     : "no force closure";
    case PredicateKind::Penetration:
      return (predicate.body.empty() ? std::string() : predicate.body + " and " + predicate.other_body + ": ") +
             "deepest contact at most " + describe_number(predicate.depth) + " m";
    case PredicateKind::JointLimit:
      return predicate.link + (predicate.limit < 0   ? " at its lower limit"
                               : predicate.limit > 0 ? " at its upper limit"
                                                     : " between its limits");
    case PredicateKind::Lifted:
      return predicate.body + ": z - z0 at least " + describe_number(predicate.height) + " m";
    case PredicateKind::Value:
      return describe_measure(predicate.value[0]) + " " + bounds_text(predicate.range);
  }
  return "";
}

int pair_contact_count(const Data& data, int a, int b) {
  int count = 0;
  for (const ContactRecord& contact : data.contacts) count += is_pair(contact, a, b) ? 1 : 0;
  return count;
}

bool crossing_side(const Event& event, const PredicateTarget& target, Simulation& simulation,
                   const RunHistory& history) {
  std::string what;
  return measure_now(event.measure[0], target, simulation, history, what) >= event.value;
}

bool event_happened(const Event& event, const PredicateTarget& target, Simulation& simulation,
                    const RunHistory& history, bool start_side) {
  if (event.kind == EventKind::FirstContact) {
    return pair_contact_count(simulation.data(), target.body, target.other_body) > 0;
  }
  return crossing_side(event, target, simulation, history) != start_side;
}

std::string describe_event(const Event& event) {
  if (event.kind == EventKind::FirstContact) return "the first contact of " + event.body + " and " + event.other_body;
  return "the first time " + describe_measure(event.measure[0]) + " crosses " + describe_number(event.value);
}

std::string describe_measure(const Measure& measure) {
  const std::string reduced = measure.time.is_window ? reduction_name(measure.reduction) : "";
  switch (measure.kind) {
    case MeasureKind::Position:
      return reduced + measure.body + " " + coordinate_name(measure.axis, measure.relative) + " [m]";
    case MeasureKind::Speed:
      return reduced + measure.body + " speed [m/s]";
    case MeasureKind::NormalForce:
      return reduced + "normal force between " + measure.body + " and " + measure.other_body + " [N]";
    case MeasureKind::AngularVelocity:
      return reduced + measure.body + " angular velocity " + kAxisNames[measure.axis] +
             (measure.body_axes ? " (body axes)" : " (world axes)") + " [rad/s]";
    case MeasureKind::Angle:
      return reduced + measure.body + " angle turned about " + kAxisNames[measure.axis] + " [rad]";
    case MeasureKind::JointPosition:
      return reduced + measure.articulation + " " + measure.link + " joint position q [rad or m]";
    case MeasureKind::JointVelocity:
      return reduced + measure.articulation + " " + measure.link + " joint velocity v [rad/s or m/s]";
    case MeasureKind::LoopError:
      return reduced + "loop error [m]";
    case MeasureKind::JointError:
      return reduced + "joint error [m and rad]";
    case MeasureKind::GraspEpsilon:
      return reduced + "grasp epsilon";
    case MeasureKind::MeanSpeed:
      return measure.body + " mean speed [m/s]";
    case MeasureKind::FirstTime:
      return "the first time [s] with " + describe_expectation(measure.when[0]);
  }
  return "";
}

double measure_now(const Measure& measure, const PredicateTarget& target, Simulation& simulation,
                   const RunHistory& history, std::string& what) {
  const Data& data = simulation.data();
  what = describe_measure(measure);
  switch (measure.kind) {
    case MeasureKind::Position: {
      const double origin = measure.relative ? history.position[target.body][measure.axis] : 0;
      return data.position[target.body][measure.axis] - origin;
    }
    case MeasureKind::Speed:
      return data.linear_velocity[target.body].norm();
    case MeasureKind::NormalForce:
      return pair_normal_force(data, target.body, target.other_body);
    case MeasureKind::AngularVelocity: {
      const Vec3& omega = data.angular_velocity[target.body];
      // body axes: R^T omega, R the body's orientation (body to world)
      return measure.body_axes ? (data.orientation[target.body].conjugate() * omega)[measure.axis]
                               : omega[measure.axis];
    }
    case MeasureKind::Angle:
      return history.turned_angle(target.body, measure.axis);
    case MeasureKind::JointPosition:
      return simulation.joint_state(target.articulation)[target.joint].position;
    case MeasureKind::JointVelocity:
      return simulation.joint_state(target.articulation)[target.joint].velocity;
    case MeasureKind::LoopError:
      return loop_error(simulation.model(), data);
    case MeasureKind::JointError:
      return joint_error(simulation.model(), data);
    case MeasureKind::GraspEpsilon: {
      const std::optional<GraspReport> report = simulation.grasp();
      return report && report->object >= 0 && report->quality.force_closure ? report->quality.epsilon : 0;
    }
    case MeasureKind::MeanSpeed:
    case MeasureKind::FirstTime:
      break;
  }
  return 0;
}

}  // namespace contactlab

#include "exercise/check_reader.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "exercise/answer_reader.h"
#include "exercise/exercise_fields.h"
#include "scene/option_fields.h"

namespace contactlab {
namespace {

constexpr std::size_t kMaxNameCharacters = 200;
constexpr std::size_t kMaxFeedbackCharacters = 2000;
constexpr int kMaxIterations = 40;

constexpr NumberRange kPoints{0, 1000, false, true, "points"};
constexpr NumberRange kLength{-1000, 1000, true, true, "m"};
constexpr NumberRange kSpeed{0, 1000, true, true, "m/s"};
constexpr NumberRange kAngle{0, 3.141592653589793, true, true, "rad"};
constexpr NumberRange kDepth{0, 1, true, true, "m"};
constexpr NumberRange kEpsilon{0, 10, true, true, ""};
constexpr NumberRange kTolerance{0, 1e9, true, true, ""};
constexpr NumberRange kRelativeTolerance{0, 1, false, true, ""};
// A measure's value in a predicate's range or an event's crossing, in its own unit.
constexpr NumberRange kMeasureValue{-1e9, 1e9, true, true, ""};

class CheckReader {
 public:
  CheckReader(const Exercise& exercise, const Model& model) : exercise_(exercise), model_(model) {}

  Status read_check(const Json& value, const std::string& path, Check& check);

 private:
  Status read_predicate(const Json& value, const std::string& path, bool timed, Predicate& predicate);
  Status read_measure(const Json& value, const std::string& path, bool timed, Measure& measure);
  Status read_value(const Json& value, const std::string& path, ComputedValue& computed);
  Status read_time(const FieldReader& fields, bool window_allowed, bool point_allowed, TimeWindow& time);
  Status read_event(const Json& value, const std::string& path, Event& event);
  Status read_joint(const FieldReader& fields, std::string& articulation, std::string& link);
  Status read_axis(const FieldReader& fields, int& axis);
  Status read_body_name(const Json& value, const std::string& path, std::string& body);
  Status read_body(const FieldReader& fields, const char* key, std::string& body);
  Status read_pair(const FieldReader& fields, std::string& first, std::string& second);

  const Exercise& exercise_;
  const Model& model_;
};

// {"name", "points", "pass", "fail", "with", then "expect": PREDICATE, or "answer",
// "value", "tolerance" | "relative_tolerance"}
Status CheckReader::read_check(const Json& value, const std::string& path, Check& check) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields(
      {"name", "points", "visibility", "pass", "fail", "with", "expect", "answer", "value", "tolerance",
       "relative_tolerance"},
      "a check"));
  CONTACTLAB_RETURN_IF_ERROR(fields.require("name"));
  CONTACTLAB_RETURN_IF_ERROR(fields.text("name", kMaxNameCharacters, check.name));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("points", kPoints, check.points));
  if (fields.has("visibility")) {
    const Json& visibility = fields.at("visibility");
    const std::vector<std::string> visibilities = {"visible", "after_due_date", "hidden"};
    const auto which = visibility.is_string()
                           ? std::find(visibilities.begin(), visibilities.end(), visibility.get<std::string>())
                           : visibilities.end();
    if (which == visibilities.end()) {
      return Status::failure(fields.path_of("visibility") + ": must be one of " + names_text(visibilities) +
                             ", got " + describe_json(visibility));
    }
    check.visibility = static_cast<CheckVisibility>(which - visibilities.begin());
  }
  CONTACTLAB_RETURN_IF_ERROR(read_rich_text(fields, "pass", kMaxFeedbackCharacters, check.pass_feedback, nullptr));
  CONTACTLAB_RETURN_IF_ERROR(read_rich_text(fields, "fail", kMaxFeedbackCharacters, check.fail_feedback, nullptr));
  if (fields.has("with")) {
    CONTACTLAB_RETURN_IF_ERROR(read_settings(fields.at("with"), fields.path_of("with"), exercise_, true, check.with));
  }
  if (fields.has("expect") == fields.has("answer")) {
    return Status::failure(path + ": must have either \"expect\" (a predicate) or \"answer\" (a numeric answer)");
  }
  if (fields.has("expect")) {
    for (const char* key : {"value", "tolerance", "relative_tolerance"}) {
      CONTACTLAB_RETURN_IF_ERROR(fields.forbid(key, "beside \"expect\" (it belongs to a numeric answer's check)"));
    }
    return read_predicate(fields.at("expect"), fields.path_of("expect"), true, check.expect);
  }
  check.is_answer = true;
  CONTACTLAB_RETURN_IF_ERROR(fields.identifier("answer", check.answer));
  const bool known = std::any_of(exercise_.answers.begin(), exercise_.answers.end(),
                                 [&](const AnswerSlot& slot) { return slot.name == check.answer; });
  if (!known) {
    std::vector<std::string> names;
    for (const AnswerSlot& slot : exercise_.answers) names.push_back(slot.name);
    return Status::failure(fields.path_of("answer") + ": the exercise asks no answer " +
                           contactlab::quoted(check.answer) + " (its answers: " + names_text(names) + ")");
  }
  CONTACTLAB_RETURN_IF_ERROR(fields.require("value"));
  CONTACTLAB_RETURN_IF_ERROR(read_value(fields.at("value"), fields.path_of("value"), check.value));
  if (fields.has("tolerance") == fields.has("relative_tolerance")) {
    return Status::failure(path + ": must have either \"tolerance\" (in the answer's unit) or \"relative_tolerance\"");
  }
  check.relative_tolerance = fields.has("relative_tolerance");
  return check.relative_tolerance ? fields.number("relative_tolerance", kRelativeTolerance, check.tolerance)
                                  : fields.number("tolerance", kTolerance, check.tolerance);
}

// "at": t, or "during": [t0, t1], within the exercise's time.
Status CheckReader::read_time(const FieldReader& fields, bool window_allowed, bool point_allowed, TimeWindow& time) {
  const NumberRange times{0, exercise_.limits.time, true, true, "s"};
  if (point_allowed && fields.has("at") && !(window_allowed && fields.has("during"))) {
    if (fields.at("at").is_object()) {
      time.event.emplace_back();
      return read_event(fields.at("at"), fields.path_of("at"), time.event[0]);
    }
    CONTACTLAB_RETURN_IF_ERROR(fields.number("at", times, time.start));
    time.end = time.start;
    time.is_window = false;
    return Status::success();
  }
  if (window_allowed && fields.has("during") && !(point_allowed && fields.has("at"))) {
    CONTACTLAB_RETURN_IF_ERROR(
        read_interval(fields.at("during"), fields.path_of("during"), times, time.start, time.end));
    time.is_window = true;
    return Status::success();
  }
  const char* wanted = point_allowed && window_allowed ? "either \"at\": t (or an event) or \"during\": [t0, t1]"
                       : point_allowed                 ? "\"at\": t (or an event)"
                                                       : "\"during\": [t0, t1]";
  return Status::failure(fields.path() + ": must have " + std::string(wanted) + " (seconds, at most the limit of " +
                         describe_number(exercise_.limits.time) + " s)");
}

// {"first_contact": [a, b], "during": [t0, t1]} or {"crossing": MEASURE, "value": v,
// "during": [t0, t1]}: the first step of the window at which it happens.
Status CheckReader::read_event(const Json& value, const std::string& path, Event& event) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields({"first_contact", "crossing", "value", "during"}, "an event"));
  if (fields.has("first_contact") == fields.has("crossing")) {
    return Status::failure(path + ": an event must have either \"first_contact\": [a, b] or \"crossing\": MEASURE");
  }
  CONTACTLAB_RETURN_IF_ERROR(fields.require("during"));
  const NumberRange times{0, exercise_.limits.time, true, true, "s"};
  CONTACTLAB_RETURN_IF_ERROR(read_interval(fields.at("during"), fields.path_of("during"), times, event.start, event.end));
  if (fields.has("first_contact")) {
    event.kind = EventKind::FirstContact;
    CONTACTLAB_RETURN_IF_ERROR(fields.forbid("value", "beside \"first_contact\" (it belongs to a crossing)"));
    const std::string pair_path = fields.path_of("first_contact");
    const Json& pair = fields.at("first_contact");
    CONTACTLAB_RETURN_IF_ERROR(expect_array(pair, pair_path, 2, 2, "body names"));
    CONTACTLAB_RETURN_IF_ERROR(read_body_name(pair[0], element_path(pair_path, 0), event.body));
    CONTACTLAB_RETURN_IF_ERROR(read_body_name(pair[1], element_path(pair_path, 1), event.other_body));
    if (event.body == event.other_body) return Status::failure(pair_path + ": must name two different bodies");
    return Status::success();
  }
  event.kind = EventKind::Crossing;
  event.measure.emplace_back();
  CONTACTLAB_RETURN_IF_ERROR(read_measure(fields.at("crossing"), fields.path_of("crossing"), false, event.measure[0]));
  if (event.measure[0].kind == MeasureKind::GraspEpsilon) {
    return Status::failure(fields.path_of("crossing") + ": a grasp is looked at once, not searched for over a window");
  }
  CONTACTLAB_RETURN_IF_ERROR(fields.require("value"));
  return fields.number("value", kMeasureValue, event.value);
}

// "articulation" and "link": a link of the articulation with a revolute or prismatic joint.
Status CheckReader::read_joint(const FieldReader& fields, std::string& articulation_name, std::string& link_name) {
  CONTACTLAB_RETURN_IF_ERROR(fields.require("articulation"));
  CONTACTLAB_RETURN_IF_ERROR(fields.require("link"));
  CONTACTLAB_RETURN_IF_ERROR(fields.identifier("articulation", articulation_name));
  CONTACTLAB_RETURN_IF_ERROR(fields.identifier("link", link_name));
  const Articulation* articulation = nullptr;
  std::vector<std::string> known;
  for (const Articulation& candidate : model_.articulations) {
    if (candidate.name == articulation_name) articulation = &candidate;
    known.push_back(candidate.name);
  }
  if (articulation == nullptr) {
    return Status::failure(fields.path_of("articulation") + ": unknown articulation " +
                           contactlab::quoted(articulation_name) + " (known: " + names_text(known) + ")");
  }
  std::vector<std::string> joints;
  bool found_link = false;
  for (int link = 0; link < articulation->tree.link_count(); ++link) {
    const TreeLink& candidate = articulation->tree.link(link);
    if (candidate.joint.velocity_size() != 1) continue;
    joints.push_back(candidate.name);
    found_link = found_link || candidate.name == link_name;
  }
  if (!found_link) {
    return Status::failure(fields.path_of("link") + ": must be a link of " + contactlab::quoted(articulation_name) +
                           " with a revolute or prismatic joint (" + names_text(joints) + "), got " +
                           contactlab::quoted(link_name));
  }
  return Status::success();
}

// "axis": "x", "y" or "z".
Status CheckReader::read_axis(const FieldReader& fields, int& axis) {
  CONTACTLAB_RETURN_IF_ERROR(fields.require("axis"));
  const Json& value = fields.at("axis");
  if (value != "x" && value != "y" && value != "z") {
    return Status::failure(fields.path_of("axis") + ": must be \"x\", \"y\" or \"z\", got " + describe_json(value));
  }
  axis = value.get<std::string>()[0] - 'x';
  return Status::success();
}

// A body of the scene (links included) named by `value` at `path`.
Status CheckReader::read_body_name(const Json& value, const std::string& path, std::string& body) {
  CONTACTLAB_RETURN_IF_ERROR(read_identifier(value, path, body));
  std::vector<std::string> known;
  for (const Body& candidate : model_.bodies) {
    if (candidate.name == body) return Status::success();
    known.push_back(candidate.name);
  }
  return Status::failure(path + ": unknown body " + contactlab::quoted(body) + " (known: " + names_text(known) + ")");
}

Status CheckReader::read_body(const FieldReader& fields, const char* key, std::string& body) {
  CONTACTLAB_RETURN_IF_ERROR(fields.require(key));
  return read_body_name(fields.at(key), fields.path_of(key), body);
}

// "bodies": [a, b], two bodies of the scene.
Status CheckReader::read_pair(const FieldReader& fields, std::string& first, std::string& second) {
  const std::string path = fields.path_of("bodies");
  CONTACTLAB_RETURN_IF_ERROR(fields.require("bodies"));
  const Json& pair = fields.at("bodies");
  CONTACTLAB_RETURN_IF_ERROR(expect_array(pair, path, 2, 2, "body names"));
  CONTACTLAB_RETURN_IF_ERROR(read_body_name(pair[0], element_path(path, 0), first));
  CONTACTLAB_RETURN_IF_ERROR(read_body_name(pair[1], element_path(path, 1), second));
  if (first == second) return Status::failure(path + ": must name two different bodies");
  return Status::success();
}

Status CheckReader::read_predicate(const Json& value, const std::string& path, bool timed, Predicate& predicate) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.require("kind"));
  const Json& kind = fields.at("kind");
  const std::vector<std::string> kinds = {"position",    "speed",       "rotation", "contact_mode", "grasp",
                                          "penetration", "joint_limit", "lifted",   "value"};
  const auto found = kind.is_string() ? std::find(kinds.begin(), kinds.end(), kind.get<std::string>()) : kinds.end();
  if (found == kinds.end()) {
    return Status::failure(fields.path_of("kind") + ": must be one of " + names_text(kinds) + ", got " +
                           describe_json(kind));
  }
  predicate.kind = static_cast<PredicateKind>(found - kinds.begin());
  std::vector<const char*> allowed = {"kind"};
  if (timed) allowed.insert(allowed.end(), {"at", "during", "holds"});
  switch (predicate.kind) {
    case PredicateKind::Position:
      allowed.insert(allowed.end(), {"body", "relative", "x", "y", "z"});
      break;
    case PredicateKind::Speed:
    case PredicateKind::Rotation:
      allowed.insert(allowed.end(), {"body", "range"});
      break;
    case PredicateKind::ContactMode:
      allowed.insert(allowed.end(), {"bodies", "mode"});
      break;
    case PredicateKind::Grasp:
      allowed.insert(allowed.end(), {"force_closure", "min_epsilon"});
      break;
    case PredicateKind::Penetration:
      allowed.insert(allowed.end(), {"bodies", "depth"});
      break;
    case PredicateKind::JointLimit:
      allowed.insert(allowed.end(), {"articulation", "link", "limit"});
      break;
    case PredicateKind::Lifted:
      allowed.insert(allowed.end(), {"body", "height"});
      break;
    case PredicateKind::Value:
      allowed.insert(allowed.end(), {"measure", "range"});
      break;
  }
  const std::string what = "a " + kind.get<std::string>() + " predicate";
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields(allowed, what.c_str()));
  // The grasp analysis takes milliseconds: it is looked at once, not every step.
  const bool grasp = predicate.kind == PredicateKind::Grasp ||
                     (predicate.kind == PredicateKind::Value && fields.has("measure") &&
                      fields.at("measure").is_object() && fields.at("measure").value("kind", Json()) == "grasp_epsilon");
  if (timed) {
    CONTACTLAB_RETURN_IF_ERROR(read_time(fields, !grasp, true, predicate.time));
    if (fields.has("holds")) {
      if (!predicate.time.is_window) return Status::failure(fields.path_of("holds") + ": only with \"during\"");
      const Json& holds = fields.at("holds");
      if (holds != "throughout" && holds != "at_some_moment") {
        return Status::failure(fields.path_of("holds") + ": must be \"throughout\" or \"at_some_moment\", got " +
                               describe_json(holds));
      }
      predicate.time.at_some_moment = holds == "at_some_moment";
    }
  }

  switch (predicate.kind) {
    case PredicateKind::Position: {
      CONTACTLAB_RETURN_IF_ERROR(read_body(fields, "body", predicate.body));
      CONTACTLAB_RETURN_IF_ERROR(fields.boolean("relative", predicate.relative));
      const char* axes[3] = {"x", "y", "z"};
      for (int axis = 0; axis < 3; ++axis) {
        if (!fields.has(axes[axis])) continue;
        predicate.has_axis[axis] = true;
        CONTACTLAB_RETURN_IF_ERROR(
            read_bounds(fields.at(axes[axis]), fields.path_of(axes[axis]), kLength, predicate.axis[axis]));
      }
      if (!predicate.has_axis[0] && !predicate.has_axis[1] && !predicate.has_axis[2]) {
        return Status::failure(path + ": must bound at least one of \"x\", \"y\", \"z\" ([low, high] in m)");
      }
      return Status::success();
    }
    case PredicateKind::Speed:
    case PredicateKind::Rotation:
      CONTACTLAB_RETURN_IF_ERROR(read_body(fields, "body", predicate.body));
      CONTACTLAB_RETURN_IF_ERROR(fields.require("range"));
      return read_bounds(fields.at("range"), fields.path_of("range"),
                         predicate.kind == PredicateKind::Speed ? kSpeed : kAngle, predicate.range);
    case PredicateKind::ContactMode: {
      CONTACTLAB_RETURN_IF_ERROR(read_pair(fields, predicate.body, predicate.other_body));
      CONTACTLAB_RETURN_IF_ERROR(fields.require("mode"));
      const Json& mode = fields.at("mode");
      const std::vector<std::string> modes = {"sticking", "sliding", "separating"};
      const auto which =
          mode.is_string() ? std::find(modes.begin(), modes.end(), mode.get<std::string>()) : modes.end();
      if (which == modes.end()) {
        return Status::failure(fields.path_of("mode") + ": must be one of " + names_text(modes) + ", got " +
                               describe_json(mode));
      }
      predicate.mode = static_cast<ContactMode>(which - modes.begin());
      return Status::success();
    }
    case PredicateKind::Grasp:
      CONTACTLAB_RETURN_IF_ERROR(fields.require("force_closure"));
      CONTACTLAB_RETURN_IF_ERROR(fields.boolean("force_closure", predicate.force_closure));
      if (!predicate.force_closure && fields.has("min_epsilon")) {
        return Status::failure(fields.path_of("min_epsilon") + ": not allowed when \"force_closure\" is false");
      }
      return fields.number("min_epsilon", kEpsilon, predicate.min_epsilon);
    case PredicateKind::Penetration:
      if (fields.has("bodies")) CONTACTLAB_RETURN_IF_ERROR(read_pair(fields, predicate.body, predicate.other_body));
      CONTACTLAB_RETURN_IF_ERROR(fields.require("depth"));
      return fields.number("depth", kDepth, predicate.depth);
    case PredicateKind::JointLimit: {
      CONTACTLAB_RETURN_IF_ERROR(fields.require("limit"));
      CONTACTLAB_RETURN_IF_ERROR(read_joint(fields, predicate.articulation, predicate.link));
      const Json& limit = fields.at("limit");
      const std::vector<std::string> limits = {"lower", "none", "upper"};
      const auto which =
          limit.is_string() ? std::find(limits.begin(), limits.end(), limit.get<std::string>()) : limits.end();
      if (which == limits.end()) {
        return Status::failure(fields.path_of("limit") + ": must be one of lower, upper, none, got " +
                               describe_json(limit));
      }
      predicate.limit = static_cast<int>(which - limits.begin()) - 1;
      return Status::success();
    }
    case PredicateKind::Lifted:
      CONTACTLAB_RETURN_IF_ERROR(read_body(fields, "body", predicate.body));
      CONTACTLAB_RETURN_IF_ERROR(fields.require("height"));
      return fields.number("height", kLength, predicate.height);
    case PredicateKind::Value: {
      CONTACTLAB_RETURN_IF_ERROR(fields.require("measure"));
      CONTACTLAB_RETURN_IF_ERROR(fields.require("range"));
      predicate.value.emplace_back();
      Measure& measure = predicate.value[0];
      CONTACTLAB_RETURN_IF_ERROR(read_measure(fields.at("measure"), fields.path_of("measure"), false, measure));
      // the measure's names are the predicate's, resolved once per run
      predicate.body = measure.body;
      predicate.other_body = measure.other_body;
      predicate.articulation = measure.articulation;
      predicate.link = measure.link;
      return read_bounds(fields.at("range"), fields.path_of("range"), kMeasureValue, predicate.range);
    }
  }
  return Status::success();
}

// A measure; `timed` false inside a predicate or an event, which give it its steps.
Status CheckReader::read_measure(const Json& value, const std::string& path, bool timed, Measure& measure) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.require("kind"));
  const Json& kind = fields.at("kind");
  const std::vector<std::string> kinds = {"position",       "speed",        "mean_speed",     "normal_force",
                                          "first_time",     "angular_velocity", "angle",      "joint_position",
                                          "joint_velocity", "loop_error",   "joint_error",    "grasp_epsilon"};
  const auto found = kind.is_string() ? std::find(kinds.begin(), kinds.end(), kind.get<std::string>()) : kinds.end();
  if (found == kinds.end()) {
    return Status::failure(fields.path_of("kind") + ": must be one of " + names_text(kinds) + ", got " +
                           describe_json(kind));
  }
  measure.kind = static_cast<MeasureKind>(found - kinds.begin());
  const std::string what = "a " + kind.get<std::string>() + " measure";
  if (measure.kind == MeasureKind::MeanSpeed || measure.kind == MeasureKind::FirstTime) {
    if (!timed) return Status::failure(fields.path_of("kind") + ": " + what + " is read over its own window, not here");
    if (measure.kind == MeasureKind::MeanSpeed) {
      CONTACTLAB_RETURN_IF_ERROR(fields.check_fields({"kind", "body", "during"}, what.c_str()));
      CONTACTLAB_RETURN_IF_ERROR(read_time(fields, true, false, measure.time));
      if (!(measure.time.end > measure.time.start)) {
        return Status::failure(fields.path_of("during") + ": must be a window of positive length");
      }
      return read_body(fields, "body", measure.body);
    }
    CONTACTLAB_RETURN_IF_ERROR(fields.check_fields({"kind", "when", "during"}, what.c_str()));
    CONTACTLAB_RETURN_IF_ERROR(read_time(fields, true, false, measure.time));
    CONTACTLAB_RETURN_IF_ERROR(fields.require("when"));
    measure.when.emplace_back();
    CONTACTLAB_RETURN_IF_ERROR(read_predicate(fields.at("when"), fields.path_of("when"), false, measure.when[0]));
    if (measure.when[0].kind == PredicateKind::Grasp) {
      return Status::failure(fields.path_of("when") + ": a grasp is looked at once, not searched for over a window");
    }
    return Status::success();
  }

  // (an instantaneous measure) => its fields, then when it is read: "at": t or an
  // event, or "during" with "reduce"
  std::vector<const char*> allowed = {"kind"};
  switch (measure.kind) {
    case MeasureKind::Position:
      allowed.insert(allowed.end(), {"body", "axis", "relative"});
      break;
    case MeasureKind::Speed:
      allowed.insert(allowed.end(), {"body"});
      break;
    case MeasureKind::NormalForce:
      allowed.insert(allowed.end(), {"bodies"});
      break;
    case MeasureKind::AngularVelocity:
      allowed.insert(allowed.end(), {"body", "axis", "axes"});
      break;
    case MeasureKind::Angle:
      allowed.insert(allowed.end(), {"body", "axis"});
      break;
    case MeasureKind::JointPosition:
    case MeasureKind::JointVelocity:
      allowed.insert(allowed.end(), {"articulation", "link"});
      break;
    default:
      break;
  }
  const bool grasp = measure.kind == MeasureKind::GraspEpsilon;
  if (timed) allowed.insert(allowed.end(), {"at", "during", "reduce"});
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields(allowed, what.c_str()));
  switch (measure.kind) {
    case MeasureKind::Position:
      CONTACTLAB_RETURN_IF_ERROR(read_body(fields, "body", measure.body));
      CONTACTLAB_RETURN_IF_ERROR(fields.boolean("relative", measure.relative));
      CONTACTLAB_RETURN_IF_ERROR(read_axis(fields, measure.axis));
      break;
    case MeasureKind::Speed:
      CONTACTLAB_RETURN_IF_ERROR(read_body(fields, "body", measure.body));
      break;
    case MeasureKind::NormalForce:
      CONTACTLAB_RETURN_IF_ERROR(read_pair(fields, measure.body, measure.other_body));
      break;
    case MeasureKind::AngularVelocity: {
      CONTACTLAB_RETURN_IF_ERROR(read_body(fields, "body", measure.body));
      CONTACTLAB_RETURN_IF_ERROR(read_axis(fields, measure.axis));
      if (fields.has("axes")) {
        const Json& axes = fields.at("axes");
        if (axes != "world" && axes != "body") {
          return Status::failure(fields.path_of("axes") + ": must be \"world\" or \"body\", got " + describe_json(axes));
        }
        measure.body_axes = axes == "body";
      }
      break;
    }
    case MeasureKind::Angle:
      CONTACTLAB_RETURN_IF_ERROR(read_body(fields, "body", measure.body));
      CONTACTLAB_RETURN_IF_ERROR(read_axis(fields, measure.axis));
      break;
    case MeasureKind::JointPosition:
    case MeasureKind::JointVelocity:
      CONTACTLAB_RETURN_IF_ERROR(read_joint(fields, measure.articulation, measure.link));
      break;
    default:
      break;
  }
  if (!timed) return Status::success();
  CONTACTLAB_RETURN_IF_ERROR(read_time(fields, !grasp, true, measure.time));
  if (!measure.time.is_window) {
    return fields.forbid("reduce", "beside \"at\" (a window's values are reduced to one)");
  }
  CONTACTLAB_RETURN_IF_ERROR(fields.require("reduce"));
  const Json& reduce = fields.at("reduce");
  const std::vector<std::string> reductions = {"max", "min", "mean", "final"};
  const auto which =
      reduce.is_string() ? std::find(reductions.begin(), reductions.end(), reduce.get<std::string>()) : reductions.end();
  if (which == reductions.end()) {
    return Status::failure(fields.path_of("reduce") + ": must be one of " + names_text(reductions) + ", got " +
                           describe_json(reduce));
  }
  measure.reduction = static_cast<Reduction>(which - reductions.begin());
  return Status::success();
}

// {"measure": MEASURE} or {"bisect": {"option" | "parameter", "low", "high",
// "iterations", "until": PREDICATE}}
Status CheckReader::read_value(const Json& value, const std::string& path, ComputedValue& computed) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields({"measure", "bisect"}, "a computed value"));
  if (fields.has("measure") == fields.has("bisect")) {
    return Status::failure(path + ": must have either \"measure\" or \"bisect\"");
  }
  if (fields.has("measure")) {
    return read_measure(fields.at("measure"), fields.path_of("measure"), true, computed.measure);
  }
  computed.bisect = true;
  const std::string bisect_path = fields.path_of("bisect");
  CONTACTLAB_RETURN_IF_ERROR(expect_object(fields.at("bisect"), bisect_path));
  const FieldReader bisect(fields.at("bisect"), bisect_path);
  CONTACTLAB_RETURN_IF_ERROR(
      bisect.check_fields({"option", "parameter", "low", "high", "iterations", "until"}, "a bisection"));
  if (bisect.has("option") == bisect.has("parameter")) {
    return Status::failure(bisect_path + ": must bisect either an \"option\" or a \"parameter\"");
  }
  for (const char* key : {"low", "high", "iterations", "until"}) CONTACTLAB_RETURN_IF_ERROR(bisect.require(key));
  computed.over_option = bisect.has("option");
  double low = 0, high = 0;
  if (computed.over_option) {
    CONTACTLAB_RETURN_IF_ERROR(bisect.identifier("option", computed.setting));
    CONTACTLAB_RETURN_IF_ERROR(read_option_name(computed.setting, bisect.path_of("option")));
    CONTACTLAB_RETURN_IF_ERROR(read_option_value(computed.setting, bisect.at("low"), bisect.path_of("low"), low));
    CONTACTLAB_RETURN_IF_ERROR(read_option_value(computed.setting, bisect.at("high"), bisect.path_of("high"), high));
  } else {
    CONTACTLAB_RETURN_IF_ERROR(bisect.identifier("parameter", computed.setting));
    const auto parameter = std::find_if(exercise_.parameters.begin(), exercise_.parameters.end(),
                                        [&](const Parameter& p) { return p.name == computed.setting; });
    if (parameter == exercise_.parameters.end()) {
      return Status::failure(bisect.path_of("parameter") + ": unknown parameter " +
                             contactlab::quoted(computed.setting));
    }
    const NumberRange bounds{parameter->bounds.low, parameter->bounds.high, true, true, ""};
    CONTACTLAB_RETURN_IF_ERROR(bisect.number("low", bounds, low));
    CONTACTLAB_RETURN_IF_ERROR(bisect.number("high", bounds, high));
  }
  if (!(low < high)) return Status::failure(bisect_path + ": must have low < high");
  computed.low = low;
  computed.high = high;
  double iterations = 0;
  CONTACTLAB_RETURN_IF_ERROR(
      read_whole_number(bisect, "iterations", NumberRange{1, kMaxIterations, true, true, ""}, iterations));
  computed.iterations = static_cast<int>(iterations);
  return read_predicate(bisect.at("until"), bisect.path_of("until"), true, computed.until);
}

}  // namespace

Status read_check(const Json& value, const std::string& path, const Exercise& exercise, const Model& model,
                  Check& check) {
  CheckReader reader(exercise, model);
  return reader.read_check(value, path, check);
}

}  // namespace contactlab

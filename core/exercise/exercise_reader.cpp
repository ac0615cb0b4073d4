#include "exercise/exercise_reader.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "base/options.h"
#include "exercise/answer_reader.h"
#include "exercise/check_reader.h"
#include "exercise/exercise_fields.h"
#include "exercise/exercise_scene.h"
#include "scene/option_fields.h"
#include "scene/scene_loader.h"
#include "session/link_payload.h"

namespace contactlab {
namespace {

// An exercise embeds a scene (16 levels) in its "scene" and commands in its answers.
constexpr std::size_t kMaxExerciseDepth = 20;
constexpr std::size_t kMaxTitleCharacters = 200;
constexpr std::size_t kMaxTaskCharacters = 20000;
constexpr std::size_t kMaxLabelCharacters = 200;
constexpr std::size_t kMaxUnitCharacters = 16;
constexpr std::size_t kMaxChecks = 50;
constexpr std::size_t kMaxWrongAnswers = 20;
constexpr std::size_t kMaxNamedItems = 20;  // options, parameters, numeric answers
constexpr std::size_t kMaxTargets = 8;

constexpr NumberRange kLimitTime{0, 600, false, true, "s"};
constexpr NumberRange kLimitSteps{1, 1e6, true, true, "steps"};
constexpr NumberRange kLimitSeconds{0, 600, false, true, "s"};
constexpr NumberRange kScore{0, 1, true, true, ""};
constexpr NumberRange kFactor{-1e6, 1e6, true, true, ""};
constexpr NumberRange kAnyNumber{-1e9, 1e9, true, true, ""};

class ExerciseReader {
 public:
  ExerciseReader(const Json& document, const BuiltinSceneLookup& builtin_scenes, AnswerKey answer_key)
      : document_(document), builtin_scenes_(builtin_scenes), answer_key_(answer_key) {}

  Status read(Exercise& exercise);

 private:
  Status read_scene(const FieldReader& top);
  Status read_limits(const FieldReader& top);
  Status check_step_cap() const;
  Status read_permissions(const Json& value, const std::string& path);
  Status read_option_permissions(const Json& value, const std::string& path);
  Status read_parameter(const Json& value, const std::string& path, const std::string& name);
  Status read_command_permission(const Json& value, const std::string& path);
  Status read_answer_slots(const Json& value, const std::string& path);
  Status read_answer_key(const FieldReader& top);
  Status read_wrong(const Json& value, const std::string& path, WrongAnswer& wrong);

  const Json& document_;
  const BuiltinSceneLookup& builtin_scenes_;
  AnswerKey answer_key_;
  Exercise exercise_;
  Model model_;  // the exercise's scene, for the names checks refer to
};

Status ExerciseReader::read(Exercise& exercise) {
  if (!document_.is_object()) {
    return Status::failure("the exercise must be a JSON object, got " + describe_json(document_));
  }
  const FieldReader top(document_, "");
  CONTACTLAB_RETURN_IF_ERROR(top.check_fields(
      {"name", "title", "task", "scene", "limits", "settings", "answers", "checks", "reference", "wrong"},
      "an exercise"));
  for (const char* key : {"name", "title", "task", "scene", "limits", "checks"}) {
    CONTACTLAB_RETURN_IF_ERROR(top.require(key));
  }
  CONTACTLAB_RETURN_IF_ERROR(top.identifier("name", exercise_.name));
  CONTACTLAB_RETURN_IF_ERROR(read_rich_text(top, "title", kMaxTitleCharacters, exercise_.title, nullptr));
  std::string task;
  CONTACTLAB_RETURN_IF_ERROR(read_rich_text(top, "task", kMaxTaskCharacters, task, &exercise_.task));
  CONTACTLAB_RETURN_IF_ERROR(read_scene(top));
  CONTACTLAB_RETURN_IF_ERROR(read_limits(top));
  if (top.has("settings")) CONTACTLAB_RETURN_IF_ERROR(read_permissions(top.at("settings"), "settings"));
  CONTACTLAB_RETURN_IF_ERROR(check_step_cap());
  if (top.has("answers")) CONTACTLAB_RETURN_IF_ERROR(read_answer_slots(top.at("answers"), "answers"));

  const Json& checks = top.at("checks");
  CONTACTLAB_RETURN_IF_ERROR(expect_array(checks, "checks", 1, kMaxChecks, "checks"));
  for (std::size_t i = 0; i < checks.size(); ++i) {
    Check check;
    CONTACTLAB_RETURN_IF_ERROR(read_check(checks[i], element_path("checks", i), exercise_, model_, check));
    // a check without feedback is allowed (what the simulation showed is told) but
    // rarely meant
    const std::string check_path = element_path("checks", i);
    const std::string unseen = " (the student sees only what the simulation showed)";
    if (check.pass_feedback.empty() && check.fail_feedback.empty()) {
      exercise_.warnings.push_back(check_path + ": no \"pass\" or \"fail\" feedback" + unseen);
    } else if (check.pass_feedback.empty() || check.fail_feedback.empty()) {
      exercise_.warnings.push_back(child_path(check_path, check.pass_feedback.empty() ? "pass" : "fail") +
                                   ": no feedback" + unseen);
    }
    exercise_.checks.push_back(std::move(check));
  }
  for (const AnswerSlot& slot : exercise_.answers) {
    const bool compared = std::any_of(exercise_.checks.begin(), exercise_.checks.end(),
                                      [&](const Check& check) { return check.is_answer && check.answer == slot.name; });
    if (!compared) return Status::failure(child_path("answers", slot.name) + ": no check compares this answer");
  }

  CONTACTLAB_RETURN_IF_ERROR(read_answer_key(top));
  exercise = std::move(exercise_);
  return Status::success();
}

// The reference answer and the wrong ones, as the answer key is required, optional or
// refused.
Status ExerciseReader::read_answer_key(const FieldReader& top) {
  if (answer_key_ == AnswerKey::Refused) {
    for (const char* key : {"reference", "wrong"}) {
      if (top.has(key)) {
        return Status::failure(std::string(key) +
                               ": an exercise link carries no answer key (`contactlab exercise-link` leaves out "
                               "\"reference\" and \"wrong\")");
      }
    }
    return Status::success();
  }
  if (answer_key_ == AnswerKey::Required) CONTACTLAB_RETURN_IF_ERROR(top.require("reference"));
  if (top.has("reference")) {
    CONTACTLAB_RETURN_IF_ERROR(
        read_answer_object(top.at("reference"), "reference", exercise_, true, {}, exercise_.reference));
  }
  if (top.has("wrong")) {
    const Json& wrong = top.at("wrong");
    CONTACTLAB_RETURN_IF_ERROR(expect_array(wrong, "wrong", 0, kMaxWrongAnswers, "wrong answers"));
    for (std::size_t i = 0; i < wrong.size(); ++i) {
      WrongAnswer answer;
      CONTACTLAB_RETURN_IF_ERROR(read_wrong(wrong[i], element_path("wrong", i), answer));
      exercise_.wrong.push_back(std::move(answer));
    }
  }
  return Status::success();
}

// The scene as a link names it (session/link_payload.h), merged by the same code.
Status ExerciseReader::read_scene(const FieldReader& top) {
  LinkScene scene;
  CONTACTLAB_RETURN_IF_ERROR(read_link_scene(top.at("scene"), "scene", scene));
  std::string builtin_text;
  if (!scene.builtin.empty()) {
    const Status found = builtin_scenes_(scene.builtin, builtin_text);
    if (!found.ok()) return Status::failure("scene.builtin: " + found.message());
  }
  CONTACTLAB_RETURN_IF_ERROR(link_scene_text(scene, builtin_text, exercise_.scene_text));
  const Status loaded = load_scene(exercise_.scene_text, model_);
  if (!loaded.ok()) return Status::failure("scene: " + loaded.message());
  return Status::success();
}

// With the time step locked, the scene's h must reach the time limit within the step
// cap: round(time / h) <= steps, or every answer would be not gradable.
Status ExerciseReader::check_step_cap() const {
  const bool open = std::any_of(exercise_.options.begin(), exercise_.options.end(),
                                [](const OptionPermission& option) { return option.name == "time_step"; });
  if (open) return Status::success();
  const double h = model_.options.time_step;
  const long needed = std::lround(exercise_.limits.time / h);
  if (needed <= exercise_.limits.steps) return Status::success();
  return Status::failure("limits.steps: " + std::to_string(exercise_.limits.steps) + " steps of the locked time step h = " +
                         describe_number(h) + " s do not reach the time limit of " +
                         describe_number(exercise_.limits.time) + " s, which takes " + std::to_string(needed));
}

Status ExerciseReader::read_limits(const FieldReader& top) {
  const std::string path = "limits";
  CONTACTLAB_RETURN_IF_ERROR(expect_object(top.at("limits"), path));
  const FieldReader fields(top.at("limits"), path);
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields({"time", "steps", "seconds"}, "the limits"));
  for (const char* key : {"time", "steps", "seconds"}) CONTACTLAB_RETURN_IF_ERROR(fields.require(key));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("time", kLimitTime, exercise_.limits.time));
  double steps = 0;
  CONTACTLAB_RETURN_IF_ERROR(read_whole_number(fields, "steps", kLimitSteps, steps));
  exercise_.limits.steps = static_cast<long>(steps);
  return fields.number("seconds", kLimitSeconds, exercise_.limits.seconds);
}

Status ExerciseReader::read_permissions(const Json& value, const std::string& path) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields({"options", "parameters", "commands"}, "the settings"));
  if (fields.has("options")) {
    CONTACTLAB_RETURN_IF_ERROR(read_option_permissions(fields.at("options"), fields.path_of("options")));
  }
  if (fields.has("parameters")) {
    const Json& parameters = fields.at("parameters");
    const std::string parameters_path = fields.path_of("parameters");
    CONTACTLAB_RETURN_IF_ERROR(expect_object(parameters, parameters_path));
    if (parameters.size() > kMaxNamedItems) {
      return Status::failure(parameters_path + ": at most " + std::to_string(kMaxNamedItems) + " parameters");
    }
    for (const auto& item : parameters.items()) {
      CONTACTLAB_RETURN_IF_ERROR(read_parameter(item.value(), child_path(parameters_path, item.key()), item.key()));
    }
  }
  if (fields.has("commands")) {
    CONTACTLAB_RETURN_IF_ERROR(read_command_permission(fields.at("commands"), fields.path_of("commands")));
  }
  return Status::success();
}

// {"NAME": {"min": .., "max": ..}}: bounds within the option table's range (words for
// named values are taken too).
Status ExerciseReader::read_option_permissions(const Json& value, const std::string& path) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  if (value.size() > kMaxNamedItems) {
    return Status::failure(path + ": at most " + std::to_string(kMaxNamedItems) + " options");
  }
  for (const auto& item : value.items()) {
    const std::string item_path = child_path(path, item.key());
    CONTACTLAB_RETURN_IF_ERROR(read_option_name(item.key(), item_path));
    CONTACTLAB_RETURN_IF_ERROR(expect_object(item.value(), item_path));
    const FieldReader fields(item.value(), item_path);
    CONTACTLAB_RETURN_IF_ERROR(fields.check_fields({"min", "max"}, "an option's bounds"));
    CONTACTLAB_RETURN_IF_ERROR(fields.require("min"));
    CONTACTLAB_RETURN_IF_ERROR(fields.require("max"));
    OptionPermission permission{item.key(), Bounds{}};
    CONTACTLAB_RETURN_IF_ERROR(
        read_option_value(item.key(), fields.at("min"), fields.path_of("min"), permission.bounds.low));
    CONTACTLAB_RETURN_IF_ERROR(
        read_option_value(item.key(), fields.at("max"), fields.path_of("max"), permission.bounds.high));
    if (permission.bounds.low > permission.bounds.high) {
      return Status::failure(item_path + ": must have min <= max");
    }
    exercise_.options.push_back(permission);
  }
  return Status::success();
}

// {"label", "unit", "min", "max", "targets": [{"pointer", "scale", "offset"}]}: each
// target a number of the scene, which loads with the parameter at either bound.
Status ExerciseReader::read_parameter(const Json& value, const std::string& path, const std::string& name) {
  std::string checked_name;
  CONTACTLAB_RETURN_IF_ERROR(read_identifier(Json(name), path, checked_name));
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields({"label", "unit", "min", "max", "targets"}, "a parameter"));
  for (const char* key : {"label", "min", "max", "targets"}) CONTACTLAB_RETURN_IF_ERROR(fields.require(key));
  Parameter parameter;
  parameter.name = name;
  CONTACTLAB_RETURN_IF_ERROR(fields.text("label", kMaxLabelCharacters, parameter.label));
  CONTACTLAB_RETURN_IF_ERROR(fields.text("unit", kMaxUnitCharacters, parameter.unit));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("min", kAnyNumber, parameter.bounds.low));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("max", kAnyNumber, parameter.bounds.high));
  if (parameter.bounds.low > parameter.bounds.high) return Status::failure(path + ": must have min <= max");
  const Json& targets = fields.at("targets");
  const std::string targets_path = fields.path_of("targets");
  CONTACTLAB_RETURN_IF_ERROR(expect_array(targets, targets_path, 1, kMaxTargets, "targets"));
  Json scene = Json::parse(exercise_.scene_text);
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const std::string target_path = element_path(targets_path, i);
    CONTACTLAB_RETURN_IF_ERROR(expect_object(targets[i], target_path));
    const FieldReader target_fields(targets[i], target_path);
    CONTACTLAB_RETURN_IF_ERROR(target_fields.check_fields({"pointer", "scale", "offset"}, "a parameter's target"));
    CONTACTLAB_RETURN_IF_ERROR(target_fields.require("pointer"));
    ParameterTarget target;
    CONTACTLAB_RETURN_IF_ERROR(target_fields.text("pointer", 500, target.pointer));
    const Json* place = find_pointer(scene, target.pointer);
    if (place == nullptr || !place->is_number()) {
      return Status::failure(target_fields.path_of("pointer") + ": the scene has no number at " +
                             contactlab::quoted(target.pointer) + " (a JSON Pointer, e.g. /bodies/1/position/2)");
    }
    CONTACTLAB_RETURN_IF_ERROR(target_fields.number("scale", kFactor, target.scale));
    CONTACTLAB_RETURN_IF_ERROR(target_fields.number("offset", kFactor, target.offset));
    parameter.targets.push_back(target);
  }
  exercise_.parameters.push_back(parameter);
  for (const double bound : {parameter.bounds.low, parameter.bounds.high}) {
    Settings at_bound;
    at_bound.parameters.emplace_back(name, bound);
    std::string scene_text;
    std::vector<std::pair<std::string, double>> options;
    Model model;
    Status status = scene_with_settings(exercise_, at_bound, Settings{}, scene_text, options);
    if (status.ok()) status = load_scene(scene_text, model);
    if (!status.ok()) {
      return Status::failure(path + ": the scene does not load with the parameter at " + describe_number(bound) + ": " +
                             status.message());
    }
  }
  return Status::success();
}

// {"kinds": [...], "articulations": [...], "max": n, "time": [t0, t1]}
Status ExerciseReader::read_command_permission(const Json& value, const std::string& path) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields({"kinds", "articulations", "max", "time"}, "the commands"));
  for (const char* key : {"kinds", "articulations", "max", "time"}) CONTACTLAB_RETURN_IF_ERROR(fields.require(key));
  CommandPermission& allowed = exercise_.commands;
  const std::vector<std::string> kinds = {"move_joints", "autograsp", "open", "move_cartesian"};
  const Json& kind_list = fields.at("kinds");
  CONTACTLAB_RETURN_IF_ERROR(expect_array(kind_list, fields.path_of("kinds"), 1, kinds.size(), "command kinds"));
  for (std::size_t i = 0; i < kind_list.size(); ++i) {
    const Json& kind = kind_list[i];
    if (!kind.is_string() || std::find(kinds.begin(), kinds.end(), kind.get<std::string>()) == kinds.end()) {
      return Status::failure(element_path(fields.path_of("kinds"), i) + ": must be one of " + names_text(kinds) +
                             ", got " + describe_json(kind));
    }
    allowed.kinds.push_back(kind.get<std::string>());
  }
  const Json& articulations = fields.at("articulations");
  const std::string articulations_path = fields.path_of("articulations");
  CONTACTLAB_RETURN_IF_ERROR(expect_array(articulations, articulations_path, 1, 8, "articulations"));
  std::vector<std::string> known;
  for (const Articulation& articulation : model_.articulations) known.push_back(articulation.name);
  for (std::size_t i = 0; i < articulations.size(); ++i) {
    std::string name;
    CONTACTLAB_RETURN_IF_ERROR(read_identifier(articulations[i], element_path(articulations_path, i), name));
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      return Status::failure(element_path(articulations_path, i) + ": unknown articulation " +
                             contactlab::quoted(name) + " (known: " + names_text(known) + ")");
    }
    allowed.articulations.push_back(name);
  }
  double most = 0;
  CONTACTLAB_RETURN_IF_ERROR(read_whole_number(fields, "max", NumberRange{1, 16, true, true, "commands"}, most));
  allowed.max_count = static_cast<int>(most);
  const NumberRange times{0, exercise_.limits.time, true, true, "s"};
  return read_interval(fields.at("time"), fields.path_of("time"), times, allowed.time.low, allowed.time.high);
}

// {"NAME": {"label", "unit", "min", "max"}}
Status ExerciseReader::read_answer_slots(const Json& value, const std::string& path) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  if (value.size() > kMaxNamedItems) {
    return Status::failure(path + ": at most " + std::to_string(kMaxNamedItems) + " answers");
  }
  for (const auto& item : value.items()) {
    const std::string item_path = child_path(path, item.key());
    AnswerSlot slot;
    CONTACTLAB_RETURN_IF_ERROR(read_identifier(Json(item.key()), item_path, slot.name));
    CONTACTLAB_RETURN_IF_ERROR(expect_object(item.value(), item_path));
    const FieldReader fields(item.value(), item_path);
    CONTACTLAB_RETURN_IF_ERROR(fields.check_fields({"label", "unit", "min", "max"}, "an answer"));
    for (const char* key : {"label", "min", "max"}) CONTACTLAB_RETURN_IF_ERROR(fields.require(key));
    CONTACTLAB_RETURN_IF_ERROR(fields.text("label", kMaxLabelCharacters, slot.label));
    CONTACTLAB_RETURN_IF_ERROR(fields.text("unit", kMaxUnitCharacters, slot.unit));
    CONTACTLAB_RETURN_IF_ERROR(fields.number("min", kAnyNumber, slot.bounds.low));
    CONTACTLAB_RETURN_IF_ERROR(fields.number("max", kAnyNumber, slot.bounds.high));
    if (slot.bounds.low > slot.bounds.high) return Status::failure(item_path + ": must have min <= max");
    exercise_.answers.push_back(slot);
  }
  return Status::success();
}

Status ExerciseReader::read_wrong(const Json& value, const std::string& path, WrongAnswer& wrong) {
  CONTACTLAB_RETURN_IF_ERROR(read_answer_object(value, path, exercise_, true, {"score", "mistake"}, wrong.answer));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.require("score"));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("score", kScore, wrong.score));
  return fields.text("mistake", kMaxLabelCharacters, wrong.mistake);
}

}  // namespace

Status read_exercise(const std::string& json_text, const BuiltinSceneLookup& builtin_scenes, Exercise& exercise,
                     AnswerKey answer_key) {
  Json document;
  CONTACTLAB_RETURN_IF_ERROR(parse_json(json_text, kMaxExerciseDepth, document));
  ExerciseReader reader(document, builtin_scenes, answer_key);
  return reader.read(exercise);
}

}  // namespace contactlab

// Registers the core's exercises (core/exercise/) for the page's exercise mode
// (docs/exercises.md, "In the page"): an exercise is read, described to the page, its
// answers checked and graded by the same code as `contactlab grade`, and the grade
// written as the CLI writes its results, so the score the page shows is the CLI's.
// Task text goes to the page as blocks and spans, never as markup.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <string>
#include <utility>

#include "exercise/answer_reader.h"
#include "exercise/exercise_link.h"
#include "exercise/exercise_reader.h"
#include "exercise/exercise_scene.h"
#include "exercise/grader_results.h"
#include "exercise/grading.h"
#include "scene/json_fields.h"

namespace contactlab {
namespace {

Json spans_json(const std::vector<TextSpan>& spans) {
  static const char* const kStyles[] = {"plain", "emphasis", "strong", "code", "math"};
  Json out = Json::array();
  for (const TextSpan& span : spans) {
    out.push_back({{"style", kStyles[static_cast<int>(span.style)]}, {"text", span.text}});
  }
  return out;
}

// [{kind: "paragraph" | "bullets" | "numbered", items: [[{style, text}]]}]
Json text_json(const TaskText& text) {
  static const char* const kKinds[] = {"paragraph", "bullets", "numbered"};
  Json blocks = Json::array();
  for (const TextBlock& block : text.blocks) {
    Json items = Json::array();
    for (const auto& item : block.items) items.push_back(spans_json(item));
    blocks.push_back({{"kind", kKinds[static_cast<int>(block.kind)]}, {"items", items}});
  }
  return blocks;
}

// Text the exercise reader has already accepted (a title, a feedback) as blocks.
Json accepted_text_json(const std::string& text) {
  TaskText parsed;
  parse_task_text(text, text.size(), parsed);
  return text_json(parsed);
}

Json bounds_json(const Bounds& bounds) { return Json::array({bounds.low, bounds.high}); }

// A parameter's value in the exercise's scene, read back from its first pointer
// (offset + scale * value); null when it cannot be.
Json parameter_value(const Parameter& parameter, Json& scene) {
  if (parameter.targets.empty()) return nullptr;
  const ParameterTarget& target = parameter.targets.front();
  const Json* written = find_pointer(scene, target.pointer);
  if (written == nullptr || !written->is_number() || target.scale == 0) return nullptr;
  return (written->get<double>() - target.offset) / target.scale;
}

Json exercise_json(const Exercise& exercise) {
  Json scene = Json::parse(exercise.scene_text, nullptr, false);
  Json options = Json::array();
  for (const OptionPermission& option : exercise.options) {
    options.push_back({{"name", option.name}, {"bounds", bounds_json(option.bounds)}});
  }
  Json parameters = Json::array();
  for (const Parameter& parameter : exercise.parameters) {
    parameters.push_back({{"name", parameter.name},
                          {"label", parameter.label},
                          {"unit", parameter.unit},
                          {"bounds", bounds_json(parameter.bounds)},
                          {"value", parameter_value(parameter, scene)}});
  }
  Json answers = Json::array();
  for (const AnswerSlot& slot : exercise.answers) {
    answers.push_back(
        {{"name", slot.name}, {"label", slot.label}, {"unit", slot.unit}, {"bounds", bounds_json(slot.bounds)}});
  }
  Json checks = Json::array();
  for (const Check& check : exercise.checks) checks.push_back({{"name", check.name}, {"points", check.points}});
  return {{"name", exercise.name},
          {"title", accepted_text_json(exercise.title)},
          {"task", text_json(exercise.task)},
          {"options", options},
          {"parameters", parameters},
          {"answers", answers},
          {"checks", checks}};
}

Json grade_json(const Grade& grade) {
  Json checks = Json::array();
  for (const CheckResult& check : grade.checks) {
    checks.push_back({{"name", check.name},
                      {"passed", check.passed},
                      {"points", check.points},
                      {"max_points", check.max_points},
                      {"message", accepted_text_json(check.message)},
                      {"output", check.output},
                      {"visibility", check.visibility == CheckVisibility::Visible        ? "visible"
                                     : check.visibility == CheckVisibility::AfterDueDate ? "after_due_date"
                                                                                         : "hidden"}});
  }
  return {{"gradable", grade.gradable}, {"error", grade.error},           {"score", grade.score},
          {"points", grade.points},     {"max_points", grade.max_points}, {"checks", checks}};
}

// The built-in scenes as a JSON object {name: text} => a lookup into `scenes`; "" or
// why not.
std::string scene_lookup(const std::string& builtin_scenes_json, Json& scenes, BuiltinSceneLookup& lookup) {
  scenes = Json::parse(builtin_scenes_json, nullptr, false);
  if (!scenes.is_object()) return "the built-in scenes must be a JSON object of name: text";
  lookup = [&scenes](const std::string& name, std::string& text) {
    const auto found = scenes.find(name);
    if (found == scenes.end() || !found->is_string()) {
      return Status::failure("unknown built-in scene \"" + name + "\"");
    }
    text = found->get<std::string>();
    return Status::success();
  };
  return "";
}

// (an exercise's JSON text, the built-in scenes) => {error, text}: the exercise an
// exercise link carries (exercise/exercise_link.h), or the reader's message.
emscripten::val exercise_link_json(const std::string& exercise_text, const std::string& builtin_scenes_json) {
  emscripten::val out = emscripten::val::object();
  Json scenes;
  BuiltinSceneLookup lookup;
  std::string error = scene_lookup(builtin_scenes_json, scenes, lookup);
  std::string text;
  if (error.empty()) error = exercise_link_text(exercise_text, lookup, text).message();
  out.set("error", error);
  out.set("text", error.empty() ? text : std::string());
  return out;
}

emscripten::val result(const Status& status) {
  emscripten::val out = emscripten::val::object();
  out.set("error", status.message());
  return out;
}

// One exercise: read once, then its answers checked and graded. The grader keeps the
// values it has computed, so a second Check of the same exercise runs only the
// student's settings.
class ExerciseHandle {
 public:
  // (the exercise's JSON text, the built-in scenes as a JSON object {name: text}, its
  // answer key: "required" (a built-in), "optional" (a file) or "refused" (a link's
  // exercise)) => "" or the reader's message naming the field.
  std::string load(const std::string& exercise_text, const std::string& builtin_scenes_json,
                   const std::string& answer_key) {
    AnswerKey key = AnswerKey::Required;
    if (answer_key == "optional") {
      key = AnswerKey::Optional;
    } else if (answer_key == "refused") {
      key = AnswerKey::Refused;
    } else if (answer_key != "required") {
      return "the answer key must be required, optional or refused, got \"" + answer_key + "\"";
    }
    Json scenes;
    BuiltinSceneLookup lookup;
    if (const std::string error = scene_lookup(builtin_scenes_json, scenes, lookup); !error.empty()) return error;
    auto exercise = std::make_unique<Exercise>();
    const Status status = read_exercise(exercise_text, lookup, *exercise, key);
    if (!status.ok()) return status.message();
    grader_.reset();
    exercise_ = std::move(exercise);
    grader_ = std::make_unique<ExerciseGrader>(*exercise_);
    return "";
  }

  // The exercise as the page shows it (JSON text): name, title and task as blocks,
  // the options and parameters the student may set with their bounds (and a
  // parameter's value in the scene), the answers with units and bounds, the checks
  // with their points.
  std::string description() const { return exercise_ ? exercise_json(*exercise_).dump() : "null"; }

  // ANSWER.json's text => {error}: "" when the grader would take it, else why not.
  emscripten::val check_answer(const std::string& answer_text) const {
    if (!exercise_) return result(Status::failure("no exercise loaded"));
    Answer answer;
    return result(read_answer(answer_text, *exercise_, answer));
  }

  // ANSWER.json's text => {error, text, options}: the scene the answer's settings give
  // (parameters written, commands merged) and the options to set after loading it,
  // as JSON text [[name, value]], the very scene the grader runs.
  emscripten::val scene(const std::string& answer_text) const {
    emscripten::val out = emscripten::val::object();
    Answer answer;
    std::string text;
    std::vector<std::pair<std::string, double>> options;
    Status status = exercise_ ? read_answer(answer_text, *exercise_, answer) : Status::failure("no exercise loaded");
    if (status.ok()) status = scene_with_settings(*exercise_, answer.settings, Settings{}, text, options);
    out.set("error", status.message());
    out.set("text", status.ok() ? text : std::string());
    out.set("options", status.ok() ? Json(options).dump() : std::string("[]"));
    return out;
  }

  // ANSWER.json's text => the grade as JSON text: {gradable, error, score, points,
  // max_points, checks: [{name, passed, points, max_points, message (blocks),
  // output, visibility (visible, after_due_date or hidden: the page leaves out the
  // feedback of a check not visible)}]}, or {"broken": message} when the exercise itself cannot be graded.
  std::string grade(const std::string& answer_text) {
    if (!grader_) return Json{{"broken", "no exercise loaded"}}.dump();
    Grade graded;
    const Status status = grader_->grade_text(answer_text, graded);
    if (!status.ok()) return Json{{"broken", status.message()}}.dump();
    last_ = std::move(graded);
    return grade_json(last_).dump();
  }

  // The last grade as `contactlab grade` writes it: "prairielearn" or "gradescope".
  std::string results(const std::string& format) const {
    if (!exercise_) return "";
    return format == "gradescope" ? gradescope_results(*exercise_, last_) : prairielearn_results(*exercise_, last_);
  }

 private:
  std::unique_ptr<Exercise> exercise_;
  std::unique_ptr<ExerciseGrader> grader_;  // refers to *exercise_
  Grade last_;
};

}  // namespace
}  // namespace contactlab

EMSCRIPTEN_BINDINGS(contactlab_exercise) {
  using contactlab::ExerciseHandle;
  emscripten::function("exerciseLinkText", &contactlab::exercise_link_json);
  emscripten::class_<ExerciseHandle>("Exercise")
      .constructor<>()
      .function("load", &ExerciseHandle::load)
      .function("description", &ExerciseHandle::description)
      .function("checkAnswer", &ExerciseHandle::check_answer)
      .function("scene", &ExerciseHandle::scene)
      .function("grade", &ExerciseHandle::grade)
      .function("results", &ExerciseHandle::results);
}

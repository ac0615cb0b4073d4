#include "exercise/grading.h"

#include <cmath>
#include <utility>

#include "base/number_text.h"
#include "exercise/answer_reader.h"
#include "exercise/computed_value.h"
#include "exercise/exercise_run.h"
#include "exercise/exercise_scene.h"
#include "scene/json_fields.h"

namespace contactlab {
namespace {

// Checks with the same forced settings share one run; this key tells them apart.
std::string settings_key(const Settings& settings) {
  Json key = Json::array();
  for (const auto& [name, value] : settings.options) key.push_back(Json::array({"option", name, value}));
  for (const auto& [name, value] : settings.parameters) key.push_back(Json::array({"parameter", name, value}));
  for (const Json& command : settings.commands) key.push_back(command);
  return key.dump();
}

Grade not_gradable(std::string why) {
  Grade grade;
  grade.gradable = false;
  grade.error = std::move(why);
  return grade;
}

const double* given_answer(const Answer& answer, const std::string& name) {
  for (const auto& [slot, number] : answer.answers) {
    if (slot == name) return &number;
  }
  return nullptr;
}

std::string unit_suffix(const Exercise& exercise, const std::string& answer) {
  for (const AnswerSlot& slot : exercise.answers) {
    if (slot.name == answer && !slot.unit.empty()) return " " + slot.unit;
  }
  return "";
}

}  // namespace

ExerciseGrader::ExerciseGrader(const Exercise& exercise) : exercise_(exercise), values_(exercise.checks.size()) {}

Status ExerciseGrader::value_of(std::size_t check, RunBudget& budget, const Value*& value) {
  if (!values_[check]) {
    Value computed;
    CONTACTLAB_RETURN_IF_ERROR(
        compute_value(exercise_, exercise_.checks[check], budget, computed.value, computed.detail));
    values_[check] = std::move(computed);
  }
  value = &*values_[check];
  return Status::success();
}

Status ExerciseGrader::compute_values(bool& timed_out) {
  RunBudget budget = budget_of(exercise_.limits);
  timed_out = false;
  for (std::size_t i = 0; i < exercise_.checks.size(); ++i) {
    if (!exercise_.checks[i].is_answer) continue;
    const Value* value = nullptr;
    const Status computed = value_of(i, budget, value);
    if (!computed.ok()) {
      timed_out = budget.timed_out;
      return Status::failure(element_path("checks", i) + ".value: " + computed.message());
    }
  }
  return Status::success();
}

Status ExerciseGrader::grade(const Answer& answer, Grade& grade) {
  RunBudget budget = budget_of(exercise_.limits);
  const std::vector<Check>& checks = exercise_.checks;
  std::vector<CheckResult> results(checks.size());

  // (student's settings, each group's forced settings) => one run per group, every
  // predicate of the group evaluated in it
  std::vector<bool> done(checks.size(), false);
  for (std::size_t first = 0; first < checks.size(); ++first) {
    if (checks[first].is_answer || done[first]) continue;
    const std::string key = settings_key(checks[first].with);
    std::vector<std::size_t> group;
    std::vector<const Predicate*> predicates;
    for (std::size_t i = first; i < checks.size(); ++i) {
      if (checks[i].is_answer || done[i] || settings_key(checks[i].with) != key) continue;
      group.push_back(i);
      predicates.push_back(&checks[i].expect);
      done[i] = true;
    }
    std::string scene_text;
    std::vector<std::pair<std::string, double>> options;
    ExerciseRun run;
    std::vector<PredicateOutcome> outcomes;
    Status status = scene_with_settings(exercise_, answer.settings, checks[first].with, scene_text, options);
    if (status.ok()) status = run.start(scene_text, options);
    if (status.ok()) status = run.evaluate(predicates, budget, outcomes);
    if (!status.ok()) {
      grade = not_gradable("the simulation of your settings could not be run for \"" + checks[first].name +
                           "\": " + status.message());
      return Status::success();
    }
    for (std::size_t k = 0; k < group.size(); ++k) {
      CheckResult& result = results[group[k]];
      result.passed = outcomes[k].holds;
      result.output = outcomes[k].detail;
    }
  }

  // (numeric answers, computed values) => within the tolerance or not
  for (std::size_t i = 0; i < checks.size(); ++i) {
    const Check& check = checks[i];
    if (!check.is_answer) continue;
    const Value* value = nullptr;
    const Status computed = value_of(i, budget, value);
    if (!computed.ok()) {
      if (budget.timed_out) {
        grade = not_gradable("the value \"" + check.name +
                             "\" is compared with could not be computed: " + computed.message());
        return Status::success();
      }
      return Status::failure(element_path("checks", i) + ".value: " + computed.message());
    }
    CheckResult& result = results[i];
    const std::string unit = unit_suffix(exercise_, check.answer);
    const double allowed = check.relative_tolerance ? check.tolerance * std::abs(value->value) : check.tolerance;
    const std::string tolerance = check.relative_tolerance ? describe_number(check.tolerance * 100) + " %"
                                                           : describe_number(check.tolerance) + unit;
    const double* given = given_answer(answer, check.answer);
    if (given == nullptr) {
      result.output = "no answer given for " + check.answer;
    } else if (std::abs(*given - value->value) <= allowed) {
      result.passed = true;
      result.output = "your answer " + describe_number(*given) + unit + " is within " + tolerance +
                      " of the simulation's " + describe_number(value->value) + unit + " (" + value->detail + ")";
    } else {
      result.output = "your answer " + describe_number(*given) + unit + " is not within " + tolerance +
                      " of the value the simulation gives";
    }
  }

  Grade graded;
  for (std::size_t i = 0; i < checks.size(); ++i) {
    CheckResult& result = results[i];
    result.name = checks[i].name;
    result.max_points = checks[i].points;
    result.visibility = checks[i].visibility;
    result.points = result.passed ? checks[i].points : 0;
    result.message = result.passed ? checks[i].pass_feedback : checks[i].fail_feedback;
    graded.points += result.points;
    graded.max_points += result.max_points;
  }
  graded.score = graded.points / graded.max_points;
  graded.checks = std::move(results);
  grade = std::move(graded);
  return Status::success();
}

Status ExerciseGrader::grade_text(const std::string& answer_text, Grade& grade) {
  Answer answer;
  const Status read = read_answer(answer_text, exercise_, answer);
  if (!read.ok()) {
    grade = not_gradable("the answer is malformed: " + read.message());
    return Status::success();
  }
  return this->grade(answer, grade);
}

Status self_test(const Exercise& exercise, std::vector<SelfTestCase>& cases) {
  ExerciseGrader grader(exercise);
  return self_test(grader, exercise, cases);
}

Status self_test(ExerciseGrader& grader, const Exercise& exercise, std::vector<SelfTestCase>& cases) {
  std::vector<SelfTestCase> tested;
  std::vector<std::pair<std::string, const Answer*>> answers = {{"reference", &exercise.reference}};
  std::vector<double> expected = {1};
  for (std::size_t i = 0; i < exercise.wrong.size(); ++i) {
    answers.emplace_back(element_path("wrong", i), &exercise.wrong[i].answer);
    expected.push_back(exercise.wrong[i].score);
  }
  for (std::size_t i = 0; i < answers.size(); ++i) {
    SelfTestCase test;
    test.label = answers[i].first;
    test.expected = expected[i];
    CONTACTLAB_RETURN_IF_ERROR(grader.grade(*answers[i].second, test.grade));
    test.passed = test.grade.gradable && std::abs(test.grade.score - test.expected) <= kScoreTolerance;
    tested.push_back(std::move(test));
  }
  cases = std::move(tested);
  return Status::success();
}

}  // namespace contactlab

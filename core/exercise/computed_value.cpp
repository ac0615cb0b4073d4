#include "exercise/computed_value.h"

#include <utility>
#include <vector>

#include "base/number_text.h"
#include "exercise/exercise_scene.h"

namespace contactlab {
namespace {

// The run of the exercise's scene with the check's forced settings and, over them,
// `setting` (the bisected option or parameter, if any).
Status start_run(const Exercise& exercise, const Check& check, const Settings& setting, ExerciseRun& run) {
  std::string scene_text;
  std::vector<std::pair<std::string, double>> options;
  CONTACTLAB_RETURN_IF_ERROR(scene_with_settings(exercise, check.with, setting, scene_text, options));
  return run.start(scene_text, options);
}

// Whether the bisection's predicate holds with the bisected setting at `at`.
Status predicate_at(const Exercise& exercise, const Check& check, double at, RunBudget& budget, bool& holds) {
  const ComputedValue& computed = check.value;
  Settings setting;
  if (computed.over_option) {
    setting.options.emplace_back(computed.setting, at);
  } else {
    setting.parameters.emplace_back(computed.setting, at);
  }
  ExerciseRun run;
  CONTACTLAB_RETURN_IF_ERROR(start_run(exercise, check, setting, run));
  std::vector<PredicateOutcome> outcomes;
  CONTACTLAB_RETURN_IF_ERROR(run.evaluate({&computed.until}, budget, outcomes));
  holds = outcomes[0].holds;
  return Status::success();
}

}  // namespace

Status compute_value(const Exercise& exercise, const Check& check, RunBudget& budget, double& value,
                     std::string& detail) {
  const ComputedValue& computed = check.value;
  if (!computed.bisect) {
    ExerciseRun run;
    CONTACTLAB_RETURN_IF_ERROR(start_run(exercise, check, Settings{}, run));
    return run.measure(computed.measure, budget, value, detail);
  }

  // (low, high, p(low) != p(high)) => the bracket around the change, halved each run
  double low = computed.low;
  double high = computed.high;
  bool at_low = false, at_high = false;
  CONTACTLAB_RETURN_IF_ERROR(predicate_at(exercise, check, low, budget, at_low));
  CONTACTLAB_RETURN_IF_ERROR(predicate_at(exercise, check, high, budget, at_high));
  const std::string predicate = describe_expectation(computed.until);
  if (at_low == at_high) {
    return Status::failure("the bisection of " + computed.setting + " finds no change: " + predicate +
                           (at_low ? " holds" : " fails") + " at both " + describe_number(low) + " and " +
                           describe_number(high));
  }
  for (int i = 0; i < computed.iterations; ++i) {
    const double middle = low + (high - low) / 2;
    bool at_middle = false;
    CONTACTLAB_RETURN_IF_ERROR(predicate_at(exercise, check, middle, budget, at_middle));
    if (at_middle == at_low) {
      low = middle;
    } else {
      high = middle;
    }
  }
  value = low + (high - low) / 2;
  detail = computed.setting + " where " + predicate + (at_low ? " stops holding" : " starts to hold") +
           ", by bisection of [" + describe_number(computed.low) + ", " + describe_number(computed.high) + "] in " +
           std::to_string(computed.iterations) + " steps (to within " + describe_number((high - low) / 2) + ")";
  return Status::success();
}

}  // namespace contactlab

// Grading an answer to an exercise (docs/exercises.md, "Grading"): the checks that
// look at the simulated outcome run the exercise's scene with the student's settings
// (and the check's forced ones over them), one run per distinct set of forced
// settings; numeric answers are compared with values the core computes
// (computed_value.h). The score is the points of the checks passed over all points.
// The same answer gets the same score on every machine: nothing but the answer, the
// exercise and the deterministic simulation enters it. The command line's `grade` and
// the page's exercise mode call this same code.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/status.h"
#include "exercise/exercise.h"
#include "exercise/exercise_run.h"

namespace contactlab {

struct CheckResult {
  std::string name;
  double points = 0;  // earned: all of max_points or none
  double max_points = 0;
  bool passed = false;
  std::string message;  // the exercise's feedback for a pass or a fail, in the task-text subset
  std::string output;   // what the simulation showed, in words
  CheckVisibility visibility = CheckVisibility::Visible;
};

// A grade, or why there is none: a malformed answer, or one whose run cannot be
// finished (a scene that does not load with its settings, a run past the step cap, a
// failed step, the wall-clock budget spent). Not gradable is not a zero: the reason
// goes to the student.
struct Grade {
  bool gradable = true;
  std::string error;  // why not, when not gradable
  double score = 0;   // points / max_points, in [0, 1]
  double points = 0;
  double max_points = 0;
  std::vector<CheckResult> checks;
};

// Grades answers to one exercise; each computed value is worked out on first need and
// kept for the next answer (the values depend on the exercise alone).
class ExerciseGrader {
 public:
  explicit ExerciseGrader(const Exercise& exercise);

  // Works out every computed value now, within one grading's wall-clock budget of its
  // own, so that no answer's grading spends its budget on them. Afterwards grade() and
  // grade_text() only read the grader, and may run on several threads at once (each
  // grading runs simulations of its own). Fails when the exercise is broken or the
  // values take longer than the budget (`timed_out` set): then they are left to be
  // worked out per answer, as without this call.
  Status compute_values(bool& timed_out);

  // Fails only when the exercise itself is broken (a value it cannot compute); every
  // fault of the answer gives a Grade that is not gradable.
  Status grade(const Answer& answer, Grade& grade);
  // The same from ANSWER.json's text: a malformed answer is not gradable, the message
  // naming the field.
  Status grade_text(const std::string& answer_text, Grade& grade);

 private:
  struct Value {
    double value = 0;
    std::string detail;
  };
  Status value_of(std::size_t check, RunBudget& budget, const Value*& value);

  const Exercise& exercise_;
  std::vector<std::optional<Value>> values_;  // per check
};

// The exercise's own test: the reference answer must get full marks and each wrong
// answer its stated score (to within kScoreTolerance).
struct SelfTestCase {
  std::string label;  // "reference", "wrong[0]"
  double expected = 0;
  Grade grade;
  bool passed = false;
};

inline constexpr double kScoreTolerance = 1e-6;

// Fails only when the exercise is broken; `cases` says which answers got what.
Status self_test(const Exercise& exercise, std::vector<SelfTestCase>& cases);
// The same with a grader of the exercise (its values perhaps computed already).
Status self_test(ExerciseGrader& grader, const Exercise& exercise, std::vector<SelfTestCase>& cases);

}  // namespace contactlab

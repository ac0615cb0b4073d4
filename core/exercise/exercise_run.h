// One run of an exercise's scene with settings (exercise_scene.h): loaded, its options
// set, and stepped as far as its predicates and measures look, no further. Every run
// is held to the exercise's cap (ExerciseLimits): its last step, round(t / h) for the
// latest time it looks at, must be within the step cap, which a student's smaller time
// step can pass; and steps stop at the grading's wall-clock deadline.
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "base/status.h"
#include "exercise/exercise.h"
#include "exercise/observation.h"
#include "session/simulation.h"

namespace contactlab {

// What one grading may spend: steps per run and wall-clock time.
struct RunBudget {
  long steps_per_run = 0;
  double seconds = 0;  // the exercise's wall-clock budget, for messages
  std::chrono::steady_clock::time_point deadline;
  bool timed_out = false;  // set when a run stopped at the deadline
};

RunBudget budget_of(const ExerciseLimits& limits);

// A predicate over a run: whether it held (at its time, or at every step of its
// window) and what was seen, in words.
struct PredicateOutcome {
  bool holds = false;
  std::string detail;
};

class ExerciseRun {
 public:
  // Loads the scene and sets the options in order. The message says why it failed.
  Status start(const std::string& scene_text, const std::vector<std::pair<std::string, double>>& options);

  // The outcome of each predicate, in one pass over the run.
  Status evaluate(const std::vector<const Predicate*>& predicates, RunBudget& budget,
                  std::vector<PredicateOutcome>& outcomes);
  // A measure's value, and how it was read in words.
  Status measure(const Measure& measure, RunBudget& budget, double& value, std::string& detail);

 private:
  long step_at(double time) const;
  Status check_length(long last_step, const RunBudget& budget) const;
  Status advance_to(long step, RunBudget& budget);
  double time_of(long step) const;
  // The steps an event is searched in, and its names resolved.
  long event_first(const Event& event) const;
  long event_last(const Event& event) const;
  PredicateTarget event_target(const Event& event) const;
  // Measures over a window or at an event, read step by step.
  Status measure_over_window(const Measure& measure, const PredicateTarget& target, RunBudget& budget,
                             double& value, std::string& detail);
  Status measure_at_event(const Measure& measure, const PredicateTarget& target, RunBudget& budget, double& value,
                          std::string& detail);

  Simulation simulation_;
  RunHistory history_;
  double time_step_ = 0;
  long steps_ = 0;
};

}  // namespace contactlab

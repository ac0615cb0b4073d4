#include "exercise/exercise_run.h"

#include <algorithm>
#include <cmath>

#include "base/number_text.h"

namespace contactlab {
namespace {

// The wall clock is read every this many steps.
constexpr long kClockInterval = 64;

// The steps a time or window covers.
struct StepRange {
  long first = 0;
  long last = 0;
};

std::string time_text(double time) { return "t = " + describe_number(time) + " s"; }

}  // namespace

RunBudget budget_of(const ExerciseLimits& limits) {
  RunBudget budget;
  budget.steps_per_run = limits.steps;
  budget.seconds = limits.seconds;
  budget.deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                           std::chrono::duration<double>(limits.seconds));
  return budget;
}

Status ExerciseRun::start(const std::string& scene_text, const std::vector<std::pair<std::string, double>>& options) {
  const Status loaded = simulation_.load_scene(scene_text);
  if (!loaded.ok()) return Status::failure("the scene does not load: " + loaded.message());
  for (const auto& [name, value] : options) {
    const Status set = simulation_.set_option(name, value);
    if (!set.ok()) return Status::failure("options." + set.message());
  }
  time_step_ = simulation_.options().time_step;
  initial_.position = simulation_.data().position;
  initial_.orientation = simulation_.data().orientation;
  steps_ = 0;
  return Status::success();
}

long ExerciseRun::step_at(double time) const { return std::lround(time / time_step_); }

double ExerciseRun::time_of(long step) const { return static_cast<double>(step) * time_step_; }

Status ExerciseRun::check_length(long last_step, const RunBudget& budget) const {
  if (last_step <= budget.steps_per_run) return Status::success();
  return Status::failure("the run to " + time_text(time_of(last_step)) + " takes " + std::to_string(last_step) +
                         " steps of h = " + describe_number(time_step_) + " s, more than this exercise's cap of " +
                         std::to_string(budget.steps_per_run) + " steps");
}

Status ExerciseRun::advance_to(long step, RunBudget& budget) {
  while (steps_ < step) {
    if (steps_ % kClockInterval == 0 && std::chrono::steady_clock::now() > budget.deadline) {
      budget.timed_out = true;
      return Status::failure("grading took longer than this exercise's budget of " + describe_number(budget.seconds) +
                             " s (stopped at " + time_text(time_of(steps_)) + ")");
    }
    if (simulation_.step(1) != 1) return Status::failure(simulation_.step_error());
    ++steps_;
  }
  return Status::success();
}

Status ExerciseRun::evaluate(const std::vector<const Predicate*>& predicates, RunBudget& budget,
                             std::vector<PredicateOutcome>& outcomes) {
  const Model& model = simulation_.model();
  std::vector<StepRange> ranges;
  std::vector<PredicateTarget> targets;
  long last = 0;
  for (const Predicate* predicate : predicates) {
    ranges.push_back(StepRange{step_at(predicate->time.start), step_at(predicate->time.end)});
    targets.push_back(
        resolve_target(model, predicate->body, predicate->other_body, predicate->articulation, predicate->link));
    last = std::max(last, ranges.back().last);
  }
  CONTACTLAB_RETURN_IF_ERROR(check_length(last, budget));

  // (steps 0 .. last) => each predicate held at every step of its range, or the
  // first step where it did not; the run stops once every predicate is decided
  std::vector<bool> failed(predicates.size(), false);
  std::vector<PredicateView> views(predicates.size());
  std::vector<long> seen_at(predicates.size(), 0);
  for (long step = 0; step <= last; ++step) {
    bool open = false;
    for (std::size_t i = 0; i < predicates.size(); ++i) {
      open = open || (!failed[i] && ranges[i].last >= step);
    }
    if (!open) break;
    CONTACTLAB_RETURN_IF_ERROR(advance_to(step, budget));
    for (std::size_t i = 0; i < predicates.size(); ++i) {
      if (failed[i] || step < ranges[i].first || step > ranges[i].last) continue;
      views[i] = observe(*predicates[i], targets[i], simulation_, initial_);
      seen_at[i] = step;
      failed[i] = !views[i].holds;
    }
  }

  outcomes.clear();
  for (std::size_t i = 0; i < predicates.size(); ++i) {
    const Predicate& predicate = *predicates[i];
    PredicateOutcome outcome;
    outcome.holds = !failed[i];
    const std::string expected = "expected " + describe_expectation(predicate);
    const std::string when = time_text(time_of(seen_at[i]));
    if (!predicate.time.is_window) {
      outcome.detail = "at " + when + ": " + views[i].seen + "; " + expected;
    } else if (outcome.holds) {
      outcome.detail = "from " + time_text(time_of(ranges[i].first)) + " to " +
                       describe_number(time_of(ranges[i].last)) + " s: " + expected + " held; at " + when + ": " +
                       views[i].seen;
    } else {
      outcome.detail = "at " + when + ": " + views[i].seen + "; " + expected + " from " +
                       time_text(time_of(ranges[i].first)) + " to " + describe_number(time_of(ranges[i].last)) + " s";
    }
    outcomes.push_back(std::move(outcome));
  }
  return Status::success();
}

Status ExerciseRun::measure(const Measure& measure, RunBudget& budget, double& value, std::string& detail) {
  const Model& model = simulation_.model();
  const long first = step_at(measure.time.start);
  const long last = step_at(measure.time.end);
  CONTACTLAB_RETURN_IF_ERROR(check_length(last, budget));
  switch (measure.kind) {
    case MeasureKind::Position:
    case MeasureKind::Speed:
    case MeasureKind::NormalForce: {
      const PredicateTarget target = resolve_target(model, measure.body, measure.other_body, "", "");
      CONTACTLAB_RETURN_IF_ERROR(advance_to(last, budget));
      std::string what;
      value = measure_now(measure, target, simulation_, initial_, what);
      detail = what + " at " + time_text(time_of(last));
      return Status::success();
    }
    case MeasureKind::MeanSpeed: {
      const PredicateTarget target = resolve_target(model, measure.body, "", "", "");
      CONTACTLAB_RETURN_IF_ERROR(advance_to(first, budget));
      const Vec3 start = simulation_.data().position[target.body];
      CONTACTLAB_RETURN_IF_ERROR(advance_to(last, budget));
      value = (simulation_.data().position[target.body] - start).norm() / (time_of(last) - time_of(first));
      detail = measure.body + " mean speed [m/s] from " + time_text(time_of(first)) + " to " +
               describe_number(time_of(last)) + " s";
      return Status::success();
    }
    case MeasureKind::FirstTime: {
      const Predicate& when = measure.when[0];
      const PredicateTarget target = resolve_target(model, when.body, when.other_body, when.articulation, when.link);
      for (long step = first; step <= last; ++step) {
        CONTACTLAB_RETURN_IF_ERROR(advance_to(step, budget));
        if (observe(when, target, simulation_, initial_).holds) {
          value = time_of(step);
          detail = "the first time [s] with " + describe_expectation(when);
          return Status::success();
        }
      }
      return Status::failure("the measure's predicate (" + describe_expectation(when) + ") never held from " +
                             time_text(time_of(first)) + " to " + describe_number(time_of(last)) + " s");
    }
  }
  return Status::success();
}

}  // namespace contactlab

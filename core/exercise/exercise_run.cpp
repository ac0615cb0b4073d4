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

// The (body, axis) of every turned angle a measure, a predicate or an event reads: the
// run sums them from step 0.
void collect_angles(const Model& model, const Measure& measure, std::vector<std::pair<int, int>>& angles);

void collect_angles(const Model& model, const TimeWindow& time, std::vector<std::pair<int, int>>& angles) {
  for (const Event& event : time.event) {
    for (const Measure& measure : event.measure) collect_angles(model, measure, angles);
  }
}

void collect_angles(const Model& model, const Measure& measure, std::vector<std::pair<int, int>>& angles) {
  if (measure.kind == MeasureKind::Angle) {
    angles.emplace_back(resolve_target(model, measure.body, "", "", "").body, measure.axis);
  }
  collect_angles(model, measure.time, angles);
}

void collect_angles(const Model& model, const Predicate& predicate, std::vector<std::pair<int, int>>& angles) {
  for (const Measure& measure : predicate.value) collect_angles(model, measure, angles);
  collect_angles(model, predicate.time, angles);
}

// A predicate followed through a run: its steps (known once its event, if any, has
// happened), and what it has shown so far.
struct Followed {
  StepRange range;
  PredicateTarget target;
  const Event* event = nullptr;
  StepRange search;           // the event's window
  PredicateTarget event_target;
  bool event_side = false;    // a crossing's side at the window's first step
  bool event_seen = false;
  bool decided = false;       // nothing later can change the outcome
  bool holds = false;
  PredicateView view;
  long seen_at = 0;
};

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
  history_.start(simulation_.data(), {});
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
    history_.record_step(simulation_.data());
  }
  return Status::success();
}

long ExerciseRun::event_first(const Event& event) const { return step_at(event.start); }

long ExerciseRun::event_last(const Event& event) const { return step_at(event.end); }

PredicateTarget ExerciseRun::event_target(const Event& event) const {
  if (event.kind == EventKind::FirstContact) return resolve_target(simulation_.model(), event.body, event.other_body, "", "");
  const Measure& measure = event.measure[0];
  return resolve_target(simulation_.model(), measure.body, measure.other_body, measure.articulation, measure.link);
}

Status ExerciseRun::evaluate(const std::vector<const Predicate*>& predicates, RunBudget& budget,
                             std::vector<PredicateOutcome>& outcomes) {
  const Model& model = simulation_.model();
  std::vector<Followed> followed(predicates.size());
  std::vector<std::pair<int, int>> angles;
  long last = 0;
  for (std::size_t i = 0; i < predicates.size(); ++i) {
    const Predicate& predicate = *predicates[i];
    Followed& f = followed[i];
    f.target = resolve_target(model, predicate.body, predicate.other_body, predicate.articulation, predicate.link);
    if (!predicate.time.event.empty()) {
      f.event = &predicate.time.event[0];
      f.search = StepRange{event_first(*f.event), event_last(*f.event)};
      f.event_target = event_target(*f.event);
      f.range = StepRange{-1, -1};
      last = std::max(last, f.search.last);
    } else {
      f.range = StepRange{step_at(predicate.time.start), step_at(predicate.time.end)};
      last = std::max(last, f.range.last);
    }
    collect_angles(model, predicate, angles);
  }
  CONTACTLAB_RETURN_IF_ERROR(check_length(last, budget));
  history_.start(simulation_.data(), angles);

  // (steps 0 .. last) => each event's step; each predicate held at every step of its
  // range (or, at some moment, at one), or the step that decided it; the run stops once
  // every predicate is decided
  for (long step = 0; step <= last; ++step) {
    bool open = false;
    for (const Followed& f : followed) {
      open = open || (!f.decided && (f.event != nullptr && !f.event_seen ? f.search.last >= step : f.range.last >= step));
    }
    if (!open) break;
    CONTACTLAB_RETURN_IF_ERROR(advance_to(step, budget));
    for (std::size_t i = 0; i < predicates.size(); ++i) {
      Followed& f = followed[i];
      if (f.decided) continue;
      if (f.event != nullptr && !f.event_seen) {
        if (step < f.search.first) continue;
        if (step == f.search.first) {
          f.event_side = f.event->kind == EventKind::Crossing &&
                         crossing_side(*f.event, f.event_target, simulation_, history_);
        }
        if (!event_happened(*f.event, f.event_target, simulation_, history_, f.event_side)) {
          f.decided = step >= f.search.last;  // it never happened: the predicate fails
          continue;
        }
        f.event_seen = true;
        f.range = StepRange{step, step};
      }
      if (step < f.range.first || step > f.range.last) continue;
      f.view = observe(*predicates[i], f.target, simulation_, history_);
      f.seen_at = step;
      const bool at_some_moment = predicates[i]->time.at_some_moment;
      if (f.view.holds == at_some_moment) {
        f.decided = true;
        f.holds = at_some_moment;
      } else if (step == f.range.last) {
        f.decided = true;
        f.holds = !at_some_moment;
      }
    }
  }

  outcomes.clear();
  for (std::size_t i = 0; i < predicates.size(); ++i) {
    const Predicate& predicate = *predicates[i];
    const Followed& f = followed[i];
    PredicateOutcome outcome;
    outcome.holds = f.holds;
    const std::string expected = "expected " + describe_expectation(predicate);
    const std::string when = time_text(time_of(f.seen_at));
    const std::string window = time_text(time_of(f.range.first)) + " to " + describe_number(time_of(f.range.last)) + " s";
    if (f.event != nullptr && !f.event_seen) {
      outcome.detail = describe_event(*f.event) + " did not happen from " + time_text(time_of(f.search.first)) +
                       " to " + describe_number(time_of(f.search.last)) + " s; " + expected + " then";
    } else if (f.event != nullptr) {
      outcome.detail = "at " + when + " (" + describe_event(*f.event) + "): " + f.view.seen + "; " + expected;
    } else if (!predicate.time.is_window) {
      outcome.detail = "at " + when + ": " + f.view.seen + "; " + expected;
    } else if (predicate.time.at_some_moment) {
      outcome.detail = outcome.holds ? "at " + when + ": " + f.view.seen + "; " + expected +
                                           " at some moment from " + window + ": held"
                                     : "from " + window + ": " + expected + " at some moment: it never held; at " +
                                           when + ": " + f.view.seen;
    } else if (outcome.holds) {
      outcome.detail = "from " + window + ": " + expected + " held; at " + when + ": " + f.view.seen;
    } else {
      outcome.detail = "at " + when + ": " + f.view.seen + "; " + expected + " from " + window;
    }
    outcomes.push_back(std::move(outcome));
  }
  return Status::success();
}

Status ExerciseRun::measure_over_window(const Measure& measure, const PredicateTarget& target, RunBudget& budget,
                                        double& value, std::string& detail) {
  const long first = step_at(measure.time.start);
  const long last = step_at(measure.time.end);
  // (the measure at steps first .. last) => their largest, smallest, mean or last
  double reduced = 0;
  std::string what;
  for (long step = first; step <= last; ++step) {
    CONTACTLAB_RETURN_IF_ERROR(advance_to(step, budget));
    const double now = measure_now(measure, target, simulation_, history_, what);
    switch (measure.reduction) {
      case Reduction::Max:
        reduced = step == first ? now : std::max(reduced, now);
        break;
      case Reduction::Min:
        reduced = step == first ? now : std::min(reduced, now);
        break;
      case Reduction::Mean:
        reduced += now;
        break;
      case Reduction::Final:
        reduced = now;
        break;
    }
  }
  value = measure.reduction == Reduction::Mean ? reduced / static_cast<double>(last - first + 1) : reduced;
  detail = what + " from " + time_text(time_of(first)) + " to " + describe_number(time_of(last)) + " s";
  return Status::success();
}

Status ExerciseRun::measure_at_event(const Measure& measure, const PredicateTarget& target, RunBudget& budget,
                                     double& value, std::string& detail) {
  const Event& event = measure.time.event[0];
  const PredicateTarget watched = event_target(event);
  const long first = event_first(event);
  const long last = event_last(event);
  bool side = false;
  for (long step = first; step <= last; ++step) {
    CONTACTLAB_RETURN_IF_ERROR(advance_to(step, budget));
    if (step == first && event.kind == EventKind::Crossing) side = crossing_side(event, watched, simulation_, history_);
    if (!event_happened(event, watched, simulation_, history_, side)) continue;
    std::string what;
    value = measure_now(measure, target, simulation_, history_, what);
    detail = what + " at " + time_text(time_of(step)) + ", " + describe_event(event);
    return Status::success();
  }
  return Status::failure(describe_event(event) + " did not happen from " + time_text(time_of(first)) + " to " +
                         describe_number(time_of(last)) + " s");
}

Status ExerciseRun::measure(const Measure& measure, RunBudget& budget, double& value, std::string& detail) {
  const Model& model = simulation_.model();
  const bool at_event = !measure.time.event.empty();
  const long first = step_at(measure.time.start);
  const long last = at_event ? event_last(measure.time.event[0]) : step_at(measure.time.end);
  CONTACTLAB_RETURN_IF_ERROR(check_length(last, budget));
  std::vector<std::pair<int, int>> angles;
  collect_angles(model, measure, angles);
  history_.start(simulation_.data(), angles);
  switch (measure.kind) {
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
        if (observe(when, target, simulation_, history_).holds) {
          value = time_of(step);
          detail = "the first time [s] with " + describe_expectation(when);
          return Status::success();
        }
      }
      return Status::failure("the measure's predicate (" + describe_expectation(when) + ") never held from " +
                             time_text(time_of(first)) + " to " + describe_number(time_of(last)) + " s");
    }
    default:
      break;
  }
  // (an instantaneous measure) => read at a time, at an event, or over a window
  const PredicateTarget target =
      resolve_target(model, measure.body, measure.other_body, measure.articulation, measure.link);
  if (at_event) return measure_at_event(measure, target, budget, value, detail);
  if (measure.time.is_window) return measure_over_window(measure, target, budget, value, detail);
  CONTACTLAB_RETURN_IF_ERROR(advance_to(last, budget));
  std::string what;
  value = measure_now(measure, target, simulation_, history_, what);
  detail = what + " at " + time_text(time_of(last));
  return Status::success();
}

}  // namespace contactlab

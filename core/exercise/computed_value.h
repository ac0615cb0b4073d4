// The value a numeric answer is compared with (docs/exercises.md, "Values"): the core
// computes it with the same simulation, from the exercise's scene and the check's
// forced settings only, so every answer to the exercise meets the same value.
//
//   measure  one run, the number read off it (a position, a speed, a force, a time)
//   bisect   the option or parameter at which a predicate changes: with p(low) !=
//            p(high), each of `iterations` runs halves the bracket, keeping the half
//            whose ends still differ; the value is the final bracket's midpoint, within
//            (high - low) / 2^(iterations + 1) of the change. iterations + 2 runs in all,
//            each within the step cap, always the same ones: deterministic.
#pragma once

#include <string>

#include "base/status.h"
#include "exercise/exercise.h"
#include "exercise/exercise_run.h"

namespace contactlab {

// `check` is a numeric answer's check of `exercise`. Fails when a run fails or the
// bisection's predicate is the same at both ends; `detail` says how the value was found.
Status compute_value(const Exercise& exercise, const Check& check, RunBudget& budget, double& value,
                     std::string& detail);

}  // namespace contactlab

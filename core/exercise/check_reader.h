// The checks of an exercise file (docs/exercises.md, "Checks"): a predicate the
// student's run must satisfy, or a numeric answer with the value it is compared with
// (a measure or a bisection) and its tolerance. Names are resolved in the exercise's
// scene, times held within its limit, answers and parameters looked up in it.
#pragma once

#include <string>

#include "base/status.h"
#include "dynamics/model.h"
#include "exercise/exercise.h"
#include "scene/json_fields.h"

namespace contactlab {

// `exercise` holds what is read before the checks (limits, permissions, answers);
// `model` is its scene loaded. `check` is written in part on failure.
Status read_check(const Json& value, const std::string& path, const Exercise& exercise, const Model& model,
                  Check& check);

}  // namespace contactlab

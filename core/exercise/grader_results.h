// A grade in the results formats of two course platforms' external graders
// (docs/exercises.md, "Results", with the shapes and their sources):
//
//   PrairieLearn  {"gradable", "score" in [0, 1], "message", "output",
//                  "tests": [{"name", "points", "max_points", "message", "output"}]}, text plain
//                  (Markdown marks dropped, TeX kept); a check not visible: name and points only;
//                  not gradable: {"gradable": false, "format_errors": [why], "message", "tests": []}
//   Gradescope    {"score" (points), "output", "output_format": "md",
//                  "tests": [{"name", "score", "max_score", "output", "output_format": "md", "visibility"}]};
//                  not gradable: score 0 with the reason as "output" and
//                  "extra_data": {"gradable": false}
//
// JSON text with keys in a fixed order, so the same grade gives the same bytes.
#pragma once

#include <string>

#include "exercise/exercise.h"
#include "exercise/grading.h"

namespace contactlab {

std::string prairielearn_results(const Exercise& exercise, const Grade& grade);
std::string gradescope_results(const Exercise& exercise, const Grade& grade);

}  // namespace contactlab

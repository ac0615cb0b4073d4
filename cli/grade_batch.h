// contactlab grade EXERCISE --batch DIR -o OUT_DIR [--jobs N] [--format ...]: every
// answer file of DIR graded into OUT_DIR, under the same name, with the same bytes as
// grading that file alone. The values the answers are compared with depend on the
// exercise only, so they are computed once for the batch; the answers are then graded
// on N threads (each grading runs simulations of its own), which changes no byte.
#pragma once

#include <ostream>
#include <string>

#include "exercise/exercise.h"
#include "exercise/grading.h"

namespace contactlab {

struct BatchArguments {
  std::string answers_dir;
  std::string output_dir;
  long jobs = 1;
  bool gradescope = false;
};

// `grader` has computed the exercise's values (ExerciseGrader::compute_values), unless
// that ran past the budget (`values_timed_out`: they are then computed per answer, on
// one thread). The exit code: 0 every answer graded (malformed ones as not gradable), 2
// DIR cannot be listed, 3 OUT_DIR or a results file cannot be written. `out` gets one
// line per answer in file-name order: its name and score.
int run_grade_batch(const Exercise& exercise, ExerciseGrader& grader, bool values_timed_out,
                    const BatchArguments& batch, std::ostream& out, std::ostream& err);

}  // namespace contactlab

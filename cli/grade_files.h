// The files `contactlab grade` reads and writes: an exercise file (its built-in scene
// from the tool's own table), an answer file graded into a platform's results text.
// Shared by one answer's grading and a batch's, so both give the same bytes.
#pragma once

#include <string>

#include "base/status.h"
#include "exercise/exercise.h"
#include "exercise/grading.h"

namespace contactlab {

// EXERCISE.json => the exercise; the message starts with the path.
Status read_exercise_file(const std::string& path, Exercise& exercise);

// EXERCISE.json => its text, within an exercise file's cap (not yet read as an exercise).
Status read_exercise_text(const std::string& path, std::string& text);

// The built-in scenes compiled into the tool, for exercises that name one
// (a BuiltinSceneLookup).
Status builtin_scene_text(const std::string& name, std::string& text);

// The answer at `answer_path`, graded, as PrairieLearn's (or Gradescope's) results
// text. An answer that cannot be read or is malformed is graded as not gradable; this
// fails only when the exercise is broken.
Status results_of_answer_file(ExerciseGrader& grader, const Exercise& exercise, const std::string& answer_path,
                              bool gradescope, std::string& results, Grade& grade);

// Writes `text` to `path` whole; the message names the path.
Status write_results_file(const std::string& path, const std::string& text);

}  // namespace contactlab

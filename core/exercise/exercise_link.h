// The exercise an exercise link carries (docs/exercises.md, "Publishing"): the
// exercise's JSON without its answer key (`reference`, `wrong`), so a student cannot
// read the expected answers from the link; the page's Check computes the values itself.
// The command line's `exercise-link` and the page (an exercise file dropped on it)
// make it with this one function, so both carry the same text.
#pragma once

#include <string>

#include "base/status.h"
#include "exercise/exercise_reader.h"

namespace contactlab {

// An exercise's JSON text (with or without its key) => the JSON text a link carries,
// read back by read_exercise with AnswerKey::Refused. Fails with the reader's message
// when the exercise is not valid.
Status exercise_link_text(const std::string& exercise_text, const BuiltinSceneLookup& builtin_scenes,
                          std::string& link_text);

}  // namespace contactlab

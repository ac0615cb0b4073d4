// Answers (ANSWER.json, docs/exercises.md "Answers"): the exercise's name, the
// student's settings and numeric answers, each checked against what the exercise
// allows - an option it leaves open, within its bounds and the option table's range;
// a parameter within its bounds; timeline commands of the allowed kinds, articulations
// and times; numeric answers to its questions within their bounds. A message names
// the field, e.g. "settings.options.friction_coefficient: must be between 0 and 1 in
// this exercise, got 1.5". A valid answer may still give a scene that does not run
// (grading.h says so as not gradable).
#pragma once

#include <cstddef>
#include <string>

#include "base/status.h"
#include "exercise/exercise.h"
#include "scene/json_fields.h"

namespace contactlab {

// ANSWER.json is at most this long: 64 KiB.
inline constexpr std::size_t kMaxAnswerBytes = 64 * 1024;
// "the answer must be at most 65536 bytes", for every reader of answers.
std::string answer_size_message();

// ANSWER.json's text => the answer; `answer` is written only on success.
Status read_answer(const std::string& json_text, const Exercise& exercise, Answer& answer);

// An answer already parsed, at `path` (its fields' messages start with it). An answer
// embedded in the exercise may leave out "exercise"; `extra_fields` are allowed
// beside the answer's own and left to the caller (a wrong answer's "score").
Status read_answer_object(const Json& value, const std::string& path, const Exercise& exercise, bool embedded,
                          const std::vector<const char*>& extra_fields, Answer& answer);

// Settings at `path`: a student's (`forced` false: only what the exercise leaves open,
// within its bounds) or a check's forced ones (any option of the table, any of the
// exercise's parameters, commands as the scene's timeline allows them).
Status read_settings(const Json& value, const std::string& path, const Exercise& exercise, bool forced,
                     Settings& settings);

}  // namespace contactlab

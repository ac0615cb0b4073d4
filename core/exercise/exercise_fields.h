// Field readers shared by the exercise and answer readers: text in the task-text
// subset, bounds with open ends, and name lists for messages.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "base/status.h"
#include "exercise/exercise.h"
#include "exercise/task_text.h"
#include "scene/json_fields.h"

namespace contactlab {

// "a, b, c"; "none" for no names.
std::string names_text(const std::vector<std::string>& names);

// The optional field `key`, a string in the task-text subset (task_text.h) of at most
// `max_characters`; `text` (and `parsed`, if given) are written only when present and valid.
Status read_rich_text(const FieldReader& fields, const char* key, std::size_t max_characters, std::string& text,
                      TaskText* parsed);

// [low, high], each within `range` or null for an open end; low <= high.
Status read_bounds(const Json& value, const std::string& path, const NumberRange& range, Bounds& bounds);

// A whole number within `range`.
Status read_whole_number(const FieldReader& fields, const char* key, const NumberRange& range, double& number);

}  // namespace contactlab

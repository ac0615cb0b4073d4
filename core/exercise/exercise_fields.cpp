#include "exercise/exercise_fields.h"

#include <cmath>
#include <utility>

namespace contactlab {

std::string names_text(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text.empty() ? "none" : text;
}

Status read_rich_text(const FieldReader& fields, const char* key, std::size_t max_characters, std::string& text,
                      TaskText* parsed) {
  if (!fields.has(key)) return Status::success();
  const Json& value = fields.at(key);
  const std::string path = fields.path_of(key);
  if (!value.is_string()) return Status::failure(path + ": must be a string, got " + describe_json(value));
  TaskText result;
  const Status status = parse_task_text(value.get<std::string>(), max_characters, result);
  if (!status.ok()) return Status::failure(path + ": " + status.message());
  text = value.get<std::string>();
  if (parsed != nullptr) *parsed = std::move(result);
  return Status::success();
}

Status read_bounds(const Json& value, const std::string& path, const NumberRange& range, Bounds& bounds) {
  if (!value.is_array() || value.size() != 2) {
    return Status::failure(path + ": must be [low, high] (null for an open end), got " + describe_json(value));
  }
  Bounds read;
  if (!value[0].is_null()) CONTACTLAB_RETURN_IF_ERROR(read_number(value[0], element_path(path, 0), range, read.low));
  if (!value[1].is_null()) {
    CONTACTLAB_RETURN_IF_ERROR(read_number(value[1], element_path(path, 1), range, read.high));
  }
  if (read.low > read.high) return Status::failure(path + ": must have low <= high, got " + describe_json(value));
  bounds = read;
  return Status::success();
}

Status read_whole_number(const FieldReader& fields, const char* key, const NumberRange& range, double& number) {
  double read = 0;
  CONTACTLAB_RETURN_IF_ERROR(fields.number(key, range, read));
  if (read != std::floor(read)) {
    return Status::failure(fields.path_of(key) + ": must be a whole number, got " + describe_number(read));
  }
  number = read;
  return Status::success();
}

}  // namespace contactlab

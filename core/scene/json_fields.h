// Reading user-written JSON with messages that name the field: parsing with line and
// column on syntax errors, and typed, range-checked readers whose every failure starts
// with the field's path, e.g. "bodies[1].geoms[0].radius: must be a finite number in
// (0, 100] m, got 0".
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "base/math_types.h"
#include "base/number_text.h"
#include "base/status.h"

namespace contactlab {

using Json = nlohmann::json;

// Parses strict JSON (no comments, no trailing text). Fails with the line and column
// of a syntax error, on numbers that overflow a double, on a key repeated within one
// object, and on nesting deeper than `max_depth` containers. `document` is written
// only on success.
Status parse_json(const std::string& text, std::size_t max_depth, Json& document);

// "options" + "time_step" -> "options.time_step"; a top-level key has no prefix.
std::string child_path(const std::string& parent, const std::string& key);
// "bodies" + 2 -> "bodies[2]".
std::string element_path(const std::string& parent, std::size_t index);

// A value as the user wrote it, shortened for messages: 0, "cube", [1,2,3], {...}.
std::string describe_json(const Json& value);

// An interval of allowed values with its unit, e.g. (0, 100] m.
struct NumberRange {
  double low;
  double high;
  bool low_inclusive;
  bool high_inclusive;
  const char* unit;  // "" for dimensionless values

  bool contains(double value) const;
  std::string describe() const;  // "in (0, 100] m"
};

Status expect_object(const Json& value, const std::string& path);
// An array with min_count..max_count elements; `element_name` is used in the message.
Status expect_array(const Json& value, const std::string& path, std::size_t min_count,
                    std::size_t max_count, const char* element_name);

// Value readers: `out` is written only on success.
Status read_number(const Json& value, const std::string& path, const NumberRange& range,
                   double& out);
Status read_boolean(const Json& value, const std::string& path, bool& out);
// A name: 1..64 characters of [A-Za-z0-9_-].
Status read_identifier(const Json& value, const std::string& path, std::string& out);
// Any string of at most max_characters Unicode characters.
Status read_text(const Json& value, const std::string& path, std::size_t max_characters,
                 std::string& out);
// [x, y, z], each component within `range`.
Status read_vec3(const Json& value, const std::string& path, const NumberRange& range, Vec3& out);
// [w, x, y, z] with a norm within 1e-3 of 1; returned normalised.
Status read_quaternion(const Json& value, const std::string& path, Quat& out);
// [[..], [..], [..]], each entry within `range` (rows of the matrix).
Status read_matrix3(const Json& value, const std::string& path, const NumberRange& range,
                    Mat3& out);
// "#rrggbb", returned in lower case.
Status read_color(const Json& value, const std::string& path, std::string& out);
// [lower, upper], both within `range`, lower <= upper.
Status read_interval(const Json& value, const std::string& path, const NumberRange& range,
                     double& lower, double& upper);

// One JSON object of a document together with its path.
class FieldReader {
 public:
  // `object` must be a JSON object (see expect_object) and outlive the reader.
  FieldReader(const Json& object, std::string path);

  const std::string& path() const { return path_; }
  std::string path_of(const std::string& key) const { return child_path(path_, key); }
  bool has(const char* key) const;
  const Json& at(const char* key) const;

  // Fails on the first field not in `allowed`, listing the allowed ones; `what`
  // names the object in the message ("a body", "a sphere geom").
  Status check_fields(const std::vector<const char*>& allowed, const char* what) const;
  // Fails when `key` is absent.
  Status require(const char* key) const;
  // Fails when `key` is present: "<path>.<key>: not allowed <reason>".
  Status forbid(const char* key, const char* reason) const;

  // Optional fields: `out` keeps its value when the key is absent.
  Status number(const char* key, const NumberRange& range, double& out) const;
  Status boolean(const char* key, bool& out) const;
  Status identifier(const char* key, std::string& out) const;
  Status text(const char* key, std::size_t max_characters, std::string& out) const;
  Status vec3(const char* key, const NumberRange& range, Vec3& out) const;
  Status quaternion(const char* key, Quat& out) const;
  Status matrix3(const char* key, const NumberRange& range, Mat3& out) const;
  Status color(const char* key, std::string& out) const;
  Status interval(const char* key, const NumberRange& range, double& lower, double& upper) const;

 private:
  const Json& object_;
  std::string path_;
};

}  // namespace contactlab

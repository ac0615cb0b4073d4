#include "scene/json_fields.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

namespace contactlab {
namespace {

constexpr std::size_t kMaxDescribedLength = 40;
constexpr std::size_t kMaxIdentifierLength = 64;
constexpr double kQuaternionNormTolerance = 1e-3;
constexpr std::size_t kMaxQuotedInput = 24;  // characters of input quoted in a syntax error

// Builds the document from the parser's events, like nlohmann's own DOM builder, and
// in addition keeps the path of the open containers so that a repeated key or too
// deep a nesting can be reported by path.
class DocumentBuilder : public Json::json_sax_t {
 public:
  DocumentBuilder(const std::string& text, std::size_t max_depth)
      : text_(text), max_depth_(max_depth) {}

  Json& document() { return document_; }
  const std::string& error() const { return error_; }

  bool null() override { return add(Json(nullptr)); }
  bool boolean(bool value) override { return add(Json(value)); }
  bool number_integer(number_integer_t value) override { return add(Json(value)); }
  bool number_unsigned(number_unsigned_t value) override { return add(Json(value)); }
  bool number_float(number_float_t value, const string_t&) override { return add(Json(value)); }
  bool string(string_t& value) override { return add(Json(std::move(value))); }
  bool binary(binary_t& value) override { return add(Json::binary(std::move(value))); }
  bool start_object(std::size_t) override { return open(Json::object()); }
  bool start_array(std::size_t) override { return open(Json::array()); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }

  bool key(string_t& key) override {
    Frame& frame = open_.back();
    frame.key = std::move(key);
    if (frame.container->contains(frame.key)) {
      error_ = current_path() + ": the key appears twice in one object";
      return false;
    }
    return true;
  }

  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& exception) override {
    error_ = "JSON " + line_and_column(position) + ": " + reason(exception.what());
    return false;
  }

 private:
  struct Frame {
    Json* container;
    std::string key;        // the current key, for an object
    std::size_t count = 0;  // elements added so far, for an array
  };

  bool add(Json value) {
    if (open_.empty()) {
      document_ = std::move(value);
      return true;
    }
    Frame& frame = open_.back();
    if (frame.container->is_array()) {
      frame.container->push_back(std::move(value));
      ++frame.count;
    } else {
      (*frame.container)[frame.key] = std::move(value);
    }
    return true;
  }

  // Adds an empty container and makes it the one that receives the next values. The
  // pointer stays valid: its parent receives no other value before it is closed.
  bool open(Json container) {
    if (open_.size() >= max_depth_) {
      error_ = (open_.empty() ? std::string("document") : current_path()) +
               ": JSON nested deeper than " + std::to_string(max_depth_) + " levels";
      return false;
    }
    Json* added = &document_;
    if (open_.empty()) {
      document_ = std::move(container);
    } else {
      Frame& parent = open_.back();
      if (parent.container->is_array()) {
        parent.container->push_back(std::move(container));
        added = &parent.container->back();
        ++parent.count;
      } else {
        added = &((*parent.container)[parent.key] = std::move(container));
      }
    }
    open_.push_back(Frame{added, std::string(), 0});
    return true;
  }

  bool close() {
    open_.pop_back();
    return true;
  }

  // The path of the value being read: in each enclosing array the element that is
  // open, in the innermost one the next element; in objects the current key.
  std::string current_path() const {
    std::string path;
    for (std::size_t i = 0; i < open_.size(); ++i) {
      const Frame& frame = open_[i];
      if (frame.container->is_array()) {
        const bool innermost = i + 1 == open_.size();
        path = element_path(path, innermost ? frame.count : frame.count - 1);
      } else {
        path = child_path(path, frame.key);
      }
    }
    return path;
  }

  // The line and column (both from 1) of the last character read, the one that broke
  // the syntax; `position` counts the characters read, end of input included.
  std::string line_and_column(std::size_t position) const {
    const std::size_t offending = std::min(position == 0 ? 0 : position - 1, text_.size());
    std::size_t line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < offending; ++i) {
      if (text_[i] == '\n') {
        ++line;
        line_start = i + 1;
      }
    }
    return "line " + std::to_string(line) + ", column " +
           std::to_string(offending - line_start + 1);
  }

  // nlohmann's message without its "[json.exception...] parse error at ...: " prefix,
  // with the quoted input ("last read: '...'") cut to its end, and with bytes outside
  // printable ASCII (the input may be ill-formed UTF-8) shown as '?'.
  static std::string reason(const std::string& what) {
    std::string message = what;
    const std::size_t tag_end = message.find("] ");
    if (tag_end != std::string::npos) message = message.substr(tag_end + 2);
    if (message.rfind("parse error", 0) == 0) {
      const std::size_t colon = message.find(": ");
      if (colon != std::string::npos) message = message.substr(colon + 2);
    }
    const std::string quote_start = "last read: '";
    const std::size_t quoted = message.find(quote_start);
    if (quoted != std::string::npos) {
      const std::size_t begin = quoted + quote_start.size();
      std::size_t end = message.find("'; ", begin);
      if (end == std::string::npos) end = message.size() - 1;
      if (end > begin + kMaxQuotedInput) {
        message.replace(begin, end - begin - kMaxQuotedInput, "...");
      }
    }
    for (char& c : message) {
      if (c < ' ' || c > '~') c = '?';
    }
    return message;
  }

  const std::string& text_;
  std::size_t max_depth_;
  Json document_;
  std::vector<Frame> open_;
  std::string error_;
};

bool is_identifier_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

bool is_hex_digit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Unicode characters of valid UTF-8 text (the parser has checked the encoding).
std::size_t count_characters(const std::string& text) {
  std::size_t count = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++count;
  }
  return count;
}

Status must_be(const std::string& path, const std::string& expectation, const Json& value) {
  return Status::failure(path + ": must be " + expectation + ", got " + describe_json(value));
}

const NumberRange kQuaternionComponent{-2, 2, true, true, ""};

}  // namespace

Status parse_json(const std::string& text, std::size_t max_depth, Json& document) {
  DocumentBuilder builder(text, max_depth);
  if (!Json::sax_parse(text, &builder)) {
    return Status::failure(builder.error().empty() ? "JSON: cannot be parsed" : builder.error());
  }
  document = std::move(builder.document());
  return Status::success();
}

std::string child_path(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}

std::string element_path(const std::string& parent, std::size_t index) {
  return parent + "[" + std::to_string(index) + "]";
}

std::string describe_json(const Json& value) {
  std::string text = value.dump();
  if (text.size() > kMaxDescribedLength) text = text.substr(0, kMaxDescribedLength - 3) + "...";
  return text;
}

bool NumberRange::contains(double value) const {
  if (!std::isfinite(value)) return false;
  const bool above_low = low_inclusive ? value >= low : value > low;
  const bool below_high = high_inclusive ? value <= high : value < high;
  return above_low && below_high;
}

std::string NumberRange::describe() const {
  std::string text = std::string("in ") + (low_inclusive ? "[" : "(") + describe_number(low) +
                     ", " + describe_number(high) + (high_inclusive ? "]" : ")");
  if (unit[0] != '\0') text += std::string(" ") + unit;
  return text;
}

Status expect_object(const Json& value, const std::string& path) {
  if (!value.is_object()) return must_be(path, "an object", value);
  return Status::success();
}

Status expect_array(const Json& value, const std::string& path, std::size_t min_count,
                    std::size_t max_count, const char* element_name) {
  const std::string expectation = "an array of " + std::to_string(min_count) + " to " +
                                  std::to_string(max_count) + " " + element_name;
  if (!value.is_array()) return must_be(path, expectation, value);
  if (value.size() < min_count || value.size() > max_count) {
    return Status::failure(path + ": must be " + expectation + ", got " +
                           std::to_string(value.size()));
  }
  return Status::success();
}

Status read_number(const Json& value, const std::string& path, const NumberRange& range,
                   double& out) {
  if (!value.is_number() || !range.contains(value.get<double>())) {
    return must_be(path, "a finite number " + range.describe(), value);
  }
  out = value.get<double>();
  return Status::success();
}

Status read_boolean(const Json& value, const std::string& path, bool& out) {
  if (!value.is_boolean()) return must_be(path, "true or false", value);
  out = value.get<bool>();
  return Status::success();
}

Status read_identifier(const Json& value, const std::string& path, std::string& out) {
  const std::string expectation =
      "a name of 1 to " + std::to_string(kMaxIdentifierLength) + " characters from A-Z a-z 0-9 _ -";
  if (!value.is_string()) return must_be(path, expectation, value);
  const std::string& name = value.get_ref<const std::string&>();
  bool valid = !name.empty() && name.size() <= kMaxIdentifierLength;
  for (char c : name) valid = valid && is_identifier_character(c);
  if (!valid) return must_be(path, expectation, value);
  out = name;
  return Status::success();
}

Status read_text(const Json& value, const std::string& path, std::size_t max_characters,
                 std::string& out) {
  const std::string expectation =
      "a string of at most " + std::to_string(max_characters) + " characters";
  if (!value.is_string()) return must_be(path, expectation, value);
  const std::string& text = value.get_ref<const std::string&>();
  const std::size_t characters = count_characters(text);
  if (characters > max_characters) {
    return Status::failure(path + ": must be " + expectation + ", got " +
                           std::to_string(characters));
  }
  out = text;
  return Status::success();
}

Status read_vec3(const Json& value, const std::string& path, const NumberRange& range, Vec3& out) {
  if (!value.is_array() || value.size() != 3) {
    return must_be(path, "an array of 3 numbers [x, y, z]", value);
  }
  Vec3 vector;
  for (std::size_t i = 0; i < 3; ++i) {
    CONTACTLAB_RETURN_IF_ERROR(read_number(value[i], element_path(path, i), range, vector[i]));
  }
  out = vector;
  return Status::success();
}

Status read_quaternion(const Json& value, const std::string& path, Quat& out) {
  if (!value.is_array() || value.size() != 4) {
    return must_be(path, "a unit quaternion [w, x, y, z]", value);
  }
  double wxyz[4];
  for (std::size_t i = 0; i < 4; ++i) {
    CONTACTLAB_RETURN_IF_ERROR(
        read_number(value[i], element_path(path, i), kQuaternionComponent, wxyz[i]));
  }
  const double norm =
      std::sqrt(wxyz[0] * wxyz[0] + wxyz[1] * wxyz[1] + wxyz[2] * wxyz[2] + wxyz[3] * wxyz[3]);
  if (!(std::abs(norm - 1) <= kQuaternionNormTolerance)) {
    return Status::failure(path + ": must be a unit quaternion [w, x, y, z] (norm within " +
                           describe_number(kQuaternionNormTolerance) + " of 1), got norm " +
                           describe_number(norm));
  }
  out = Quat(wxyz[0] / norm, wxyz[1] / norm, wxyz[2] / norm, wxyz[3] / norm);
  return Status::success();
}

Status read_matrix3(const Json& value, const std::string& path, const NumberRange& range,
                    Mat3& out) {
  const char* expectation = "a 3x3 matrix [[a, b, c], [d, e, f], [g, h, i]]";
  if (!value.is_array() || value.size() != 3) return must_be(path, expectation, value);
  Mat3 matrix;
  for (std::size_t row = 0; row < 3; ++row) {
    const std::string row_path = element_path(path, row);
    if (!value[row].is_array() || value[row].size() != 3) {
      return must_be(row_path, "an array of 3 numbers", value[row]);
    }
    for (std::size_t column = 0; column < 3; ++column) {
      CONTACTLAB_RETURN_IF_ERROR(read_number(value[row][column], element_path(row_path, column),
                                             range, matrix(row, column)));
    }
  }
  out = matrix;
  return Status::success();
}

Status read_color(const Json& value, const std::string& path, std::string& out) {
  const char* expectation = "a color \"#rrggbb\"";
  if (!value.is_string()) return must_be(path, expectation, value);
  std::string color = value.get<std::string>();
  bool valid = color.size() == 7 && color[0] == '#';
  for (std::size_t i = 1; valid && i < color.size(); ++i) valid = is_hex_digit(color[i]);
  if (!valid) return must_be(path, expectation, value);
  for (char& c : color) {
    if (c >= 'A' && c <= 'F') c = static_cast<char>(c - 'A' + 'a');
  }
  out = color;
  return Status::success();
}

Status read_interval(const Json& value, const std::string& path, const NumberRange& range,
                     double& lower, double& upper) {
  const char* expectation = "an array of 2 numbers [lower, upper]";
  if (!value.is_array() || value.size() != 2) return must_be(path, expectation, value);
  double bounds[2];
  for (std::size_t i = 0; i < 2; ++i) {
    CONTACTLAB_RETURN_IF_ERROR(read_number(value[i], element_path(path, i), range, bounds[i]));
  }
  if (bounds[0] > bounds[1]) return must_be(path, "[lower, upper] with lower <= upper", value);
  lower = bounds[0];
  upper = bounds[1];
  return Status::success();
}

FieldReader::FieldReader(const Json& object, std::string path)
    : object_(object), path_(std::move(path)) {}

bool FieldReader::has(const char* key) const { return object_.contains(key); }

const Json& FieldReader::at(const char* key) const { return object_.at(key); }

Status FieldReader::check_fields(const std::vector<const char*>& allowed, const char* what) const {
  for (const auto& field : object_.items()) {
    bool known = false;
    for (const char* name : allowed) known = known || field.key() == name;
    if (known) continue;
    std::string list;
    for (const char* name : allowed) list += (list.empty() ? "" : ", ") + std::string(name);
    return Status::failure(path_of(field.key()) + ": unknown field for " + what +
                           " (allowed: " + list + ")");
  }
  return Status::success();
}

Status FieldReader::require(const char* key) const {
  if (!has(key)) return Status::failure(path_of(key) + ": required field is missing");
  return Status::success();
}

Status FieldReader::forbid(const char* key, const char* reason) const {
  if (has(key)) return Status::failure(path_of(key) + ": not allowed " + reason);
  return Status::success();
}

Status FieldReader::number(const char* key, const NumberRange& range, double& out) const {
  return has(key) ? read_number(at(key), path_of(key), range, out) : Status::success();
}

Status FieldReader::boolean(const char* key, bool& out) const {
  return has(key) ? read_boolean(at(key), path_of(key), out) : Status::success();
}

Status FieldReader::identifier(const char* key, std::string& out) const {
  return has(key) ? read_identifier(at(key), path_of(key), out) : Status::success();
}

Status FieldReader::text(const char* key, std::size_t max_characters, std::string& out) const {
  return has(key) ? read_text(at(key), path_of(key), max_characters, out) : Status::success();
}

Status FieldReader::vec3(const char* key, const NumberRange& range, Vec3& out) const {
  return has(key) ? read_vec3(at(key), path_of(key), range, out) : Status::success();
}

Status FieldReader::quaternion(const char* key, Quat& out) const {
  return has(key) ? read_quaternion(at(key), path_of(key), out) : Status::success();
}

Status FieldReader::matrix3(const char* key, const NumberRange& range, Mat3& out) const {
  return has(key) ? read_matrix3(at(key), path_of(key), range, out) : Status::success();
}

Status FieldReader::color(const char* key, std::string& out) const {
  return has(key) ? read_color(at(key), path_of(key), out) : Status::success();
}

Status FieldReader::interval(const char* key, const NumberRange& range, double& lower,
                             double& upper) const {
  return has(key) ? read_interval(at(key), path_of(key), range, lower, upper) : Status::success();
}

}  // namespace contactlab

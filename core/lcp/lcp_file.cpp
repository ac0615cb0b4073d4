#include "lcp/lcp_file.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "base/bounded_file.h"

namespace contactlab {

namespace {

// Hands out the white-space separated tokens of a text with their line numbers.
class TokenReader {
 public:
  explicit TokenReader(const std::string& text) : text_(text) {}

  // False at the end of the text.
  bool next(std::string& token, int& line) {
    while (position_ < text_.size() && is_space(text_[position_])) {
      if (text_[position_] == '\n') ++line_;
      ++position_;
    }
    if (position_ >= text_.size()) return false;
    const std::size_t start = position_;
    while (position_ < text_.size() && !is_space(text_[position_])) ++position_;
    token = text_.substr(start, position_ - start);
    line = line_;
    return true;
  }
  int line() const { return line_; }

 private:
  static bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
  }
  const std::string& text_;
  std::size_t position_ = 0;
  int line_ = 1;
};

// Reads the next token as a finite number; `what` names the field in messages.
Status read_number(TokenReader& reader, const std::string& what, double& value) {
  std::string token;
  int line = 0;
  if (!reader.next(token, line)) {
    return Status::failure("line " + std::to_string(reader.line()) + ": the file ends before " +
                           what);
  }
  char* end = nullptr;
  value = std::strtod(token.c_str(), &end);
  if (end == token.c_str() || *end != '\0') {
    return Status::failure("line " + std::to_string(line) + ": " + what +
                           " must be a number, got '" + token + "'");
  }
  if (!std::isfinite(value)) {
    return Status::failure("line " + std::to_string(line) + ": " + what + " must be finite, got '" +
                           token + "'");
  }
  return Status::success();
}

// Reads the next token as an integer in [low, high].
Status read_integer(TokenReader& reader, const std::string& what, int low, int high, int& value) {
  double number = 0;
  Status status = read_number(reader, what, number);
  if (!status.ok()) return status;
  if (number != std::floor(number) || number < low || number > high) {
    char got[32];
    std::snprintf(got, sizeof(got), "%g", number);
    return Status::failure("line " + std::to_string(reader.line()) + ": " + what +
                           " must be an integer in " + std::to_string(low) + " .. " +
                           std::to_string(high) + ", got " + got);
  }
  value = static_cast<int>(number);
  return Status::success();
}

Status expect_size(TokenReader& reader, const std::string& what, int n) {
  int value = 0;
  Status status = read_integer(reader, what, n, n, value);
  if (!status.ok()) {
    return Status::failure(status.message() + " (it must equal the problem size " +
                           std::to_string(n) + ")");
  }
  return Status::success();
}

Status parse(const std::string& text, Eigen::MatrixXd& M, Eigen::VectorXd& q) {
  TokenReader reader(text);
  int n = 0;
  Status status = read_integer(reader, "the problem size n", 1, kMaxLcpFileSize, n);
  if (!status.ok()) return status;
  int storage = 0;
  status = read_integer(reader, "the storage type (0: dense)", 0, 0, storage);
  if (!status.ok()) return status;
  const char* sizes[] = {"the row count", "the column count", "the repeated row count",
                         "the repeated column count"};
  for (const char* what : sizes) {
    status = expect_size(reader, what, n);
    if (!status.ok()) return status;
  }
  M.resize(n, n);
  for (int col = 0; col < n; ++col) {
    for (int row = 0; row < n; ++row) {
      const std::string what = "M(" + std::to_string(row) + ", " + std::to_string(col) +
                               ") (value " + std::to_string(col * n + row + 1) + " of " +
                               std::to_string(n * n) + ", column-major)";
      status = read_number(reader, what, M(row, col));
      if (!status.ok()) return status;
    }
  }
  q.resize(n);
  for (int i = 0; i < n; ++i) {
    status = read_number(reader,
                         "q(" + std::to_string(i) + ") (value " + std::to_string(i + 1) + " of " +
                             std::to_string(n) + ")",
                         q[i]);
    if (!status.ok()) return status;
  }
  return Status::success();
}

}  // namespace

Status parse_lcp_text(const std::string& text, Eigen::MatrixXd& M, Eigen::VectorXd& q) {
  Status status = parse(text, M, q);
  if (!status.ok()) {
    M.resize(0, 0);
    q.resize(0);
  }
  return status;
}

std::string lcp_text(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const std::string& comment) {
  const std::string n = std::to_string(q.size());
  std::string text = n + "\n0\n" + n + "\n" + n + "\n" + n + " " + n + "\n";
  char number[32];
  const auto append_line = [&](const auto& values) {
    for (Eigen::Index i = 0; i < values.size(); ++i) {
      std::snprintf(number, sizeof(number), "%.17g", values[i]);
      if (i > 0) text += ' ';
      text += number;
    }
    text += '\n';
  };
  // One column of M per line: the file is column-major.
  for (Eigen::Index col = 0; col < M.cols(); ++col) append_line(M.col(col));
  append_line(q);
  text += comment;
  if (!comment.empty() && comment.back() != '\n') text += '\n';
  return text;
}

Status read_lcp_file(const std::string& path, Eigen::MatrixXd& M, Eigen::VectorXd& q) {
  M.resize(0, 0);
  q.resize(0);
  std::string contents;
  CONTACTLAB_RETURN_IF_ERROR(read_bounded_file(path, kMaxLcpFileBytes, "an LCP file", contents));
  Status status = parse_lcp_text(contents, M, q);
  if (!status.ok()) return Status::failure(path + ": " + status.message());
  return status;
}

}  // namespace contactlab

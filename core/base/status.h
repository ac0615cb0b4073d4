// Errors as values at every boundary: an empty message means success.
#pragma once

#include <string>
#include <utility>

namespace contactlab {

class Status {
 public:
  static Status success() { return Status(); }
  static Status failure(std::string message) { return Status(std::move(message)); }

  bool ok() const { return message_.empty(); }
  const std::string& message() const { return message_; }

 private:
  Status() = default;
  explicit Status(std::string message) : message_(std::move(message)) {
    if (message_.empty()) message_ = "unspecified error";
  }
  std::string message_;
};

}  // namespace contactlab

// Returns the Status of `expression` from the calling function when it is a failure.
#define CONTACTLAB_RETURN_IF_ERROR(expression)         \
  do {                                                 \
    const ::contactlab::Status status_ = (expression); \
    if (!status_.ok()) return status_;                 \
  } while (false)

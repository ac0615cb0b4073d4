// Input checks shared by the per-joint reference generators: each returns a failure
// naming the field when one entry is out of range.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "base/status.h"

namespace contactlab {

inline Status check_finite_entries(const std::vector<double>& values, const std::string& name) {
  for (double value : values) {
    if (!std::isfinite(value)) return Status::failure(name + " must be finite");
  }
  return Status::success();
}

inline Status check_positive_entries(const std::vector<double>& values, const std::string& name) {
  for (double value : values) {
    if (!(value > 0) || !std::isfinite(value)) {
      return Status::failure(name + " must be positive and finite");
    }
  }
  return Status::success();
}

}  // namespace contactlab

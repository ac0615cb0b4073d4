#include "lcp/column_kernels.h"

#include <algorithm>
#include <cmath>

#include "base/vector_clones.h"

namespace contactlab {

CONTACTLAB_VECTOR_CLONES
double max_abs(const double* values, std::size_t count) {
  double lanes[4] = {0, 0, 0, 0};
  std::size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    for (int lane = 0; lane < 4; ++lane) lanes[lane] = std::max(lanes[lane], std::abs(values[i + lane]));
  }
  for (; i < count; ++i) lanes[0] = std::max(lanes[0], std::abs(values[i]));
  return std::max(std::max(lanes[0], lanes[1]), std::max(lanes[2], lanes[3]));
}

CONTACTLAB_VECTOR_CLONES
void add_scaled_column(const double* __restrict column, double factor, double* __restrict target,
                       std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) target[i] += column[i] * factor;
}

CONTACTLAB_VECTOR_CLONES
void add_abs_column(const double* __restrict column, double* __restrict target, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) target[i] += std::abs(column[i]);
}

CONTACTLAB_VECTOR_CLONES
void write_negated_scaled_column(const double* __restrict column, double scale, double* __restrict target,
                                 std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) target[i] = -(column[i] * scale);
}

}  // namespace contactlab

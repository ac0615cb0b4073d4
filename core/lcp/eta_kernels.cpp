#include "lcp/eta_kernels.h"

#include "base/vector_clones.h"

namespace contactlab {

namespace {

template <int kColumns>
CONTACTLAB_INLINE_IN_CLONES void subtract_columns(const double* const* columns, const double* values,
                                                  double* __restrict target, std::size_t count) {
  const double* __restrict c0 = columns[0];
  const double* __restrict c1 = columns[kColumns > 1 ? 1 : 0];
  const double* __restrict c2 = columns[kColumns > 2 ? 2 : 0];
  const double* __restrict c3 = columns[kColumns > 3 ? 3 : 0];
  const double v0 = values[0];
  const double v1 = values[kColumns > 1 ? 1 : 0];
  const double v2 = values[kColumns > 2 ? 2 : 0];
  const double v3 = values[kColumns > 3 ? 3 : 0];
  for (std::size_t i = 0; i < count; ++i) {
    double t = target[i] - c0[i] * v0;
    if (kColumns > 1) t = t - c1[i] * v1;
    if (kColumns > 2) t = t - c2[i] * v2;
    if (kColumns > 3) t = t - c3[i] * v3;
    target[i] = t;
  }
}

}  // namespace

CONTACTLAB_VECTOR_CLONES
void subtract_scaled_columns(const double* const* columns, const double* values, int columns_count, double* target,
                             std::size_t count) {
  switch (columns_count) {
    case 1:
      subtract_columns<1>(columns, values, target, count);
      break;
    case 2:
      subtract_columns<2>(columns, values, target, count);
      break;
    case 3:
      subtract_columns<3>(columns, values, target, count);
      break;
    default:
      subtract_columns<4>(columns, values, target, count);
      break;
  }
}

}  // namespace contactlab

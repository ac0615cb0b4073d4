#include "formulation/restitution_damping.h"

#include <cmath>

#include "base/portable_log_atan2.h"

namespace contactlab {
namespace {

constexpr double kDampingRatioTolerance = 1e-14;
constexpr std::size_t kMaxRememberedRatios = 64;

}  // namespace

double log_restitution_of_damping_ratio(double zeta) {
  if (zeta == 1) return -2;
  if (zeta < 1) {
    const double s = std::sqrt((1 - zeta) * (1 + zeta));
    return -zeta * portable_atan2(2 * zeta * s, 2 * zeta * zeta - 1) / s;
  }
  const double r = std::sqrt((zeta - 1) * (zeta + 1));
  return -(2 * zeta / r) * portable_log(zeta + r);
}

double damping_ratio_of_restitution(double restitution) {
  if (!(restitution < 1)) return 0;
  const double target = portable_log(restitution);  // ln e < 0
  // ln e(zeta) falls monotonically from 0: bracket the root by doubling, then halve.
  double low = 0;
  double high = 1;
  while (log_restitution_of_damping_ratio(high) > target) {
    low = high;
    high *= 2;
  }
  while (high - low > kDampingRatioTolerance * high) {
    const double middle = 0.5 * (low + high);
    if (log_restitution_of_damping_ratio(middle) > target) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return 0.5 * (low + high);
}

double DampingRatioTable::of_restitution(double restitution) {
  for (const auto& [e, zeta] : known_) {
    if (e == restitution) return zeta;
  }
  if (known_.size() >= kMaxRememberedRatios) known_.clear();
  const double zeta = damping_ratio_of_restitution(restitution);
  known_.emplace_back(restitution, zeta);
  return zeta;
}

}  // namespace contactlab

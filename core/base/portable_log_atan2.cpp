#include "base/portable_log_atan2.h"

#include <cmath>
#include <limits>

namespace contactlab {
namespace {

constexpr double kLogOfTwo = 0x1.62e42fefa39efp-1;
constexpr double kSqrtOneHalf = 0x1.6a09e667f3bcdp-1;
constexpr double kAtanPi = 0x1.921fb54442d18p+1;
constexpr double kAtanHalfPi = 0x1.921fb54442d18p+0;

// log m for m in [sqrt(1/2), sqrt(2)): 2 artanh(s) with s = (m - 1) / (m + 1), |s| <=
// 0.1716, by its series 2 (s + s^3/3 + s^5/5 + ...) summed from the smallest term; the
// first omitted term, s^25 / 25, is below 1e-20.
double log_reduced(double m) {
  const double s = (m - 1) / (m + 1);
  const double z = s * s;
  double tail = 1.0 / 23;
  for (int odd = 21; odd >= 3; odd -= 2) tail = 1.0 / odd + z * tail;
  return 2 * (s + (s * z) * tail);
}

// atan t for t in [0, 1]: halved twice by atan t = 2 atan(t / (1 + sqrt(1 + t^2))) to
// t <= 0.199, then its series t - t^3/3 + t^5/5 - ... from the smallest term; the first
// omitted term, t^27 / 27, is below 1e-20.
double atan_unit(double t) {
  for (int halving = 0; halving < 2; ++halving) t = t / (1 + std::sqrt(1 + t * t));
  const double z = t * t;
  double tail = 1.0 / 25;
  for (int odd = 23; odd >= 3; odd -= 2) tail = (odd % 4 == 1 ? 1.0 : -1.0) / odd + z * tail;
  return 4 * (t + (t * z) * tail);
}

}  // namespace

double portable_log(double x) {
  if (!(x > 0) || !(x <= std::numeric_limits<double>::max())) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  int exponent = 0;
  double mantissa = std::frexp(x, &exponent);  // x = mantissa 2^exponent, mantissa in [1/2, 1)
  if (mantissa < kSqrtOneHalf) {
    mantissa *= 2;
    --exponent;
  }
  return exponent * kLogOfTwo + log_reduced(mantissa);
}

double portable_atan2(double y, double x) {
  if (!std::isfinite(x) || !std::isfinite(y)) return std::numeric_limits<double>::quiet_NaN();
  const double ax = std::abs(x);
  const double ay = std::abs(y);
  if (ax == 0 && ay == 0) return std::signbit(x) ? std::copysign(kAtanPi, y) : y;
  // The angle in the first quadrant, from the smaller over the larger coordinate.
  double angle = ay <= ax ? atan_unit(ay / ax) : kAtanHalfPi - atan_unit(ax / ay);
  if (std::signbit(x)) angle = kAtanPi - angle;
  return std::copysign(angle, y);
}

}  // namespace contactlab

#include "base/portable_trig.h"

#include <cmath>
#include <limits>

namespace contactlab {
namespace {

// pi/2 = kHalfPiHigh + kHalfPiMiddle + kHalfPiLow (Cody-Waite). The first two carry
// 33 significant bits each, so n * kHalfPiHigh and n * kHalfPiMiddle are exact for
// integers n < 2^20; the remainder is below 1e-37.
constexpr double kHalfPiHigh = 0x1.921fb544p+0;
constexpr double kHalfPiMiddle = 0x1.0b4611a6p-34;
constexpr double kHalfPiLow = 0x1.3198a2e037073p-69;
constexpr double kTwoOverPi = 0x1.45f306dc9c883p-1;
// Slightly wider than pi/4: a remainder that rounding puts just past pi/4 is not
// reduced again (the polynomials below stay accurate out to here).
constexpr double kReducedBound = 0.8;

// cos and sin of r in [-0.8, 0.8] by their Taylor series in z = r^2, evaluated from
// the smallest term to the largest. The first omitted terms, r^18/18! and r^19/19!,
// are below 1e-18 on this interval.
void cos_sin_reduced(double r, double& cosine, double& sine) {
  const double z = r * r;
  double cos_tail = 1.0 / 20922789888000;  // 1/16!
  cos_tail = -1.0 / 87178291200 + z * cos_tail;
  cos_tail = 1.0 / 479001600 + z * cos_tail;
  cos_tail = -1.0 / 3628800 + z * cos_tail;
  cos_tail = 1.0 / 40320 + z * cos_tail;
  cos_tail = -1.0 / 720 + z * cos_tail;
  cos_tail = 1.0 / 24 + z * cos_tail;
  // cos r = 1 - z/2 + z^2 (1/4! - z/6! + ...)
  cosine = (1 - 0.5 * z) + (z * z) * cos_tail;

  double sin_tail = 1.0 / 355687428096000;  // 1/17!
  sin_tail = -1.0 / 1307674368000 + z * sin_tail;
  sin_tail = 1.0 / 6227020800 + z * sin_tail;
  sin_tail = -1.0 / 39916800 + z * sin_tail;
  sin_tail = 1.0 / 362880 + z * sin_tail;
  sin_tail = -1.0 / 5040 + z * sin_tail;
  sin_tail = 1.0 / 120 + z * sin_tail;
  sin_tail = -1.0 / 6 + z * sin_tail;
  // sin r = r + r z (-1/3! + z/5! - ...)
  sine = r + (r * z) * sin_tail;
}

}  // namespace

void portable_cos_sin(double angle, double& cosine, double& sine) {
  if (!(std::abs(angle) <= std::numeric_limits<double>::max())) {
    cosine = sine = std::numeric_limits<double>::quiet_NaN();
    return;
  }
  // Work on |angle| and restore the sign at the end: exact odd/even symmetry.
  double reduced = std::abs(angle);
  int quadrant = 0;  // |angle| = quadrant * pi/2 + reduced (mod 2 pi)
  // One pass suffices below 2^20 pi/2; each further pass (huge angles only) shrinks
  // the remainder by a factor of about 1e10 and always removes at least one pi/2.
  while (std::abs(reduced) > kReducedBound) {
    const double n = std::floor(reduced * kTwoOverPi + 0.5);
    reduced = ((reduced - n * kHalfPiHigh) - n * kHalfPiMiddle) - n * kHalfPiLow;
    const double n_mod_4 = n - 4 * std::floor(0.25 * n);
    quadrant = (quadrant + static_cast<int>(n_mod_4)) & 3;
  }
  double c, s;
  cos_sin_reduced(reduced, c, s);
  switch (quadrant) {
    case 0: cosine = c; sine = s; break;
    case 1: cosine = -s; sine = c; break;
    case 2: cosine = -c; sine = -s; break;
    default: cosine = s; sine = -c; break;
  }
  if (std::signbit(angle)) sine = -sine;
}

}  // namespace contactlab

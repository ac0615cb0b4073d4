#include "base/portable_trig.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "test_random.h"

namespace contactlab {
namespace {

// Uniform in [low, high) from the raw 64-bit engine output (the mapping of
// std::uniform_real_distribution differs between standard libraries).
// Reference: libm's cos and sin, correctly rounded or within one ulp. Below 10 the
// results are at most 1, so two ulp is 4.4e-16.
TEST(PortableTrig, MatchesLibmBelowTen) {
  std::mt19937_64 engine(20240611);
  for (int i = 0; i < 200000; ++i) {
    const double angle = uniform(engine, -10, 10);
    double c, s;
    portable_cos_sin(angle, c, s);
    ASSERT_NEAR(c, std::cos(angle), 4e-16) << "angle " << angle;
    ASSERT_NEAR(s, std::sin(angle), 4e-16) << "angle " << angle;
  }
}

// The reduction by multiples of pi/2 is exact to ~1e-32 up to 2^20 pi/2, so the
// error stays at the ulp level of the result far beyond the 1e-12 asked for.
TEST(PortableTrig, MatchesLibmUpToOneHundredThousand) {
  std::mt19937_64 engine(7);
  for (int i = 0; i < 200000; ++i) {
    const double angle = uniform(engine, -1e5, 1e5);
    double c, s;
    portable_cos_sin(angle, c, s);
    ASSERT_NEAR(c, std::cos(angle), 1e-12) << "angle " << angle;
    ASSERT_NEAR(s, std::sin(angle), 1e-12) << "angle " << angle;
    ASSERT_NEAR(c, std::cos(angle), 5e-16) << "angle " << angle;
    ASSERT_NEAR(s, std::sin(angle), 5e-16) << "angle " << angle;
  }
}

// Near multiples of pi/2 one of the two values is tiny: the relative error there
// shows whether the reduction keeps the low bits of the remainder.
TEST(PortableTrig, KeepsRelativeAccuracyNearMultiplesOfHalfPi) {
  const double half_pi = 1.5707963267948966;
  for (int k = 1; k <= 5000; k += 7) {
    const double angle = k * half_pi;
    double c, s;
    portable_cos_sin(angle, c, s);
    const double small = (k % 2 == 1) ? c : s;
    const double reference = (k % 2 == 1) ? std::cos(angle) : std::sin(angle);
    ASSERT_NEAR(small, reference, 4e-16 * std::abs(reference)) << "k " << k;
  }
}

TEST(PortableTrig, ExactValuesAndSymmetries) {
  double c, s;
  portable_cos_sin(0.0, c, s);
  EXPECT_EQ(c, 1.0);
  EXPECT_EQ(s, 0.0);
  EXPECT_FALSE(std::signbit(s));
  portable_cos_sin(-0.0, c, s);
  EXPECT_EQ(c, 1.0);
  EXPECT_TRUE(std::signbit(s));
  // Tiny angles: cos = 1 and sin = angle exactly (the next Taylor terms are below
  // half an ulp).
  portable_cos_sin(1e-9, c, s);
  EXPECT_EQ(c, 1.0);
  EXPECT_EQ(s, 1e-9);

  std::mt19937_64 engine(3);
  for (int i = 0; i < 10000; ++i) {
    const double angle = uniform(engine, 0, 1e4);
    double c_plus, s_plus, c_minus, s_minus;
    portable_cos_sin(angle, c_plus, s_plus);
    portable_cos_sin(-angle, c_minus, s_minus);
    ASSERT_EQ(c_plus, c_minus);
    ASSERT_EQ(s_plus, -s_minus);
  }
}

TEST(PortableTrig, UnitLength) {
  std::mt19937_64 engine(11);
  for (int i = 0; i < 100000; ++i) {
    const double angle = uniform(engine, -1e4, 1e4);
    double c, s;
    portable_cos_sin(angle, c, s);
    ASSERT_NEAR(c * c + s * s, 1.0, 1e-15) << "angle " << angle;
  }
}

// Beyond the accurate range the values stay finite, of unit length, and the
// reduction loop terminates.
TEST(PortableTrig, HugeAnglesGiveFiniteUnitValues) {
  for (double angle : {1e7, 1e12, 1e20, 1e300, -1e300, std::numeric_limits<double>::max()}) {
    double c, s;
    portable_cos_sin(angle, c, s);
    ASSERT_TRUE(std::isfinite(c) && std::isfinite(s)) << "angle " << angle;
    EXPECT_NEAR(c * c + s * s, 1.0, 1e-15) << "angle " << angle;
  }
  double c, s;
  portable_cos_sin(1e7, c, s);
  EXPECT_NEAR(c, std::cos(1e7), 1e-9);
  EXPECT_NEAR(s, std::sin(1e7), 1e-9);
}

TEST(PortableTrig, NonFiniteAnglesGiveNaN) {
  for (double angle : {std::numeric_limits<double>::infinity(),
                       -std::numeric_limits<double>::infinity(),
                       std::numeric_limits<double>::quiet_NaN()}) {
    double c, s;
    portable_cos_sin(angle, c, s);
    EXPECT_TRUE(std::isnan(c));
    EXPECT_TRUE(std::isnan(s));
  }
}

}  // namespace
}  // namespace contactlab

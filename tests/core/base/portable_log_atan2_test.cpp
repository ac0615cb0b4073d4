#include "base/portable_log_atan2.h"

#include <cmath>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "test_random.h"

namespace contactlab {
namespace {

// Uniform in [low, high) from the raw 64-bit engine output (the mapping of
// std::uniform_real_distribution differs between standard libraries).
// Reference: libm's log, within one ulp. Over 1e-300 .. 1e300 (the mantissa and the
// exponent drawn separately) the error stays within 4 ulp of the result, or of 1 where
// the result is near 0.
TEST(PortableLog, MatchesLibm) {
  std::mt19937_64 engine(20261104);
  for (int i = 0; i < 200000; ++i) {
    const double x = std::ldexp(uniform(engine, 0.5, 1), static_cast<int>(uniform(engine, -996, 997)));
    const double reference = std::log(x);
    const double scale = std::max(1.0, std::abs(reference));
    ASSERT_NEAR(portable_log(x), reference, 4 * std::numeric_limits<double>::epsilon() * scale) << x;
  }
  // Near 1, where log x ~ x - 1 is small, the error is relative to the result.
  for (int i = 0; i < 100000; ++i) {
    const double x = 1 + uniform(engine, -1e-3, 1e-3);
    const double reference = std::log(x);
    ASSERT_NEAR(portable_log(x), reference, 4 * std::numeric_limits<double>::epsilon() * std::abs(reference)) << x;
  }
}

TEST(PortableLog, ExactValuesAndInvalidArguments) {
  EXPECT_EQ(portable_log(1.0), 0.0);
  EXPECT_NEAR(portable_log(2.0), 0.6931471805599453, 2e-16);
  EXPECT_NEAR(portable_log(std::exp(1.0)), 1.0, 2e-16);
  EXPECT_NEAR(portable_log(std::numeric_limits<double>::denorm_min()), -744.4400719213812, 1e-12);
  for (double x : {0.0, -1.0, std::numeric_limits<double>::infinity(),
                   std::numeric_limits<double>::quiet_NaN()}) {
    EXPECT_TRUE(std::isnan(portable_log(x))) << x;
  }
}

// Reference: libm's atan2, within one ulp; results are at most pi, so 4 ulp of pi is
// 1.8e-15, and small angles keep their relative accuracy.
TEST(PortableAtan2, MatchesLibmInEveryQuadrant) {
  std::mt19937_64 engine(314159);
  for (int i = 0; i < 200000; ++i) {
    const double y = uniform(engine, -10, 10);
    const double x = uniform(engine, -10, 10);
    const double reference = std::atan2(y, x);
    ASSERT_NEAR(portable_atan2(y, x), reference,
                4 * std::numeric_limits<double>::epsilon() * std::max(std::abs(reference), 1e-300))
        << y << ", " << x;
  }
}

TEST(PortableAtan2, AxesSignedZerosAndInvalidArguments) {
  const double pi = 3.141592653589793;
  EXPECT_EQ(portable_atan2(0.0, 1.0), 0.0);
  EXPECT_EQ(portable_atan2(1.0, 0.0), pi / 2);
  EXPECT_EQ(portable_atan2(-1.0, 0.0), -pi / 2);
  EXPECT_EQ(portable_atan2(0.0, -1.0), pi);
  EXPECT_EQ(portable_atan2(-0.0, -1.0), -pi);
  EXPECT_EQ(portable_atan2(0.0, 0.0), 0.0);
  EXPECT_EQ(portable_atan2(0.0, -0.0), pi);
  EXPECT_NEAR(portable_atan2(1.0, 1.0), pi / 4, 2e-16);
  EXPECT_EQ(portable_atan2(1e-20, 1.0), 1e-20);
  for (double bad : {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
    EXPECT_TRUE(std::isnan(portable_atan2(bad, 1.0)));
    EXPECT_TRUE(std::isnan(portable_atan2(1.0, bad)));
  }
}

}  // namespace
}  // namespace contactlab

#include "base/finite_values.h"

#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

// IEEE-754: every value whose exponent field is not all ones is finite, including the
// extremes (largest, smallest subnormal, negative zero).
TEST(AllFinite, AcceptsEveryFiniteDouble) {
  const std::vector<double> values = {0.0,
                                      -0.0,
                                      1.0,
                                      -3.5e-300,
                                      std::numeric_limits<double>::denorm_min(),
                                      std::numeric_limits<double>::min(),
                                      std::numeric_limits<double>::max(),
                                      -std::numeric_limits<double>::max()};
  EXPECT_TRUE(all_finite(values.data(), values.size()));
  EXPECT_TRUE(all_finite(values.data(), 0));
}

// Each non-finite value is found at every position, odd and even (the loop is run two
// entries at a time), and in a long block.
TEST(AllFinite, FindsInfinityAndNanAnywhere) {
  const double bad_values[] = {std::numeric_limits<double>::infinity(),
                               -std::numeric_limits<double>::infinity(), std::nan(""),
                               -std::nan("")};
  for (double bad : bad_values) {
    for (int position = 0; position < 7; ++position) {
      std::vector<double> values(7, 1.25);
      values[position] = bad;
      EXPECT_FALSE(all_finite(values.data(), values.size())) << bad << " at " << position;
    }
    std::vector<double> block(40000, -2.0);
    block[39999] = bad;
    EXPECT_FALSE(all_finite(block.data(), block.size()));
    EXPECT_TRUE(all_finite(block.data(), block.size() - 1));
  }
}

}  // namespace
}  // namespace contactlab

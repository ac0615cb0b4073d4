// The etas' pass of several columns at once (lcp/eta_kernels.h) against one pass per
// column, bit for bit, for one to four columns and lengths around the vector width.
#include "lcp/eta_kernels.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "test_random.h"

namespace contactlab {

TEST(EtaKernels, SeveralColumnsInOnePassAreTheSubtractionsOneAfterTheOther) {
  TestRandom random(5);
  for (int columns_count = 1; columns_count <= kEtasInOnePass; ++columns_count) {
    for (const int count : {0, 1, 3, 4, 5, 7, 8, 13, 64, 1001}) {
      SCOPED_TRACE(::testing::Message() << columns_count << " columns of " << count);
      std::vector<std::vector<double>> columns(columns_count, std::vector<double>(count));
      std::vector<const double*> pointers;
      std::vector<double> values;
      for (auto& column : columns) {
        // Magnitudes over many decades, so that a reassociated sum would round apart.
        for (double& entry : column) entry = random.uniform(-1, 1) * random.magnitude(8);
        pointers.push_back(column.data());
        values.push_back(random.uniform(-1, 1) * random.magnitude(8));
      }
      std::vector<double> target(count), expected;
      for (double& entry : target) entry = random.uniform(-1, 1) * random.magnitude(8);
      expected = target;
      for (int c = 0; c < columns_count; ++c) {
        for (int i = 0; i < count; ++i) expected[i] -= columns[c][i] * values[c];
      }
      subtract_scaled_columns(pointers.data(), values.data(), columns_count, target.data(),
                              static_cast<std::size_t>(count));
      ASSERT_EQ(std::memcmp(target.data(), expected.data(), sizeof(double) * count), 0);
    }
  }
}

}  // namespace contactlab

#include "lcp/lemke_lu.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace contactlab {
namespace {

TEST(LemkeLu, SolvesWithRowExchanges) {
  // A = [[0, 2, 1], [1, 1, 0], [4, 0, 1]] (column-major below), b = A (1, 2, 3):
  // the first pivot must come from row 2, and the solution is (1, 2, 3).
  std::vector<double> a = {0, 1, 4, 2, 1, 0, 1, 0, 1};
  std::vector<double> b = {0 * 1 + 2 * 2 + 1 * 3, 1 * 1 + 1 * 2 + 0 * 3, 4 * 1 + 0 * 2 + 1 * 3};
  std::vector<int> row_swap(3);
  ASSERT_TRUE(lu_factorise(a.data(), 3, row_swap.data(), 1e-13));
  EXPECT_EQ(row_swap[0], 2);
  lu_solve(a.data(), 3, row_swap.data(), b.data());
  EXPECT_NEAR(b[0], 1, 1e-15);
  EXPECT_NEAR(b[1], 2, 1e-15);
  EXPECT_NEAR(b[2], 3, 1e-15);
}

TEST(LemkeLu, EqualCandidatesPivotOnTheLowestRow) {
  // Both rows of the first column are 1: row 0 stays, so no exchange is recorded.
  std::vector<double> a = {1, 1, 1, 3};
  std::vector<int> row_swap(2);
  ASSERT_TRUE(lu_factorise(a.data(), 2, row_swap.data(), 1e-13));
  EXPECT_EQ(row_swap[0], 0);
  EXPECT_EQ(row_swap[1], 1);
  std::vector<double> b = {2, 4};  // x + y = 2, x + 3y = 4: (1, 1)
  lu_solve(a.data(), 2, row_swap.data(), b.data());
  EXPECT_EQ(b[0], 1);
  EXPECT_EQ(b[1], 1);
}

TEST(LemkeLu, ReportsASingularMatrix) {
  // Rank one: the second pivot is zero (exactly, after elimination).
  std::vector<double> a = {1, 2, 2, 4};
  std::vector<int> row_swap(2);
  EXPECT_FALSE(lu_factorise(a.data(), 2, row_swap.data(), 1e-13));
  // A pivot of 1e-14 of the largest entry is singular at 1e-13, regular at 1e-15.
  std::vector<double> nearly = {1, 0, 0, 1e-14};
  EXPECT_FALSE(lu_factorise(nearly.data(), 2, row_swap.data(), 1e-13));
  nearly = {1, 0, 0, 1e-14};
  EXPECT_TRUE(lu_factorise(nearly.data(), 2, row_swap.data(), 1e-15));
}

// The column-major k x k matrix with entries sin(1 + 0.7 r + 1.3 c) + 3 on the
// diagonal, negated in the odd columns (negative pivots, so that +0 / pivot gives -0),
// zero where (r + 2 c) % 5 == 1 off the diagonal (zero multipliers), and zero between
// the rows and columns that are multiples of 3 and the others (two uncoupled groups:
// exact zeros in the inverse).
std::vector<double> patterned_matrix(int k) {
  std::vector<double> a(static_cast<std::size_t>(k) * k);
  for (int c = 0; c < k; ++c) {
    for (int r = 0; r < k; ++r) {
      double value = std::sin(1.0 + r * 0.7 + c * 1.3) + (r == c ? 3.0 : 0.0);
      if (r != c && ((r + 2 * c) % 5 == 1 || (r % 3 == 0) != (c % 3 == 0))) value = 0;
      a[r + c * k] = c % 2 == 1 ? -value : value;
    }
  }
  return a;
}

TEST(LemkeLu, InverseGivesTheBitsOfUnitSolvesOneAtATime) {
  for (int k : {1, 2, 7, 13, 22}) {
    std::vector<double> a = patterned_matrix(k);
    std::vector<int> row_swap(k);
    ASSERT_TRUE(lu_factorise(a.data(), k, row_swap.data(), 1e-13));
    const int stride = lu_inverse_stride(k);
    EXPECT_EQ(stride % 4, 0);
    EXPECT_GE(stride, k);
    std::vector<double> inverse(static_cast<std::size_t>(k) * stride, 7.0);  // every entry written
    std::vector<int> order(k, -1);
    lu_inverse(a.data(), k, row_swap.data(), inverse.data(), order.data());
    std::vector<char> seen(k, 0);
    int negative_zeros = 0;
    for (int q = 0; q < k; ++q) {
      ASSERT_GE(order[q], 0);
      ASSERT_LT(order[q], k);
      EXPECT_FALSE(seen[order[q]]) << "column " << order[q] << " twice";
      seen[order[q]] = 1;
      std::vector<double> alone(k, 0.0);
      alone[order[q]] = 1;
      lu_solve(a.data(), k, row_swap.data(), alone.data());
      for (int t = 0; t < k; ++t) {
        const double entry = inverse[t * stride + q];
        EXPECT_EQ(std::signbit(entry), std::signbit(alone[t])) << k << ": " << t << ", " << q;
        EXPECT_EQ(entry, alone[t]) << k << ": " << t << ", " << q;
        negative_zeros += entry == 0 && std::signbit(entry) ? 1 : 0;
      }
    }
    if (k == 22) {
      EXPECT_GT(negative_zeros, 0) << "the case meant to hold -0s holds none";
    }
  }
}

TEST(LemkeLu, InverseTimesTheMatrixIsTheIdentity) {
  const int k = 13;
  const std::vector<double> original = patterned_matrix(k);
  std::vector<double> a = original;
  std::vector<int> row_swap(k);
  ASSERT_TRUE(lu_factorise(a.data(), k, row_swap.data(), 1e-13));
  const int stride = lu_inverse_stride(k);
  std::vector<double> inverse(static_cast<std::size_t>(k) * stride);
  std::vector<int> order(k);
  lu_inverse(a.data(), k, row_swap.data(), inverse.data(), order.data());
  // Column q of the result is A^-1 e_order[q], so A times it is e_order[q].
  for (int q = 0; q < k; ++q) {
    for (int r = 0; r < k; ++r) {
      double sum = 0;
      for (int t = 0; t < k; ++t) sum += original[r + t * k] * inverse[t * stride + q];
      EXPECT_NEAR(sum, r == order[q] ? 1.0 : 0.0, 1e-13) << r << ", " << q;
    }
  }
}

TEST(LemkeLu, InverseThatOverflowsGivesTheBitsOfUnitSolvesToo) {
  // A = [[1, 0, 1], [0, 1e-200, 1e200], [0, 0, 1]]: row 1 of A^-1 overflows to infinity,
  // and U_01 = 0 multiplies it into the NaNs lu_solve() subtracts from row 0.
  const int k = 3;
  std::vector<double> a = {1, 0, 0, 0, 1e-200, 0, 1, 1e200, 1};
  std::vector<int> row_swap(k);
  ASSERT_TRUE(lu_factorise(a.data(), k, row_swap.data(), 0.0));
  const int stride = lu_inverse_stride(k);
  std::vector<double> inverse(static_cast<std::size_t>(k) * stride);
  std::vector<int> order(k);
  lu_inverse(a.data(), k, row_swap.data(), inverse.data(), order.data());
  int nans = 0;
  for (int q = 0; q < k; ++q) {
    std::vector<double> alone(k, 0.0);
    alone[order[q]] = 1;
    lu_solve(a.data(), k, row_swap.data(), alone.data());
    for (int t = 0; t < k; ++t) {
      const double entry = inverse[t * stride + q];
      EXPECT_EQ(std::isnan(entry), std::isnan(alone[t])) << t << ", " << q;
      if (!std::isnan(alone[t])) {
        EXPECT_EQ(entry, alone[t]) << t << ", " << q;
      }
      nans += std::isnan(alone[t]) ? 1 : 0;
    }
  }
  EXPECT_GT(nans, 0) << "the case meant to overflow into NaNs holds none";
}

}  // namespace
}  // namespace contactlab

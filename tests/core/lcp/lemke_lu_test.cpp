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

TEST(LemkeLu, FourRightHandSidesGiveTheBitsOfOneAtATime) {
  // A 13 x 13 matrix with no structure but its diagonal, and four right-hand sides: two
  // unit vectors (zero multipliers in the elimination for some columns, not for
  // others), one with zeros and a -0 among its entries, one dense.
  const int k = 13;
  std::vector<double> a(k * k);
  for (int c = 0; c < k; ++c) {
    for (int r = 0; r < k; ++r) a[r + c * k] = std::sin(1.0 + r * 0.7 + c * 1.3) + (r == c ? 3.0 : 0.0);
  }
  std::vector<int> row_swap(k);
  ASSERT_TRUE(lu_factorise(a.data(), k, row_swap.data(), 1e-13));
  std::vector<double> rhs[4];
  for (auto& b : rhs) b.assign(k, 0.0);
  rhs[0][0] = 1;
  rhs[1][9] = 1;
  rhs[2][3] = -2.5;
  rhs[2][4] = -0.0;
  rhs[2][11] = 0.125;
  for (int i = 0; i < k; ++i) rhs[3][i] = std::cos(0.3 * i) - 0.5;
  std::vector<double> together[4];
  double* columns[4];
  for (int j = 0; j < 4; ++j) {
    together[j] = rhs[j];
    columns[j] = together[j].data();
  }
  lu_solve_four(a.data(), k, row_swap.data(), columns);
  for (int j = 0; j < 4; ++j) {
    std::vector<double> alone = rhs[j];
    lu_solve(a.data(), k, row_swap.data(), alone.data());
    for (int i = 0; i < k; ++i) {
      EXPECT_EQ(std::signbit(together[j][i]), std::signbit(alone[i])) << j << ", " << i;
      EXPECT_EQ(together[j][i], alone[i]) << j << ", " << i;
    }
  }
}

}  // namespace
}  // namespace contactlab

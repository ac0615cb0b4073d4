#include "lcp/lemke_lu.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace contactlab

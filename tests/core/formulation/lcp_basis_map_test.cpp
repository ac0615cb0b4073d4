// The last pass's sparse bases carried over to changed contacts (lcp_basis_map.h): the
// layout contact by contact, the nearest point of the same pair chosen, and a warm
// start across a changed contact set that ends in the cold answer with no pivot.
#include "formulation/lcp_basis_map.h"

#include <gtest/gtest.h>

#include "lcp/sparse_lemke.h"
#include "lemke_contact_problems.h"
#include "test_constants.h"

namespace contactlab {
namespace {

constexpr int kEdges = 2;

// The key of lcp_formulation.cpp for contacts of the given geom pairs.
std::vector<long long> key_of(int edges, const std::vector<std::pair<int, int>>& pairs) {
  std::vector<long long> key{edges};
  for (const auto& [a, b] : pairs) {
    key.push_back(a);
    key.push_back(b);
  }
  return key;
}

}  // namespace

TEST(LcpBasisMap, ContactsKeepTheirRolesByGeomPairAndPoint) {
  // Last pass: contacts (1,2) at x = 0, (1,2) at x = 1, (3,4); now (3,4), (5,6), (1,2)
  // at x = 0.1: the first (1,2) and (3,4) carry over, (5,6) is new (open: every w
  // basic).
  LcpBasis past;
  past.key = key_of(kEdges, {{1, 2}, {1, 2}, {3, 4}});
  past.points = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(5, 0, 0)};
  // z = [c_n (3); beta (3 x 2); lambda (3)]
  past.z_is_basic = {1, 0, 1, /* beta */ 1, 0, 0, 0, 0, 1, /* lambda */ 0, 0, 1};
  std::vector<char> basis;
  ASSERT_TRUE(map_contact_basis({past}, key_of(kEdges, {{3, 4}, {5, 6}, {1, 2}}),
                                {Vec3(5, 0, 0), Vec3(2, 0, 0), Vec3(0.1, 0, 0)}, basis));
  const std::vector<char> expected = {1, 0, 1, /* beta */ 0, 1, 0, 0, 1, 0, /* lambda */ 1, 0, 0};
  EXPECT_EQ(basis, expected);
  // Another u, limit rows in the key, or no points: nothing to carry over.
  std::vector<char> untouched = {7};
  EXPECT_FALSE(map_contact_basis({past}, key_of(4, {{3, 4}}), {Vec3::Zero()}, untouched));
  LcpBasis with_limit = past;
  with_limit.key.push_back(-1);
  with_limit.key.push_back(0);
  EXPECT_FALSE(map_contact_basis({with_limit}, key_of(kEdges, {{3, 4}}), {Vec3::Zero()}, untouched));
  LcpBasis without_points = past;
  without_points.points.clear();
  EXPECT_FALSE(map_contact_basis({without_points}, key_of(kEdges, {{3, 4}}), {Vec3::Zero()}, untouched));
  EXPECT_EQ(untouched, std::vector<char>{7});
}

TEST(LcpBasisMap, ThePairsNearestPointCarriesItsRoleWhereACornerAppears) {
  // A face resting on two points (x = -1 sticking, x = 1 open) gains a contact at x = -2
  // ahead of them: by rank the new first contact would take x = -1's roles and x = -1
  // those of x = 1; by point each keeps its own, and the new one starts open, though
  // x = -1 is also the nearest past point to the new one.
  LcpBasis past;
  past.key = key_of(kEdges, {{1, 2}, {1, 2}});
  past.points = {Vec3(-1, 0, 0), Vec3(1, 0, 0)};
  // c_n basic at x = -1 with one beta, all nonbasic at x = 1.
  past.z_is_basic = {1, 0, /* beta */ 0, 1, 0, 0, /* lambda */ 0, 0};
  std::vector<char> basis;
  ASSERT_TRUE(map_contact_basis({past}, key_of(kEdges, {{1, 2}, {1, 2}, {1, 2}}),
                                {Vec3(-2, 0, 0.01), Vec3(-1, 0, 0.01), Vec3(1, 0, 0.01)}, basis));
  const std::vector<char> expected = {0, 1, 0, /* beta */ 0, 0, 0, 1, 0, 0, /* lambda */ 0, 0, 0};
  EXPECT_EQ(basis, expected);
}

TEST(LcpBasisMap, WarmStartAcrossChangedContactsGivesTheColdAnswer) {
  // A stack of 6 boxes (u = 4). The last pass had one more contact, of a pair that has
  // since separated, ahead of the stack's: carried over, its basis is the cold one,
  // which solves the problem with no pivot and the same certified answer.
  constexpr int kBoxes = 6;
  constexpr int kStackEdges = 4;
  const test_problems::ContactLcp lcp =
      test_problems::resting_stack_lcp(kBoxes, 0.8, kStackEdges, 0.0025, kGravity);
  const Eigen::SparseMatrix<double> M = lcp.M.sparseView();
  SparseLemkeSolver solver;
  const LcpSolution cold = solver.solve(M, lcp.q, LemkeSettings());
  ASSERT_EQ(cold.status, LcpStatus::Solved);
  const int k = 4 * kBoxes;
  std::vector<std::pair<int, int>> pairs;
  for (int c = 0; c < k; ++c) pairs.emplace_back(c / 4, c / 4 + 1);
  LcpBasis past;
  std::vector<std::pair<int, int>> past_pairs{{40, 41}};
  past_pairs.insert(past_pairs.end(), pairs.begin(), pairs.end());
  past.key = key_of(kStackEdges, past_pairs);
  // Each contact's point: the stack's corners by index, the separated contact far off.
  std::vector<Vec3> points;
  for (int c = 0; c < k; ++c) points.emplace_back(c % 4, 0, c / 4);
  past.points.emplace_back(100, 0, 0);
  past.points.insert(past.points.end(), points.begin(), points.end());
  // The separated contact first in each block: c_n, its u beta's, lambda nonbasic.
  const auto block = [&](int first, int count) {
    return std::vector<char>(cold.z_is_basic.begin() + first, cold.z_is_basic.begin() + first + count);
  };
  past.z_is_basic.push_back(0);
  for (char role : block(0, k)) past.z_is_basic.push_back(role);
  for (int i = 0; i < kStackEdges; ++i) past.z_is_basic.push_back(0);
  for (char role : block(k, k * kStackEdges)) past.z_is_basic.push_back(role);
  past.z_is_basic.push_back(0);
  for (char role : block(k + k * kStackEdges, k)) past.z_is_basic.push_back(role);

  std::vector<char> basis;
  ASSERT_TRUE(map_contact_basis({past}, key_of(kStackEdges, pairs), points, basis));
  EXPECT_EQ(basis, cold.z_is_basic);
  const LcpSolution warm = solver.solve(M, lcp.q, LemkeSettings(), &basis);
  ASSERT_EQ(warm.status, LcpStatus::Solved);
  EXPECT_TRUE(warm.warm_start_used);
  EXPECT_EQ(warm.pivots, 0);
  EXPECT_TRUE(check_lcp_certificate(lcp.M, lcp.q, warm.z, 1e-9).valid);
  EXPECT_LE((warm.z - cold.z).cwiseAbs().maxCoeff(), 1e-12 * cold.z.cwiseAbs().maxCoeff());
}

}  // namespace contactlab

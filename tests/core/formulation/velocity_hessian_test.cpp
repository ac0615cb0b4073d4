// The soft and convex formulations' Hessian (formulation/velocity_hessian.h): H = M +
// sum_c J_c^T D_c J_c over the bodies' blocks and Newton's direction d = -H^-1 g by its
// block factorisation, against H assembled densely from the same blocks and solved by
// a dense LDL^T, on random islands and on a brick pyramid's island as the step poses
// it; the pattern changes between islands on one workspace (analysed again) and comes
// back (the kept analysis reused); the fill's blocks are Eigen's products' bit for bit.
#include "formulation/velocity_hessian.h"

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include <Eigen/Cholesky>
#include <gtest/gtest.h>

#include "formulation_random_island.h"
#include "pile_scenes.h"
#include "scene/scene_loader.h"
#include "step/data.h"
#include "step/step.h"
#include "step/step_workspace.h"
#include "test_random.h"

namespace contactlab {
namespace {

// A random positive semidefinite 3 x 3 block per contact, some of them exactly zero
// (a contact with no active ray adds nothing).
std::vector<Mat3> random_contact_weights(int contacts, std::uint64_t seed) {
  TestRandom random(seed);
  std::vector<Mat3> weight(contacts);
  for (int c = 0; c < contacts; ++c) {
    if (c % 5 == 3) {
      weight[c].setZero();
      continue;
    }
    Mat3 root;
    for (int i = 0; i < 9; ++i) root(i / 3, i % 3) = random.uniform(-1, 1);
    weight[c] = 1e3 * root * root.transpose();
  }
  return weight;
}

// H from the same blocks, dense: each member's M on the diagonal, each contact's
// J^T D J over its sides.
Eigen::MatrixXd dense_velocity_hessian(const VelocityHessian& system, const std::vector<Mat3>& weight) {
  const int count = static_cast<int>(system.mass.size());
  Eigen::MatrixXd hessian = Eigen::MatrixXd::Zero(6 * count, 6 * count);
  for (int m = 0; m < count; ++m) hessian.block<6, 6>(6 * m, 6 * m) = system.mass[m];
  for (std::size_t c = 0; c < weight.size(); ++c) {
    for (int a = 0; a < 2; ++a) {
      for (int b = 0; b < 2; ++b) {
        const int ma = system.contact_member[a][c], mb = system.contact_member[b][c];
        if (ma < 0 || mb < 0) continue;
        hessian.block<6, 6>(6 * ma, 6 * mb) +=
            system.side_rows[2 * c + a].transpose() * weight[c] * system.side_rows[2 * c + b];
      }
    }
  }
  return hessian;
}

// The sparse direction against the dense solve, relative to the direction's size.
void expect_direction_as_dense(VelocityHessian& system, int contacts, std::uint64_t seed) {
  const std::vector<Mat3> weight = random_contact_weights(contacts, seed);
  fill_velocity_hessian(weight, system);
  TestRandom draw(seed + 1);
  Eigen::VectorXd gradient(6 * static_cast<int>(system.mass.size()));
  for (Eigen::Index i = 0; i < gradient.size(); ++i) gradient[i] = draw.uniform(-1, 1);
  Eigen::VectorXd direction;
  ASSERT_TRUE(newton_direction(system, gradient, direction));
  const Eigen::VectorXd dense = -dense_velocity_hessian(system, weight).ldlt().solve(gradient);
  EXPECT_LT((direction - dense).cwiseAbs().maxCoeff(), 1e-10 * dense.cwiseAbs().maxCoeff()) << seed;
}

TEST(VelocityHessian, NewtonDirectionMatchesTheDenseSolve) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const int bodies = 2 + static_cast<int>(seed);
    const RandomIsland random(seed, bodies, 3 * bodies, 0.6, seed % 2 == 0 ? 4 : 8);
    VelocityHessian system;
    ASSERT_TRUE(prepare_velocity_hessian(random.rows, random.island, system));
    EXPECT_FALSE(system.pairs.empty()) << seed;  // some contact joins two bodies
    expect_direction_as_dense(system, random.rows.contact_count, seed);
  }
}

TEST(VelocityHessian, APatternThatChangesIsAnalysedAgainAndOneThatReturnsIsReused) {
  const RandomIsland first(11, 5, 14, 0.6, 4);
  const RandomIsland second(12, 5, 9, 0.6, 4);
  VelocityHessian system;
  ASSERT_TRUE(prepare_velocity_hessian(first.rows, first.island, system));
  const std::vector<std::pair<int, int>> first_pairs = system.pairs;
  const int first_pattern = system.pattern;
  expect_direction_as_dense(system, first.rows.contact_count, 21);
  ASSERT_TRUE(prepare_velocity_hessian(second.rows, second.island, system));
  ASSERT_NE(system.pairs, first_pairs);  // the two islands touch different pairs
  EXPECT_NE(system.pattern, first_pattern);
  EXPECT_EQ(system.patterns[system.pattern].pairs, system.pairs);
  expect_direction_as_dense(system, second.rows.contact_count, 22);
  ASSERT_TRUE(prepare_velocity_hessian(second.rows, second.island, system));
  expect_direction_as_dense(system, second.rows.contact_count, 23);
  // The first island again, after the second: its kept analysis, its factor formed
  // again whole from the new fill (the same bits as a fresh workspace's).
  ASSERT_TRUE(prepare_velocity_hessian(first.rows, first.island, system));
  EXPECT_EQ(system.pattern, first_pattern);
  EXPECT_EQ(system.patterns.size(), 2u);
  expect_direction_as_dense(system, first.rows.contact_count, 24);
  VelocityHessian fresh;
  ASSERT_TRUE(prepare_velocity_hessian(first.rows, first.island, fresh));
  const std::vector<Mat3> weight = random_contact_weights(first.rows.contact_count, 25);
  fill_velocity_hessian(weight, system);
  fill_velocity_hessian(weight, fresh);
  const Eigen::VectorXd gradient = Eigen::VectorXd::LinSpaced(6 * static_cast<int>(fresh.mass.size()), -1, 1);
  Eigen::VectorXd kept_direction, fresh_direction;
  ASSERT_TRUE(newton_direction(system, gradient, kept_direction));
  ASSERT_TRUE(newton_direction(fresh, gradient, fresh_direction));
  EXPECT_EQ(kept_direction, fresh_direction);
}

// Past kKeptPatterns patterns the least recently used one is analysed over.
TEST(VelocityHessian, TheLeastRecentlyUsedPatternMakesRoom) {
  VelocityHessian system;
  std::vector<int> slot;
  for (int island = 0; island <= kKeptPatterns; ++island) {
    const RandomIsland random(31 + island, 4 + island, 10 + 2 * island, 0.6, 4);
    ASSERT_TRUE(prepare_velocity_hessian(random.rows, random.island, system));
    slot.push_back(system.pattern);
    expect_direction_as_dense(system, random.rows.contact_count, 41 + island);
  }
  EXPECT_EQ(static_cast<int>(system.patterns.size()), kKeptPatterns);
  EXPECT_EQ(slot.back(), slot.front());  // the first island's room
}

// A second fill within a solve sums again only the blocks of the contacts whose D_c
// changed: the blocks equal a whole fill's bit for bit.
TEST(VelocityHessian, ARefillOfSomeContactsEqualsAWholeFill) {
  const RandomIsland random(7, 8, 24, 0.6, 4);
  VelocityHessian system;
  ASSERT_TRUE(prepare_velocity_hessian(random.rows, random.island, system));
  std::vector<Mat3> weight = random_contact_weights(random.rows.contact_count, 41);
  fill_velocity_hessian(weight, system);
  const std::vector<Mat3> changed = random_contact_weights(random.rows.contact_count, 42);
  for (int c : {2, 9, 17}) weight[c] = changed[c];
  weight[5].setZero();
  fill_velocity_hessian(weight, system);
  VelocityHessian whole;
  ASSERT_TRUE(prepare_velocity_hessian(random.rows, random.island, whole));
  fill_velocity_hessian(weight, whole);
  EXPECT_EQ(system.member_block, whole.member_block);
  EXPECT_EQ(system.pair_block, whole.pair_block);
  expect_direction_as_dense(system, random.rows.contact_count, 43);
}

// Told which D_c the caller formed again, the refill compares only those: a flagged
// contact whose D_c came out the same dirties no block, an unflagged one is taken as
// it stands, and the blocks equal a whole fill's bit for bit.
TEST(VelocityHessian, ARefillOfTheFlaggedContactsEqualsAWholeFill) {
  const RandomIsland random(7, 8, 24, 0.6, 4);
  VelocityHessian system;
  ASSERT_TRUE(prepare_velocity_hessian(random.rows, random.island, system));
  const int k = random.rows.contact_count;
  std::vector<Mat3> weight = random_contact_weights(k, 41);
  fill_velocity_hessian(weight, system);
  const std::vector<Mat3> changed = random_contact_weights(k, 42);
  std::vector<char> may_differ(k, 0);
  for (int c : {2, 9, 17}) {
    weight[c] = changed[c];
    may_differ[c] = 1;
  }
  weight[5].setZero();
  may_differ[5] = 1;
  std::vector<char> touched(system.mass.size(), 0);  // the changed contacts' members
  for (int c : {2, 5, 9, 17}) {
    for (int s = 0; s < 2; ++s) {
      if (system.contact_member[s][c] >= 0) touched[system.contact_member[s][c]] = 1;
    }
  }
  // One more contact formed again but the same, with a member no changed contact
  // touches: that member's block stays clean.
  int same = -1;
  for (int c = 0; c < k && same < 0; ++c) {
    if (may_differ[c] || weight[c] == Mat3::Zero()) continue;
    for (int s = 0; s < 2; ++s) {
      const int m = system.contact_member[s][c];
      if (m >= 0 && !touched[m]) same = c;
    }
  }
  ASSERT_GE(same, 0);
  may_differ[same] = 1;
  fill_velocity_hessian(weight, system, &may_differ);
  for (std::size_t m = 0; m < system.mass.size(); ++m) EXPECT_EQ(system.member_dirty[m], touched[m]) << m;
  VelocityHessian whole;
  ASSERT_TRUE(prepare_velocity_hessian(random.rows, random.island, whole));
  fill_velocity_hessian(weight, whole);
  EXPECT_EQ(system.member_block, whole.member_block);
  EXPECT_EQ(system.pair_block, whole.pair_block);
  EXPECT_EQ(system.filled_weight, weight);
}

// The refills keep each contact's terms from the fill that formed them: along a run
// of refills (D_c changed, changed back, set to zero and made non-zero again, with and
// without the caller's flags) every fill's blocks equal a whole fill's bit for bit.
TEST(VelocityHessian, RefillsThatKeepTheUnchangedContactsTermsEqualWholeFills) {
  const RandomIsland random(17, 10, 30, 0.6, 4);
  VelocityHessian system;
  ASSERT_TRUE(prepare_velocity_hessian(random.rows, random.island, system));
  const int k = random.rows.contact_count;
  const std::vector<Mat3> first = random_contact_weights(k, 61);
  std::vector<Mat3> weight = first;
  fill_velocity_hessian(weight, system);
  for (int refill = 0; refill < 8; ++refill) {
    const std::vector<Mat3> other = random_contact_weights(k, 70 + refill);
    std::vector<char> may_differ(k, 0);
    for (int c = refill % 3; c < k; c += 4 + refill % 3) {
      weight[c] = refill % 4 == 2 ? first[c] : (refill % 4 == 3 ? Mat3::Zero() : other[c]);
      may_differ[c] = 1;
    }
    fill_velocity_hessian(weight, system, refill % 2 == 0 ? &may_differ : nullptr);
    VelocityHessian whole;
    ASSERT_TRUE(prepare_velocity_hessian(random.rows, random.island, whole));
    fill_velocity_hessian(weight, whole);
    EXPECT_EQ(system.member_block, whole.member_block) << refill;
    EXPECT_EQ(system.pair_block, whole.pair_block) << refill;
  }
  expect_direction_as_dense(system, k, 79);
}

// The fill's blocks equal, bit for bit, those summed by Eigen's own fixed-size
// products in the contacts' order (the bits the trajectory hashes were recorded with):
// M, then per contact (J_s^T D_c) J_s on each side's diagonal block and (J_a^T D_c) J_b
// on the pair's, a the pair's first member. Of a diagonal block the fill sums only the
// lower triangle (the factorisation reads no more); M stays above it.
TEST(VelocityHessian, TheFillSumsAsEigensProducts) {
  const RandomIsland random(9, 8, 24, 0.6, 4);
  VelocityHessian system;
  ASSERT_TRUE(prepare_velocity_hessian(random.rows, random.island, system));
  const std::vector<Mat3> weight = random_contact_weights(random.rows.contact_count, 51);
  fill_velocity_hessian(weight, system);
  std::vector<Mat6> member_block = system.mass;
  std::vector<Mat6> pair_block(system.pairs.size(), Mat6::Zero());
  for (std::size_t c = 0; c < weight.size(); ++c) {
    if (weight[c] == Mat3::Zero()) continue;
    Eigen::Matrix<double, 6, 3> weighted[2];
    for (int s = 0; s < 2; ++s) {
      const int m = system.contact_member[s][c];
      if (m < 0) continue;
      weighted[s].noalias() = system.side_rows[2 * c + s].transpose() * weight[c];
      member_block[m].noalias() += weighted[s] * system.side_rows[2 * c + s];
    }
    const int pair = system.contact_pair[c];
    if (pair < 0) continue;
    const int first = system.contact_member[0][c] == system.pairs[pair].first ? 0 : 1;
    pair_block[pair].noalias() += weighted[first] * system.side_rows[2 * c + 1 - first];
  }
  EXPECT_FALSE(pair_block.empty());
  for (std::size_t m = 0; m < member_block.size(); ++m) {
    const Mat6 lower = member_block[m].triangularView<Eigen::Lower>();
    const Mat6 upper = system.mass[m].triangularView<Eigen::StrictlyUpper>();
    EXPECT_EQ(system.member_block[m], lower + upper) << m;
  }
  EXPECT_EQ(system.pair_block, pair_block);
}

// J_c x, J_c^T f with its sizes and M x, written in pairs of doubles for the Newton
// loops, equal Eigen's own fixed-size products bit for bit (the bits the trajectory
// hashes were recorded with), on random vectors whose entries span many magnitudes and
// both signs, so that another order of a sum would show in the last bits.
TEST(VelocityHessian, TheRatesForcesAndMomentaSumAsEigensProducts) {
  const RandomIsland random(13, 8, 24, 0.6, 4);
  VelocityHessian system;
  ASSERT_TRUE(prepare_velocity_hessian(random.rows, random.island, system));
  TestRandom values(77);
  const int n = 6 * static_cast<int>(system.mass.size());
  const auto spread = [&] { return values.uniform(-1, 1) * std::pow(10.0, values.uniform(-6, 6)); };
  Eigen::VectorXd x(n);
  for (int i = 0; i < n; ++i) x[i] = spread();
  Eigen::VectorXd out = Eigen::VectorXd::Zero(n), size = Eigen::VectorXd::Zero(n);
  Eigen::VectorXd expected_out = out, expected_size = size;
  bool two_sided = false;
  for (int c = 0; c < random.rows.contact_count; ++c) {
    Vec3 rate = Vec3::Zero();
    const Vec3 force(spread(), spread(), spread());
    for (int s = 0; s < 2; ++s) {
      const int m = system.contact_member[s][c];
      if (m < 0) continue;
      two_sided = two_sided || s == 1;
      rate += system.side_rows[2 * c + s] * member_part(x, m);
      const Vec6 generalised = system.side_rows[2 * c + s].transpose() * force;
      member_part(expected_out, m) += generalised;
      member_part(expected_size, m) += generalised.cwiseAbs();
    }
    EXPECT_EQ(frame_rate(system, c, x), rate) << c;
    add_frame_force(system, c, force, out, size);
  }
  EXPECT_TRUE(two_sided);
  EXPECT_EQ(out, expected_out);
  EXPECT_EQ(size, expected_size);
  Eigen::VectorXd momentum(n);
  for (int m = 0; m < static_cast<int>(system.mass.size()); ++m) {
    Mat6 mass;  // a free body's M with entries of all signs in its two diagonal blocks
    mass.setZero();
    for (int i = 0; i < 9; ++i) {
      mass(i / 3, i % 3) = spread();
      mass(3 + i / 3, 3 + i % 3) = spread();
    }
    member_momentum(mass, x, m, momentum);
    Vec6 expected;
    expected.head<3>() = mass.topLeftCorner<3, 3>() * x.segment<3>(6 * m);
    expected.tail<3>() = mass.bottomRightCorner<3, 3>() * x.segment<3>(6 * m + 3);
    EXPECT_EQ(member_part(momentum, m), expected) << m;
  }
}

// 21 cubes in a brick pyramid (rows of 6, 5, ..., 1) in convex, one island of some 200
// contacts past the dense cap: its rows and members after a step, as the step posed
// them, with random D_c.
TEST(VelocityHessian, NewtonDirectionMatchesTheDenseSolveOnAPyramidsIsland) {
  Model model;
  ASSERT_TRUE(load_scene(brick_pyramid_scene(6, "convex"), model).ok());
  StepWorkspace workspace;
  Data data = make_data(model);
  for (int s = 0; s < 3; ++s) step(model, model.options, data, workspace);
  ASSERT_EQ(data.solver.islands, 1);
  ASSERT_GT(workspace.rows.contact_count, 150);
  VelocityHessian system;
  ASSERT_TRUE(prepare_velocity_hessian(workspace.rows, workspace.island, system));
  EXPECT_EQ(system.mass.size(), 21u);
  expect_direction_as_dense(system, workspace.rows.contact_count, 31);
}

}  // namespace
}  // namespace contactlab

#include "formulation/cone_edge_problem.h"

#include <gtest/gtest.h>

#include "formulation_random_island.h"
#include "test_random.h"

namespace contactlab {
namespace {

// Column j of J_beta M^-1 J_beta^T is the velocity every ray row measures after a
// unit impulse along ray j: the Gram matrix built from the frame blocks must match
// that response (computed through the Jacobians, independently of the blocks), and be
// exactly symmetric.
TEST(ConeEdgeProblem, GramMatchesTheRaysResponses) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const RandomIsland setup(seed, 3, 6, 0.7, 6);
    const IslandRows& rows = setup.rows;
    const int n = edge_unknown_count(rows);
    ASSERT_EQ(n, 6 * 6);
    Eigen::MatrixXd gram;
    build_edge_gram(rows, gram);
    Eigen::VectorXd diagonal;
    edge_gram_diagonal(rows, diagonal);
    const int dof = static_cast<int>(setup.island.velocity.size());
    for (int j = 0; j < n; ++j) {
      Eigen::VectorXd response = Eigen::VectorXd::Zero(dof);
      const int c = j / rows.friction_edges;
      rows.apply_frame_impulse(c, edge_ray(rows, c, j % rows.friction_edges), response);
      Eigen::VectorXd measured;
      edge_row_velocities(rows, response, measured);
      for (int i = 0; i < n; ++i) {
        EXPECT_NEAR(gram(i, j), measured[i], 1e-12 * (1 + std::abs(measured[i]))) << i << "," << j;
        EXPECT_EQ(gram(i, j), gram(j, i));
      }
      EXPECT_NEAR(diagonal[j], gram(j, j), 1e-12 * gram(j, j));
    }
  }
}

// With torsional friction the torsion rows' unknowns p_s (after the rays) join the Gram
// matrix: its columns are still the responses of every row to unit impulses, a torsion
// row's through its scaled spin row mu_t s, and p_s applies the moment mu_t p_s.
TEST(ConeEdgeProblem, TorsionRowsJoinTheGramMatrix) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    RandomIsland setup(seed, 2, 5, 0.6, 4);
    setup.model.friction_table[0].torsional_friction = 0.015;
    assemble_contact_rows(setup.model, setup.options, setup.contacts, {0, 1, 2, 3, 4}, setup.position,
                          setup.island, setup.edges, setup.rows);
    const IslandRows& rows = setup.rows;
    const int n = edge_unknown_count(rows);
    ASSERT_EQ(rows.torsion_count, 5);
    ASSERT_EQ(n, 5 * 4 + 5);
    ASSERT_EQ(edge_torsion_unknown(rows), 20);
    Eigen::MatrixXd gram;
    build_edge_gram(rows, gram);
    Eigen::VectorXd diagonal;
    edge_gram_diagonal(rows, diagonal);
    const int dof = static_cast<int>(setup.island.velocity.size());
    for (int j = 0; j < n; ++j) {
      Eigen::VectorXd z = Eigen::VectorXd::Zero(n);
      z[j] = 1;
      IslandImpulses impulses;
      edge_impulses(rows, z, impulses);
      Eigen::VectorXd response = Eigen::VectorXd::Zero(dof);
      apply_island_impulses(rows, impulses, response);
      Eigen::VectorXd measured;
      edge_row_velocities(rows, response, measured);
      for (int i = 0; i < n; ++i) {
        EXPECT_NEAR(gram(i, j), measured[i], 1e-12 * (1 + std::abs(measured[i]))) << i << "," << j;
        EXPECT_EQ(gram(i, j), gram(j, i));
      }
      EXPECT_NEAR(diagonal[j], gram(j, j), 1e-12 * gram(j, j));
    }
    // The moment about the normal: mu_t p_s n on body B, so n . dw_B = mu_t p_s n^T I_B^-1 n.
    Eigen::VectorXd z = Eigen::VectorXd::Zero(n);
    z[edge_torsion_unknown(rows) + 2] = 0.3;
    IslandImpulses impulses;
    edge_impulses(rows, z, impulses);
    EXPECT_EQ(impulses.torsion[2], 0.3);
    EXPECT_EQ(impulses.contact[2], Vec3::Zero());
  }
}

// z => (c_n, c_t) = (sum_j beta_j, mu sum_j beta_j (cos_j, sin_j)), and applying them
// changes every row's velocity by G z (the Gram matrix times z).
TEST(ConeEdgeProblem, ImpulsesAreTheRaySums) {
  const RandomIsland setup(7, 2, 5, 0.4, 8);
  const IslandRows& rows = setup.rows;
  const int u = rows.friction_edges;
  TestRandom random(11);
  Eigen::VectorXd z(edge_unknown_count(rows));
  for (Eigen::Index i = 0; i < z.size(); ++i) z[i] = random.uniform(0, 1);
  IslandImpulses impulses;
  edge_impulses(rows, z, impulses);
  for (int c = 0; c < rows.contact_count; ++c) {
    Vec3 expected = Vec3::Zero();
    for (int j = 0; j < u; ++j) {
      expected += z[c * u + j] * Vec3(1, 0.4 * rows.edge_cos[j], 0.4 * rows.edge_sin[j]);
    }
    EXPECT_NEAR((impulses.contact[c] - expected).norm(), 0, 1e-14);
  }
  Eigen::VectorXd change = Eigen::VectorXd::Zero(setup.island.velocity.size());
  apply_island_impulses(rows, impulses, change);
  Eigen::VectorXd measured;
  edge_row_velocities(rows, change, measured);
  Eigen::MatrixXd gram;
  build_edge_gram(rows, gram);
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    EXPECT_NEAR(measured[i], gram.row(i).dot(z), 1e-12 * (1 + std::abs(measured[i])));
  }
}

}  // namespace
}  // namespace contactlab

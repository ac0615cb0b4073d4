#include "formulation/edge_lcp.h"

#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "formulation/cone_edge_problem.h"
#include "formulation_random_island.h"

namespace contactlab {
namespace {

struct Solved {
  Eigen::VectorXd z;
  Eigen::VectorXd velocity;
  IslandSolveReport report;
};

// q = J_beta v_free - target (the convex formulation's offsets) and r = scale diag(G).
EdgeLcp random_problem(const IslandRows& rows, const Eigen::VectorXd& free_velocity, double scale) {
  EdgeLcp lcp;
  edge_row_velocities(rows, free_velocity, lcp.offset);
  for (int c = 0; c < rows.contact_count; ++c) {
    for (int j = 0; j < rows.friction_edges; ++j)
      lcp.offset[c * rows.friction_edges + j] -= rows.target_velocity[c];
  }
  edge_gram_diagonal(rows, lcp.regularisation);
  lcp.regularisation *= scale;
  return lcp;
}

Solved solve(const IslandRows& rows, const EdgeLcp& lcp, EdgeWarmStarts& warm_starts,
             EdgeLcpWorkspace& workspace, IslandDynamics& island) {
  Solved solved;
  IslandImpulses impulses;
  const Eigen::VectorXd free_velocity = island.velocity;
  solve_edge_lcp(rows, lcp, warm_starts, workspace, island, impulses, solved.report);
  solved.z = workspace.z;
  solved.velocity = island.velocity;
  island.velocity = free_velocity;
  return solved;
}

// The answer on random islands passes the LCP certificate on the dense matrix
// G + diag r (lemke.h's check: z >= 0, w >= 0, |z^T w| within 1e-9 of its scale), and
// v' = v_free + M^-1 J_beta^T z. r = 0 is Anitescu's QP (positive semidefinite), r > 0
// the soft pyramidal problem.
TEST(EdgeLcp, AnswersPassTheCertificateOnRandomIslands) {
  for (double scale : {0.0, 0.05}) {
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
      RandomIsland setup(seed, 1 + static_cast<int>(seed % 3), 2 + static_cast<int>(seed % 7),
                         seed % 5 == 0 ? 0.0 : 0.2 * (seed % 5),
                         4 + 2 * static_cast<int>(seed % 3));
      const IslandRows& rows = setup.rows;
      const EdgeLcp lcp = random_problem(rows, setup.island.velocity, scale);
      EdgeWarmStarts warm_starts;
      EdgeLcpWorkspace workspace;
      const Solved solved = solve(rows, lcp, warm_starts, workspace, setup.island);
      ASSERT_EQ(solved.report.status, SolverStatus::Solved)
          << fallback_message(solved.report.fallbacks);
      Eigen::MatrixXd matrix;
      build_edge_gram(rows, matrix);
      matrix.diagonal() += lcp.regularisation;
      const LcpCertificate certificate = check_lcp_certificate(matrix, lcp.offset, solved.z, 1e-9);
      EXPECT_TRUE(certificate.valid)
          << "scale " << scale << " seed " << seed << ": min z " << certificate.min_z << ", min w "
          << certificate.min_w << ", |z'w| " << certificate.complementarity;
      IslandImpulses impulses;
      edge_impulses(rows, solved.z, impulses);
      Eigen::VectorXd expected = setup.island.velocity;
      apply_island_impulses(rows, impulses, expected);
      EXPECT_EQ(solved.velocity, expected);
    }
  }
}

// With torsional friction (torsion_lcp.h) Anitescu's problem is the QP over the product
// cone: the answer on random islands satisfies its conditions contact by contact, with
// sigma = mu_t |s^T v'| the spin's slip speed: every ray row (n + mu d_j)^T v' - target
// >= sigma, with equality where beta_j > 0; |p_s| <= sum_j beta_j; a contact whose
// moment is inside its bound does not spin, and one that spins has its moment at the
// bound against the spin. Solved with torsion rows, the same contacts again start from
// the remembered Lemke basis.
TEST(EdgeLcp, TorsionAnswersSatisfyTheProductConeConditions) {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const int contact_count = 2 + static_cast<int>(seed % 5);
    RandomIsland setup(seed, 1 + static_cast<int>(seed % 3), contact_count, seed % 4 == 0 ? 0.0 : 0.5, 4);
    setup.model.friction_table[0].torsional_friction = 0.02;
    std::vector<int> all(contact_count);
    for (int c = 0; c < contact_count; ++c) all[c] = c;
    assemble_contact_rows(setup.model, setup.options, setup.contacts, all, setup.position, setup.island,
                          setup.edges, setup.rows);
    const IslandRows& rows = setup.rows;
    ASSERT_EQ(rows.torsion_count, contact_count);
    const EdgeLcp lcp = random_problem(rows, setup.island.velocity, 0.0);
    EdgeWarmStarts warm_starts;
    EdgeLcpWorkspace workspace;
    const Solved solved = solve(rows, lcp, warm_starts, workspace, setup.island);
    ASSERT_EQ(solved.report.status, SolverStatus::Solved) << fallback_message(solved.report.fallbacks);
    ASSERT_TRUE(solved.report.fallbacks.empty()) << fallback_message(solved.report.fallbacks);
    const double tolerance = 1e-8 * (1 + lcp.offset.lpNorm<Eigen::Infinity>());
    const int u = rows.friction_edges;
    for (int t = 0; t < rows.torsion_count; ++t) {
      const int c = rows.torsion[t].contact;
      const double spin = rows.torsion_velocity(t, solved.velocity);  // mu_t s^T v'
      const double moment = solved.z[edge_torsion_unknown(rows) + t];  // p_s
      double normal = 0;
      for (int j = 0; j < u; ++j) {
        const double beta = solved.z[c * u + j];
        const double row = rows.column_velocity(rows.friction_column(c, j), solved.velocity) *
                               rows.friction_coefficient[c] +
                           rows.frame_velocity(c, solved.velocity).x() - rows.target_velocity[c] -
                           std::abs(spin);
        EXPECT_GE(beta, -tolerance);
        EXPECT_GE(row, -tolerance) << "seed " << seed << " contact " << c << " ray " << j;
        EXPECT_LE(std::abs(beta * row), tolerance);
        normal += beta;
      }
      EXPECT_LE(std::abs(moment), normal + tolerance);
      if (std::abs(moment) < normal - tolerance) {
        EXPECT_LE(std::abs(spin), tolerance);
      }
      if (std::abs(spin) > tolerance) {
        EXPECT_NEAR(std::abs(moment), normal, tolerance);
        EXPECT_LE(moment * spin, 0);
      }
    }
    const Solved again = solve(rows, lcp, warm_starts, workspace, setup.island);
    EXPECT_TRUE(again.report.warm_start_used);
    EXPECT_NEAR((again.velocity - solved.velocity).lpNorm<Eigen::Infinity>(), 0, 1e-9);
  }
}

// The same contacts solved again start from the remembered answer and need no pivot:
// warm_start_used, the same velocity, zero Lemke pivots.
TEST(EdgeLcp, SameContactsAgainAreWarmStarted) {
  for (double scale : {0.0, 0.05}) {
    RandomIsland setup(3, 2, 6, 0.5);
    const EdgeLcp lcp = random_problem(setup.rows, setup.island.velocity, scale);
    EdgeWarmStarts warm_starts;
    EdgeLcpWorkspace workspace;
    const Solved first = solve(setup.rows, lcp, warm_starts, workspace, setup.island);
    const Solved second = solve(setup.rows, lcp, warm_starts, workspace, setup.island);
    EXPECT_FALSE(first.report.warm_start_used);
    EXPECT_TRUE(second.report.warm_start_used);
    EXPECT_EQ(second.report.iterations, 0);
    EXPECT_NEAR((second.velocity - first.velocity).lpNorm<Eigen::Infinity>(), 0, 1e-9);
  }
}

// Positive definite (r > 0): one answer, the same whichever way it was found: the
// active-set path agrees with Lemke on the dense matrix.
TEST(EdgeLcp, RegularisedAnswerIsLemkesAnswer) {
  for (std::uint64_t seed = 30; seed < 40; ++seed) {
    RandomIsland setup(seed, 2, 5, 0.6);
    const EdgeLcp lcp = random_problem(setup.rows, setup.island.velocity, 0.1);
    EdgeWarmStarts warm_starts;
    EdgeLcpWorkspace workspace;
    const Solved solved = solve(setup.rows, lcp, warm_starts, workspace, setup.island);
    Eigen::MatrixXd matrix;
    build_edge_gram(setup.rows, matrix);
    matrix.diagonal() += lcp.regularisation;
    LemkeSolver lemke;
    const LcpSolution reference = lemke.solve(matrix, lcp.offset, LemkeSettings{});
    ASSERT_EQ(reference.status, LcpStatus::Solved);
    EXPECT_NEAR((solved.z - reference.z).lpNorm<Eigen::Infinity>(), 0,
                1e-8 * (1 + reference.z.lpNorm<Eigen::Infinity>()));
  }
}

// A body pressed between the ground and a fixed ceiling, both penetrating, must move up
// and down at once: Anitescu's QP is infeasible. Lemke ends on a ray, the
// interior-point method finds no answer either, nor does the frictionless problem: the
// island is held still, with every number finite, and the report names each failure.
TEST(EdgeLcp, InfeasibleProblemFallsBackToHoldingStill) {
  RandomIsland setup(9, 1, 2, 0.3);
  setup.position[1] = Vec3(0, 0, 0.1);
  for (int c = 0; c < 2; ++c) {
    DetectedContact& contact = setup.contacts[c];
    contact.body_a = contact.geom_a = 0;
    contact.point.position = Vec3(0, 0, c == 0 ? 0.0 : 0.2);
    contact.point.normal = c == 0 ? Vec3::UnitZ() : Vec3(0, 0, -1);
    contact.point.distance = -1e-3;
  }
  assemble_contact_rows(setup.model, setup.options, setup.contacts, {0, 1}, setup.position,
                        setup.island, setup.edges, setup.rows);
  ASSERT_GT(setup.rows.target_velocity[0], 0);
  ASSERT_GT(setup.rows.target_velocity[1], 0);
  const EdgeLcp lcp = random_problem(setup.rows, setup.island.velocity, 0.0);
  EdgeWarmStarts warm_starts;
  EdgeLcpWorkspace workspace;
  IslandImpulses impulses;
  IslandSolveReport report;
  solve_edge_lcp(setup.rows, lcp, warm_starts, workspace, setup.island, impulses, report);
  EXPECT_EQ(report.status, SolverStatus::RayTermination);
  const std::string message = fallback_message(report.fallbacks);
  EXPECT_NE(message.find("interior-point"), std::string::npos) << message;
  EXPECT_NE(message.find("held still"), std::string::npos) << message;
  EXPECT_EQ(setup.island.velocity.norm(), 0);
  for (const Vec3& impulse : impulses.contact) EXPECT_EQ(impulse.norm(), 0);
}

// A non-finite offset is refused: the island is held still with no impulse, and the
// report says why.
TEST(EdgeLcp, NonFiniteInputHoldsTheIslandStill) {
  RandomIsland setup(8, 1, 3, 0.5);
  EdgeLcp lcp = random_problem(setup.rows, setup.island.velocity, 0.0);
  lcp.offset[2] = std::numeric_limits<double>::quiet_NaN();
  EdgeWarmStarts warm_starts;
  EdgeLcpWorkspace workspace;
  IslandImpulses impulses;
  IslandSolveReport report;
  solve_edge_lcp(setup.rows, lcp, warm_starts, workspace, setup.island, impulses, report);
  EXPECT_EQ(report.status, SolverStatus::InvalidInput);
  EXPECT_FALSE(report.fallbacks.empty());
  EXPECT_EQ(setup.island.velocity.norm(), 0);
  for (const Vec3& impulse : impulses.contact) EXPECT_EQ(impulse.norm(), 0);
}

}  // namespace
}  // namespace contactlab

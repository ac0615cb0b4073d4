#include "formulation/soft_elliptic.h"

#include <cmath>

#include <gtest/gtest.h>

#include "conic/interior_point.h"
#include "formulation_random_island.h"

namespace contactlab {
namespace {

struct EllipticProblem {
  std::vector<Vec3> regularisation;  // eps diag(W_cc)
  std::vector<Vec3> offset;          // J v_free - v*
  Eigen::VectorXd limit_offset;
  Eigen::VectorXd torsion_regularisation;  // none: the random islands are point contacts
  Eigen::VectorXd torsion_offset;
};

// soft_island.h's problem for a start velocity J v^l = 0: v* = -h (1 + eps) / kappa^2
// [phi, 0, 0], with the default h = 2.5 ms, eps = 0.05, kappa = 0.02 s.
EllipticProblem soft_problem(const RandomIsland& setup) {
  const double h = 0.0025, eps = 0.05, kappa = 0.02;
  const IslandRows& rows = setup.rows;
  EllipticProblem problem;
  for (int c = 0; c < rows.contact_count; ++c) {
    problem.regularisation.push_back(eps * rows.block(c, c).diagonal());
    const double phi = setup.contacts[c].point.distance;
    const Vec3 reference(-h * (1 + eps) / (kappa * kappa) * phi, 0, 0);
    problem.offset.push_back(rows.frame_velocity(c, setup.island.velocity) - reference);
  }
  problem.limit_offset.resize(0);
  return problem;
}

// The answer satisfies the second-order cone program's optimality conditions: every
// p_c in its cone (mu p_n >= ||p_t||), every g_c = (P x + c)_c in the dual cone
// (g_n >= mu ||g_t||), p_c . g_c = 0, to 1e-8 of the terms' size; and v' = v_free +
// M^-1 J^T p.
TEST(SoftElliptic, AnswerSatisfiesTheConeConditions) {
  int sliding = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    RandomIsland setup(seed, 1 + static_cast<int>(seed % 3), 2 + static_cast<int>(seed % 6),
                       seed % 4 == 0 ? 0.0 : 0.3 * (seed % 4));
    const IslandRows& rows = setup.rows;
    const EllipticProblem problem = soft_problem(setup);
    SoftEllipticWorkspace workspace;
    IslandImpulses impulses;
    IslandSolveReport report;
    SolverFallback failure;
    const Eigen::VectorXd free_velocity = setup.island.velocity;
    ASSERT_TRUE(solve_soft_elliptic(rows, problem.regularisation, problem.offset,
                                    problem.limit_offset, problem.torsion_regularisation,
                                    problem.torsion_offset, workspace, setup.island, impulses, report,
                                    failure))
        << fallback_message(failure);
    const ConicProblem& program = workspace.program;
    const Eigen::Index n = program.c.size();
    Eigen::VectorXd x = Eigen::VectorXd::Zero(n);
    for (int c = 0; c < rows.contact_count; ++c) {
      const int first = workspace.first_variable[c];
      x[first] = impulses.contact[c].x();
      if (rows.friction_coefficient[c] > 0) {
        x[first + 1] = impulses.contact[c].y();
        x[first + 2] = impulses.contact[c].z();
      } else {
        EXPECT_EQ(impulses.contact[c].tail<2>().norm(), 0);
      }
    }
    const Eigen::VectorXd product = program.P * x;
    const Eigen::VectorXd g = product + program.c;
    const double scale =
        1 + std::max(product.lpNorm<Eigen::Infinity>(), program.c.lpNorm<Eigen::Infinity>());
    const double tolerance = 1e-8 * scale;
    for (int c = 0; c < rows.contact_count; ++c) {
      const int first = workspace.first_variable[c];
      const double mu = rows.friction_coefficient[c];
      const Vec3& p = impulses.contact[c];
      const double p_t = std::hypot(p.y(), p.z());
      EXPECT_GE(mu * p.x() - p_t, -tolerance) << seed << " " << c;
      EXPECT_GE(p.x(), -tolerance);
      double dot = p.x() * g[first];
      if (mu > 0) {
        const double g_t = std::hypot(g[first + 1], g[first + 2]);
        EXPECT_GE(g[first] - mu * g_t, -tolerance) << seed << " " << c;
        dot += p.y() * g[first + 1] + p.z() * g[first + 2];
        sliding += p.x() > tolerance && mu * p.x() - p_t < 1e-6 * p.x();
      } else {
        EXPECT_GE(g[first], -tolerance);
      }
      EXPECT_LE(std::abs(dot), tolerance * (1 + p.norm())) << seed << " " << c;
    }
    Eigen::VectorXd expected = free_velocity;
    for (int c = 0; c < rows.contact_count; ++c)
      rows.apply_frame_impulse(c, impulses.contact[c], expected);
    EXPECT_NEAR((setup.island.velocity - expected).norm(), 0, 1e-14 * (1 + expected.norm()));
  }
  EXPECT_GT(sliding, 0);  // answers on the cone's surface were among them
}

// Where nothing slides the answer comes from the linear system of the sticking and
// open contacts, with no interior-point iteration, and it is the interior-point
// method's answer (to 1e-7 of its size): a body falling flat onto four corners.
TEST(SoftElliptic, NoSlidingGuessIsTheInteriorPointAnswer) {
  RandomIsland setup(21, 1, 4, 0.8);
  setup.position[1] = Vec3(0, 0, 0.1);
  for (int c = 0; c < 4; ++c) {
    DetectedContact& contact = setup.contacts[c];
    contact.body_a = contact.geom_a = 0;
    contact.point.position = Vec3(c % 2 ? 0.1 : -0.1, c / 2 ? 0.1 : -0.1, 0);
    contact.point.normal = Vec3::UnitZ();
    contact.point.distance = -1e-4;
  }
  setup.island.velocity << 0.01, 0, -0.5, 0, 0, 0;
  assemble_contact_rows(setup.model, setup.options, setup.contacts, {0, 1, 2, 3}, setup.position,
                        setup.island, setup.edges, setup.rows);
  const EllipticProblem problem = soft_problem(setup);
  SoftEllipticWorkspace workspace;
  IslandImpulses impulses;
  IslandSolveReport report;
  SolverFallback failure;
  ASSERT_TRUE(solve_soft_elliptic(setup.rows, problem.regularisation, problem.offset,
                                  problem.limit_offset, problem.torsion_regularisation,
                                  problem.torsion_offset, workspace, setup.island, impulses, report,
                                  failure));
  EXPECT_EQ(report.iterations, 0);
  const ConicSolution reference = solve_conic(workspace.program);
  ASSERT_EQ(reference.status, ConicStatus::Solved);
  EXPECT_GT(reference.iterations, 0);
  double largest = 0;
  for (int c = 0; c < 4; ++c) {
    const Vec3 expected = reference.x.segment<3>(workspace.first_variable[c]);
    largest = std::max(largest, expected.norm());
    EXPECT_NEAR((impulses.contact[c] - expected).norm(), 0, 1e-7 * (1 + expected.norm())) << c;
  }
  EXPECT_GT(largest, 0);
}

}  // namespace
}  // namespace contactlab

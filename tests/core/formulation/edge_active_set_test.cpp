#include "formulation/edge_active_set.h"

#include <gtest/gtest.h>

#include "formulation/cone_edge_problem.h"
#include "formulation_random_island.h"
#include "lcp/lemke.h"

namespace contactlab {
namespace {

// q = J_beta v_free - target, as the convex formulation poses it.
Eigen::VectorXd ray_offsets(const IslandRows& rows, const Eigen::VectorXd& velocity) {
  Eigen::VectorXd offset;
  edge_row_velocities(rows, velocity, offset);
  for (int c = 0; c < rows.contact_count; ++c) {
    for (int j = 0; j < rows.friction_edges; ++j)
      offset[c * rows.friction_edges + j] -= rows.target_velocity[c];
  }
  return offset;
}

// With r > 0 the LCP has one answer. Given that answer's active set (from Lemke on
// the dense matrix), the reduced system reproduces it, whether a contact's rays are
// kept (few active) or replaced by its frame impulse (three or more active).
TEST(EdgeActiveSet, ReproducesTheRegularisedAnswerFromItsActiveSet) {
  int frames = 0;
  int rays = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const RandomIsland setup(seed, 2, 5, 0.5);
    const IslandRows& rows = setup.rows;
    const Eigen::VectorXd offset = ray_offsets(rows, setup.island.velocity);
    Eigen::VectorXd regularisation;
    edge_gram_diagonal(rows, regularisation);
    regularisation *= 0.05;
    Eigen::MatrixXd matrix;
    build_edge_gram(rows, matrix);
    matrix.diagonal() += regularisation;
    LemkeSolver lemke;
    const LcpSolution reference = lemke.solve(matrix, offset, LemkeSettings{});
    ASSERT_EQ(reference.status, LcpStatus::Solved);
    std::vector<char> active(offset.size());
    for (Eigen::Index i = 0; i < offset.size(); ++i) active[i] = reference.z[i] > 0 ? 1 : 0;

    EdgeActiveSetWorkspace workspace;
    ASSERT_TRUE(factor_edge_active_set(rows, regularisation, 0.0, active, workspace));
    Eigen::VectorXd z;
    solve_edge_active_set(rows, regularisation, offset, Eigen::VectorXd::Zero(offset.size()),
                          active, workspace, z);
    for (Eigen::Index i = 0; i < z.size(); ++i) {
      EXPECT_NEAR(z[i], reference.z[i], 1e-9 * (1 + reference.z.lpNorm<Eigen::Infinity>()))
          << seed << " " << i;
    }
    for (ContactForm form : workspace.form) {
      frames += form == ContactForm::RegularisedFrame;
      rays += form == ContactForm::Rays;
    }
  }
  EXPECT_GT(frames, 0);  // both forms were exercised
  EXPECT_GT(rays, 0);
}

// Without regularisation, a contact with three or more active rays sticks: its frame
// impulse p_c solves J_c v' - (target_c, 0, 0) = -rho_c (p_c - p_k) (the proximal
// problem, here with centre p_k = 0), and its u rays carry p_c: E_c beta_c = p_c, with
// beta_c >= 0 wherever p_c is inside the pyramid.
TEST(EdgeActiveSet, StickingFrameSpreadsItsImpulseOverThePyramid) {
  // A body falling flat onto the ground on four corners of a square.
  RandomIsland setup(21, 1, 4, 0.8);
  setup.position[1] = Vec3(0, 0, 0.1);
  for (int c = 0; c < 4; ++c) {
    DetectedContact& contact = setup.contacts[c];
    contact.body_a = contact.geom_a = 0;
    contact.point.position = Vec3(c % 2 ? 0.1 : -0.1, c / 2 ? 0.1 : -0.1, 0);
    contact.point.normal = Vec3::UnitZ();
    contact.point.distance = 0;
  }
  setup.island.velocity << 0.01, 0, -1, 0, 0, 0;
  assemble_contact_rows(setup.model, setup.options, setup.contacts, {0, 1, 2, 3}, setup.position,
                        setup.island, setup.edges, setup.rows);
  const IslandRows& rows = setup.rows;
  const int u = rows.friction_edges;
  const Eigen::VectorXd offset = ray_offsets(rows, setup.island.velocity);
  const Eigen::VectorXd regularisation = Eigen::VectorXd::Zero(offset.size());
  const std::vector<char> active(offset.size(), 1);
  const double delta = 1e-3;
  EdgeActiveSetWorkspace workspace;
  ASSERT_TRUE(factor_edge_active_set(rows, regularisation, delta, active, workspace));
  Eigen::VectorXd z;
  const Eigen::VectorXd center = Eigen::VectorXd::Zero(offset.size());
  solve_edge_active_set(rows, regularisation, offset, center, active, workspace, z);

  IslandImpulses impulses;
  edge_impulses(rows, z, impulses);
  int inside_count = 0;
  Eigen::VectorXd velocity = setup.island.velocity;
  apply_island_impulses(rows, impulses, velocity);
  for (int c = 0; c < rows.contact_count; ++c) {
    ASSERT_EQ(workspace.form[c], ContactForm::StickingFrame);
    const Vec3& p = workspace.frame_impulse[c];
    EXPECT_NEAR((impulses.contact[c] - p).norm(), 0, 1e-12 * (1 + p.norm()));
    const Mat3& w = rows.block(c, c);
    const Vec3 rho = delta * w.diagonal();
    const Vec3 residual = rows.frame_velocity(c, velocity) - Vec3(rows.target_velocity[c], 0, 0) +
                          rho.cwiseProduct(p);
    EXPECT_NEAR(residual.norm(), 0, 1e-10);
    const double mu = rows.friction_coefficient[c];
    const bool inside = p.x() > 0 && std::hypot(p.y(), p.z()) < mu * p.x() * std::cos(M_PI / u);
    inside_count += inside;
    for (int j = 0; inside && j < u; ++j) EXPECT_GE(z[c * u + j], 0) << c << " " << j;
  }
  EXPECT_GT(inside_count, 0);
  // What the proximal term adds to w: rho_c (p_c - p_k) along every ray.
  Eigen::VectorXd shift;
  proximal_shift(rows, z, center, active, workspace, shift);
  for (int c = 0; c < rows.contact_count; ++c) {
    const Vec3 pull = delta * rows.block(c, c).diagonal().cwiseProduct(workspace.frame_impulse[c]);
    for (int j = 0; j < u; ++j)
      EXPECT_NEAR(shift[c * u + j], edge_ray(rows, c, j).dot(pull), 1e-12);
  }
}

// A set whose reduced matrix is singular (two identical rays of a frictionless contact,
// no regularisation, no proximal term) is refused.
TEST(EdgeActiveSet, RefusesASingularSet) {
  const RandomIsland setup(4, 1, 1, 0.0);
  const IslandRows& rows = setup.rows;
  const Eigen::VectorXd regularisation = Eigen::VectorXd::Zero(rows.friction_edges);
  std::vector<char> active(rows.friction_edges, 0);
  active[0] = active[1] = 1;
  EdgeActiveSetWorkspace workspace;
  EXPECT_FALSE(factor_edge_active_set(rows, regularisation, 0.0, active, workspace));
  EXPECT_TRUE(factor_edge_active_set(rows, regularisation, 1e-6, active, workspace));
}

}  // namespace
}  // namespace contactlab

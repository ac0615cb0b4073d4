// The convex formulations' island problems as the step keeps them
// (formulation/posed_problem_copy.h, step.cpp's keep_island_problem): for convex, soft
// with either cone and quasistatic with either problem, on box_rest and on brick_slide
// while it slides, the kept problem's answer passes its own certificate
// (problem_certificate.h), checked here again from the numbers alone (quasistatic's pure
// model: seed 003's force balance as an LCP), and is the
// impulse the step applied: per contact its normal impulse c_n = f_n h and the size of
// its friction impulse |f_t| h as the step's contact records hold them.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "formulation/island_problem.h"
#include "formulation/problem_certificate.h"
#include "session/simulation.h"
#include "text_file.h"

namespace contactlab {
// A namespace of its own: test files are compiled in unity batches.
namespace posed_problem_copy_test {

struct Case {
  const char* name;
  const char* formulation_name;  // formulation_name, as the problem records it
  int formulation;    // Options::formulation
  int soft_cone;      // 0 pyramid, 1 elliptic
  int quasistatic_problem;  // 0 qp, 1 lcp
  IslandProblemKind kind;
};

const Case kCases[] = {
    {"convex", "convex", 1, 0, 0, IslandProblemKind::EdgeQp},
    {"soft", "soft", 2, 0, 0, IslandProblemKind::EdgeQp},
    {"soft_elliptic", "soft", 2, 1, 0, IslandProblemKind::ConeProgram},
    {"quasistatic_qp", "quasistatic", 3, 0, 0, IslandProblemKind::EdgeQp},
    {"quasistatic_lcp", "quasistatic", 3, 0, 1, IslandProblemKind::Lcp},
    {"quasistatic_pure", "quasistatic", 3, 0, 0, IslandProblemKind::Lcp},
};

bool is_pure(const Case& c) { return std::string(c.name) == "quasistatic_pure"; }

// Per island contact: (normal impulse, friction impulse's size) in the problem's z.
// Rays of the QP, and of the pure quasi-static LCP after its 2 x 6 velocity unknowns
// per object, contact by contact.
std::vector<std::pair<double, double>> contact_impulses(const IslandProblem& problem) {
  const bool rays = problem.kind == IslandProblemKind::EdgeQp || std::string(problem.variant) == "pure";
  const int first_ray = static_cast<int>(
      std::find(problem.labels.begin(), problem.labels.end(), "beta0.0") - problem.labels.begin());
  std::vector<std::pair<double, double>> impulses;
  const Eigen::VectorXd& z = problem.z;
  const int k = problem.contact_count;
  const int u = problem.friction_edges;
  for (int c = 0; c < k; ++c) {
    if (problem.kind == IslandProblemKind::ConeProgram) {
      const ProblemCone& cone = problem.cones[c];
      impulses.emplace_back(z[cone.first], cone.size == 3 ? std::hypot(z[cone.first + 1], z[cone.first + 2]) : 0.0);
    } else if (rays) {
      // E_c beta_c = (sum_j beta_cj, mu sum_j beta_cj cos_j, mu sum_j beta_cj sin_j), the
      // rays u equal angles apart (the size of the sum does not depend on where they
      // start); times mu_c from the record below.
      double normal = 0, along_x = 0, along_y = 0;
      for (int j = 0; j < u; ++j) {
        const double angle = 2 * M_PI * j / u;
        const double beta = z[first_ray + c * u + j];
        normal += beta;
        along_x += beta * std::cos(angle);
        along_y += beta * std::sin(angle);
      }
      impulses.emplace_back(normal, std::hypot(along_x, along_y));
    } else {
      impulses.emplace_back(z[c], 0.0);  // c_n; beta's directions are the lcp tests' concern
    }
  }
  return impulses;
}

// The certificate from the numbers alone: z in K, w in K*, z'w = 0, w = matrix z + q.
void expect_certified_by_hand(const IslandProblem& problem, const std::string& what) {
  const Eigen::Index n = problem.offset.size();
  const double scale = problem.certificate.scale;
  const double tolerance = 1e-9 * scale;
  EXPECT_LE((problem.matrix * problem.z + problem.offset - problem.w).cwiseAbs().maxCoeff(), tolerance) << what;
  EXPECT_LE(std::abs(problem.z.dot(problem.w)), tolerance) << what;
  std::vector<char> in_cone(static_cast<std::size_t>(n), 0);
  for (const ProblemCone& cone : problem.cones) {
    const int f = cone.first;
    for (int i = 0; i < cone.size; ++i) in_cone[static_cast<std::size_t>(f + i)] = 1;
    if (cone.size == 1) continue;
    const double mu = cone.friction_coefficient;
    EXPECT_LE(std::hypot(problem.z[f + 1], problem.z[f + 2]), mu * problem.z[f] + tolerance) << what;
    EXPECT_LE(mu * std::hypot(problem.w[f + 1], problem.w[f + 2]), problem.w[f] + tolerance) << what;
  }
  for (Eigen::Index i = 0; i < n; ++i) {
    if (in_cone[static_cast<std::size_t>(i)]) continue;
    EXPECT_GE(problem.z[i], -tolerance) << what << " z" << i;
    EXPECT_GE(problem.w[i], -tolerance) << what << " w" << i;
  }
  // The scale is Lemke's: at least |q|_inf and 1.
  EXPECT_GE(scale, std::max(1.0, problem.offset.cwiseAbs().maxCoeff())) << what;
}

// From step `steps` on, the first step whose island has a problem.
void check_scene(const std::string& scene, int steps, const Case& c, const char* method_when_sliding) {
  const std::string what = scene + " under " + c.name;
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(builtin_scene_text(scene)).ok()) << what;
  ASSERT_TRUE(simulation.set_option("formulation", c.formulation).ok()) << what;
  ASSERT_TRUE(simulation.set_option("soft_cone", c.soft_cone).ok()) << what;
  ASSERT_TRUE(simulation.set_option("quasistatic_problem", c.quasistatic_problem).ok()) << what;
  ASSERT_TRUE(simulation.set_option("quasistatic_model", is_pure(c) ? 1 : 0).ok()) << what;
  ASSERT_EQ(simulation.step(steps - 1), steps - 1) << what;
  EXPECT_TRUE(simulation.data().solver.island_problems.empty()) << what << ": nothing kept while off";
  simulation.keep_island_problems(true);
  // The next step with the body pressed on the ground (convex's sliding brick hops on
  // its boundary layer, seed 004's "hydroplane", and some steps is off it or only near).
  for (int more = 0; more < 40; ++more) {
    ASSERT_EQ(simulation.step(1), 1) << what;
    const std::vector<IslandProblem>& kept = simulation.data().solver.island_problems;
    if (!kept.empty() && kept[0].z.maxCoeff() > 0) break;
  }
  const Data& data = simulation.data();
  ASSERT_EQ(data.solver.island_problems.size(), 1u) << what;
  const IslandProblem& problem = data.solver.island_problems[0];
  EXPECT_EQ(problem.kind, c.kind) << what;
  EXPECT_STREQ(problem.formulation, c.formulation_name) << what;
  EXPECT_STREQ(problem.variant, is_pure(c) ? "pure" : "") << what;
  ASSERT_EQ(problem.labels.size(), static_cast<std::size_t>(problem.offset.size())) << what;
  ASSERT_EQ(problem.contacts.size(), static_cast<std::size_t>(problem.contact_count)) << what;
  ASSERT_GE(problem.contact_count, 4) << what;
  EXPECT_FALSE(problem.method.empty()) << what;
  if (method_when_sliding != nullptr) {
    EXPECT_EQ(problem.method, method_when_sliding) << what;
  }
  EXPECT_TRUE(problem.certificate.holds) << what << ": primal " << problem.certificate.primal << ", dual "
                                         << problem.certificate.dual << ", complementarity "
                                         << problem.certificate.complementarity << ", equation "
                                         << problem.certificate.equation;
  expect_certified_by_hand(problem, what);
  if (c.kind == IslandProblemKind::EdgeQp) {
    // convex and quasistatic: Anitescu's r = 0; soft: Todorov's r > 0.
    EXPECT_EQ(problem.regularisation.maxCoeff() > 0, c.formulation == 2) << what;
  }

  const double h = simulation.options().time_step;
  const std::vector<std::pair<double, double>> impulses = contact_impulses(problem);
  double total_normal = 0;
  for (int k = 0; k < problem.contact_count; ++k) {
    const ContactRecord& record = data.contacts[static_cast<std::size_t>(problem.contacts[k])];
    const double scale = 1e-12 * std::max(1.0, problem.certificate.scale);
    EXPECT_NEAR(impulses[k].first, record.normal_force * h, scale) << what << " contact " << k;
    const bool rays = c.kind == IslandProblemKind::EdgeQp || is_pure(c);
    const double mu = rays ? record.friction_coefficient : 1.0;
    if (c.kind != IslandProblemKind::Lcp || is_pure(c)) {
      EXPECT_NEAR(mu * impulses[k].second, record.friction_force.norm() * h, scale) << what << " contact " << k;
    }
    total_normal += impulses[k].first;
  }
  EXPECT_GT(total_normal, 0) << what;
}

TEST(PosedProblemCopy, EachFormulationsRestingBoxProblemIsCertifiedAndIsTheStepsImpulses) {
  for (const Case& c : kCases) check_scene("box_rest", 40, c, nullptr);
}

TEST(PosedProblemCopy, ASlidingBrickIsCertifiedAndIsTheStepsImpulses) {
  // From 0.1 s on: the brick slides at about 1.7 m/s, every contact on the cone's surface.
  for (const Case& c : kCases) {
    const bool elliptic = c.kind == IslandProblemKind::ConeProgram;
    check_scene("brick_slide", 40, c, elliptic ? "interior point" : nullptr);
  }
}

TEST(PosedProblemCopy, TheLcpFormulationsProblemIsSeed002sLcp) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(builtin_scene_text("box_rest")).ok());
  simulation.keep_island_problems(true);
  ASSERT_EQ(simulation.step(1), 1);
  ASSERT_EQ(simulation.data().solver.island_problems.size(), 1u);
  const IslandProblem& problem = simulation.data().solver.island_problems[0];
  EXPECT_EQ(problem.kind, IslandProblemKind::Lcp);
  EXPECT_EQ(problem.method, "Lemke");
  EXPECT_EQ(problem.iterations, simulation.data().solver.pivots);
  EXPECT_TRUE(problem.certificate.holds);
  expect_certified_by_hand(problem, "box_rest under lcp");
}

}  // namespace posed_problem_copy_test
}  // namespace contactlab

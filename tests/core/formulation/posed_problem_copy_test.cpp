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
#include "formulation/posed_problem_copy.h"
#include "formulation/problem_certificate.h"
#include "pile_scenes.h"
#include "session/simulation.h"
#include "text_file.h"
#include "wedged_box_scene.h"

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
  const bool rays = problem.kind == IslandProblemKind::EdgeQp || std::string(problem.variant) == "pure" ||
                    std::string(problem.variant) == "split";
  const int first_ray = static_cast<int>(
      std::find(problem.labels.begin(), problem.labels.end(), "beta0.0") - problem.labels.begin());
  std::vector<std::pair<double, double>> impulses;
  const Eigen::VectorXd& z = problem.z;
  const int k = problem.contact_count;
  const int u = problem.friction_edges;
  for (int c = 0; c < k; ++c) {
    if (problem.kind == IslandProblemKind::ConeProgram) {
      const ProblemCone& cone = problem.cones[c];
      impulses.emplace_back(z[cone.first], cone.size >= 3 ? std::hypot(z[cone.first + 1], z[cone.first + 2]) : 0.0);
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

// The certificate from the numbers alone: z in K, w in K*, z'w = 0 (over a joint
// friction row's interval |tau| <= b: tau g + b |g| = 0), w = matrix z + q, at
// `relative` of the scale.
void expect_certified_by_hand(const IslandProblem& problem, const std::string& what, double relative = 1e-9) {
  const Eigen::Index n = problem.offset.size();
  const double scale = problem.certificate.scale;
  const double tolerance = relative * scale;
  const Eigen::VectorXd& z = problem.z;
  const Eigen::VectorXd& w = problem.w;
  EXPECT_LE((problem.matrix * z + problem.offset - w).cwiseAbs().maxCoeff(), tolerance) << what;
  std::vector<char> in_cone(static_cast<std::size_t>(n), 0);
  double complementarity = z.dot(w);
  for (const ProblemBox& box : problem.boxes) {
    in_cone[static_cast<std::size_t>(box.unknown)] = 1;
    EXPECT_LE(std::abs(z[box.unknown]), box.bound + tolerance) << what;
    complementarity += box.bound * std::abs(w[box.unknown]);
  }
  EXPECT_LE(std::abs(complementarity), tolerance) << what;
  for (const ProblemCone& cone : problem.cones) {
    const int f = cone.first;
    for (int i = 0; i < cone.size; ++i) in_cone[static_cast<std::size_t>(f + i)] = 1;
    // With torsion, p_s last: |p_s| <= p_n, and |g_s| takes its share of g_n.
    const double spin = cone.size % 2 == 0 ? std::abs(w[f + cone.size - 1]) : 0.0;
    if (cone.size % 2 == 0) {
      EXPECT_LE(std::abs(z[f + cone.size - 1]), z[f] + tolerance) << what;
    }
    if (cone.size < 3) {
      EXPECT_GE(z[f], -tolerance) << what;
      EXPECT_LE(spin, w[f] + tolerance) << what;
      continue;
    }
    const double mu = cone.friction_coefficient;
    EXPECT_LE(std::hypot(z[f + 1], z[f + 2]), mu * z[f] + tolerance) << what;
    EXPECT_LE(mu * std::hypot(w[f + 1], w[f + 2]) + spin, w[f] + tolerance) << what;
  }
  for (Eigen::Index i = 0; i < n; ++i) {
    if (in_cone[static_cast<std::size_t>(i)]) continue;
    EXPECT_GE(z[i], -tolerance) << what << " z" << i;
    EXPECT_GE(w[i], -tolerance) << what << " w" << i;
  }
  // The scale is Lemke's: at least |q|_inf and 1.
  EXPECT_GE(scale, std::max(1.0, problem.offset.cwiseAbs().maxCoeff())) << what;
}

void load_case(const std::string& scene_text, const Case& c, const std::string& what, Simulation& simulation) {
  ASSERT_TRUE(simulation.load_scene(scene_text).ok()) << what;
  ASSERT_TRUE(simulation.set_option("formulation", c.formulation).ok()) << what;
  ASSERT_TRUE(simulation.set_option("soft_cone", c.soft_cone).ok()) << what;
  ASSERT_TRUE(simulation.set_option("quasistatic_problem", c.quasistatic_problem).ok()) << what;
  ASSERT_TRUE(simulation.set_option("quasistatic_model", is_pure(c) ? 1 : 0).ok()) << what;
}

// The kept problem of the island with the most contacts passes its certificate at
// `relative` of its scale, by its own account and by hand, and its z is the impulses the
// step applied (the contacts' records).
void expect_kept_problem_is_the_steps(const Simulation& simulation, const IslandProblem& problem, const Case& c,
                                      const std::string& what, double relative) {
  const Data& data = simulation.data();
  EXPECT_EQ(problem.kind, c.kind) << what;
  EXPECT_STREQ(problem.formulation, c.formulation_name) << what;
  ASSERT_EQ(problem.labels.size(), static_cast<std::size_t>(problem.offset.size())) << what;
  ASSERT_EQ(problem.contacts.size(), static_cast<std::size_t>(problem.contact_count)) << what;
  ASSERT_GE(problem.contact_count, 4) << what;
  EXPECT_FALSE(problem.method.empty()) << what;
  EXPECT_TRUE(problem.fallback.empty()) << what << ": " << problem.fallback;
  EXPECT_EQ(problem.relative_tolerance, relative) << what;
  EXPECT_TRUE(problem.certificate.holds) << what << ": primal " << problem.certificate.primal << ", dual "
                                         << problem.certificate.dual << ", complementarity "
                                         << problem.certificate.complementarity << ", equation "
                                         << problem.certificate.equation << ", scale " << problem.certificate.scale;
  EXPECT_STREQ(problem.certificate.verdict, "certified") << what;
  expect_certified_by_hand(problem, what, relative);
  const double h = simulation.options().time_step;
  const std::vector<std::pair<double, double>> impulses = contact_impulses(problem);
  double total_normal = 0;
  for (int k = 0; k < problem.contact_count; ++k) {
    const ContactRecord& record = data.contacts[static_cast<std::size_t>(problem.contacts[k])];
    const double scale = 1e-12 * std::max(1.0, problem.certificate.scale);
    EXPECT_NEAR(impulses[k].first, record.normal_force * h, scale) << what << " contact " << k;
    // Seed 002's LCP: c_n only (beta's directions are the lcp tests' concern).
    const std::string variant = problem.variant;
    const bool rays = c.kind == IslandProblemKind::EdgeQp || variant == "pure" || variant == "split";
    const double mu = rays ? record.friction_coefficient : 1.0;
    if (rays || c.kind == IslandProblemKind::ConeProgram) {
      EXPECT_NEAR(mu * impulses[k].second, record.friction_force.norm() * h, scale) << what << " contact " << k;
    }
    total_normal += impulses[k].first;
  }
  EXPECT_GT(total_normal, 0) << what;
}

// From step `steps` on, the first step whose island has a problem.
void check_scene(const std::string& scene, int steps, const Case& c, const char* method_when_sliding) {
  const std::string what = scene + " under " + c.name;
  Simulation simulation;
  load_case(builtin_scene_text(scene), c, what, simulation);
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
  ASSERT_EQ(simulation.data().solver.island_problems.size(), 1u) << what;
  const IslandProblem& problem = simulation.data().solver.island_problems[0];
  EXPECT_STREQ(problem.variant, is_pure(c) ? "pure" : "") << what;
  if (method_when_sliding != nullptr) {
    EXPECT_EQ(problem.method, method_when_sliding) << what;
  }
  if (c.kind == IslandProblemKind::EdgeQp) {
    // convex and quasistatic: Anitescu's r = 0; soft: Todorov's r > 0.
    EXPECT_EQ(problem.regularisation.maxCoeff() > 0, c.formulation == 2) << what;
  }
  // Soft (either cone) and convex pose every island of free bodies sparsely (island_size.h).
  const double relative = c.formulation == 2   ? kSoftNewtonCertificateTolerance
                          : c.formulation == 1 ? kConvexNewtonCertificateTolerance
                                               : kProblemCertificateTolerance;
  expect_kept_problem_is_the_steps(simulation, problem, c, what, relative);
}

TEST(PosedProblemCopy, EachFormulationsRestingBoxProblemIsCertifiedAndIsTheStepsImpulses) {
  for (const Case& c : kCases) check_scene("box_rest", 40, c, nullptr);
}

TEST(PosedProblemCopy, ASlidingBrickIsCertifiedAndIsTheStepsImpulses) {
  // From 0.1 s on: the brick slides at about 1.7 m/s, every contact on the cone's surface.
  for (const Case& c : kCases) {
    const bool elliptic = c.kind == IslandProblemKind::ConeProgram;
    check_scene("brick_slide", 40, c, elliptic ? "velocity-space Newton method" : nullptr);
  }
}

// The one problem the first step of built-in `scene` keeps (at() throws, failing the
// test, when there is none).
const IslandProblem& first_step_problem(const std::string& scene, Simulation& simulation) {
  EXPECT_TRUE(simulation.load_scene(builtin_scene_text(scene)).ok()) << scene;
  simulation.keep_island_problems(true);
  EXPECT_EQ(simulation.step(1), 1) << scene;
  EXPECT_EQ(simulation.data().solver.island_problems.size(), 1u) << scene;
  return simulation.data().solver.island_problems.at(0);
}

TEST(PosedProblemCopy, TheLcpFormulationsProblemIsSeed002sLcp) {
  Simulation simulation;
  const IslandProblem& problem = first_step_problem("box_rest", simulation);
  EXPECT_EQ(problem.kind, IslandProblemKind::Lcp);
  EXPECT_EQ(problem.method, "Lemke");
  EXPECT_EQ(problem.iterations, simulation.data().solver.pivots);
  EXPECT_TRUE(problem.certificate.holds);
  expect_certified_by_hand(problem, "box_rest under lcp");
}

// A stack of `boxes` 0.2 m cubes of 1 kg on the ground, at rest (box_stack's, taller).
std::string stack_scene(int boxes) {
  std::string bodies = R"({"name": "ground", "static": true, "position": [0, 0, 0], "geoms": [{"type": "plane"}]})";
  for (int i = 0; i < boxes; ++i) {
    bodies += R"(, {"name": "box)" + std::to_string(i) + R"(", "mass": 1.0, "position": [0, 0, )" +
              std::to_string(0.10005 + 0.2001 * i) +
              R"(], "geoms": [{"type": "box", "half_extents": [0.1, 0.1, 0.1]}]})";
  }
  return R"({"name": "stack", "options": {"time_step": 0.0025, "friction_edges": 8, "error_reduction": 0.2,
            "contact_threshold": 0.0001, "gravity": [0, 0, -9.81]}, "friction": {"default": {"static": 0.8,
            "kinetic": 0.8}}, "bodies": [)" + bodies + "]}";
}

// The island with the most contacts among the kept problems.
const IslandProblem* largest_kept(const Simulation& simulation) {
  const IslandProblem* largest = nullptr;
  for (const IslandProblem& problem : simulation.data().solver.island_problems) {
    if (largest == nullptr || problem.contact_count > largest->contact_count) largest = &problem;
  }
  return largest;
}

// Islands posed sparsely (island_size.h) keep the problem their velocity-space method
// solved, formed densely from the rows: convex and soft's pyramid at every size (here 8
// boxes, 32 contacts at u = 32: 1088 unknowns), soft's elliptic cone past 40 (box_stack:
// 20 contacts), quasistatic's qp past 200 (box_stack at u = 12: 280).
TEST(PosedProblemCopy, SparseIslandsKeepTheProblemTheirMethodSolvedCertifiedAtItsTolerance) {
  struct Sparse {
    Case c;
    std::string scene;
    int friction_edges;
    const char* method;
    double relative;
  };
  const Sparse cases[] = {
      {kCases[0], stack_scene(8), 32, "velocity-space method of multipliers", kConvexNewtonCertificateTolerance},
      {kCases[1], stack_scene(8), 32, "velocity-space Newton method", kSoftNewtonCertificateTolerance},
      {kCases[2], builtin_scene_text("box_stack"), 8, "velocity-space Newton method", kSoftNewtonCertificateTolerance},
      {kCases[3], builtin_scene_text("box_stack"), 12, "velocity-space method of multipliers",
       kConvexNewtonCertificateTolerance},
  };
  for (const Sparse& sparse : cases) {
    const std::string what = std::string(sparse.c.name) + " posed sparsely";
    Simulation simulation;
    load_case(sparse.scene, sparse.c, what, simulation);
    ASSERT_TRUE(simulation.set_option("friction_edges", sparse.friction_edges).ok()) << what;
    ASSERT_EQ(simulation.step(20), 20) << what;
    simulation.keep_island_problems(true);
    ASSERT_EQ(simulation.step(1), 1) << what;
    const IslandProblem* problem = largest_kept(simulation);
    ASSERT_NE(problem, nullptr) << what;
    EXPECT_EQ(problem->method, sparse.method) << what;
    EXPECT_EQ(problem->omitted_unknowns, 0) << what;
    expect_kept_problem_is_the_steps(simulation, *problem, sparse.c, what, sparse.relative);
  }
}

// lcp past its dense cap (8 boxes at u = 32: 1088 unknowns, solved by the sparse Lemke
// method) keeps seed 002's LCP it solved, formed densely from the sparse matrix, and
// its answer passes the certificate by hand.
TEST(PosedProblemCopy, LcpsSparseIslandKeepsItsLcpCertified) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(stack_scene(8)).ok());
  ASSERT_TRUE(simulation.set_option("formulation", 0).ok());
  ASSERT_TRUE(simulation.set_option("friction_edges", 32).ok());
  ASSERT_EQ(simulation.step(20), 20);
  simulation.keep_island_problems(true);
  ASSERT_EQ(simulation.step(1), 1);
  const IslandProblem* problem = largest_kept(simulation);
  ASSERT_NE(problem, nullptr);
  EXPECT_EQ(problem->kind, IslandProblemKind::Lcp);
  EXPECT_EQ(problem->omitted_unknowns, 0);
  EXPECT_GT(problem->offset.size(), kMaxIslandUnknowns);
  EXPECT_TRUE(problem->certificate.holds);
  expect_certified_by_hand(*problem, "the 8-box stack under lcp, posed sparsely");
}

// Torsional friction in the convex formulations: the QP's bounded rows are kept as the
// LCP Lemke solves for them (variant "split"), spinning_disc's discs braking.
TEST(PosedProblemCopy, AnIslandWithTorsionRowsKeepsItsSplitLcp) {
  for (const Case& c : {kCases[0], kCases[1]}) {
    const std::string what = std::string("spinning_disc under ") + c.name;
    Simulation simulation;
    load_case(builtin_scene_text("spinning_disc"), c, what, simulation);
    simulation.keep_island_problems(true);
    // A step with a disc with mu_t > 0 pressed on the floor (the grey one has none: its
    // problem is the plain QP; convex floats a spinning disc some steps, as it does a
    // sliding brick).
    const IslandProblem* problem = nullptr;
    for (int step = 0; step < 80 && problem == nullptr; ++step) {
      ASSERT_EQ(simulation.step(1), 1) << what;
      for (const IslandProblem& kept : simulation.data().solver.island_problems) {
        if (std::string(kept.variant) == "split" && kept.z.maxCoeff() > 0) problem = &kept;
      }
    }
    ASSERT_NE(problem, nullptr) << what;
    EXPECT_NE(std::find(problem->labels.begin(), problem->labels.end(), "sigma_s0"), problem->labels.end()) << what;
    Case split = c;
    split.kind = IslandProblemKind::Lcp;
    expect_kept_problem_is_the_steps(simulation, *problem, split, what, kProblemCertificateTolerance);
  }
}

// Seed 003's infeasible cube: the force balance's LCP is kept with the step's answer (held
// still, z = 0) and a Farkas ray that proves it has none.
TEST(PosedProblemCopy, TheInfeasibleCubesBalanceIsKeptWithItsProofOfInfeasibility) {
  Simulation simulation;
  const IslandProblem& problem = first_step_problem("infeasible_cube", simulation);
  EXPECT_STREQ(problem.variant, "pure");
  EXPECT_FALSE(problem.fallback.empty());
  EXPECT_EQ(problem.z.cwiseAbs().maxCoeff(), 0);
  for (const int c : problem.contacts) EXPECT_EQ(simulation.data().contacts[static_cast<std::size_t>(c)].normal_force, 0);
  EXPECT_FALSE(problem.certificate.holds);
  EXPECT_TRUE(problem.certificate.infeasible);
  EXPECT_STREQ(problem.certificate.verdict, "infeasible");
  // By hand: d >= 0, M^T d <= 0, q^T d < 0.
  const Eigen::VectorXd& d = problem.infeasibility_ray;
  ASSERT_EQ(d.size(), problem.offset.size());
  EXPECT_GE(d.minCoeff(), 0);
  EXPECT_LE((problem.matrix.transpose() * d).maxCoeff(), 1e-12 * d.cwiseAbs().maxCoeff());
  EXPECT_LT(problem.offset.dot(d), 0);
}

// An island past the keep cap keeps its size alone, decided from its unknowns before
// any dense matrix is formed: a brick pyramid of 36 cubes at rest, one island of more
// than 256 contacts at u = 8 (past the 2048 unknowns whose square is the cap), posed
// sparsely by soft's pyramid and by convex. The step itself is the same, bit for bit,
// with the problems kept or not.
TEST(PosedProblemCopy, AnIslandPastTheKeepCapKeepsItsSizeAloneAndLeavesTheStepAsItWas) {
  for (const char* formulation : {"soft", "convex"}) {
    const std::string what = std::string("a brick pyramid under ") + formulation;
    Simulation kept, plain;
    for (Simulation* simulation : {&kept, &plain}) {
      ASSERT_TRUE(simulation->load_scene(brick_pyramid_scene(8, formulation)).ok()) << what;
      ASSERT_TRUE(simulation->set_option("friction_edges", 8).ok()) << what;
    }
    kept.keep_island_problems(true);
    ASSERT_EQ(kept.step(1), 1) << what;
    ASSERT_EQ(plain.step(1), 1) << what;
    ASSERT_EQ(kept.data().solver.island_problems.size(), 1u) << what;
    const IslandProblem& problem = kept.data().solver.island_problems[0];
    EXPECT_GT(problem.omitted_unknowns * problem.omitted_unknowns, kMaxKeptProblemEntries) << what;
    EXPECT_EQ(problem.omitted_unknowns, static_cast<long long>(problem.contact_count) * 8) << what;
    // Each contact's 8 x 8 block with itself and with the contacts on its bodies, far
    // fewer than the dense n^2.
    EXPECT_GE(problem.omitted_nonzeros, 64LL * problem.contact_count) << what;
    EXPECT_LT(problem.omitted_nonzeros, problem.omitted_unknowns * problem.omitted_unknowns / 10) << what;
    EXPECT_EQ(problem.matrix.size(), 0) << what;
    EXPECT_EQ(problem.z.size(), 0) << what;
    EXPECT_STREQ(problem.certificate.verdict, "too large to keep") << what;
    EXPECT_STREQ(problem.formulation, formulation) << what;
    const Data& a = kept.data();
    const Data& b = plain.data();
    for (std::size_t i = 0; i < a.position.size(); ++i) {
      EXPECT_EQ(a.position[i], b.position[i]) << what << " body " << i;
      EXPECT_EQ(a.orientation[i].coeffs(), b.orientation[i].coeffs()) << what << " body " << i;
      EXPECT_EQ(a.linear_velocity[i], b.linear_velocity[i]) << what << " body " << i;
      EXPECT_EQ(a.angular_velocity[i], b.angular_velocity[i]) << what << " body " << i;
    }
  }
}

// Two brick pyramids of 21 cubes 2 m apart, at u = 8: two islands, each within the keep
// cap alone but not together. The first is kept whole; the second, told what the first
// left of the cap, keeps its size alone (formed neither before nor after).
TEST(PosedProblemCopy, TheKeepCapCountsTheStepsEarlierIslands) {
  std::string bodies;
  for (const double x : {0.0, 2.0}) {
    for (int row = 0; row < 6; ++row) {
      for (int i = 0; i < 6 - row; ++i) {
        bodies += pile_cube("c" + std::to_string(static_cast<int>(x)) + "_" + std::to_string(row) + "_" +
                                std::to_string(i),
                            x + 0.1 * i + 0.05 * row, 0, 0.05 + 0.1 * row, 0);
      }
    }
  }
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(pile_scene_text("two_pyramids", "soft", bodies)).ok());
  ASSERT_TRUE(simulation.set_option("friction_edges", 8).ok());
  simulation.keep_island_problems(true);
  ASSERT_EQ(simulation.step(1), 1);
  const std::vector<IslandProblem>& kept = simulation.data().solver.island_problems;
  ASSERT_EQ(kept.size(), 2u);
  const long long first = kept[0].offset.size();
  const long long second = kept[1].omitted_unknowns;
  EXPECT_EQ(kept[0].omitted_unknowns, 0);
  EXPECT_TRUE(kept[0].certificate.holds);
  EXPECT_EQ(second, 8LL * kept[1].contact_count);
  EXPECT_LE(second * second, kMaxKeptProblemEntries) << "alone it would be kept";
  EXPECT_GT(first * first + second * second, kMaxKeptProblemEntries);
  EXPECT_EQ(kept[1].matrix.size(), 0);
  EXPECT_STREQ(kept[1].certificate.verdict, "too large to keep");
}

// A real fallback: the cube wedged between two walls (wedged_box_scene.h) has no
// answer, Lemke ends on a ray for the frictional and the frictionless LCP and the island
// is held still. Seed 002's LCP is kept as posed, naming the fallback, with its answer z
// = 0 (w = q, some rows negative: not certified); convex keeps its QP the same way, its
// method of multipliers having run out of rounds.
TEST(PosedProblemCopy, AnIslandAFallbackAnsweredKeepsItsProblemWithTheFallbacksAnswer) {
  for (const char* formulation : {"lcp", "convex"}) {
    const std::string what = std::string("the wedged cube under ") + formulation;
    Simulation simulation;
    ASSERT_TRUE(simulation.load_scene(wedged_box_scene_text(formulation)).ok()) << what;
    simulation.keep_island_problems(true);
    ASSERT_EQ(simulation.step(1), 1) << what;
    const SolverStats& solver = simulation.data().solver;
    ASSERT_FALSE(solver.fallbacks.empty()) << what;
    ASSERT_EQ(solver.island_problems.size(), 1u) << what;
    const IslandProblem& problem = solver.island_problems[0];
    const bool lcp = std::string(formulation) == "lcp";
    EXPECT_EQ(problem.fallback, lcp ? "held still" : "newton failed: held still") << what;
    EXPECT_EQ(problem.fallback, fallback_name(solver.fallbacks.front().reason)) << what;
    EXPECT_STREQ(problem.formulation, formulation) << what;
    EXPECT_EQ(problem.kind, lcp ? IslandProblemKind::Lcp : IslandProblemKind::EdgeQp) << what;
    ASSERT_EQ(problem.z.size(), problem.offset.size()) << what;
    ASSERT_GT(problem.z.size(), 0) << what;
    EXPECT_EQ(problem.z.cwiseAbs().maxCoeff(), 0) << what;
    EXPECT_EQ(problem.w, problem.offset) << what;
    EXPECT_LT(problem.offset.minCoeff(), 0) << what;
    EXPECT_FALSE(problem.certificate.holds) << what;
    EXPECT_STREQ(problem.certificate.verdict, "not certified") << what;
    // The step applied that answer: the cube held still, no contact pushing.
    EXPECT_EQ(simulation.data().linear_velocity.back(), Vec3::Zero()) << what;
    for (const int c : problem.contacts) {
      EXPECT_EQ(simulation.data().contacts[static_cast<std::size_t>(c)].normal_force, 0) << what;
    }
  }
}

// The first of the next `steps` steps whose kept problems include one with label
// `label` and a positive entry of z, or nullptr.
const IslandProblem* next_problem_with(Simulation& simulation, const std::string& label, int steps) {
  for (int step = 0; step < steps; ++step) {
    EXPECT_EQ(simulation.step(1), 1);
    for (const IslandProblem& kept : simulation.data().solver.island_problems) {
      const bool named = std::find(kept.labels.begin(), kept.labels.end(), label) != kept.labels.end();
      if (named && kept.z.size() > 0 && kept.z.maxCoeff() > 0) return &kept;
    }
  }
  return nullptr;
}

// Soft's elliptic cone with torsion rows keeps the program its interior point solves:
// each spinning disc's contacts in the soft-finger cone (mu p_n >= ||p_t||, p_n >= |p_s|;
// p_n >= |p_s| alone on spinning_disc's frictionless floor), certified, the step's
// impulses, and every contact still spinning with its torsion impulse at the bound,
// |p_s| = p_n (seed 002's "the moment ... at most mu_t times the normal force").
TEST(PosedProblemCopy, TheEllipticConeWithTorsionKeepsItsSoftFingerProgram) {
  for (const double mu : {0.0, 0.5}) {
    const std::string what = "spinning_disc under soft's elliptic cone, mu = " + std::to_string(mu);
    Case elliptic = kCases[2];
    Simulation simulation;
    load_case(builtin_scene_text("spinning_disc"), elliptic, what, simulation);
    ASSERT_TRUE(simulation.set_option("friction_coefficient", mu).ok()) << what;
    simulation.keep_island_problems(true);
    const IslandProblem* problem = next_problem_with(simulation, "ps0", 10);
    ASSERT_NE(problem, nullptr) << what;
    EXPECT_EQ(problem->method, "interior point") << what;
    ASSERT_EQ(problem->cones.size(), static_cast<std::size_t>(problem->contact_count)) << what;
    for (const ProblemCone& cone : problem->cones) {
      ASSERT_EQ(cone.size, mu > 0 ? 4 : 2) << what;
      const double normal = problem->z[cone.first];
      EXPECT_GT(normal, 0) << what;
      EXPECT_NEAR(std::abs(problem->z[cone.first + cone.size - 1]), normal, 1e-9 * problem->certificate.scale)
          << what;
    }
    expect_kept_problem_is_the_steps(simulation, *problem, elliptic, what, kProblemCertificateTolerance);
  }
}

// A pendulum of 1 kg with Coulomb friction c [N m] in its revolute joint, held level,
// with a 0.5 kg box lying on it: gravity's torque about the joint is 2.45 + 1.47 = 3.92
// N m. With c = 5 the joint sticks (|tau| < c h, g = 0); with c = 1 it slips, tau = c h.
std::string rubbing_pendulum_scene(double coulomb) {
  return R"({"name": "rubbing_pendulum", "options": {"time_step": 0.0025, "formulation": "soft",
    "soft_cone": "elliptic"}, "friction": {"default": {"static": 0.8, "kinetic": 0.8}},
    "bodies": [{"name": "ground", "static": true, "geoms": [{"type": "plane"}]},
      {"name": "box", "mass": 0.5, "position": [0.3, 0, 1.07],
       "geoms": [{"type": "box", "half_extents": [0.05, 0.05, 0.05]}]}],
    "articulations": [{"name": "pendulum", "links": [{"name": "link",
      "joint": {"type": "revolute", "origin": {"position": [0, 0, 1]}, "axis": [0, 1, 0], "position": 0,
                "friction": {"coulomb": )" + std::to_string(coulomb) + R"(, "viscous": 0}},
      "mass": 1, "inertia": [[0.001, 0, 0], [0, 0.02, 0], [0, 0, 0.02]], "center_of_mass": [0.25, 0, 0],
      "geoms": [{"type": "box", "half_extents": [0.25, 0.05, 0.02], "position": [0.25, 0, 0]}]}]}]})";
}

// Soft's elliptic cone with a joint friction row keeps the program with the row's
// interval |tau| <= c h, certified, its tau the step's joint friction impulse.
TEST(PosedProblemCopy, TheEllipticConeWithJointFrictionKeepsItsIntervals) {
  for (const double coulomb : {5.0, 1.0}) {
    const std::string what = "the rubbing pendulum with c = " + std::to_string(coulomb);
    Simulation simulation;
    ASSERT_TRUE(simulation.load_scene(rubbing_pendulum_scene(coulomb)).ok()) << what;
    simulation.keep_island_problems(true);
    const IslandProblem* problem = next_problem_with(simulation, "pn0", 20);
    ASSERT_NE(problem, nullptr) << what;
    ASSERT_EQ(problem->boxes.size(), 1u) << what;
    const double h = simulation.options().time_step;
    const ProblemBox& box = problem->boxes[0];
    EXPECT_EQ(problem->labels[static_cast<std::size_t>(box.unknown)], "tau0") << what;
    EXPECT_DOUBLE_EQ(box.bound, coulomb * h) << what;
    const double tau = problem->z[box.unknown];
    ASSERT_EQ(simulation.data().joint_frictions.size(), 1u) << what;
    EXPECT_NEAR(tau, simulation.data().joint_frictions[0].torque * h, 1e-12) << what;
    if (coulomb < 3.92) {
      EXPECT_NEAR(std::abs(tau), box.bound, 1e-9 * problem->certificate.scale) << what << ": slips at its bound";
    } else {
      EXPECT_LT(std::abs(tau), box.bound) << what << ": sticks inside it";
      EXPECT_NEAR(problem->w[box.unknown], 0, 1e-9 * problem->certificate.scale) << what;
    }
    expect_kept_problem_is_the_steps(simulation, *problem, kCases[2], what, kProblemCertificateTolerance);
  }
}

}  // namespace posed_problem_copy_test
}  // namespace contactlab

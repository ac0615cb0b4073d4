// Lemke's method on the contact LCPs of the built-in scenes (seed 002 eq. 18-21), as the
// step builds them: the stack of five boxes (four coplanar, loaded corners per face,
// zero friction and sliding rows in q: massively degenerate, with the tiny physical
// perturbations a run accumulates) and the stick-slip ramp. Every step must be solved
// by Lemke itself: the step then reports neither a regularised answer nor a fallback
// (data.solver.fallbacks stays empty), so every island's answer passed its certificate
// (lcp/lemke.h). Larger islands: the 20-cube pile of the benchmarks (pile_scenes.h) as
// it lands, islands of up to 500 unknowns whose paths of some 200 pivots used to end
// a few 1e-9 off the certificate.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "pile_scenes.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

struct SceneRun {
  const char* scene;
  int friction_edges;  // u; 0 keeps the scene's
  double time_step;    // h [s]; 0 keeps the scene's
};

class LemkeSceneTest : public ::testing::TestWithParam<SceneRun> {};

TEST_P(LemkeSceneTest, EveryStepIsSolvedWithoutRegularisationOrFallback) {
  const SceneRun& run = GetParam();
  const Model model = load_builtin_scene(run.scene);
  Options options = model.options;
  if (run.friction_edges > 0) options.friction_edges = run.friction_edges;
  if (run.time_step > 0) options.time_step = run.time_step;
  Data data = make_data(model);
  int flagged_steps = 0;
  std::string first_message;
  run_for(model, options, data, 5.0, [&](const Data& d) {
    if (d.solver.fallbacks.empty()) return;
    if (flagged_steps++ == 0) {
      first_message = "t = " + std::to_string(d.time) + ": " + fallback_message(d.solver.fallbacks);
    }
  });
  EXPECT_EQ(flagged_steps, 0) << first_message;
}

INSTANTIATE_TEST_SUITE_P(BoxStackAndStickSlip, LemkeSceneTest,
                         ::testing::Values(SceneRun{"box_stack", 4, 0.0025},
                                           SceneRun{"box_stack", 8, 0.0025},
                                           SceneRun{"box_stack", 16, 0.0025},
                                           SceneRun{"box_stack", 4, 0.001},
                                           SceneRun{"box_stack", 8, 0.001},
                                           SceneRun{"box_stack", 16, 0.001},
                                           SceneRun{"stick_slip", 8, 0.0025}),
                         [](const ::testing::TestParamInfo<SceneRun>& info) {
                           const SceneRun& run = info.param;
                           return std::string(run.scene) + "_u" + std::to_string(run.friction_edges) +
                                  "_h" + std::to_string(static_cast<int>(run.time_step * 1e6)) + "us";
                         });

// The pile's first 0.6 s: the cubes land from 0.45 s on, one on another, in an island
// that grows to 80 contacts (480 unknowns at u = 4).
TEST(LemkeScene, TheFallingPileIsSolvedWithoutRegularisationOrFallback) {
  Model model;
  ASSERT_TRUE(load_scene(falling_pile_scene(20, "lcp"), model).ok());
  Data data = make_data(model);
  int flagged_steps = 0;
  int largest_problem = 0;
  std::string first_message;
  run_for(model, model.options, data, 0.6, [&](const Data& d) {
    largest_problem = std::max(largest_problem, d.solver.lcp_size);
    if (d.solver.fallbacks.empty()) return;
    if (flagged_steps++ == 0) {
      first_message = "t = " + std::to_string(d.time) + ": " + fallback_message(d.solver.fallbacks);
    }
  });
  EXPECT_EQ(flagged_steps, 0) << first_message;
  EXPECT_GT(largest_problem, 300);
}

// A brick pyramid of 10 cubes at rest (rows of 4, 3, 2, 1 touching side by side: an
// island of 88 contacts, 528 unknowns), where the path from the slack basis cycles
// among degenerate ties: every step certified all the same, and the ground carries
// the pyramid's weight, sum c_n / h = 10 m g, to the settling of its first steps
// (the cubes move at up to 0.2 mm/s, 0.12 % of the weight at 0.05 s).
TEST(LemkeScene, ABrickPyramidRestsOnItsWeightWithoutFallback) {
  Model model;
  ASSERT_TRUE(load_scene(brick_pyramid_scene(4, "lcp"), model).ok());
  Data data = make_data(model);
  int flagged_steps = 0;
  std::string first_message;
  run_for(model, model.options, data, 0.05, [&](const Data& d) {
    if (d.solver.fallbacks.empty()) return;
    if (flagged_steps++ == 0) {
      first_message = "t = " + std::to_string(d.time) + ": " + fallback_message(d.solver.fallbacks);
    }
  });
  EXPECT_EQ(flagged_steps, 0) << first_message;
  EXPECT_GT(data.solver.lcp_size, 500);
  double ground_force = 0;
  for (const ContactRecord& contact : data.contacts) {
    if (contact.body_a == 0 || contact.body_b == 0) ground_force += contact.normal_force;
  }
  EXPECT_NEAR(ground_force, 10 * 9.81, 0.005 * 10 * 9.81);
  for (std::size_t b = 1; b < model.bodies.size(); ++b) {
    EXPECT_LT(data.linear_velocity[b].norm(), 1e-3) << model.bodies[b].name;
  }
}

// The 80-cube brick pyramid of the benchmarks built at the lab's resting distance
// (every touching pair 0.05 mm apart, half the contact threshold, where a normal row's
// target is zero): one island of 872 contacts, 5232 unknowns, past the dense cap, posed
// sparsely. Its first two steps are certified by Lemke's method with no fallback (the
// second from the first's basis, with no pivot), and the ground carries the pyramid's
// weight, sum c_n / h = 80 m g, with every cube at rest. (Built touching, every pair
// is pushed apart at 4 mm/s instead: docs/performance.md, "A starting basis from a
// regularised answer".)
TEST(LemkeScene, TheEightyCubePyramidAtItsRestingDistanceCarriesItsWeight) {
  Model model;
  ASSERT_TRUE(load_scene(counted_brick_pyramid_scene(80, 0.5 * 1e-4, "lcp"), model).ok());
  ASSERT_DOUBLE_EQ(model.options.contact_threshold, 1e-4);
  Data data = make_data(model);
  StepWorkspace workspace;
  for (int s = 0; s < 2; ++s) {
    step(model, model.options, data, workspace);
    ASSERT_EQ(data.solver.status, SolverStatus::Solved) << "step " << s;
    ASSERT_TRUE(data.solver.fallbacks.empty()) << "step " << s << ": " << fallback_message(data.solver.fallbacks);
  }
  EXPECT_EQ(data.solver.lcp_size, 5232);
  EXPECT_EQ(data.solver.pivots, 0);
  const double weight = 80 * 9.81;
  double ground_force = 0;
  for (const ContactRecord& contact : data.contacts) {
    if (contact.body_a == 0 || contact.body_b == 0) ground_force += contact.normal_force;
  }
  EXPECT_NEAR(ground_force, weight, 1e-9 * weight);
  for (std::size_t b = 1; b < model.bodies.size(); ++b) {
    EXPECT_LT(data.linear_velocity[b].norm(), 1e-9) << model.bodies[b].name;
  }
}

}  // namespace
}  // namespace contactlab

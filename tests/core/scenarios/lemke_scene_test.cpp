// Lemke's method on the contact LCPs of the built-in scenes (seed 002 eq. 18-21), as the
// step builds them: the stack of five boxes (four coplanar, loaded corners per face,
// zero friction and sliding rows in q: massively degenerate, with the tiny physical
// perturbations a run accumulates) and the stick-slip ramp. Every step must be solved
// by Lemke itself: the step then reports neither a regularised answer nor a fallback
// (data.solver.fallbacks stays empty).
#include <gtest/gtest.h>

#include <string>

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

}  // namespace
}  // namespace contactlab

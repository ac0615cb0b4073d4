// The live grasp analysis on a gripper squeezing a box.
#include "grasp/grasp_monitor.h"

#include <gtest/gtest.h>

#include "gripper_scene.h"
#include "scene/scene_loader.h"
#include "scene_fixture.h"
#include "step/step.h"

namespace contactlab {
namespace {

struct SqueezedBox {
  Model model;
  Options options;
  Data data;
  SqueezedBox() {
    const Status status = load_scene(
        gripper_scene_json(R"([{"time": 0.05, "command": "autograsp", "articulation": "gripper"}])"), model);
    EXPECT_TRUE(status.ok()) << status.message();
    options = model.options;
    data = make_data(model);
  }
};

// Before the fingers touch, nothing is grasped.
TEST(GraspMonitor, NothingHeldBeforeTheFingersTouch) {
  SqueezedBox setup;
  const GraspReport report = evaluate_current_grasp(setup.model, setup.options, setup.data);
  EXPECT_EQ(report.object, -1);
  EXPECT_FALSE(report.quality.force_closure);
}

// Two opposed square face patches with Coulomb friction (mu = 0.5) resist every
// wrench: force closure with epsilon > 0. Without friction the same contacts cannot
// resist a force along the faces: no closure, epsilon 0.
TEST(GraspMonitor, OpposedFrictionalPatchesGiveForceClosure) {
  SqueezedBox setup;
  for (int s = 0; s < 600; ++s) step(setup.model, setup.options, setup.data);
  const GraspReport report = evaluate_current_grasp(setup.model, setup.options, setup.data);
  EXPECT_EQ(report.object, 1);  // the box
  EXPECT_GE(report.contact_count, 6);
  ASSERT_TRUE(report.quality.status.ok()) << report.quality.status.message();
  EXPECT_TRUE(report.quality.force_closure);
  EXPECT_GT(report.quality.epsilon, 0.01);

  Options frictionless = setup.options;
  frictionless.friction_coefficient = 0;
  const GraspReport without = evaluate_current_grasp(setup.model, frictionless, setup.data);
  EXPECT_EQ(without.object, 1);
  EXPECT_FALSE(without.quality.force_closure);
  EXPECT_EQ(without.quality.epsilon, 0);
}

}  // namespace
}  // namespace contactlab

// The "prescribed_motion" of an articulation in scene files
// (scene/prescribed_motion_reader.h), read through load_scene() from edits of the
// driven_paddle scene: what an entry becomes in the model, and the message naming the
// field for each kind of mistake, the model left as it was.
#include "scene/prescribed_motion_reader.h"

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scene/scene_loader.h"
#include "scene_edit_refusal.h"

namespace contactlab::prescribed_motion_reader_test {
namespace {

using Json = nlohmann::json;

Json& paddle(Json& scene) { return scene["articulations"][0]; }
Json& entry(Json& scene) { return paddle(scene)["prescribed_motion"][0]; }

TEST(PrescribedMotionReader, AnEntryBecomesTheJointsRateProfile) {
  Json scene = builtin_scene_json("driven_paddle");
  entry(scene)["amplitude"] = 0.5;
  entry(scene)["frequency"] = 3;
  entry(scene)["phase"] = 0.25;
  Model model;
  const Status status = load_scene(scene.dump(), model);
  ASSERT_TRUE(status.ok()) << status.message();
  const Articulation& articulation = model.articulations[0];
  ASSERT_EQ(articulation.prescribed.size(), 1u);
  const PrescribedMotion& motion = articulation.prescribed[0];
  EXPECT_EQ(articulation.tree.link(motion.link).name, "blade");
  EXPECT_EQ(motion.velocity, 1.0);
  EXPECT_EQ(motion.amplitude, 0.5);
  EXPECT_EQ(motion.frequency, 3.0);
  EXPECT_EQ(motion.phase, 0.25);
  // qdot_ref(t) = velocity + amplitude sin(frequency t + phase).
  EXPECT_NEAR(prescribed_rate(motion, 0.4), 1.0 + 0.5 * std::sin(3 * 0.4 + 0.25), 1e-15);
}

TEST(PrescribedMotionReader, MistakesAreNamedWithTheirField) {
  const std::string at = "articulations[0].prescribed_motion[0]";
  expect_edit_refused("driven_paddle", [](Json& s) { entry(s)["joint"] = "wheel"; },
                 at + ".joint: no link \"wheel\" in articulations[0]");
  expect_edit_refused("driven_paddle", [](Json& s) { entry(s).erase("joint"); }, at + ".joint");
  expect_edit_refused("driven_paddle", [](Json& s) { entry(s).erase("velocity"); }, at + ".velocity");
  expect_edit_refused("driven_paddle", [](Json& s) { entry(s)["velocity"] = "fast"; }, at + ".velocity: must be");
  expect_edit_refused("driven_paddle", [](Json& s) { entry(s)["velocity"] = 2000; }, at + ".velocity: must be");
  expect_edit_refused("driven_paddle", [](Json& s) { entry(s)["frequency"] = -1; }, at + ".frequency: must be");
  expect_edit_refused("driven_paddle", [](Json& s) { entry(s)["phase"] = "east"; }, at + ".phase: must be");
  expect_edit_refused("driven_paddle", [](Json& s) { entry(s)["speed"] = 1; }, at);
  expect_edit_refused("driven_paddle", 
      [](Json& s) {
        entry(s)["velocity"] = 900;
        entry(s)["amplitude"] = -200;
      },
      at + ".amplitude: the profile's peak |velocity| + |amplitude| must be at most 1000 rad/s, got 1100");
  expect_edit_refused("driven_paddle", [](Json& s) { paddle(s)["prescribed_motion"].push_back(entry(s)); },
                 "articulations[0].prescribed_motion[1].joint: \"blade\" is driven by an earlier entry already");
  expect_edit_refused("driven_paddle", [](Json& s) { paddle(s)["links"][0]["joint"]["limits"] = {-1, 1}; },
                 at + ".joint: the joint of \"blade\" has finite limits");
  expect_edit_refused("driven_paddle", 
      [](Json& s) { paddle(s)["links"][0]["joint"]["actuator"] = {{"stiffness", 10}, {"damping", 1}}; },
      at + ".joint: the joint of \"blade\" has an actuator");
  expect_edit_refused("driven_paddle", 
      [](Json& s) { paddle(s)["links"][0]["joint"]["friction"] = {{"coulomb", 0.1}, {"viscous", 0}}; },
      at + ".joint: the joint of \"blade\" has Coulomb friction");
  expect_edit_refused("driven_paddle", 
      [](Json& s) {
        paddle(s)["links"][0]["joint"] = {{"type", "fixed"}, {"origin", {{"position", {0, 0, 0.1}}}}};
      },
      at + ".joint: the joint of \"blade\" has no single coordinate");
  expect_edit_refused("driven_paddle", [](Json& s) { paddle(s)["prescribed_motion"] = "blade"; },
                      "articulations[0].prescribed_motion");
}

}  // namespace
}  // namespace contactlab::prescribed_motion_reader_test

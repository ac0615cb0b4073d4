#include "simulation.h"

#include <cmath>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

std::string read_builtin(const std::string& name) {
  std::ifstream file(std::string(CONTACTLAB_SCENES_DIR) + "/" + name + ".json");
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(Simulation, ABadSceneIsRejectedAndTheRunningSceneKeepsGoing) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(read_builtin("ball_drop")).ok());
  simulation.step(10);
  const double time = simulation.data().time;
  const std::vector<double> poses = simulation.body_poses();

  const Status status = simulation.load_scene(
      R"({"name": "bad", "bodies": [{"name": "b", "mass": -1, "geoms": [{"type": "sphere", "radius": 1}]}]})");
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("bodies[0].mass"), std::string::npos) << status.message();
  EXPECT_EQ(simulation.model().name, "ball_drop");
  EXPECT_EQ(simulation.data().time, time);
  EXPECT_EQ(simulation.body_poses(), poses);
  EXPECT_EQ(simulation.step(5), 5);
  EXPECT_GT(simulation.data().time, time);
}

TEST(Simulation, ARejectedOptionLeavesTheOptionsAsTheyWere) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(read_builtin("box_rest")).ok());
  const double h = simulation.option("time_step");
  const Status status = simulation.set_option("time_step", 1.0);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("time_step"), std::string::npos);
  EXPECT_EQ(simulation.option("time_step"), h);
  EXPECT_TRUE(std::isnan(simulation.option("no_such_option")));
}

TEST(Simulation, ResetReturnsToTheInitialStateAndKeepsUserOptions) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(read_builtin("brick_slide")).ok());
  const std::vector<double> initial = simulation.body_poses();
  ASSERT_TRUE(simulation.set_option("mu", 0.9).ok());
  simulation.step(100);
  EXPECT_NE(simulation.body_poses(), initial);
  simulation.reset();
  EXPECT_EQ(simulation.body_poses(), initial);
  EXPECT_EQ(simulation.data().time, 0);
  EXPECT_EQ(simulation.option("mu"), 0.9);
}

TEST(Simulation, ContactValuesFollowTheDocumentedLayout) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(read_builtin("box_rest")).ok());
  simulation.step(1);
  const std::vector<double>& values = simulation.contact_values();
  ASSERT_EQ(values.size(), simulation.data().contacts.size() * Simulation::kContactStride);
  ASSERT_FALSE(values.empty());
  double total_normal = 0;
  for (size_t i = 0; i < values.size(); i += Simulation::kContactStride) {
    EXPECT_NEAR(values[i + 5], 1.0, 1e-12);  // normal along +z, ground to box
    total_normal += values[i + 7];
    EXPECT_EQ(values[i + 11], static_cast<double>(ContactMode::Sticking));
  }
  EXPECT_NEAR(total_normal, 9.81, 1e-9);
  EXPECT_EQ(simulation.body_poses().size(), simulation.model().bodies.size() * Simulation::kPoseStride);
}

}  // namespace
}  // namespace contactlab

// The scene with settings (exercise/exercise_scene.h): JSON Pointers, parameters
// written through their scale and offset, commands merged into the timeline by time,
// and forced settings over a student's.
#include "exercise/exercise_scene.h"

#include <gtest/gtest.h>

#include <string>

#include "exercise_fixture.h"

namespace contactlab {
namespace {

TEST(ExerciseScene, FindsJsonPointersAsRfc6901Reads) {
  Json document = Json::parse(R"({"a": [{"b/c": 1, "d~e": 2}, 3], "": {"x": 4}})");
  ASSERT_NE(find_pointer(document, "/a/0/b~1c"), nullptr);
  EXPECT_EQ(*find_pointer(document, "/a/0/b~1c"), 1);
  EXPECT_EQ(*find_pointer(document, "/a/0/d~0e"), 2);
  EXPECT_EQ(*find_pointer(document, "/a/1"), 3);
  EXPECT_EQ(*find_pointer(document, "//x"), 4) << "an empty key";
  EXPECT_EQ(find_pointer(document, ""), &document) << "the whole document";
  EXPECT_EQ(find_pointer(document, "/a/01"), nullptr) << "no leading zeros";
  EXPECT_EQ(find_pointer(document, "/a/2"), nullptr);
  EXPECT_EQ(find_pointer(document, "/a/-"), nullptr);
  EXPECT_EQ(find_pointer(document, "/a/0/b~2c"), nullptr) << "a bad escape";
  EXPECT_EQ(find_pointer(document, "a"), nullptr) << "a pointer starts with /";
  EXPECT_EQ(find_pointer(document, "/a/1/x"), nullptr) << "below a number";
}

TEST(ExerciseScene, WritesParametersAndMergesCommandsWithForcedSettingsLast) {
  Json document = Json::parse(kDropExercise);
  document["scene"] = {{"builtin", "gripper_lift"}};
  document["settings"]["parameters"]["drop_height"]["targets"] =
      Json::array({{{"pointer", "/bodies/1/position/2"}, {"scale", 2}, {"offset", 0.01}},
                   {{"pointer", "/bodies/1/position/0"}, {"scale", -1}}});
  document["checks"] =
      Json::array({{{"name", "c"}, {"expect", {{"kind", "speed"}, {"body", "cube"}, {"range", {0, 1}}, {"at", 1}}}}});
  document.erase("answers");
  document["reference"] = Json::object();
  document["wrong"] = Json::array();
  const Exercise exercise = read_drop_exercise(document.dump());

  Settings student;
  student.options = {{"gravity_z", -5}};
  student.parameters = {{"drop_height", 0.1}};
  student.commands = {Json{{"time", 2.4}, {"command", "open"}, {"articulation", "gripper"}},
                      Json{{"time", 5}, {"command", "autograsp"}, {"articulation", "gripper"}}};
  Settings forced;
  forced.options = {{"gravity_z", -9.81}};
  forced.parameters = {{"drop_height", 0.2}};
  forced.commands = {Json{{"time", 0.1}, {"command", "open"}, {"articulation", "gripper"}}};

  std::string text;
  std::vector<std::pair<std::string, double>> options;
  ASSERT_TRUE(scene_with_settings(exercise, student, forced, text, options).ok());
  const Json scene = Json::parse(text);
  EXPECT_EQ(scene["bodies"][1]["position"][2], 0.01 + 2 * 0.2) << "the forced value is written last";
  EXPECT_EQ(scene["bodies"][1]["position"][0], -0.2);
  const Json& timeline = scene["timeline"];
  ASSERT_EQ(timeline.size(), 6u);
  const double times[] = {0.1, 0.25, 2.4, 2.4, 3.5, 5};
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(timeline[i]["time"], times[i]) << i;
  EXPECT_EQ(timeline[2]["command"], "autograsp") << "of equal times the scene's command first";
  EXPECT_EQ(timeline[3]["command"], "open");
  const std::vector<std::pair<std::string, double>> expected = {{"gravity_z", -5}, {"gravity_z", -9.81}};
  EXPECT_EQ(options, expected) << "set in this order, the forced option last";
}

}  // namespace
}  // namespace contactlab

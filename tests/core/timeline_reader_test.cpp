// The "timeline" section: commands, their order, and errors that name the field.
#include "timeline_reader.h"

#include <gtest/gtest.h>

#include "gripper_scene.h"
#include "scene_loader.h"

namespace contactlab {
namespace {

Status load_with(const std::string& timeline, Model& model) {
  return load_scene(gripper_scene_json(timeline), model);
}

TEST(TimelineReader, ReadsCommandsInOrder) {
  Model model;
  const Status status = load_with(R"([
      {"time": 0.5, "command": "move_joints", "articulation": "gripper", "targets": {"right": 0.02, "left": 0.01}},
      {"time": 1.0, "command": "autograsp", "articulation": "gripper", "speed": 0.02},
      {"time": 3.0, "command": "open", "articulation": "gripper"}])",
                                  model);
  ASSERT_TRUE(status.ok()) << status.message();
  ASSERT_EQ(model.timeline.size(), 3u);
  const TimelineCommand& move = model.timeline[0];
  EXPECT_EQ(move.kind, CommandKind::MoveJoints);
  EXPECT_EQ(move.time, 0.5);
  EXPECT_EQ(move.articulation, 0);
  ASSERT_EQ(move.targets.size(), 2u);
  EXPECT_EQ(move.targets[0].link, 1);  // "left" (keys in sorted order)
  EXPECT_EQ(move.targets[0].position, 0.01);
  EXPECT_EQ(move.targets[1].link, 2);
  EXPECT_EQ(model.timeline[1].kind, CommandKind::Autograsp);
  EXPECT_EQ(model.timeline[1].speed, 0.02);
  EXPECT_EQ(model.timeline[2].kind, CommandKind::Open);
  EXPECT_STREQ(command_kind_name(CommandKind::Autograsp), "autograsp");
}

TEST(TimelineReader, ErrorsNameTheFieldAndWhatIsAllowed) {
  const struct {
    const char* timeline;
    const char* message;
  } cases[] = {
      {R"([{"time": 1, "command": "wave", "articulation": "gripper"}])",
       "timeline[0].command: must be one of move_joints, autograsp, open, move_cartesian, got \"wave\""},
      {R"([{"time": 1, "command": "open", "articulation": "arm"}])",
       "timeline[0].articulation: no articulation named \"arm\""},
      {R"([{"time": 1, "command": "move_joints", "articulation": "gripper", "targets": {"thumb": 0}}])",
       "timeline[0].targets.thumb: articulation \"gripper\" has no link named \"thumb\""},
      {R"([{"time": 1, "command": "move_joints", "articulation": "gripper", "targets": {"palm": 0}}])",
       "timeline[0].targets.palm: only a revolute or prismatic joint with an \"actuator\" can be moved"},
      {R"([{"time": 1, "command": "move_joints", "articulation": "gripper", "targets": {"left": 0.2}}])",
       "timeline[0].targets.left: must be within the joint's limits [0, 0.05], got 0.2"},
      {R"([{"time": 2, "command": "open", "articulation": "gripper"}, {"time": 1, "command": "open", "articulation": "gripper"}])",
       "timeline[1].time: commands must be in time order, got 1 s after 2 s"},
      {R"([{"time": 1, "command": "open", "articulation": "gripper", "targets": {"left": 0}}])",
       "timeline[0].targets: not allowed on autograsp, open or move_cartesian"},
      {R"([{"time": 1, "command": "move_cartesian", "articulation": "gripper", "link": "palm", "position": [0, 0, 0]}])",
       "timeline[0].link: no actuated joint moves link \"palm\""},
      {R"([{"time": 1, "command": "move_cartesian", "articulation": "gripper", "link": "left"}])",
       "timeline[0].position: required field is missing"},
      {R"([{"time": 1, "command": "autograsp", "articulation": "gripper", "speed": 0}])",
       "timeline[0].speed: must be"},
      {R"([{"command": "open", "articulation": "gripper"}])", "timeline[0].time: "},
  };
  for (const auto& test : cases) {
    Model model;
    const Status status = load_with(test.timeline, model);
    ASSERT_FALSE(status.ok()) << test.timeline;
    EXPECT_EQ(status.message().rfind(test.message, 0), 0u) << status.message();
    EXPECT_TRUE(model.timeline.empty());
  }
}

}  // namespace
}  // namespace contactlab

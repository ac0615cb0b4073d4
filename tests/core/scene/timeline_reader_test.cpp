// The "timeline" section: commands, their order, and errors that name the field.
#include "scene/timeline_reader.h"

#include <gtest/gtest.h>

#include "gripper_scene.h"
#include "scene/scene_loader.h"

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

// move_joints takes a profile: smooth (the default, no speed), linear (with a
// speed) or step.
TEST(TimelineReader, MoveJointsProfiles) {
  Model model;
  const Status status = load_with(R"([
      {"time": 0, "command": "move_joints", "articulation": "gripper", "targets": {"left": 0.01}},
      {"time": 0, "command": "move_joints", "articulation": "gripper", "targets": {"left": 0.02},
       "profile": "linear", "speed": 0.2},
      {"time": 0, "command": "move_joints", "articulation": "gripper", "targets": {"right": 0.03},
       "profile": "step"},
      {"time": 0, "command": "move_joints", "articulation": "gripper", "targets": {"right": 0.04},
       "profile": "smooth"}])",
                                  model);
  ASSERT_TRUE(status.ok()) << status.message();
  ASSERT_EQ(model.timeline.size(), 4u);
  EXPECT_EQ(model.timeline[0].profile, MoveProfile::Smooth);
  EXPECT_EQ(model.timeline[1].profile, MoveProfile::Linear);
  EXPECT_EQ(model.timeline[1].speed, 0.2);
  EXPECT_EQ(model.timeline[2].profile, MoveProfile::Step);
  EXPECT_EQ(model.timeline[3].profile, MoveProfile::Smooth);
  EXPECT_STREQ(move_profile_name(MoveProfile::Linear), "linear");
  EXPECT_STREQ(move_profile_name(MoveProfile::Step), "step");
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
      {R"([{"time": 1, "command": "move_joints", "articulation": "gripper", "targets": {"left": 0}, "speed": 1}])",
       "timeline[0].speed: not allowed on move_joints (its speed comes from the actuators; the linear "
       "profile takes one)"},
      {R"([{"time": 1, "command": "move_joints", "articulation": "gripper", "targets": {"left": 0}, "profile": "ramp"}])",
       "timeline[0].profile: must be one of smooth, linear, step, got \"ramp\""},
      {R"([{"time": 1, "command": "move_joints", "articulation": "gripper", "targets": {"left": 0}, "profile": "linear"}])",
       "timeline[0].speed: required field is missing"},
      {R"([{"time": 1, "command": "move_joints", "articulation": "gripper", "targets": {"left": 0}, "profile": "linear", "speed": 0}])",
       "timeline[0].speed: must be"},
      {R"([{"time": 1, "command": "move_joints", "articulation": "gripper", "targets": {"left": 0}, "profile": "step", "speed": 1}])",
       "timeline[0].speed: not allowed on move_joints with the step profile (the set points jump)"},
      {R"([{"time": 1, "command": "open", "articulation": "gripper", "profile": "linear"}])",
       "timeline[0].profile: not allowed on autograsp, open or move_cartesian"},
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

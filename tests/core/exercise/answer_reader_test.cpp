// Answers (exercise/answer_reader.h): what a valid answer reads as, and the message a
// malformed or out-of-bounds one gets.
#include <gtest/gtest.h>

#include <string>

#include "exercise/answer_reader.h"
#include "exercise_fixture.h"
#include "text_file.h"

namespace contactlab {
namespace {

std::string refusal(const Exercise& exercise, const std::string& text) {
  Answer answer;
  answer.exercise = "untouched";
  const Status status = read_answer(text, exercise, answer);
  EXPECT_FALSE(status.ok()) << text;
  EXPECT_EQ(answer.exercise, "untouched") << "the answer changed although it was refused";
  return status.message();
}

TEST(ExerciseAnswerReader, ReadsSettingsAndNumericAnswers) {
  const Exercise exercise = read_drop_exercise();
  Answer answer;
  const Status status = read_answer(
      R"({"exercise": "test_drop", "settings": {"options": {"gravity_z": -5, "friction_edges": 6},
          "parameters": {"drop_height": 0.5}}, "answers": {"fall_time": 0.3}})",
      exercise, answer);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(answer.exercise, "test_drop");
  ASSERT_EQ(answer.settings.options.size(), 2u);
  EXPECT_EQ(answer.settings.options[0], (std::pair<std::string, double>("friction_edges", 6)));
  EXPECT_EQ(answer.settings.options[1], (std::pair<std::string, double>("gravity_z", -5)));
  ASSERT_EQ(answer.settings.parameters.size(), 1u);
  EXPECT_EQ(answer.settings.parameters[0].second, 0.5);
  ASSERT_EQ(answer.answers.size(), 1u);
  EXPECT_EQ(answer.answers[0].second, 0.3);
}

TEST(ExerciseAnswerReader, NamesTheFieldOfEveryMistake) {
  const Exercise exercise = read_drop_exercise();
  EXPECT_EQ(refusal(exercise, "fall_time = 0.4").substr(0, 20), "JSON line 1, column ");
  EXPECT_EQ(refusal(exercise, "[1, 2]"), "the answer: must be a JSON object, got [1,2]");
  EXPECT_EQ(refusal(exercise, R"({"answers": {}})"), "exercise: required field is missing");
  EXPECT_EQ(refusal(exercise, R"({"exercise": "incline_friction_angle"})"),
            "exercise: this answer is for the exercise \"incline_friction_angle\", not \"test_drop\"");
  EXPECT_EQ(refusal(exercise, R"({"exercise": "test_drop", "setting": {}})"),
            "setting: unknown field for an answer (allowed: exercise, settings, answers)");
  EXPECT_EQ(refusal(exercise, R"({"exercise": "test_drop", "settings": {"option": {}}})"),
            "settings.option: unknown field for settings (allowed: options, parameters, commands)");
  EXPECT_EQ(refusal(exercise, R"({"exercise": "test_drop", "settings": {"options": {"mu": 0.5}}})").substr(0, 43),
            "settings.options.mu: unknown option \"mu\" (a");
  EXPECT_EQ(refusal(exercise, R"({"exercise": "test_drop", "settings": {"options": {"friction_coefficient": 0.5}}})"),
            "settings.options.friction_coefficient: locked in this exercise (the options you may set: friction_edges, "
            "gravity_z, time_step)");
  EXPECT_EQ(refusal(exercise, R"({"exercise": "test_drop", "settings": {"options": {"gravity_z": 5}}})"),
            "settings.options.gravity_z: must be between -20 and 0 m/s^2 in this exercise, got 5");
  EXPECT_EQ(refusal(exercise, R"({"exercise": "test_drop", "settings": {"options": {"friction_edges": 5}}})"),
            "settings.options.friction_edges: must be an even whole number from 2 to 32, got 5")
      << "the option table's own message";
  EXPECT_EQ(refusal(exercise, R"({"exercise": "test_drop", "settings": {"options": {"time_step": "fast"}}})"),
            "settings.options.time_step: must be between 0.0001 and 0.5 s, got \"fast\"");
  EXPECT_EQ(refusal(exercise, R"({"exercise": "test_drop", "settings": {"parameters": {"height": 1}}})"),
            "settings.parameters.height: unknown parameter (this exercise's: drop_height)");
  EXPECT_EQ(refusal(exercise, R"({"exercise": "test_drop", "settings": {"parameters": {"drop_height": 3}}})"),
            "settings.parameters.drop_height: must be between 0.2 and 2 m in this exercise, got 3");
  EXPECT_EQ(refusal(exercise, R"({"exercise": "test_drop", "settings": {"commands": []}})"),
            "settings.commands: this exercise takes no timeline commands");
  EXPECT_EQ(refusal(exercise, R"({"exercise": "test_drop", "answers": {"fall": 0.4}})"),
            "answers.fall: this exercise asks no such question (its answers: fall_time, weakest_gravity)");
  EXPECT_EQ(refusal(exercise, R"({"exercise": "test_drop", "answers": {"fall_time": "0.4"}})"),
            "answers.fall_time: must be a number, got \"0.4\"");
  EXPECT_EQ(refusal(exercise, R"({"exercise": "test_drop", "answers": {"fall_time": -1}})"),
            "answers.fall_time: must be between 0 and 10 s in this exercise, got -1");
  EXPECT_EQ(refusal(exercise, std::string(70000, ' ')), "the answer must be at most 65536 bytes");
}

// Timeline commands, where an exercise allows them: of its kinds and articulations,
// at its times, in time order; the rest of each is the scene's timeline's to check.
TEST(ExerciseAnswerReader, ChecksTimelineCommandsAgainstTheExerciseAndTheScene) {
  Json document = Json::parse(kDropExercise);
  document["scene"] = {{"builtin", "gripper_lift"}};
  document["settings"] = {
      {"commands", {{"kinds", {"autograsp", "open"}}, {"articulations", {"gripper"}}, {"max", 2}, {"time", {0.5, 1}}}}};
  document["checks"] = Json::array(
      {{{"name", "rests"}, {"expect", {{"kind", "speed"}, {"body", "cube"}, {"range", {0, 1}}, {"at", 1}}}}});
  document.erase("answers");
  document["reference"] = Json::object();
  document["wrong"] = Json::array();
  const Exercise exercise = read_drop_exercise(document.dump());
  ASSERT_EQ(exercise.commands.max_count, 2);

  Answer answer;
  const std::string command = R"({"time": 0.6, "command": "autograsp", "articulation": "gripper"})";
  ASSERT_TRUE(
      read_answer(R"({"exercise": "test_drop", "settings": {"commands": [)" + command + "]}}", exercise, answer).ok());
  ASSERT_EQ(answer.settings.commands.size(), 1u);
  EXPECT_EQ(answer.settings.commands[0]["time"], 0.6);

  const std::string lead = R"({"exercise": "test_drop", "settings": {"commands": [)";
  EXPECT_EQ(refusal(exercise, lead + R"({"time": 0.6, "command": "move_joints", "articulation": "gripper"}]}})"),
            "settings.commands[0].command: must be one of autograsp, open in this exercise, got \"move_joints\"");
  EXPECT_EQ(refusal(exercise, lead + R"({"time": 0.2, "command": "open", "articulation": "gripper"}]}})"),
            "settings.commands[0].time: must be a finite number in [0.5, 1] s, got 0.2");
  EXPECT_EQ(refusal(exercise, lead + R"({"time": 0.6, "command": "open", "articulation": "arm"}]}})"),
            "settings.commands[0].articulation: must be one of gripper in this exercise, got \"arm\"");
  EXPECT_EQ(refusal(exercise, lead + command + "," + command + "," + command + "]}}"),
            "settings.commands: must be an array of 0 to 2 timeline commands, got 3");
  EXPECT_EQ(
      refusal(exercise, lead + R"({"time": 0.9, "command": "open", "articulation": "gripper"},)" + command + "]}}"),
      "settings.commands[1].time: must not be before the previous command's, 0.9 s");
  EXPECT_EQ(refusal(exercise, lead + R"({"time": 0.6, "command": "open", "articulation": "gripper", "speed": -1}]}})"),
            "settings.commands[0].speed: must be a finite number in (0, 100] rad/s or m/s, got -1")
      << "the scene's own timeline rules, named at the command";
}

// The example answer of docs/exercises.md ("Answers", its first JSON block) is one the
// shipped exercise it names accepts.
TEST(ExerciseAnswerReader, TheDocsExampleAnswerIsAccepted) {
  const std::string doc = read_text_file(std::string(CONTACTLAB_EXERCISES_DIR) + "/../../docs/exercises.md");
  const std::size_t section = doc.find("\n## Answers\n");
  ASSERT_NE(section, std::string::npos);
  const std::size_t start = doc.find("```json\n", section);
  ASSERT_NE(start, std::string::npos);
  const std::size_t end = doc.find("```", start + 8);
  const std::string example = doc.substr(start + 8, end - start - 8);
  const Json parsed = Json::parse(example);
  const std::string name = parsed.at("exercise");
  Exercise exercise;
  const std::string exercise_text = read_text_file(std::string(CONTACTLAB_EXERCISES_DIR) + "/" + name + ".json");
  ASSERT_TRUE(read_exercise(exercise_text, test_builtin_scene, exercise).ok());
  Answer answer;
  const Status read = read_answer(example, exercise, answer);
  EXPECT_TRUE(read.ok()) << read.message();
  EXPECT_EQ(answer.answers.size(), 1u);
}

}  // namespace
}  // namespace contactlab

// Exercise files (exercise/exercise_reader.h): what a valid exercise reads as, and the
// message a broken one gets, naming the field and what is allowed.
#include "exercise/exercise_reader.h"

#include <dirent.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "exercise_fixture.h"

namespace contactlab {
namespace {

std::string exercise_refusal(const std::string& text) {
  Exercise exercise;
  exercise.name = "untouched";
  const Status status = read_exercise(text, test_builtin_scene, exercise);
  EXPECT_FALSE(status.ok());
  EXPECT_EQ(exercise.name, "untouched") << "the exercise changed although it was refused";
  return status.message();
}

TEST(ExerciseReader, ReadsEveryPartOfAnExercise) {
  const Exercise exercise = read_drop_exercise();
  EXPECT_EQ(exercise.name, "test_drop");
  EXPECT_EQ(exercise.title, "A dropped ball");
  ASSERT_EQ(exercise.task.blocks.size(), 1u);
  EXPECT_EQ(exercise.task.blocks[0].items[0][1].text, "ball");
  EXPECT_NE(exercise.scene_text.find("\"ball_drop\""), std::string::npos);
  EXPECT_EQ(exercise.limits.time, 1);
  EXPECT_EQ(exercise.limits.steps, 800);
  ASSERT_EQ(exercise.options.size(), 3u);
  EXPECT_EQ(exercise.options[0].name, "friction_edges") << "options in key order";
  EXPECT_EQ(exercise.options[1].bounds.low, -20);
  ASSERT_EQ(exercise.parameters.size(), 1u);
  EXPECT_EQ(exercise.parameters[0].targets[0].pointer, "/bodies/1/position/2");
  EXPECT_EQ(exercise.parameters[0].targets[0].scale, 1);
  ASSERT_EQ(exercise.checks.size(), 4u);
  const Check& lands = exercise.checks[0];
  EXPECT_FALSE(lands.is_answer);
  EXPECT_EQ(lands.expect.kind, PredicateKind::Position);
  EXPECT_TRUE(lands.expect.has_axis[2]);
  EXPECT_TRUE(std::isinf(lands.expect.axis[2].low));
  EXPECT_EQ(lands.expect.axis[2].high, 0.1001);
  EXPECT_FALSE(lands.expect.time.is_window);
  EXPECT_EQ(lands.pass_feedback, "It lands.");
  const Check& fall = exercise.checks[1];
  EXPECT_TRUE(fall.is_answer);
  EXPECT_EQ(fall.value.measure.kind, MeasureKind::FirstTime);
  ASSERT_EQ(fall.value.measure.when.size(), 1u);
  EXPECT_EQ(fall.tolerance, 0.01);
  EXPECT_FALSE(fall.relative_tolerance);
  const Check& gravity = exercise.checks[3];
  EXPECT_TRUE(gravity.value.bisect);
  EXPECT_EQ(gravity.value.setting, "gravity_z");
  EXPECT_EQ(gravity.value.iterations, 20);
  EXPECT_TRUE(gravity.relative_tolerance);
  ASSERT_EQ(exercise.reference.answers.size(), 2u);
  EXPECT_EQ(exercise.reference.exercise, "test_drop");
  ASSERT_EQ(exercise.wrong.size(), 1u);
  EXPECT_EQ(exercise.wrong[0].score, 0.6666666666666666);
  EXPECT_EQ(exercise.wrong[0].mistake, "half the time");
}

TEST(ExerciseReader, NamesTheFieldOfEveryMistake) {
  EXPECT_EQ(exercise_refusal("{\"name\": \"x\",}").substr(0, 23), "JSON line 1, column 14:");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/nmae", "x")),
            "nmae: unknown field for an exercise (allowed: name, title, task, scene, limits, settings, answers, "
            "checks, reference, wrong)");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/checks", nullptr, true)), "checks: required field is missing");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/task", "Drop <b>it</b>")),
            "task: line 1, column 6: raw HTML is not allowed (write \"a < b\" with spaces, or \\< for a literal <)");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/scene/builtin", "ball_dorp")),
            "scene.builtin: unknown built-in scene \"ball_dorp\"");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/scene/changes", Json{{"duration", -1}})),
            "scene: duration: must be a finite number in (0, 3600] s, got -1");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/limits/steps", 10.5)), "limits.steps: must be a whole number, got 10.5");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/limits/seconds", 0)),
            "limits.seconds: must be a finite number in (0, 600] s, got 0");
  EXPECT_EQ(
      exercise_refusal(drop_exercise_with("/settings/options/friction_coefficient", Json{{"min", 0}, {"max", 3}})),
      "settings.options.friction_coefficient.max: must be between 0 and 2, or -1 for the scene's materials, got 3");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/settings/options/mu", Json{{"min", 0}, {"max", 1}})).substr(0, 43),
            "settings.options.mu: unknown option \"mu\" (a");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/settings/parameters/drop_height/targets/0/pointer", "/bodies/5/position/2")),
            "settings.parameters.drop_height.targets[0].pointer: the scene has no number at \"/bodies/5/position/2\" "
            "(a JSON Pointer, e.g. /bodies/1/position/2)");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/settings/parameters/drop_height/max", 2000)),
            "settings.parameters.drop_height: the scene does not load with the parameter at 2000: "
            "bodies[1].position[2]: must be a finite number in [-1000, 1000] m, got 2000.0");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/checks/0/expect/body", "bal")),
            "checks[0].expect.body: unknown body \"bal\" (known: ground, ball)");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/checks/0/expect/at", 1.5)),
            "checks[0].expect.at: must be a finite number in [0, 1] s, got 1.5");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/checks/0/expect/kind", "height")),
            "checks[0].expect.kind: must be one of position, speed, rotation, contact_mode, grasp, penetration, "
            "joint_limit, lifted, value, got \"height\"");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/checks/0/expect/z", Json::array({0.2, 0.1}))),
            "checks[0].expect.z: must have low <= high, got [0.2,0.1]");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/checks/0/answer", "fall_time")),
            "checks[0]: must have either \"expect\" (a predicate) or \"answer\" (a numeric answer)");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/checks/0/expect",
                                       Json{{"kind", "grasp"}, {"force_closure", true}, {"during", {0, 1}}})),
            "checks[0].expect: must have \"at\": t (or an event) (seconds, at most the limit of 1 s)");
  EXPECT_EQ(exercise_refusal(drop_exercise_with(
                "/checks/0/expect",
                Json{{"kind", "joint_limit"}, {"articulation", "arm"}, {"link", "a"}, {"limit", "upper"}, {"at", 1}})),
            "checks[0].expect.articulation: unknown articulation \"arm\" (known: none)");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/checks/1/answer", "fall")),
            "checks[1].answer: the exercise asks no answer \"fall\" (its answers: fall_time, weakest_gravity)");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/checks/1/relative_tolerance", 0.1)),
            "checks[1]: must have either \"tolerance\" (in the answer's unit) or \"relative_tolerance\"");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/checks/3/value/bisect/low", 0)),
            "checks[3].value.bisect: must have low < high");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/checks/3/value/bisect/iterations", 41)),
            "checks[3].value.bisect.iterations: must be a finite number in [1, 40], got 41");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/answers/spare", Json{{"label", "x"}, {"min", 0}, {"max", 1}})),
            "answers.spare: no check compares this answer");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/reference/settings", Json{{"options", {{"error_reduction", 0.5}}}})),
            "reference.settings.options.error_reduction: locked in this exercise (the options you may set: "
            "friction_edges, gravity_z, time_step)");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/wrong/0/score", nullptr, true)), "wrong[0].score: required field is missing");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/wrong/0/score", 1.5)),
            "wrong[0].score: must be a finite number in [0, 1], got 1.5");
}

// The shipped exercises (assets/exercises/): at least eight, each with a reference and
// at least two wrong answers, every one readable without the assets folder's scenes
// (the built-in ones are compiled in).
TEST(ExerciseReader, NamesTheFieldOfAMistakeInMeasuresWindowsAndEvents) {
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/checks/0/expect/holds", "sometimes")),
            "checks[0].expect.holds: only with \"during\"");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/checks/2/expect/holds", "sometimes")),
            "checks[2].expect.holds: must be \"throughout\" or \"at_some_moment\", got \"sometimes\"");
  EXPECT_EQ(exercise_refusal(drop_exercise_with(
                "/checks/1/value/measure", Json{{"kind", "speed"}, {"body", "ball"}, {"during", {0, 1}}})),
            "checks[1].value.measure.reduce: required field is missing");
  EXPECT_EQ(exercise_refusal(drop_exercise_with("/checks/1/value/measure",
                                                Json{{"kind", "angular_velocity"}, {"body", "ball"}, {"axis", "z"},
                                                     {"axes", "joint"}, {"at", 1}})),
            "checks[1].value.measure.axes: must be \"world\" or \"body\", got \"joint\"");
  EXPECT_EQ(exercise_refusal(drop_exercise_with(
                "/checks/1/value/measure",
                Json{{"kind", "speed"}, {"body", "ball"}, {"at", {{"first_contact", {"ball", "ball"}}, {"during", {0, 1}}}}})),
            "checks[1].value.measure.at.first_contact: must name two different bodies");
  EXPECT_EQ(exercise_refusal(drop_exercise_with(
                "/checks/0/expect",
                Json{{"kind", "value"}, {"measure", {{"kind", "mean_speed"}, {"body", "ball"}}}, {"range", {0, 1}}, {"at", 1}})),
            "checks[0].expect.measure.kind: a mean_speed measure is read over its own window, not here");
}

// The answer key (`reference`, `wrong`) is required in a file the command line grades,
// may be left out of one the page opens, and is refused in an exercise link's.
TEST(ExerciseReader, TheAnswerKeyIsRequiredOptionalOrRefused) {
  const std::string with_reference = drop_exercise_with("/wrong", nullptr, true);
  const std::string with_wrong = drop_exercise_with("/reference", nullptr, true);
  Json bare = Json::parse(with_reference);
  bare.erase("reference");
  EXPECT_EQ(exercise_refusal(bare.dump()), "reference: required field is missing");

  Exercise optional;
  ASSERT_TRUE(read_exercise(bare.dump(), test_builtin_scene, optional, AnswerKey::Optional).ok());
  EXPECT_TRUE(optional.reference.answers.empty());
  EXPECT_TRUE(optional.wrong.empty());
  EXPECT_EQ(optional.checks.size(), 4u);
  Exercise with_key;
  ASSERT_TRUE(read_exercise(kDropExercise, test_builtin_scene, with_key, AnswerKey::Optional).ok());
  EXPECT_EQ(with_key.wrong.size(), 1u);

  Exercise linked;
  ASSERT_TRUE(read_exercise(bare.dump(), test_builtin_scene, linked, AnswerKey::Refused).ok());
  EXPECT_EQ(linked.name, "test_drop");
  for (const std::string& text : {with_reference, with_wrong}) {
    Exercise refused;
    refused.name = "untouched";
    const Status status = read_exercise(text, test_builtin_scene, refused, AnswerKey::Refused);
    EXPECT_FALSE(status.ok());
    EXPECT_EQ(refused.name, "untouched");
    EXPECT_NE(status.message().find(": an exercise link carries no answer key"), std::string::npos) << status.message();
  }
  Exercise refused;
  EXPECT_EQ(read_exercise(with_reference, test_builtin_scene, refused, AnswerKey::Refused).message().substr(0, 10),
            "reference:");
  EXPECT_EQ(read_exercise(with_wrong, test_builtin_scene, refused, AnswerKey::Refused).message().substr(0, 6), "wrong:");
}

TEST(ExerciseReader, ReadsEveryShippedExercise) {
  std::vector<std::string> names;
  DIR* directory = opendir(CONTACTLAB_EXERCISES_DIR);
  ASSERT_NE(directory, nullptr);
  while (const dirent* entry = readdir(directory)) {
    const std::string name = entry->d_name;
    if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0) names.push_back(name);
  }
  closedir(directory);
  EXPECT_GE(names.size(), 8u);
  for (const std::string& name : names) {
    std::ifstream file(std::string(CONTACTLAB_EXERCISES_DIR) + "/" + name);
    std::stringstream text;
    text << file.rdbuf();
    Exercise exercise;
    const Status status = read_exercise(text.str(), test_builtin_scene, exercise);
    ASSERT_TRUE(status.ok()) << name << ": " << status.message();
    EXPECT_EQ(exercise.name + ".json", name) << "the file is named after its exercise";
    EXPECT_GE(exercise.wrong.size(), 2u) << name;
    EXPECT_FALSE(exercise.task.blocks.empty()) << name;
  }
}

}  // namespace
}  // namespace contactlab

// `contactlab grade` (docs/exercises.md, "Command line"): results written as the
// platforms read them, a malformed answer graded as not gradable with exit code 0,
// exit codes 2 for a broken exercise or bad arguments and 3 for results that cannot be
// written, the self-test's 1 for a wrong stated score, and the same bytes every time.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli_result.h"
#include "commands.h"
#include "exercise_fixture.h"
#include "temp_path.h"
#include "text_file.h"

namespace contactlab {
namespace {

// The command's result, without the drop exercise's warnings (checked below).
namespace fs = std::filesystem;

CommandResult grade(const std::vector<std::string>& args) {
  CommandResult result = run_subcommand(run_grade_command, args);
  while (result.err.rfind("contactlab grade: warning: ", 0) == 0) result.err.erase(0, result.err.find('\n') + 1);
  return result;
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(GradeCommand, WritesResultsForPrairieLearnAndGradescope) {
  const std::string exercise = write_file("drop_exercise.json", kDropExercise);
  const std::string answer =
      write_file("drop_answer.json", R"({"exercise": "test_drop", "answers": {"fall_time": 0.43}})");
  const CommandResult printed = grade({exercise, answer});
  ASSERT_EQ(printed.code, 0) << printed.err;
  const Json results = Json::parse(printed.out);
  EXPECT_EQ(results["gradable"], true);
  EXPECT_EQ(results["score"], 4.0 / 6);

  const std::string output = temp_path("drop_results.json");
  const CommandResult written = grade({exercise, answer, "-o", output, "--format", "gradescope"});
  ASSERT_EQ(written.code, 0) << written.err;
  EXPECT_TRUE(written.out.empty());
  EXPECT_EQ(Json::parse(read_text_file(output))["score"], 4);

  // The same answer graded again: the same bytes.
  const std::string again = temp_path("drop_results_again.json");
  ASSERT_EQ(grade({exercise, answer, "-o", again, "--format", "gradescope"}).code, 0);
  EXPECT_EQ(read_text_file(again), read_text_file(output));
}

TEST(GradeCommand, GradesABadAnswerAsNotGradableWithExitCodeZero) {
  const std::string exercise = write_file("drop_exercise.json", kDropExercise);
  const std::string answer = write_file("drop_bad_answer.json", R"({"exercise": "test_drop", "settings": 3})");
  const CommandResult malformed = grade({exercise, answer});
  ASSERT_EQ(malformed.code, 0) << malformed.err;
  const Json results = Json::parse(malformed.out);
  EXPECT_EQ(results["gradable"], false);
  EXPECT_EQ(results["format_errors"][0], "the answer is malformed: settings: must be an object, got 3");

  const std::string missing = temp_path("no_such_answer.json");
  const CommandResult unreadable = grade({exercise, missing});
  ASSERT_EQ(unreadable.code, 0);
  EXPECT_EQ(Json::parse(unreadable.out)["format_errors"][0],
            "the answer cannot be read: " + fs::path(missing).filename().string() + ": cannot open the file");

  // Longer than an answer may be: the answer reader's own words, whatever reads it.
  const std::string long_answer = write_file("long_answer.json", std::string(70000, ' '));
  EXPECT_EQ(Json::parse(grade({exercise, long_answer}).out)["format_errors"][0],
            "the answer is malformed: the answer must be at most 65536 bytes");
}

TEST(GradeCommand, ExitsTwoForABrokenExerciseOrBadArgumentsAndThreeForAnUnwritableResult) {
  const std::string broken = write_file("broken_exercise.json", drop_exercise_with("/checks", nullptr, true));
  const std::string answer = write_file("drop_answer.json", R"({"exercise": "test_drop"})");
  const CommandResult refused = grade({broken, answer});
  EXPECT_EQ(refused.code, 2);
  EXPECT_EQ(refused.err, "contactlab grade: " + broken + ": checks: required field is missing\n");
  EXPECT_TRUE(refused.out.empty());

  EXPECT_EQ(grade({broken}).err, "contactlab grade: expected EXERCISE and ANSWER files (or --self-test EXERCISE)\n");
  EXPECT_EQ(grade({broken, answer, "--format", "moodle"}).err,
            "contactlab grade: --format: must be prairielearn or gradescope, got 'moodle'\n");
  EXPECT_EQ(grade({broken, answer, "--verbose"}).code, 2);
  EXPECT_EQ(grade({"--self-test", broken, answer}).code, 2);

  const std::string exercise = write_file("drop_exercise.json", kDropExercise);
  const std::string unwritable = temp_path("no_such_directory/results.json");
  const CommandResult failed = grade({exercise, answer, "-o", unwritable});
  EXPECT_EQ(failed.code, 3);
  EXPECT_EQ(failed.err, "contactlab grade: -o: cannot write '" + unwritable + "'\n");
}

TEST(GradeCommand, TellsAuthoringMistakesWhenTheExerciseLoadsNamingTheFileAndField) {
  const std::string exercise = write_file("drop_exercise.json", kDropExercise);
  const CommandResult warned = run_subcommand(run_grade_command, {"--self-test", exercise});
  EXPECT_EQ(warned.code, 0);
  EXPECT_EQ(warned.err, "contactlab grade: warning: " + exercise +
                            ": checks[2]: no \"pass\" or \"fail\" feedback (the student sees only what the simulation "
                            "showed)\ncontactlab grade: warning: " + exercise +
                            ": checks[3]: no \"pass\" or \"fail\" feedback (the student sees only what the simulation "
                            "showed)\n");

  // h = 2.5 ms locked: 1 s takes 400 steps
  Json capped = Json::parse(kDropExercise);
  capped["settings"]["options"].erase("time_step");
  capped["limits"]["steps"] = 399;
  const std::string too_few = write_file("capped_exercise.json", capped.dump());
  const CommandResult refused = grade({"--self-test", too_few});
  EXPECT_EQ(refused.code, 2);
  EXPECT_EQ(refused.err, "contactlab grade: " + too_few +
                             ": limits.steps: 399 steps of the locked time step h = 0.0025 s do not reach the time "
                             "limit of 1 s, which takes 400\n");

  // Gravity from -20 to -15 m/s^2 lands the ball by 0.5 s at both ends: no change to find
  const std::string unchanged = write_file("unchanged_exercise.json", drop_exercise_with("/checks/3/value/bisect/high", -15));
  const CommandResult broken = grade({unchanged, write_file("any_answer.json", R"({"exercise": "test_drop"})")});
  EXPECT_EQ(broken.code, 2);
  EXPECT_EQ(broken.err, "contactlab grade: " + unchanged +
                            ": checks[3].value: the bisection of gravity_z finds no change: ball: z at most 0.1001 m "
                            "holds at both -20 and -15\n");
}

TEST(GradeCommand, SelfTestExitsOneWhenAnAnswerGetsAnotherScore) {
  const std::string exercise = write_file("drop_exercise.json", kDropExercise);
  const CommandResult passed = grade({"--self-test", exercise});
  EXPECT_EQ(passed.code, 0) << passed.out;
  EXPECT_NE(passed.out.find("reference: score 1, expected 1: ok\n"), std::string::npos) << passed.out;
  EXPECT_NE(passed.out.find("wrong[0]: score 0.666667, expected 0.666667: ok\n"), std::string::npos) << passed.out;
  EXPECT_NE(passed.out.find("exercise test_drop: 2 of 2 answers got the score they must get\n"), std::string::npos);

  const std::string misstated = write_file("misstated_exercise.json", drop_exercise_with("/wrong/0/score", 0.5));
  const CommandResult failed = grade({"--self-test", misstated});
  EXPECT_EQ(failed.code, 1);
  EXPECT_NE(failed.out.find("wrong[0]: score 0.666667, expected 0.5: WRONG\n"), std::string::npos) << failed.out;
}

}  // namespace
}  // namespace contactlab

// `contactlab grade` (docs/exercises.md, "Command line"): results written as the
// platforms read them, a malformed answer graded as not gradable with exit code 0,
// exit codes 2 for a broken exercise or bad arguments and 3 for results that cannot be
// written, the self-test's 1 for a wrong stated score, and the same bytes every time.
#include <gtest/gtest.h>

#include <fstream>

#include "cli_result.h"
#include "commands.h"
#include "exercise_fixture.h"
#include "temp_path.h"
#include "text_file.h"

namespace contactlab {
namespace {

CommandResult grade(const std::vector<std::string>& args) { return run_subcommand(run_grade_command, args); }

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
            "the answer cannot be read: " + missing + ": cannot open the file");
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

// `contactlab grade EXERCISE --batch DIR -o OUT_DIR [--jobs N]` (cli/grade_batch.h):
// every answer's results file holds the very bytes that grading the answer alone
// writes - right, partly wrong, malformed, unreadable and not gradable answers, in both
// platforms' formats, on one thread or several - and the batch's own mistakes end it
// with a line that names them.
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

namespace fs = std::filesystem;

// The command's result, without the exercise's warnings (its checks 2 and 3 give no
// feedback: tests/cli/grade_command_test.cpp checks them).
CommandResult grade_batch_command(const std::vector<std::string>& args) {
  CommandResult result = run_subcommand(run_grade_command, args);
  while (result.err.rfind("contactlab grade: warning: ", 0) == 0) result.err.erase(0, result.err.find('\n') + 1);
  return result;
}

void write_batch_file(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// A folder of answers to the drop exercise, one of each kind the grader tells apart.
std::string make_answers_dir(const std::string& name) {
  const fs::path dir = temp_path(name);
  fs::remove_all(dir);
  fs::create_directories(dir / "a_subfolder_is_skipped");
  write_batch_file(dir / "reference.json",
                   R"({"exercise": "test_drop", "answers": {"fall_time": 0.4284, "weakest_gravity": -7.1634}})");
  write_batch_file(dir / "half_time.json",
                   R"({"exercise": "test_drop", "answers": {"fall_time": 0.2142, "weakest_gravity": -7.2}})");
  // On the moon it falls 0.9 m in sqrt(2 * 0.9 / 1.62) = 1.05 s: still falling at 1 s, and
  // the fall time is compared with the exercise's own gravity's: no point.
  write_batch_file(dir / "moon.json",
                   R"({"exercise": "test_drop", "settings": {"options": {"gravity_z": -1.62}},
                       "answers": {"fall_time": 1.05}})");
  write_batch_file(dir / "malformed.json", R"({"exercise": "test_drop", "settings": 3})");
  write_batch_file(dir / "not_json.txt", "fall time 0.43 s");
  write_batch_file(dir / "out_of_range.json",
                   R"({"exercise": "test_drop", "settings": {"options": {"gravity_z": 5}}})");
  // h = 0.1 ms takes 10,000 steps to t = 1 s, past the cap of 800: not gradable.
  write_batch_file(dir / "tiny_step.json",
                   R"({"exercise": "test_drop", "settings": {"options": {"time_step": 0.0001}}})");
  write_batch_file(dir / ".hidden.json", R"({"exercise": "test_drop"})");
  return dir.string();
}

const std::vector<std::string> kAnswerNames = {"half_time.json", "malformed.json",    "moon.json",
                                               "not_json.txt",   "out_of_range.json", "reference.json",
                                               "tiny_step.json"};

TEST(GradeBatch, WritesForEachAnswerTheBytesOfGradingItAlone) {
  const std::string exercise = temp_path("batch_drop_exercise.json");
  write_batch_file(exercise, kDropExercise);
  const std::string answers = make_answers_dir("batch_answers");
  for (const std::string format : {"prairielearn", "gradescope"}) {
    for (const std::string jobs : {"1", "3"}) {
      const std::string out_dir = temp_path("batch_results_" + format + "_" + jobs);
      fs::remove_all(out_dir);
      const CommandResult batch =
          grade_batch_command({exercise, "--batch", answers, "-o", out_dir, "--jobs", jobs, "--format", format});
      ASSERT_EQ(batch.code, 0) << batch.err;
      EXPECT_EQ(batch.out,
                "half_time.json: score 0.666667\nmalformed.json: not gradable\nmoon.json: score 0\n"
                "not_json.txt: not gradable\nout_of_range.json: not gradable\nreference.json: score 1\n"
                "tiny_step.json: not gradable\ngraded 7 answers into " + out_dir + "\n");
      std::vector<std::string> written;
      for (const fs::directory_entry& entry : fs::directory_iterator(out_dir)) {
        written.push_back(entry.path().filename().string());
      }
      std::sort(written.begin(), written.end());
      EXPECT_EQ(written, kAnswerNames);
      for (const std::string& name : kAnswerNames) {
        const std::string alone_path = temp_path("batch_alone_result.json");
        const CommandResult alone =
            grade_batch_command({exercise, (fs::path(answers) / name).string(), "-o", alone_path, "--format", format});
        ASSERT_EQ(alone.code, 0) << alone.err;
        const std::string expected = read_text_file(alone_path);
        ASSERT_FALSE(expected.empty());
        EXPECT_EQ(read_text_file((fs::path(out_dir) / name).string()), expected) << format << " " << name;
      }
    }
  }
}

TEST(GradeBatch, RefusesAMissingFolderAnUnwritableOutputAndBadJobs) {
  const std::string exercise = temp_path("batch_drop_exercise.json");
  write_batch_file(exercise, kDropExercise);
  const std::string answers = make_answers_dir("batch_refused_answers");
  const std::string missing = temp_path("no_such_answers");
  const CommandResult no_dir = grade_batch_command({exercise, "--batch", missing, "-o", temp_path("batch_out")});
  EXPECT_EQ(no_dir.code, 2);
  EXPECT_EQ(no_dir.err, "contactlab grade: --batch: '" + missing + "' is not a directory\n");

  // A results folder inside a file cannot be made.
  const std::string under_file = (fs::path(answers) / "reference.json" / "results").string();
  const CommandResult unwritable = grade_batch_command({exercise, "--batch", answers, "-o", under_file});
  EXPECT_EQ(unwritable.code, 3);
  EXPECT_EQ(unwritable.err, "contactlab grade: -o: cannot make the directory '" + under_file + "'\n");
  const CommandResult same = grade_batch_command({exercise, "--batch", answers, "-o", answers});
  EXPECT_EQ(same.code, 3);
  EXPECT_EQ(same.err, "contactlab grade: -o: '" + answers +
                          "' is the answers' directory; the results would replace them\n");

  EXPECT_EQ(grade_batch_command({exercise, "--batch", answers, "-o", temp_path("o"), "--jobs", "0"}).err,
            "contactlab grade: --jobs: expected a whole number from 1 to 256, got '0'\n");
  EXPECT_EQ(grade_batch_command({exercise, "--batch", answers, "-o", temp_path("o"), "--jobs", "two"}).code, 2);
  EXPECT_EQ(grade_batch_command({exercise, "--batch", answers}).err,
            "contactlab grade: --batch: -o OUT_DIR is required (a results file per answer)\n");
  EXPECT_EQ(grade_batch_command({exercise, (fs::path(answers) / "reference.json").string(), "--jobs", "2"}).err,
            "contactlab grade: --jobs: only with --batch\n");
  EXPECT_EQ(read_text_file((fs::path(answers) / "reference.json").string()).substr(0, 13), R"({"exercise": )");
}

}  // namespace
}  // namespace contactlab

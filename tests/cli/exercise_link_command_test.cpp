// `contactlab exercise-link` (docs/exercises.md, "Publishing"): the `#x1.` link of an
// exercise without its answer key, which the page reads back as a link's exercise;
// a broken exercise or a file without its key told with exit code 2.
#include <gtest/gtest.h>

#include <fstream>

#include "cli_result.h"
#include "commands.h"
#include "exercise_fixture.h"
#include "link_codec.h"
#include "temp_path.h"

namespace contactlab {
namespace {

std::string write_exercise_link_file(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

CommandResult exercise_link(const std::vector<std::string>& args) {
  return run_subcommand(run_exercise_link_command, args);
}

TEST(ExerciseLinkCommand, PrintsTheExerciseWithoutItsAnswerKey) {
  const std::string path = write_exercise_link_file("link_drop_exercise.json", kDropExercise);
  const CommandResult printed = exercise_link({path});
  ASSERT_EQ(printed.code, 0) << printed.err;
  ASSERT_EQ(printed.out.rfind("#x1.", 0), 0u) << printed.out;
  ASSERT_EQ(printed.out.back(), '\n');
  std::string text;
  ASSERT_TRUE(decode_link(printed.out.substr(0, printed.out.size() - 1), text, LinkKind::Exercise).ok());
  Json expected = Json::parse(kDropExercise);
  expected.erase("reference");
  expected.erase("wrong");
  EXPECT_EQ(Json::parse(text), expected);
  Exercise exercise;
  EXPECT_TRUE(read_exercise(text, test_builtin_scene, exercise, AnswerKey::Refused).ok());
  // a run's link is not an exercise's, nor the other way round
  std::string other;
  EXPECT_NE(decode_link(printed.out, other).message().find("must start with \"v1.\""), std::string::npos);

  const CommandResult addressed = exercise_link({path, "--lab", "https://lab.example.edu/contactlab/"});
  ASSERT_EQ(addressed.code, 0) << addressed.err;
  EXPECT_EQ(addressed.out, "https://lab.example.edu/contactlab/" + printed.out);
}

TEST(ExerciseLinkCommand, RefusesABrokenExerciseAndBadArguments) {
  Json without_key = Json::parse(kDropExercise);
  without_key.erase("reference");
  const std::string keyless = write_exercise_link_file("link_keyless_exercise.json", without_key.dump());
  const CommandResult refused = exercise_link({keyless});
  EXPECT_EQ(refused.code, 2);
  EXPECT_EQ(refused.err, "contactlab exercise-link: " + keyless + ": reference: required field is missing\n");
  EXPECT_TRUE(refused.out.empty());

  // a value it cannot compute: the bisection's predicate is the same at both ends
  const std::string unchanging = write_exercise_link_file(
      "link_unchanging_exercise.json", drop_exercise_with("/checks/3/value/bisect/low", -1.5));
  const CommandResult broken = exercise_link({unchanging});
  EXPECT_EQ(broken.code, 2);
  EXPECT_NE(broken.err.find(unchanging + ": checks[3].value: "), std::string::npos) << broken.err;

  EXPECT_EQ(exercise_link({}).code, 2);
  EXPECT_EQ(exercise_link({keyless, "--lab", "https://x.example/#v1.abc"}).err,
            "contactlab exercise-link: --lab: must be the lab's address without a fragment or spaces, got "
            "'https://x.example/#v1.abc'\n");
  EXPECT_EQ(exercise_link({keyless, "--bad"}).err, "contactlab exercise-link: --bad: unknown flag (allowed: --lab)\n");
}

}  // namespace
}  // namespace contactlab

// The exercise a link carries (exercise/exercise_link.h): the exercise without its
// answer key, everything else as written, read back only as a link's exercise is.
#include "exercise/exercise_link.h"

#include <gtest/gtest.h>

#include "exercise_fixture.h"

namespace contactlab {
namespace {

TEST(ExerciseLink, LeavesOutTheAnswerKeyAndKeepsEverythingElse) {
  std::string text;
  ASSERT_TRUE(exercise_link_text(kDropExercise, test_builtin_scene, text).ok());
  const Json carried = Json::parse(text);
  Json expected = Json::parse(kDropExercise);
  expected.erase("reference");
  expected.erase("wrong");
  EXPECT_EQ(carried, expected);
  // the reference's and the wrong answer's numbers are nowhere in it
  for (const char* number : {"0.4284", "7.1634", "0.2142", "half the time"}) {
    EXPECT_EQ(text.find(number), std::string::npos) << number;
  }
  Exercise exercise;
  ASSERT_TRUE(read_exercise(text, test_builtin_scene, exercise, AnswerKey::Refused).ok());
  EXPECT_EQ(exercise.checks.size(), 4u);
  // made again from its own text: the same text
  std::string again;
  ASSERT_TRUE(exercise_link_text(text, test_builtin_scene, again).ok());
  EXPECT_EQ(again, text);
}

TEST(ExerciseLink, GradesAnAnswerAsTheExerciseWithItsKeyDoes) {
  std::string text;
  ASSERT_TRUE(exercise_link_text(kDropExercise, test_builtin_scene, text).ok());
  Exercise linked;
  ASSERT_TRUE(read_exercise(text, test_builtin_scene, linked, AnswerKey::Refused).ok());
  const Exercise full = read_drop_exercise();
  const std::string answer = R"({"exercise": "test_drop", "answers": {"fall_time": 0.43, "weakest_gravity": -7.1634}})";
  const Grade from_link = graded(linked, answer);
  const Grade from_file = graded(full, answer);
  ASSERT_TRUE(from_link.gradable);
  EXPECT_EQ(from_link.score, 1);
  EXPECT_EQ(from_link.score, from_file.score);
  ASSERT_EQ(from_link.checks.size(), from_file.checks.size());
  for (std::size_t i = 0; i < from_link.checks.size(); ++i) {
    EXPECT_EQ(from_link.checks[i].output, from_file.checks[i].output);
  }
}

TEST(ExerciseLink, RefusesAnExerciseTheReaderRefuses) {
  std::string text = "untouched";
  const Status status =
      exercise_link_text(drop_exercise_with("/checks/0/expect/body", "bx"), test_builtin_scene, text);
  EXPECT_EQ(status.message().rfind("checks[0].expect.body: unknown body \"bx\"", 0), 0u) << status.message();
  EXPECT_EQ(text, "untouched");
}

}  // namespace
}  // namespace contactlab

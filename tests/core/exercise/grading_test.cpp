// Grading (exercise/grading.h, computed_value.h): scores from the simulated outcome and
// from values the core computes, against the drop exercise's analytic numbers; answers
// that cannot be graded and why; the self-test; the same grade every time.
#include <gtest/gtest.h>

#include <string>

#include "exercise/computed_value.h"
#include "exercise/grader_results.h"
#include "exercise/grading.h"
#include "exercise_fixture.h"

namespace contactlab {
namespace {

TEST(ExerciseGrading, ComputesValuesWithTheSameSimulation) {
  const Exercise exercise = read_drop_exercise();
  RunBudget budget = budget_of(exercise.limits);
  double value = 0;
  std::string detail;
  // Free fall by symplectic Euler reaches z <= 0.1001 after n = 171 steps of 2.5 ms.
  ASSERT_TRUE(compute_value(exercise, exercise.checks[1], budget, value, detail).ok());
  EXPECT_NEAR(value, 171 * 0.0025, 1e-12);
  EXPECT_EQ(detail, "the first time [s] with ball: z at most 0.1001 m");
  // It lands by step 200 for g >= 0.8999 / (h^2 200 201 / 2) = 7.16338 m/s^2; 20
  // halvings of [-20, -1] leave 19 / 2^21 = 9.1e-6.
  ASSERT_TRUE(compute_value(exercise, exercise.checks[3], budget, value, detail).ok());
  EXPECT_NEAR(value, -0.8999 / (0.0025 * 0.0025 * 200 * 201 / 2), 1e-5);
  EXPECT_EQ(detail.substr(0, 68), "gravity_z where ball: z at most 0.1001 m stops holding, by bisection");
}

TEST(ExerciseGrading, ScoresTheChecksPassedAndSaysWhatWasSeen) {
  const Exercise exercise = read_drop_exercise();
  const Grade reference = graded(exercise, R"({"exercise": "test_drop", "answers": {"fall_time": 0.4284,
                                              "weakest_gravity": -7.1634}})");
  ASSERT_TRUE(reference.gradable) << reference.error;
  EXPECT_EQ(reference.score, 1);
  EXPECT_EQ(reference.points, 6);
  ASSERT_EQ(reference.checks.size(), 4u);
  EXPECT_EQ(reference.checks[0].output, "at t = 1 s: ball: z = 0.10005 m; expected ball: z at most 0.1001 m");
  EXPECT_EQ(reference.checks[0].message, "It lands.");
  EXPECT_EQ(reference.checks[1].output,
            "your answer 0.4284 s is within 0.01 s of the simulation's 0.4275 s (the first time [s] with ball: z at "
            "most 0.1001 m)");
  const std::string rests =
      "from t = 0.9 s to 1 s: expected ball: speed in [0, 0.001] m/s held; at t = 1 s: ball: speed ";
  EXPECT_EQ(reference.checks[2].output.substr(0, rests.size()), rests);

  // Weaker gravity, g = 2: the ball lands after sqrt(2 0.9 / 2) = 0.95 s, still moving
  // at 0.9 s; no numeric answers.
  const Grade slow = graded(exercise, R"({"exercise": "test_drop", "settings": {"options": {"gravity_z": -2}}})");
  ASSERT_TRUE(slow.gradable) << slow.error;
  EXPECT_DOUBLE_EQ(slow.score, 1.0 / 6);
  EXPECT_TRUE(slow.checks[0].passed);
  EXPECT_FALSE(slow.checks[2].passed);
  EXPECT_EQ(slow.checks[2].output,
            "at t = 0.9 s: ball: speed 1.8 m/s; expected ball: speed in [0, 0.001] m/s from t = 0.9 s to 1 s");
  EXPECT_EQ(slow.checks[1].output, "no answer given for fall_time");
  EXPECT_EQ(slow.checks[1].message, "Use z = g t^2 / 2.");
  EXPECT_EQ(slow.checks[1].points, 0);
  EXPECT_EQ(slow.checks[1].max_points, 2);

  const Grade wrong = graded(exercise, R"({"exercise": "test_drop", "answers": {"fall_time": 0.2142}})");
  EXPECT_EQ(wrong.checks[1].output, "your answer 0.2142 s is not within 0.01 s of the value the simulation gives");
}

TEST(ExerciseGrading, SaysWhyAnAnswerCannotBeGraded) {
  const Exercise exercise = read_drop_exercise();
  const Grade malformed = graded(exercise, R"({"exercise": "test_drop", "answers": {"fall_time": "soon"}})");
  EXPECT_FALSE(malformed.gradable);
  EXPECT_EQ(malformed.error, "the answer is malformed: answers.fall_time: must be a number, got \"soon\"");
  EXPECT_TRUE(malformed.checks.empty());

  // h = 0.1 ms: 10000 steps to t = 1 s, past the exercise's cap of 800.
  const Grade long_run =
      graded(exercise, R"({"exercise": "test_drop", "settings": {"options": {"time_step": 0.0001}}})");
  EXPECT_FALSE(long_run.gradable);
  EXPECT_EQ(long_run.error,
            "the simulation of your settings could not be run for \"lands\": the run to t = 1 s takes 10000 steps of "
            "h = 0.0001 s, more than this exercise's cap of 800 steps");

  const Exercise hasty = read_drop_exercise(drop_exercise_with("/limits/seconds", 1e-6));
  const Grade timed_out = graded(hasty, R"({"exercise": "test_drop"})");
  EXPECT_FALSE(timed_out.gradable);
  EXPECT_EQ(timed_out.error,
            "the simulation of your settings could not be run for \"lands\": grading took longer than this exercise's "
            "budget of 1e-06 s (stopped at t = 0 s)");
}

TEST(ExerciseGrading, ABrokenExerciseIsAnErrorNotAGrade) {
  const Exercise exercise = read_drop_exercise(drop_exercise_with("/checks/3/value/bisect/high", -15));
  ExerciseGrader grader(exercise);
  Grade grade;
  const Status status = grader.grade_text(R"({"exercise": "test_drop"})", grade);
  EXPECT_EQ(status.message(),
            "checks[3].value: the bisection of gravity_z finds no change: ball: z at most 0.1001 m holds at both -20 "
            "and -15");
}

TEST(ExerciseGrading, GradesTheSameAnswerToTheSameBytes) {
  const Exercise exercise = read_drop_exercise();
  const std::string answer =
      R"({"exercise": "test_drop", "settings": {"parameters": {"drop_height": 0.7}}, "answers": {"fall_time": 0.25}})";
  const Grade first = graded(exercise, answer);
  const Grade second = graded(exercise, answer);
  ASSERT_TRUE(first.gradable) << first.error;
  EXPECT_EQ(prairielearn_results(exercise, first), prairielearn_results(exercise, second));
  EXPECT_EQ(gradescope_results(exercise, first), gradescope_results(exercise, second));
  // Dropped from 0.7 m the ball falls 0.6 m: sqrt(2 0.6 / g) = 0.35 s.
  EXPECT_TRUE(first.checks[2].passed);
  EXPECT_FALSE(first.checks[1].passed) << "the value is the exercise's, not the student's scene's";
}

TEST(ExerciseGrading, SelfTestGradesTheReferenceAndEachWrongAnswer) {
  std::vector<SelfTestCase> cases;
  ASSERT_TRUE(self_test(read_drop_exercise(), cases).ok());
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].label, "reference");
  EXPECT_TRUE(cases[0].passed);
  EXPECT_EQ(cases[1].label, "wrong[0]");
  EXPECT_TRUE(cases[1].passed);
  EXPECT_DOUBLE_EQ(cases[1].grade.score, 4.0 / 6);

  ASSERT_TRUE(self_test(read_drop_exercise(drop_exercise_with("/wrong/0/score", 0.5)), cases).ok());
  EXPECT_FALSE(cases[1].passed) << "a wrong answer whose stated score differs fails the self-test";
}

}  // namespace
}  // namespace contactlab

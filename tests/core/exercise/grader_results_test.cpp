// The external graders' results (exercise/grader_results.h), validated against the
// shapes their platforms document (docs/exercises.md, "Results"): PrairieLearn's
// externalGrading.md "Grading results" and Gradescope's autograder specifications,
// "Output format".
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "exercise/grader_results.h"
#include "exercise_fixture.h"

namespace contactlab {
namespace {

void expect_keys_within(const Json& object, const std::vector<std::string>& documented, const std::string& where) {
  for (const auto& item : object.items()) {
    EXPECT_NE(std::find(documented.begin(), documented.end(), item.key()), documented.end())
        << where << ": " << item.key() << " is not a documented key";
  }
}

// PrairieLearn: {"gradable": bool, "score": [0, 1] (when gradable), "message", "output",
// "format_errors": string or [string], "tests": [{"name", "description", "points",
// "max_points", "message", "output", "images"}]}.
void expect_prairielearn_shape(const Json& results) {
  ASSERT_TRUE(results.is_object());
  expect_keys_within(results, {"gradable", "score", "message", "output", "images", "format_errors", "tests"},
                     "results");
  ASSERT_TRUE(results.contains("gradable") && results["gradable"].is_boolean());
  if (results["gradable"]) {
    ASSERT_TRUE(results.contains("score") && results["score"].is_number());
    EXPECT_GE(results["score"].get<double>(), 0);
    EXPECT_LE(results["score"].get<double>(), 1);
  } else {
    ASSERT_TRUE(results.contains("format_errors"));
    const Json& errors = results["format_errors"];
    ASSERT_TRUE(errors.is_string() || errors.is_array());
    for (const Json& error : errors) EXPECT_TRUE(error.is_string());
  }
  for (const char* text : {"message", "output"}) {
    EXPECT_TRUE(!results.contains(text) || results[text].is_string()) << text;
  }
  ASSERT_TRUE(results["tests"].is_array());
  for (const Json& test : results["tests"]) {
    expect_keys_within(test, {"name", "description", "points", "max_points", "message", "output", "images"}, "test");
    ASSERT_TRUE(test["name"].is_string());
    ASSERT_TRUE(test["points"].is_number() && test["max_points"].is_number());
    EXPECT_GE(test["points"].get<double>(), 0);
    EXPECT_LE(test["points"].get<double>(), test["max_points"].get<double>());
    for (const char* optional : {"message", "output"}) {
      EXPECT_TRUE(!test.contains(optional) || test[optional].is_string()) << optional;
    }
  }
}

// Gradescope: {"score" (points; required without per-test scores), "execution_time",
// "output", "visibility", "stdout_visibility", "extra_data", "tests": [{"score",
// "max_score", "name", "number", "output", "tags", "visibility", "extra_data"}],
// "leaderboard"}; visibility one of hidden, after_due_date, after_published, visible.
void expect_gradescope_shape(const Json& results) {
  ASSERT_TRUE(results.is_object());
  expect_keys_within(
      results,
      {"score", "execution_time", "output", "output_format", "visibility", "stdout_visibility", "extra_data", "tests",
       "leaderboard"},
      "results");
  ASSERT_TRUE(results.contains("score") && results["score"].is_number());
  EXPECT_TRUE(!results.contains("output") || results["output"].is_string());
  ASSERT_TRUE(results["tests"].is_array());
  double total = 0;
  for (const Json& test : results["tests"]) {
    expect_keys_within(test,
                       {"score", "max_score", "name", "number", "output", "output_format", "tags", "visibility",
                        "extra_data"},
                       "test");
    ASSERT_TRUE(test["score"].is_number() && test["max_score"].is_number());
    EXPECT_LE(test["score"].get<double>(), test["max_score"].get<double>());
    EXPECT_TRUE(test["name"].is_string() && test["output"].is_string());
    const std::vector<std::string> visibilities = {"hidden", "after_due_date", "after_published", "visible"};
    EXPECT_NE(std::find(visibilities.begin(), visibilities.end(), test["visibility"].get<std::string>()),
              visibilities.end());
    total += test["score"].get<double>();
  }
  if (!results["tests"].empty()) {
    EXPECT_EQ(results["score"].get<double>(), total) << "the score is the tests' sum";
  }
}

TEST(ExerciseGraderResults, PrairieLearnResultsHaveTheDocumentedShape) {
  const Exercise exercise = read_drop_exercise();
  const Grade grade = graded(exercise, R"({"exercise": "test_drop", "answers": {"fall_time": 0.43}})");
  const Json results = Json::parse(prairielearn_results(exercise, grade));
  expect_prairielearn_shape(results);
  EXPECT_EQ(results["gradable"], true);
  EXPECT_EQ(results["score"], 4.0 / 6) << "lands (1), fall time (2) and rests (1); not the weakest gravity (2)";
  EXPECT_EQ(results["message"], "4 of 6 points: A dropped ball");
  ASSERT_EQ(results["tests"].size(), 4u);
  EXPECT_EQ(results["tests"][1]["name"], "fall time");
  EXPECT_EQ(results["tests"][1]["points"], 2);
  EXPECT_EQ(results["tests"][3]["points"], 0);
  EXPECT_EQ(results["tests"][3]["max_points"], 2);
  EXPECT_EQ(results["output"], "passed: lands\npassed: fall time\npassed: rests\nfailed: weakest gravity\n");

  const Grade malformed = graded(exercise, R"({"exercise": "test_drop", "answers": {"fall_time": "x"}})");
  const Json refused = Json::parse(prairielearn_results(exercise, malformed));
  expect_prairielearn_shape(refused);
  EXPECT_EQ(refused["gradable"], false);
  EXPECT_FALSE(refused.contains("score")) << "no score: the student is not penalised";
  EXPECT_EQ(refused["format_errors"][0], "the answer is malformed: answers.fall_time: must be a number, got \"x\"");
  EXPECT_TRUE(refused["tests"].empty());
}

TEST(ExerciseGraderResults, StayValidJsonWhenAMessageCutsAStudentsUtf8) {
  // The message quotes the value cut to 40 bytes, through the middle of an "ä".
  const Exercise exercise = read_drop_exercise();
  const Grade grade = graded(exercise, R"({"exercise": "test_drop", "answers": {"fall_time": "aääääääääääääääääääää"}})");
  ASSERT_FALSE(grade.gradable);
  for (const std::string& text : {prairielearn_results(exercise, grade), gradescope_results(exercise, grade)}) {
    Json results;
    ASSERT_TRUE(parse_json(text, 8, results).ok()) << text;
    EXPECT_NE(text.find("\xEF\xBF\xBD..."), std::string::npos) << "the split character written as U+FFFD";
  }
}

TEST(ExerciseGraderResults, GradescopeResultsHaveTheDocumentedShape) {
  const Exercise exercise = read_drop_exercise();
  const Grade grade = graded(exercise, R"({"exercise": "test_drop", "answers": {"fall_time": 0.43}})");
  const Json results = Json::parse(gradescope_results(exercise, grade));
  expect_gradescope_shape(results);
  EXPECT_EQ(results["score"], 4) << "points, not a fraction";
  EXPECT_EQ(results["tests"][1]["max_score"], 2);
  EXPECT_EQ(results["tests"][0]["output"].get<std::string>().substr(0, 11), "It lands.\n\n");

  const Grade malformed = graded(exercise, "not json");
  const Json refused = Json::parse(gradescope_results(exercise, malformed));
  expect_gradescope_shape(refused);
  EXPECT_EQ(refused["score"], 0);
  EXPECT_EQ(refused["extra_data"]["gradable"], false);
  EXPECT_EQ(refused["output"].get<std::string>().substr(0, 37), "Not graded: the answer is malformed: ");
}

// Feedback as each platform shows it: PrairieLearn's as plain text with the TeX left
// readable, Gradescope's as Markdown (output_format "md") with what the simulation
// showed escaped; a check's visibility in Gradescope's tests, and a check that is not
// visible giving PrairieLearn its points only.
TEST(ExerciseGraderResults, FeedbackAsPlainTextOrMarkdownAndVisibilityPerCheck) {
  Json document = Json::parse(kDropExercise);
  document["checks"][0]["pass"] = "It **lands**: $z \\le 0.1001$ m, by `gravity_z`.\n\n- first\n- second";
  document["checks"][2]["visibility"] = "after_due_date";
  document["checks"][3]["visibility"] = "hidden";
  const Exercise exercise = read_drop_exercise(document.dump());
  const Grade grade = graded(exercise, R"({"exercise": "test_drop", "answers": {"fall_time": 0.43}})");

  const Json prairielearn = Json::parse(prairielearn_results(exercise, grade));
  expect_prairielearn_shape(prairielearn);
  EXPECT_EQ(prairielearn["tests"][0]["message"], "It lands: $z \\le 0.1001$ m, by gravity_z.\n\n- first\n- second");
  EXPECT_EQ(prairielearn["tests"][2], Json({{"name", "rests"}, {"points", 1.0}, {"max_points", 1.0}}));
  EXPECT_FALSE(prairielearn["tests"][3].contains("output"));
  EXPECT_EQ(prairielearn["output"], "passed: lands\npassed: fall time\n");
  EXPECT_EQ(prairielearn["score"], 4.0 / 6) << "a hidden check still counts";

  const Json gradescope = Json::parse(gradescope_results(exercise, grade));
  expect_gradescope_shape(gradescope);
  EXPECT_EQ(gradescope["tests"][0]["output_format"], "md");
  EXPECT_EQ(gradescope["tests"][0]["visibility"], "visible");
  EXPECT_EQ(gradescope["tests"][2]["visibility"], "after_due_date");
  EXPECT_EQ(gradescope["tests"][3]["visibility"], "hidden");
  const std::string output = gradescope["tests"][0]["output"];
  EXPECT_EQ(output.substr(0, output.find("\n\nat t")),
            "It **lands**: $z \\le 0.1001$ m, by `gravity_z`.\n\n- first\n- second");
  EXPECT_NE(output.find("at t = 1 s: ball: z = 0\\.10005 m; expected ball: z at most 0\\.1001 m"), std::string::npos)
      << output;
}

}  // namespace
}  // namespace contactlab

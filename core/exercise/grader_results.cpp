#include "exercise/grader_results.h"

#include "base/number_text.h"
#include "exercise/task_text.h"
#include "scene/json_fields.h"

namespace contactlab {
namespace {

// Task text (validated when the exercise was read) as plain text.
std::string plain(const std::string& text) {
  TaskText parsed;
  if (!parse_task_text(text, text.size() + 1, parsed).ok()) return text;
  return plain_text(parsed);
}

const char* visibility_name(CheckVisibility visibility) {
  switch (visibility) {
    case CheckVisibility::AfterDueDate:
      return "after_due_date";
    case CheckVisibility::Hidden:
      return "hidden";
    case CheckVisibility::Visible:
      break;
  }
  return "visible";
}

// "3 of 4 points: The friction angle of an incline"
std::string summary(const std::string& title, const Grade& grade) {
  return describe_number(grade.points) + " of " + describe_number(grade.max_points) + " points: " + title;
}

std::string not_graded(const Grade& grade) { return "Not graded: " + grade.error; }

// Messages quote what a student wrote, cut to a few bytes, which may split a UTF-8
// character: such bytes are written as U+FFFD rather than refused.
std::string results_text(const Json& results) {
  return results.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace

std::string prairielearn_results(const Exercise& exercise, const Grade& grade) {
  Json results = Json::object();
  results["gradable"] = grade.gradable;
  if (!grade.gradable) {
    results["format_errors"] = Json::array({grade.error});
    results["message"] = not_graded(grade);
    results["tests"] = Json::array();
    return results_text(results);
  }
  results["score"] = grade.score;
  results["message"] = summary(plain(exercise.title), grade);
  Json& tests = results["tests"] = Json::array();
  std::string output;
  for (const CheckResult& check : grade.checks) {
    // PrairieLearn shows every test: a check not visible now gives its points only
    if (check.visibility != CheckVisibility::Visible) {
      tests.push_back({{"name", check.name}, {"points", check.points}, {"max_points", check.max_points}});
      continue;
    }
    tests.push_back({{"name", check.name},
                     {"points", check.points},
                     {"max_points", check.max_points},
                     {"message", plain(check.message)},
                     {"output", check.output}});
    output += (check.passed ? "passed: " : "failed: ") + check.name + "\n";
  }
  results["output"] = output;
  return results_text(results);
}

std::string gradescope_results(const Exercise& exercise, const Grade& grade) {
  Json results = Json::object();
  Json& tests = results["tests"] = Json::array();
  if (!grade.gradable) {
    results["score"] = 0;
    results["output"] = not_graded(grade);
    results["extra_data"] = {{"gradable", false}};
    return results_text(results);
  }
  results["score"] = grade.points;
  results["output"] = summary(exercise.title, grade);
  results["output_format"] = "md";
  for (const CheckResult& check : grade.checks) {
    // the feedback is Markdown already; what the simulation showed is plain text
    const std::string shown = escape_markdown(check.output);
    const std::string output = check.message.empty() ? shown : check.message + "\n\n" + shown;
    tests.push_back({{"name", check.name},
                     {"score", check.points},
                     {"max_score", check.max_points},
                     {"output", output},
                     {"output_format", "md"},
                     {"visibility", visibility_name(check.visibility)}});
  }
  return results_text(results);
}

}  // namespace contactlab

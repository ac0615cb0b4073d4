// contactlab grade EXERCISE.json ANSWER.json [-o RESULTS.json] [--format prairielearn|gradescope]
// contactlab grade --self-test EXERCISE.json
//
// Reads the files, calls the core's grader (core/exercise/) and writes its results;
// all grading is the core's, so the page's exercise mode grades the same.
#include <fstream>
#include <sstream>

#include "base/bounded_file.h"
#include "base/number_text.h"
#include "builtin_scenes.h"
#include "commands.h"
#include "exercise/exercise_reader.h"
#include "exercise/grader_results.h"
#include "exercise/grading.h"

namespace contactlab {
namespace {

// Exercise and answer files are small documents; a scene embedded in an exercise is at
// most 1 MiB itself.
constexpr std::size_t kMaxFileBytes = 2 * 1024 * 1024;

struct GradeArguments {
  bool self_test = false;
  std::string exercise_path;
  std::string answer_path;
  std::string output_path;
  bool gradescope = false;
};

Status parse_grade_arguments(const std::vector<std::string>& args, GradeArguments& parsed) {
  std::vector<std::string> files;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--self-test") {
      parsed.self_test = true;
    } else if (arg == "-o" || arg == "--format") {
      if (i + 1 >= args.size()) return Status::failure(arg + ": missing value");
      const std::string& value = args[++i];
      if (arg == "-o") {
        parsed.output_path = value;
      } else if (value == "prairielearn" || value == "gradescope") {
        parsed.gradescope = value == "gradescope";
      } else {
        return Status::failure("--format: must be prairielearn or gradescope, got '" + value + "'");
      }
    } else if (!arg.empty() && arg[0] == '-') {
      return Status::failure(arg + ": unknown flag (allowed: --self-test, -o, --format)");
    } else {
      files.push_back(arg);
    }
  }
  if (parsed.self_test) {
    if (files.size() != 1) return Status::failure("--self-test: expected exactly one EXERCISE file");
    if (!parsed.output_path.empty()) return Status::failure("-o: not allowed with --self-test");
    parsed.exercise_path = files[0];
    return Status::success();
  }
  if (files.size() != 2) return Status::failure("expected EXERCISE and ANSWER files (or --self-test EXERCISE)");
  parsed.exercise_path = files[0];
  parsed.answer_path = files[1];
  return Status::success();
}

Status read_file(const std::string& path, std::string& text) {
  return read_bounded_file(path, kMaxFileBytes, "an exercise or answer file", text);
}

// The built-in scenes compiled into the tool, for exercises that name one.
Status builtin_scene_text(const std::string& name, std::string& text) {
  const BuiltinScene* scene = find_builtin_scene(name);
  if (scene == nullptr) {
    return Status::failure("unknown built-in scene \"" + name + "\" (known: " + builtin_scene_names() + ")");
  }
  text = scene->text;
  return Status::success();
}

Status read_exercise_file(const std::string& path, Exercise& exercise) {
  std::string text;
  CONTACTLAB_RETURN_IF_ERROR(read_file(path, text));
  const Status read = read_exercise(text, builtin_scene_text, exercise);
  if (!read.ok()) return Status::failure(path + ": " + read.message());
  return Status::success();
}

void print_checks(const Grade& grade, std::ostream& out) {
  if (!grade.gradable) {
    out << "  not gradable: " << grade.error << '\n';
    return;
  }
  for (const CheckResult& check : grade.checks) {
    out << "  " << (check.passed ? "passed" : "failed") << " \"" << check.name << "\" (" << check.points << " of "
        << check.max_points << "): " << check.output << '\n';
  }
}

int run_self_test(const GradeArguments& parsed, std::ostream& out, std::ostream& err) {
  Exercise exercise;
  Status status = read_exercise_file(parsed.exercise_path, exercise);
  std::vector<SelfTestCase> cases;
  if (status.ok()) status = self_test(exercise, cases);
  if (!status.ok()) {
    err << "contactlab grade: " << status.message() << '\n';
    return 2;
  }
  int failed = 0;
  for (const SelfTestCase& test : cases) {
    out << test.label << ": score " << (test.grade.gradable ? describe_number(test.grade.score) : "not gradable")
        << ", expected " << test.expected << (test.passed ? ": ok" : ": WRONG") << '\n';
    print_checks(test.grade, out);
    failed += test.passed ? 0 : 1;
  }
  out << "exercise " << exercise.name << ": " << cases.size() - failed << " of " << cases.size()
      << " answers got the score they must get\n";
  return failed == 0 ? 0 : 1;
}

}  // namespace

int run_grade_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  GradeArguments parsed;
  Status status = parse_grade_arguments(args, parsed);
  if (!status.ok()) {
    err << "contactlab grade: " << status.message() << '\n';
    return 2;
  }
  if (parsed.self_test) return run_self_test(parsed, out, err);

  Exercise exercise;
  status = read_exercise_file(parsed.exercise_path, exercise);
  // A missing or malformed answer is the answer's fault: graded as not gradable.
  Grade grade;
  std::string answer_text;
  ExerciseGrader grader(exercise);
  if (status.ok()) {
    const Status answer_read = read_file(parsed.answer_path, answer_text);
    if (answer_read.ok()) {
      status = grader.grade_text(answer_text, grade);
    } else {
      grade.gradable = false;
      grade.error = "the answer cannot be read: " + answer_read.message();
    }
  }
  if (!status.ok()) {
    err << "contactlab grade: " << status.message() << '\n';
    return 2;
  }
  const std::string results =
      parsed.gradescope ? gradescope_results(exercise, grade) : prairielearn_results(exercise, grade);
  if (parsed.output_path.empty()) {
    out << results;
    return 0;
  }
  std::ofstream file(parsed.output_path, std::ios::binary);
  file << results;
  file.close();
  if (!file) {
    err << "contactlab grade: -o: cannot write '" << parsed.output_path << "'\n";
    return 3;
  }
  return 0;
}

}  // namespace contactlab

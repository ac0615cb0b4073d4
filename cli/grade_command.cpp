// contactlab grade EXERCISE.json ANSWER.json [-o RESULTS.json] [--format prairielearn|gradescope]
// contactlab grade EXERCISE.json --batch DIR -o OUT_DIR [--jobs N] [--format prairielearn|gradescope]
// contactlab grade --self-test EXERCISE.json
//
// Reads the files, calls the core's grader (core/exercise/) and writes its results;
// all grading is the core's, so the page's exercise mode grades the same.
#include <memory>

#include "arguments.h"
#include "base/number_text.h"
#include "commands.h"
#include "exercise/grading.h"
#include "grade_batch.h"
#include "grade_files.h"

namespace contactlab {
namespace {

struct GradeArguments {
  bool self_test = false;
  std::string exercise_path;
  std::string answer_path;
  std::string output_path;
  bool gradescope = false;
  bool batch = false;
  std::string batch_dir;
  long jobs = 0;  // 0: not given
};

// Threads of a batch: enough for any machine a course grades on.
constexpr long kMaxJobs = 256;

Status parse_grade_arguments(const std::vector<std::string>& args, GradeArguments& parsed) {
  std::vector<std::string> files;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--self-test") {
      parsed.self_test = true;
    } else if (arg == "-o" || arg == "--format" || arg == "--batch" || arg == "--jobs") {
      if (i + 1 >= args.size()) return Status::failure(arg + ": missing value");
      const std::string& value = args[++i];
      if (arg == "-o") {
        parsed.output_path = value;
      } else if (arg == "--batch") {
        parsed.batch = true;
        parsed.batch_dir = value;
      } else if (arg == "--jobs") {
        CONTACTLAB_RETURN_IF_ERROR(parse_count("--jobs", value, 1, kMaxJobs, parsed.jobs));
      } else if (value == "prairielearn" || value == "gradescope") {
        parsed.gradescope = value == "gradescope";
      } else {
        return Status::failure("--format: must be prairielearn or gradescope, got '" + value + "'");
      }
    } else if (!arg.empty() && arg[0] == '-') {
      return Status::failure(arg + ": unknown flag (allowed: --self-test, --batch, --jobs, -o, --format)");
    } else {
      files.push_back(arg);
    }
  }
  if (parsed.jobs != 0 && !parsed.batch) return Status::failure("--jobs: only with --batch");
  if (parsed.self_test) {
    if (parsed.batch) return Status::failure("--batch: not allowed with --self-test");
    if (files.size() != 1) return Status::failure("--self-test: expected exactly one EXERCISE file");
    if (!parsed.output_path.empty()) return Status::failure("-o: not allowed with --self-test");
    parsed.exercise_path = files[0];
    return Status::success();
  }
  if (parsed.batch) {
    if (files.size() != 1) return Status::failure("--batch: expected exactly one EXERCISE file and the answers' DIR");
    if (parsed.output_path.empty()) return Status::failure("--batch: -o OUT_DIR is required (a results file per answer)");
    parsed.exercise_path = files[0];
    return Status::success();
  }
  if (files.size() != 2) return Status::failure("expected EXERCISE and ANSWER files (or --self-test EXERCISE)");
  parsed.exercise_path = files[0];
  parsed.answer_path = files[1];
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

// The exercise file read, its warnings printed, and the values its checks compare
// answers with computed: an exercise that cannot compute one (a bisection whose
// interval does not change the outcome, an event that never happens) is broken, told
// at once with the file and the field rather than as an answer that is not gradable.
Status load_exercise(const std::string& path, Exercise& exercise, std::unique_ptr<ExerciseGrader>& grader,
                     bool& timed_out, std::ostream& err) {
  CONTACTLAB_RETURN_IF_ERROR(read_exercise_file(path, exercise));
  for (const std::string& warning : exercise.warnings) {
    err << "contactlab grade: warning: " << path << ": " << warning << '\n';
  }
  grader = std::make_unique<ExerciseGrader>(exercise);
  const Status computed = grader->compute_values(timed_out);
  if (!computed.ok() && !timed_out) return Status::failure(path + ": " + computed.message());
  return Status::success();
}

int run_self_test(const GradeArguments& parsed, std::ostream& out, std::ostream& err) {
  Exercise exercise;
  std::unique_ptr<ExerciseGrader> grader;
  bool timed_out = false;
  Status status = load_exercise(parsed.exercise_path, exercise, grader, timed_out, err);
  std::vector<SelfTestCase> cases;
  if (status.ok()) status = self_test(*grader, exercise, cases);
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
  std::unique_ptr<ExerciseGrader> grader;
  bool timed_out = false;
  status = load_exercise(parsed.exercise_path, exercise, grader, timed_out, err);
  if (status.ok() && parsed.batch) {
    BatchArguments batch{parsed.batch_dir, parsed.output_path, parsed.jobs == 0 ? 1 : parsed.jobs, parsed.gradescope};
    return run_grade_batch(exercise, *grader, timed_out, batch, out, err);
  }
  // A missing or malformed answer is the answer's fault: graded as not gradable.
  std::string results;
  if (status.ok()) {
    Grade grade;
    status = results_of_answer_file(*grader, exercise, parsed.answer_path, parsed.gradescope, results, grade);
  }
  if (!status.ok()) {
    err << "contactlab grade: " << status.message() << '\n';
    return 2;
  }
  if (parsed.output_path.empty()) {
    out << results;
    return 0;
  }
  status = write_results_file(parsed.output_path, results);
  if (!status.ok()) {
    err << "contactlab grade: -o: " << status.message() << '\n';
    return 3;
  }
  return 0;
}

}  // namespace contactlab

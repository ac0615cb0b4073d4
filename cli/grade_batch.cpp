#include "grade_batch.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <system_error>
#include <thread>
#include <vector>

#include "base/number_text.h"
#include "grade_files.h"

namespace contactlab {
namespace {

namespace fs = std::filesystem;

// The answer files of `dir`: its regular files that are not hidden, by name.
Status list_answer_files(const std::string& dir, std::vector<std::string>& names) {
  std::error_code error;
  if (!fs::is_directory(dir, error)) return Status::failure("--batch: '" + dir + "' is not a directory");
  fs::directory_iterator entries(dir, error);
  if (error) return Status::failure("--batch: cannot list '" + dir + "': " + error.message());
  for (const fs::directory_entry& entry : entries) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name[0] == '.' || !entry.is_regular_file(error)) continue;
    names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return Status::success();
}

// OUT_DIR made if missing; never the answers' own folder, whose files it would replace.
Status prepare_output_dir(const std::string& answers_dir, const std::string& output_dir) {
  std::error_code error;
  fs::create_directories(output_dir, error);
  if (!fs::is_directory(output_dir, error)) {
    return Status::failure("-o: cannot make the directory '" + output_dir + "'");
  }
  if (fs::equivalent(answers_dir, output_dir, error)) {
    return Status::failure("-o: '" + output_dir + "' is the answers' directory; the results would replace them");
  }
  return Status::success();
}

struct AnswerOutcome {
  Status graded = Status::success();   // fails only for a broken exercise
  Status written = Status::success();  // the results file
  Grade grade;
};

}  // namespace

int run_grade_batch(const Exercise& exercise, ExerciseGrader& grader, bool values_timed_out,
                    const BatchArguments& batch, std::ostream& out, std::ostream& err) {
  std::vector<std::string> names;
  Status status = list_answer_files(batch.answers_dir, names);
  if (!status.ok()) {
    err << "contactlab grade: " << status.message() << '\n';
    return 2;
  }
  status = prepare_output_dir(batch.answers_dir, batch.output_dir);
  if (!status.ok()) {
    err << "contactlab grade: " << status.message() << '\n';
    return 3;
  }

  // Values left to each answer (their computation ran past the budget) are written
  // into the grader as it grades: one thread then.
  const long jobs = values_timed_out ? 1 : std::min<long>(batch.jobs, static_cast<long>(std::max<std::size_t>(names.size(), 1)));

  // (answer files) => results files, each answer by whichever thread takes it next
  std::vector<AnswerOutcome> outcomes(names.size());
  std::atomic<std::size_t> next{0};
  const auto work = [&]() {
    for (std::size_t i = next++; i < names.size(); i = next++) {
      AnswerOutcome& outcome = outcomes[i];
      std::string results;
      const fs::path answer = fs::path(batch.answers_dir) / names[i];
      outcome.graded =
          results_of_answer_file(grader, exercise, answer.string(), batch.gradescope, results, outcome.grade);
      if (outcome.graded.ok()) {
        outcome.written = write_results_file((fs::path(batch.output_dir) / names[i]).string(), results);
      }
    }
  };
  std::vector<std::thread> threads;
  for (long j = 1; j < jobs; ++j) threads.emplace_back(work);
  work();
  for (std::thread& thread : threads) thread.join();

  int code = 0;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const AnswerOutcome& outcome = outcomes[i];
    if (!outcome.graded.ok()) {
      err << "contactlab grade: " << names[i] << ": " << outcome.graded.message() << '\n';
      return 2;
    }
    if (!outcome.written.ok()) {
      err << "contactlab grade: -o: " << outcome.written.message() << '\n';
      code = 3;
      continue;
    }
    out << names[i] << ": "
        << (outcome.grade.gradable ? "score " + describe_number(outcome.grade.score) : std::string("not gradable"))
        << '\n';
  }
  if (code == 0) out << "graded " << names.size() << " answers into " << batch.output_dir << '\n';
  return code;
}

}  // namespace contactlab

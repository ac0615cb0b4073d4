#include "grade_files.h"

#include <filesystem>
#include <fstream>

#include "base/bounded_file.h"
#include "builtin_scenes.h"
#include "exercise/answer_reader.h"
#include "exercise/exercise_reader.h"
#include "exercise/grader_results.h"

namespace contactlab {
namespace {

// What read_bounded_file says of an answer file longer than the answer reader takes.
const char* const kAnswerKind = "an answer file";
const std::string kAnswerTooLong = std::string(kAnswerKind) + " must be at most " + std::to_string(kMaxAnswerBytes) + " bytes";

// An exercise file is a small document; a scene embedded in it is at most 1 MiB itself.
constexpr std::size_t kMaxExerciseBytes = 2 * 1024 * 1024;

// Why an answer file cannot be read, naming the file but not the folder it was graded
// in (the grader's own layout, nothing of the student's), with the answer reader's own
// words for one too long.
std::string answer_read_error(const std::string& path, const Status& read) {
  const std::string name = std::filesystem::path(path).filename().string();
  std::string reason = read.message();
  if (reason.compare(0, path.size() + 2, path + ": ") == 0) reason = reason.substr(path.size() + 2);
  if (reason == kAnswerTooLong) return "the answer is malformed: " + answer_size_message();
  return "the answer cannot be read: " + name + ": " + reason;
}

}  // namespace

Status builtin_scene_text(const std::string& name, std::string& text) {
  const BuiltinScene* scene = find_builtin_scene(name);
  if (scene == nullptr) {
    return Status::failure("unknown built-in scene \"" + name + "\" (known: " + builtin_scene_names() + ")");
  }
  text = scene->text;
  return Status::success();
}

Status read_exercise_text(const std::string& path, std::string& text) {
  return read_bounded_file(path, kMaxExerciseBytes, "an exercise file", text);
}

Status read_exercise_file(const std::string& path, Exercise& exercise) {
  std::string text;
  CONTACTLAB_RETURN_IF_ERROR(read_exercise_text(path, text));
  const Status read = read_exercise(text, builtin_scene_text, exercise);
  if (!read.ok()) return Status::failure(path + ": " + read.message());
  return Status::success();
}

Status results_of_answer_file(ExerciseGrader& grader, const Exercise& exercise, const std::string& answer_path,
                              bool gradescope, std::string& results, Grade& grade) {
  std::string answer_text;
  const Status answer_read = read_bounded_file(answer_path, kMaxAnswerBytes, kAnswerKind, answer_text);
  Grade graded;
  if (answer_read.ok()) {
    CONTACTLAB_RETURN_IF_ERROR(grader.grade_text(answer_text, graded));
  } else {
    graded.gradable = false;
    graded.error = answer_read_error(answer_path, answer_read);
  }
  results = gradescope ? gradescope_results(exercise, graded) : prairielearn_results(exercise, graded);
  grade = std::move(graded);
  return Status::success();
}

Status write_results_file(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary);
  file << text;
  file.close();
  if (!file) return Status::failure("cannot write '" + path + "'");
  return Status::success();
}

}  // namespace contactlab

#include "grade_files.h"

#include <fstream>

#include "base/bounded_file.h"
#include "builtin_scenes.h"
#include "exercise/exercise_reader.h"
#include "exercise/grader_results.h"

namespace contactlab {
namespace {

// Exercise and answer files are small documents; a scene embedded in an exercise is at
// most 1 MiB itself.
constexpr std::size_t kMaxFileBytes = 2 * 1024 * 1024;

// The built-in scenes compiled into the tool, for exercises that name one.
Status builtin_scene_text(const std::string& name, std::string& text) {
  const BuiltinScene* scene = find_builtin_scene(name);
  if (scene == nullptr) {
    return Status::failure("unknown built-in scene \"" + name + "\" (known: " + builtin_scene_names() + ")");
  }
  text = scene->text;
  return Status::success();
}

}  // namespace

Status read_exercise_file(const std::string& path, Exercise& exercise) {
  std::string text;
  CONTACTLAB_RETURN_IF_ERROR(read_bounded_file(path, kMaxFileBytes, "an exercise or answer file", text));
  const Status read = read_exercise(text, builtin_scene_text, exercise);
  if (!read.ok()) return Status::failure(path + ": " + read.message());
  return Status::success();
}

Status results_of_answer_file(ExerciseGrader& grader, const Exercise& exercise, const std::string& answer_path,
                              bool gradescope, std::string& results, Grade& grade) {
  std::string answer_text;
  const Status answer_read = read_bounded_file(answer_path, kMaxFileBytes, "an exercise or answer file", answer_text);
  Grade graded;
  if (answer_read.ok()) {
    CONTACTLAB_RETURN_IF_ERROR(grader.grade_text(answer_text, graded));
  } else {
    graded.gradable = false;
    graded.error = "the answer cannot be read: " + answer_read.message();
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

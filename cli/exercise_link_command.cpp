// contactlab exercise-link EXERCISE.json [--lab URL]
//
// Prints the exercise link (docs/exercises.md, "Publishing"): `#x1.` and the exercise
// without its answer key, in the transport of docs/links.md, that opens the exercise
// in any copy of the lab. The exercise is first read as `contactlab grade` reads it,
// with its key, and its computed values worked out, so a broken exercise gets its
// one-line message here rather than in the students' pages.
#include <memory>

#include "commands.h"
#include "exercise/exercise_link.h"
#include "exercise/grading.h"
#include "grade_files.h"
#include "link_codec.h"

namespace contactlab {
namespace {

struct ExerciseLinkArguments {
  std::string exercise_path;
  std::string lab;  // the lab's address the link is appended to; empty: the link alone
};

Status parse_exercise_link_arguments(const std::vector<std::string>& args, ExerciseLinkArguments& parsed) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--lab") {
      if (i + 1 >= args.size()) return Status::failure("--lab: missing value");
      parsed.lab = args[++i];
      if (parsed.lab.empty() || parsed.lab.find_first_of("# \t\r\n") != std::string::npos) {
        return Status::failure("--lab: must be the lab's address without a fragment or spaces, got '" + parsed.lab +
                               "'");
      }
    } else if (!arg.empty() && arg[0] == '-') {
      return Status::failure(arg + ": unknown flag (allowed: --lab)");
    } else if (parsed.exercise_path.empty()) {
      parsed.exercise_path = arg;
    } else {
      return Status::failure(arg + ": unexpected argument (one EXERCISE only)");
    }
  }
  if (parsed.exercise_path.empty()) return Status::failure("EXERCISE: missing exercise file");
  return Status::success();
}

Status make_exercise_link(const std::string& path, std::string& link, std::ostream& err) {
  Exercise exercise;
  CONTACTLAB_RETURN_IF_ERROR(read_exercise_file(path, exercise));
  for (const std::string& warning : exercise.warnings) {
    err << "contactlab exercise-link: warning: " << path << ": " << warning << '\n';
  }
  ExerciseGrader grader(exercise);
  bool timed_out = false;
  const Status computed = grader.compute_values(timed_out);
  if (!computed.ok() && !timed_out) return Status::failure(path + ": " + computed.message());
  std::string text;
  std::string link_text;
  CONTACTLAB_RETURN_IF_ERROR(read_exercise_text(path, text));
  const Status stripped = exercise_link_text(text, builtin_scene_text, link_text);
  if (!stripped.ok()) return Status::failure(path + ": " + stripped.message());
  return encode_link(link_text, link, LinkKind::Exercise);
}

}  // namespace

int run_exercise_link_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  ExerciseLinkArguments parsed;
  std::string link;
  Status status = parse_exercise_link_arguments(args, parsed);
  if (status.ok()) status = make_exercise_link(parsed.exercise_path, link, err);
  if (!status.ok()) {
    err << "contactlab exercise-link: " << status.message() << '\n';
    return 2;
  }
  out << parsed.lab << link << '\n';
  return 0;
}

}  // namespace contactlab

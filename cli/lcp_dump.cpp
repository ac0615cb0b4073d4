#include "lcp_dump.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "session/island_problem_text.h"

namespace contactlab {
namespace {

std::string dump_name(long step, const IslandProblem& problem) {
  char name[64];
  std::snprintf(name, sizeof(name), "step_%06ld_island_%d%s", step, problem.island,
                island_problem_extension(problem));
  return name;
}

}  // namespace

Status prepare_lcp_dump(const std::string& directory, const Options& options) {
  if (options.formulation == Formulation::Compliant || options.formulation == Formulation::Hybrid) {
    return Status::failure(std::string("--lcp-dump: formulation ") + formulation_name(options.formulation) +
                           " poses no problem per island (allowed: formulation lcp, convex, soft, quasistatic)");
  }
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error || !std::filesystem::is_directory(directory, error)) {
    return Status::failure("--lcp-dump: cannot create the directory '" + directory + "'");
  }
  return Status::success();
}

Status write_lcp_dump(const std::string& directory, const Model& model, const Options& options,
                      const Data& data) {
  for (const IslandProblem& problem : data.solver.island_problems) {
    const std::string path =
        (std::filesystem::path(directory) / dump_name(data.step_count, problem)).string();
    std::ofstream file(path);
    file << island_problem_text(model, options, data, problem);
    file.close();
    if (file.fail()) {
      return Status::failure("--lcp-dump: writing '" + path + "' failed (disk full or file unwritable)");
    }
  }
  return Status::success();
}

}  // namespace contactlab

#include "lcp_dump.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "lcp/lcp_file.h"
#include "session/state_csv.h"

namespace contactlab {
namespace {

std::string numbers_line(const char* label, const Eigen::VectorXd& values) {
  std::string line = std::string("# ") + label + ":";
  char number[32];
  for (Eigen::Index i = 0; i < values.size(); ++i) {
    std::snprintf(number, sizeof(number), " %.17g", values[i]);
    line += number;
  }
  return line + "\n";
}

std::string dump_comment(const Model& model, const Options& options, const Data& data,
                         const IslandLcp& lcp) {
  return "# contactlab: scene " + model.name + ", step " + std::to_string(data.step_count) +
         ", t = " + exact_number(data.time) + " s, h = " + exact_number(options.time_step) +
         " s, island " + std::to_string(lcp.island) + "\n" +
         "# z = [c_n (k); c_l (limits); beta (k u); lambda (k); joint friction; torsion], k = " +
         std::to_string(lcp.contact_count) + " contacts, u = " +
         std::to_string(options.friction_edges) + " edges\n" + numbers_line("z", lcp.z) +
         numbers_line("w", lcp.w);
}

std::string dump_name(long step, int island) {
  char name[64];
  std::snprintf(name, sizeof(name), "step_%06ld_island_%d.lcp", step, island);
  return name;
}

}  // namespace

Status prepare_lcp_dump(const std::string& directory, const Options& options) {
  if (options.formulation != Formulation::Lcp) {
    return Status::failure(std::string("--lcp-dump: formulation ") + formulation_name(options.formulation) +
                           " poses no LCP of seed 002 (allowed: formulation lcp)");
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
  for (const IslandLcp& lcp : data.solver.lcp_problems) {
    const std::string path =
        (std::filesystem::path(directory) / dump_name(data.step_count, lcp.island)).string();
    std::ofstream file(path);
    file << lcp_text(lcp.matrix, lcp.offset, dump_comment(model, options, data, lcp));
    file.close();
    if (file.fail()) {
      return Status::failure("--lcp-dump: writing '" + path + "' failed (disk full or file unwritable)");
    }
  }
  return Status::success();
}

}  // namespace contactlab

#include "session/island_lcp_text.h"

#include <cstdio>

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

std::string labels_line(const std::vector<std::string>& labels) {
  std::string line = "# unknowns:";
  for (const std::string& label : labels) line += " " + label;
  return line + "\n";
}

}  // namespace

std::string island_lcp_text(const Model& model, const Options& options, const Data& data, const IslandLcp& lcp) {
  const std::string comment =
      "# contactlab: scene " + model.name + ", step " + std::to_string(data.step_count) + ", t = " +
      exact_number(data.time) + " s, h = " + exact_number(options.time_step) + " s, island " +
      std::to_string(lcp.island) + "\n" +
      "# z = [c_n (k); c_l (limits); beta (k u); lambda (k); joint friction; torsion], k = " +
      std::to_string(lcp.contact_count) + " contacts, u = " + std::to_string(options.friction_edges) +
      " edges\n" + labels_line(lcp.labels) + numbers_line("z", lcp.z) + numbers_line("w", lcp.w);
  return lcp_text(lcp.matrix, lcp.offset, comment);
}

}  // namespace contactlab

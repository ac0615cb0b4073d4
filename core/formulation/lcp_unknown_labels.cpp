#include "formulation/lcp_unknown_labels.h"

#include "formulation/contact_lcp.h"

namespace contactlab {
namespace {

std::string numbered(const char* name, int index) { return name + std::to_string(index); }

}  // namespace

std::vector<std::string> lcp_unknown_labels(const IslandRows& rows) {
  std::vector<std::string> labels;
  labels.reserve(torsion_unknown(rows) + 3 * rows.torsion_count);
  for (int c = 0; c < rows.contact_count; ++c) labels.push_back(numbered("cn", c));
  for (int l = 0; l < rows.limit_count; ++l) labels.push_back(numbered("cl", l));
  for (int c = 0; c < rows.contact_count; ++c) {
    for (int j = 0; j < rows.friction_edges; ++j) labels.push_back(numbered("beta", c) + "." + std::to_string(j));
  }
  for (int c = 0; c < rows.contact_count; ++c) labels.push_back(numbered("lambda", c));
  for (const char* part : {"tau+", "tau-", "sigma"}) {
    for (int f = 0; f < rows.joint_friction_count; ++f) labels.push_back(numbered(part, f));
  }
  for (const char* part : {"p+", "p-", "sigma_s"}) {
    for (int t = 0; t < rows.torsion_count; ++t) labels.push_back(numbered(part, t));
  }
  return labels;
}

std::vector<std::string> edge_unknown_labels(const IslandRows& rows) {
  std::vector<std::string> labels;
  labels.reserve(rows.contact_count * rows.friction_edges + rows.limit_count);
  for (int c = 0; c < rows.contact_count; ++c) {
    for (int j = 0; j < rows.friction_edges; ++j) labels.push_back(numbered("beta", c) + "." + std::to_string(j));
  }
  for (int l = 0; l < rows.limit_count; ++l) labels.push_back(numbered("cl", l));
  for (const char* part : {"tau+", "tau-", "sigma"}) {
    for (int f = 0; f < rows.joint_friction_count; ++f) labels.push_back(numbered(part, f));
  }
  for (const char* part : {"p+", "p-", "sigma_s"}) {
    for (int t = 0; t < rows.torsion_count; ++t) labels.push_back(numbered(part, t));
  }
  return labels;
}

std::vector<std::string> cone_unknown_labels(const IslandRows& rows) {
  std::vector<std::string> labels;
  labels.reserve(4 * rows.contact_count + rows.joint_row_count());
  for (int c = 0; c < rows.contact_count; ++c) {
    labels.push_back(numbered("pn", c));
    if (rows.friction_coefficient[c] > 0) {
      labels.push_back(numbered("pt", c) + ".1");
      labels.push_back(numbered("pt", c) + ".2");
    }
    if (rows.torsion_count > 0 && rows.contact_torsion[c] >= 0) labels.push_back(numbered("ps", c));
  }
  for (int l = 0; l < rows.limit_count; ++l) labels.push_back(numbered("cl", l));
  for (int f = 0; f < rows.joint_friction_count; ++f) labels.push_back(numbered("tau", f));
  return labels;
}

}  // namespace contactlab

// The LCP one island's solve posed and the answer the step took (seed 002 eq. 21:
// w = M z + q >= 0, z >= 0, z'w = 0, with M = G + N and q = g of contact_lcp.h),
// copied out of the formulation's scratch only when asked (the CLI's --lcp-dump, the
// page's LCP panel).
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

namespace contactlab {

struct IslandLcp {
  int island = -1;        // the island's index in the pass
  Eigen::MatrixXd matrix;  // M = G + N
  Eigen::VectorXd offset;  // q = g
  Eigen::VectorXd z;       // z = [c_n; c_l; beta; lambda; ...] the step applied [N s, m/s]
  Eigen::VectorXd w;       // w = M z + q
  int contact_count = 0;   // c_n occupies z's first contact_count entries
  std::vector<std::string> labels;  // per unknown of z (lcp_unknown_labels.h)
  std::vector<int> contacts;        // per island contact: its index in the step's contacts
};

}  // namespace contactlab

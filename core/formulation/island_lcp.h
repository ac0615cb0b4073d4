// The LCP one island's solve posed and the answer the step took (seed 002 eq. 21:
// w = M z + q >= 0, z >= 0, z'w = 0, with M = G + N and q = g of contact_lcp.h),
// copied out of the formulation's scratch only when asked (the CLI's --lcp-dump).
#pragma once

#include <Eigen/Core>

namespace contactlab {

struct IslandLcp {
  int island = -1;        // the island's index in the pass
  Eigen::MatrixXd matrix;  // M = G + N
  Eigen::VectorXd offset;  // q = g
  Eigen::VectorXd z;       // z = [c_n; c_l; beta; lambda; ...] the step applied [N s, m/s]
  Eigen::VectorXd w;       // w = M z + q
  int contact_count = 0;   // c_n occupies z's first contact_count entries
};

}  // namespace contactlab

#include "formulation/torsion_lcp.h"

#include "formulation/joint_friction_lcp.h"

namespace contactlab {

void split_torsion_lcp(const IslandRows& rows, int first, Eigen::Ref<Eigen::MatrixXd> matrix,
                       Eigen::VectorXd& offset) {
  const int count = rows.torsion_count;  // T
  split_bounded_pairs(first, count, matrix, offset);
  // w_sigma = c_n - p+ - p- (eq. 6).
  for (int t = 0; t < count; ++t) matrix(first + 2 * count + t, rows.torsion[t].contact) = 1;
}

void split_torsion_edge_lcp(const IslandRows& rows, int first, Eigen::Ref<Eigen::MatrixXd> matrix,
                            Eigen::VectorXd& offset) {
  const int count = rows.torsion_count;  // T
  const int u = rows.friction_edges;
  split_bounded_pairs(first, count, matrix, offset);
  // w_sigma = sum_j beta_cj - p+ - p-, and -sigma in each ray's row.
  for (int t = 0; t < count; ++t) {
    const int slack = first + 2 * count + t;
    for (int j = 0; j < u; ++j) {
      const int ray = rows.torsion[t].contact * u + j;
      matrix(slack, ray) = 1;
      matrix(ray, slack) = -1;
    }
  }
}

}  // namespace contactlab

#include "formulation/joint_friction_lcp.h"

namespace contactlab {

void split_bounded_pairs(int first, int count, Eigen::Ref<Eigen::MatrixXd> matrix, Eigen::VectorXd& offset) {
  const int plus = first;               // tau+ of pair f: plus + f
  const int minus = first + count;      // tau-
  const int slack = first + 2 * count;  // sigma
  // tau- is tau+ with the direction reversed.
  for (int f = 0; f < count; ++f) {
    for (int i = 0; i < minus; ++i) {
      matrix(i, minus + f) = -matrix(i, plus + f);
      matrix(minus + f, i) = -matrix(plus + f, i);
    }
    for (int g = 0; g < count; ++g) matrix(minus + f, minus + g) = matrix(plus + f, plus + g);
    offset[minus + f] = -offset[plus + f];
  }
  // sigma: +1 in w+ and w- (eq. 5), -tau+ - tau- (eq. 6).
  matrix.middleCols(slack, count).setZero();
  matrix.middleRows(slack, count).setZero();
  for (int f = 0; f < count; ++f) {
    matrix(plus + f, slack + f) = 1;
    matrix(minus + f, slack + f) = 1;
    matrix(slack + f, plus + f) = -1;
    matrix(slack + f, minus + f) = -1;
    offset[slack + f] = 0;
  }
}

void split_joint_friction(const IslandRows& rows, int first, Eigen::Ref<Eigen::MatrixXd> matrix,
                          Eigen::VectorXd& offset) {
  const int count = rows.joint_friction_count;  // F
  split_bounded_pairs(first, count, matrix, offset);
  // w_sigma = b - tau+ - tau- (eq. 6 with the constant bound b = c h).
  for (int f = 0; f < count; ++f) offset[first + 2 * count + f] = rows.joint_friction[f].bound;
}

}  // namespace contactlab

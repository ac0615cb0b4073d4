#include "lcp/sparse_lemke_path.h"

#include <algorithm>
#include <cmath>

#include "lcp/basis_hash.h"

namespace contactlab {

namespace {

constexpr double kPathFeasibility = 1e-9;      // relative to max(1, |x_B|_inf)
constexpr int kPathRefactorisationInterval = 150;
constexpr double kPathArtificialStop = 0.2;    // of the answer tolerance

class SparseLemkePath {
 public:
  SparseLemkePath(const SparsePathSettings& settings, SparsePathWorkspace& ws, int n)
      : settings_(settings), ws_(ws), basis_(ws.basis), n_(n), vars_{n} {}
  PivotingEnd follow(int& pivots);

 private:
  int leaving_row() const;
  bool refactorise();
  bool values_are_finite() const { return basis_.values().allFinite(); }
  void extract();

  const SparsePathSettings& settings_;
  SparsePathWorkspace& ws_;
  SparseLemkeBasis& basis_;
  const int n_;
  const LemkeVariables vars_;
  int since_factorisation_ = 0;
};

// The two-pass ratio test of the header; -1 when no row blocks (a secondary ray).
int SparseLemkePath::leaving_row() const {
  const Eigen::VectorXd& x = basis_.values();
  const Eigen::VectorXd& d = ws_.direction;
  // |d|_inf and |x_B|_inf in one pass, each as Eigen's maxCoeff() takes it (std::max in
  // ascending order), so the same bits.
  double largest_d = std::abs(d[0]);
  double largest_x = std::abs(x[0]);
  for (int i = 1; i < n_; ++i) {
    largest_d = std::max(largest_d, std::abs(d[i]));
    largest_x = std::max(largest_x, std::abs(x[i]));
  }
  const double threshold = settings_.pivot_tolerance * largest_d;
  const double slack = std::min(kPathFeasibility * std::max(1.0, largest_x), settings_.feasibility_cap);
  double limit = std::numeric_limits<double>::infinity();
  for (int i = 0; i < n_; ++i) {
    if (d[i] > threshold) limit = std::min(limit, (std::max(x[i], 0.0) + slack) / d[i]);
  }
  if (limit == std::numeric_limits<double>::infinity()) return -1;
  const int z0_row = basis_.position_of(vars_.z0());
  int row = -1;
  for (int i = 0; i < n_; ++i) {
    if (!(d[i] > threshold) || std::max(x[i], 0.0) / d[i] > limit) continue;
    if (i == z0_row) return i;
    if (row < 0 || d[i] > d[row]) row = i;
  }
  return row;
}

bool SparseLemkePath::refactorise() {
  const bool refreshed = basis_.refactorise();
  since_factorisation_ = refreshed ? 0 : 1;
  return refreshed;
}

void SparseLemkePath::extract() {
  ws_.z.setZero(n_);
  ws_.z_is_basic.assign(n_, 0);
  for (int j = 0; j < n_; ++j) {
    const int p = basis_.position_of(n_ + j);
    if (p < 0) continue;
    ws_.z_is_basic[j] = 1;
    ws_.z[j] = basis_.values()[p];
  }
}

PivotingEnd SparseLemkePath::follow(int& pivots) {
  pivots = 0;
  const Eigen::VectorXd& x = basis_.values();
  // z0 enters along -1: the leaving row is the most negative x_i (the last among ties).
  int first_row = 0;
  for (int i = 1; i < n_; ++i) {
    if (x[i] <= x[first_row]) first_row = i;
  }
  if (x[first_row] >= 0 || settings_.max_pivots < 1) {
    extract();
    return x[first_row] >= 0 ? PivotingEnd::Solved : PivotingEnd::PivotLimit;
  }
  int entering = vars_.complement(basis_.variable_at(first_row));
  ws_.direction.setConstant(n_, -1.0);
  basis_.pivot(first_row, vars_.z0(), ws_.direction);
  pivots = 1;
  since_factorisation_ = 1;
  std::uint64_t basis_hash = 0;
  for (int p = 0; p < n_; ++p) basis_hash ^= basis_key(static_cast<std::uint64_t>(basis_.variable_at(p)));
  ws_.visited.clear();

  while (true) {
    if (pivots >= settings_.max_pivots) {
      extract();
      return PivotingEnd::PivotLimit;
    }
    const std::uint64_t state = basis_hash ^ entering_key(entering);
    if (std::find(ws_.visited.begin(), ws_.visited.end(), state) != ws_.visited.end()) {
      extract();
      return PivotingEnd::Cycling;
    }
    ws_.visited.push_back(state);
    if (since_factorisation_ >= kPathRefactorisationInterval) refactorise();
    basis_.compute_direction(entering, ws_.direction);
    int row = leaving_row();
    if (row < 0 && since_factorisation_ > 0 && refactorise()) {
      // Believe a ray only on a fresh factorisation.
      basis_.compute_direction(entering, ws_.direction);
      row = leaving_row();
    }
    if (row < 0) {
      extract();
      return PivotingEnd::RayTermination;
    }
    const int leaving = basis_.variable_at(row);
    if (x[row] < 0) basis_.move_value_to_zero(row);
    basis_.pivot(row, entering, ws_.direction);
    basis_hash ^= basis_key(static_cast<std::uint64_t>(leaving)) ^ basis_key(static_cast<std::uint64_t>(entering));
    ++pivots;
    ++since_factorisation_;
    if (!values_are_finite()) return PivotingEnd::NumericalFailure;
    if (leaving == vars_.z0()) break;
    entering = vars_.complement(leaving);
    const double z0 = x[basis_.position_of(vars_.z0())];
    if (z0 <= kPathArtificialStop * settings_.answer_tolerance) break;
  }
  if (settings_.fresh_end_values) {
    refactorise();
    if (!values_are_finite()) return PivotingEnd::NumericalFailure;
  }
  extract();
  return PivotingEnd::Solved;
}

}  // namespace

PivotingEnd run_sparse_lemke_path(const Eigen::SparseMatrix<double>& matrix, const Eigen::VectorXd& offset,
                                  const SparsePathSettings& settings, SparsePathWorkspace& workspace,
                                  int& pivots) {
  const int n = static_cast<int>(offset.size());
  workspace.basis.reset(matrix, offset);
  if (settings.start_basis != nullptr) workspace.basis.start_from(*settings.start_basis);
  SparseLemkePath path(settings, workspace, n);
  return path.follow(pivots);
}

}  // namespace contactlab

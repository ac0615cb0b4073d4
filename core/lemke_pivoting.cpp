#include "lemke_pivoting.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace contactlab {

namespace {

// Basic values below this, relative to max(1, |x_B|_inf), are degenerate zeros: their
// ratios count as exactly 0, so degenerate rows tie and the lexicographic rule decides.
constexpr double kZeroValueTolerance = 1e-11;
// Ratios x_i / d_i within this relative distance of the minimum are ties.
constexpr double kRatioTieTolerance = 1e-10;
// Lexicographic entries within this distance, relative to the larger of the two rows'
// norms, are equal.
constexpr double kLexicographicTieTolerance = 1e-10;

// Variable numbering: w_i = i, z_i = n + i, z0 = 2n.
struct Variables {
  int n;
  bool is_w(int v) const { return v < n; }
  bool is_z(int v) const { return v >= n && v < 2 * n; }
  int z0() const { return 2 * n; }
  int complement(int v) const { return is_w(v) ? v + n : v - n; }
};

class LemkePivoting {
 public:
  LemkePivoting(const ScaledLcp& lcp, double pivot_tolerance, PivotingWorkspace& ws)
      : lcp_(lcp), n_(lcp.size), vars_{lcp.size}, pivot_tolerance_(pivot_tolerance), ws_(ws) {}

  PivotingEnd run(int max_pivots, int& pivots);

 private:
  double* inverse_column(int c) {
    return ws_.basis_inverse.data() + static_cast<std::size_t>(c) * n_;
  }
  void start_with_slack_basis();
  int initial_leaving_row() const;
  void compute_direction(int entering);
  int select_leaving_row();
  int lexicographic_minimum();
  double lexicographic_entry(int row, int column) const;
  void pivot(int row, int entering);
  bool artificial_is_zero() const;
  bool drive_out_artificial(int entering);
  bool values_are_finite() const;
  void refine_and_extract();

  const ScaledLcp& lcp_;
  const int n_;
  const Variables vars_;
  const double pivot_tolerance_;
  PivotingWorkspace& ws_;
};

void LemkePivoting::start_with_slack_basis() {
  // B = I: every w_i basic at position i, x_B = q.
  for (int i = 0; i < n_; ++i) {
    ws_.basic_value[i] = lcp_.offset_entry(i);
    ws_.basic_variable[i] = i;
    ws_.variable_position[i] = i;
    ws_.column_is_unit[i] = 1;
  }
  for (int v = n_; v <= 2 * n_; ++v) ws_.variable_position[v] = -1;
}

// z0 enters against the row of the most negative q_i. Lexicographically the rows of
// [q, I] are compared, so among equal q_i the largest index is the minimum.
int LemkePivoting::initial_leaving_row() const {
  const std::vector<double>& x = ws_.basic_value;
  double most_negative = x[0];
  for (int i = 1; i < n_; ++i) most_negative = std::min(most_negative, x[i]);
  const double tie = kRatioTieTolerance * std::abs(most_negative);
  int row = 0;
  for (int i = 0; i < n_; ++i) {
    if (x[i] <= most_negative + tie) row = i;
  }
  return row;
}

// d = B^-1 a for the entering column a (e_j for w_j, -M_{:,j} for z_j); only the
// non-unit columns of B^-1 cost a pass over n rows. Alongside, the rounding scale of
// each d_i: |B^-1_{i,:}|_1 |a|_inf, which bounds what noise in the data (an entry that
// is zero in exact arithmetic but 1e-17 after rounding) can contribute to d_i.
void LemkePivoting::compute_direction(int entering) {
  std::vector<double>& d = ws_.direction;
  std::vector<double>& noise = ws_.direction_noise;
  std::fill(noise.begin(), noise.begin() + n_, 0.0);
  if (vars_.is_w(entering)) {
    const double* column = inverse_column(entering);
    for (int i = 0; i < n_; ++i) d[i] = column[i];
    for (int c = 0; c < n_; ++c) {
      if (ws_.column_is_unit[c]) {
        noise[ws_.variable_position[c]] += 1;
        continue;
      }
      const double* other = inverse_column(c);
      for (int i = 0; i < n_; ++i) noise[i] += std::abs(other[i]);
    }
    return;
  }
  const int j = entering - n_;
  std::fill(d.begin(), d.begin() + n_, 0.0);
  double largest_entry = 0;
  for (int c = 0; c < n_; ++c) {
    const double a = -lcp_.matrix_entry(c, j);
    largest_entry = std::max(largest_entry, std::abs(a));
    if (ws_.column_is_unit[c]) {
      const int p = ws_.variable_position[c];
      d[p] += a;
      noise[p] += 1;
      continue;
    }
    const double* column = inverse_column(c);
    if (a == 0) {
      for (int i = 0; i < n_; ++i) noise[i] += std::abs(column[i]);
      continue;
    }
    for (int i = 0; i < n_; ++i) {
      d[i] += column[i] * a;
      noise[i] += std::abs(column[i]);
    }
  }
  for (int i = 0; i < n_; ++i) noise[i] *= largest_entry;
}

// Minimum ratio test over the rows that block the entering variable, d_i > 0.
// Returns -1 when no row blocks (a secondary ray).
int LemkePivoting::select_leaving_row() {
  const std::vector<double>& x = ws_.basic_value;
  const std::vector<double>& d = ws_.direction;
  double largest = 1;
  for (int i = 0; i < n_; ++i) largest = std::max(largest, std::abs(x[i]));
  const double zero = kZeroValueTolerance * largest;
  auto blocks = [&](int i) { return d[i] > 0 && d[i] > pivot_tolerance_ * ws_.direction_noise[i]; };
  auto ratio = [&](int i) { return x[i] <= zero ? 0.0 : x[i] / d[i]; };

  double best_ratio = std::numeric_limits<double>::infinity();
  for (int i = 0; i < n_; ++i) {
    if (blocks(i)) best_ratio = std::min(best_ratio, ratio(i));
  }
  if (best_ratio == std::numeric_limits<double>::infinity()) return -1;

  const double tie_limit = best_ratio + kRatioTieTolerance * best_ratio;
  std::vector<int>& tied = ws_.tied_rows;
  tied.clear();
  const int z0_row = ws_.variable_position[vars_.z0()];
  for (int i = 0; i < n_; ++i) {
    if (!blocks(i) || ratio(i) > tie_limit) continue;
    // z0 leaving among the minimum ratios ends the method with a solution.
    if (i == z0_row) return i;
    tied.push_back(i);
  }
  if (tied.size() == 1) return tied[0];
  return lexicographic_minimum();
}

// (B^-1)_{row,column}, with the unit columns implied by the basis.
double LemkePivoting::lexicographic_entry(int row, int column) const {
  if (ws_.column_is_unit[column]) return ws_.variable_position[column] == row ? 1.0 : 0.0;
  return ws_.basis_inverse[row + static_cast<std::size_t>(column) * n_];
}

// Among the tied rows, the lexicographic minimum of (B^-1)_{i,:} / d_i; rows that stay
// equal to rounding (numerically dependent) fall back to the largest pivot d_i.
int LemkePivoting::lexicographic_minimum() {
  std::vector<int>& tied = ws_.tied_rows;
  const std::vector<double>& d = ws_.direction;
  for (int i : tied) {
    double norm = std::abs(ws_.basic_value[i]);
    for (int c = 0; c < n_; ++c) norm = std::max(norm, std::abs(lexicographic_entry(i, c)));
    ws_.row_scale[i] = norm / d[i];
  }
  for (int c = 0; c < n_ && tied.size() > 1; ++c) {
    int min_row = tied[0];
    double min_value = lexicographic_entry(min_row, c) / d[min_row];
    for (int i : tied) {
      const double value = lexicographic_entry(i, c) / d[i];
      if (value < min_value) {
        min_value = value;
        min_row = i;
      }
    }
    std::size_t kept = 0;
    for (int i : tied) {
      const double value = lexicographic_entry(i, c) / d[i];
      const double scale = std::max(ws_.row_scale[i], ws_.row_scale[min_row]);
      if (value - min_value <= kLexicographicTieTolerance * scale) tied[kept++] = i;
    }
    tied.resize(kept);
  }
  int row = tied[0];
  for (int i : tied) {
    if (d[i] > d[row]) row = i;
  }
  return row;
}

// Exchanges the basic variable at `row` for `entering` (direction d already computed):
// x_B -= theta d, x_row = theta, and the eta update of the non-unit columns of B^-1.
void LemkePivoting::pivot(int row, int entering) {
  std::vector<double>& x = ws_.basic_value;
  const std::vector<double>& d = ws_.direction;
  const double pivot_value = d[row];
  const double theta = x[row] / pivot_value;
  for (int i = 0; i < n_; ++i) x[i] -= theta * d[i];
  x[row] = theta;

  const int leaving = ws_.basic_variable[row];
  if (vars_.is_w(leaving)) {
    // Column `leaving` of B^-1 was e_row; from now on it is stored.
    ws_.column_is_unit[leaving] = 0;
    double* column = inverse_column(leaving);
    std::fill(column, column + n_, 0.0);
    column[row] = 1;
  }
  if (vars_.is_w(entering)) ws_.column_is_unit[entering] = 1;  // becomes e_row exactly
  for (int c = 0; c < n_; ++c) {
    if (ws_.column_is_unit[c]) continue;
    double* column = inverse_column(c);
    const double eta = column[row] / pivot_value;
    if (eta == 0) continue;
    for (int i = 0; i < n_; ++i) column[i] -= d[i] * eta;
    column[row] = eta;
  }
  ws_.basic_variable[row] = entering;
  ws_.variable_position[entering] = row;
  ws_.variable_position[leaving] = -1;
}

// z0 basic at a (numerically) zero value: the almost complementary basic solution with
// z0 = 0 already solves the LCP. In exact arithmetic the lexicographic rule keeps z0
// positive until it leaves; with rounding, a degenerate z0 can stay basic at 0 while the
// path runs on, possibly into a ray whose direction has q^T z_ray = -z0 e^T z_ray = 0.
bool LemkePivoting::artificial_is_zero() const {
  const int row = ws_.variable_position[vars_.z0()];
  if (row < 0) return false;
  const std::vector<double>& x = ws_.basic_value;
  double largest = 1;
  for (int i = 0; i < n_; ++i) largest = std::max(largest, std::abs(x[i]));
  return x[row] <= kZeroValueTolerance * largest;
}

// With z0 = 0, a degenerate pivot of z0 against either variable of the pair that is
// missing from the basis (`entering` and its complement) changes no value but leaves a
// complementary basis, whose z's make a nonsingular principal subsystem for a warm start.
bool LemkePivoting::drive_out_artificial(int entering) {
  const int row = ws_.variable_position[vars_.z0()];
  for (int candidate : {entering, vars_.complement(entering)}) {
    compute_direction(candidate);
    const double pivot_value = ws_.direction[row];
    if (std::abs(pivot_value) > pivot_tolerance_ * ws_.direction_noise[row]) {
      pivot(row, candidate);
      return true;
    }
  }
  return false;
}

bool LemkePivoting::values_are_finite() const {
  for (int i = 0; i < n_; ++i) {
    if (!std::isfinite(ws_.basic_value[i])) return false;
  }
  return true;
}

// One step of iterative refinement of x_B against the final basis: r = B x_B - q,
// x_B -= B^-1 r. Then z is read off the basis (z0, if still basic, is zero to rounding).
void LemkePivoting::refine_and_extract() {
  std::vector<double>& x = ws_.basic_value;
  std::vector<double>& r = ws_.residual;
  for (int i = 0; i < n_; ++i) r[i] = -lcp_.offset_entry(i);
  for (int p = 0; p < n_; ++p) {
    const int v = ws_.basic_variable[p];
    if (vars_.is_w(v)) {
      r[v] += x[p];
    } else if (vars_.is_z(v) && x[p] != 0) {
      const int j = v - n_;
      for (int i = 0; i < n_; ++i) r[i] -= lcp_.matrix_entry(i, j) * x[p];
    } else if (v == vars_.z0()) {
      for (int i = 0; i < n_; ++i) r[i] -= x[p];
    }
  }
  std::vector<double>& correction = ws_.direction;
  std::fill(correction.begin(), correction.begin() + n_, 0.0);
  for (int c = 0; c < n_; ++c) {
    if (r[c] == 0) continue;
    if (ws_.column_is_unit[c]) {
      correction[ws_.variable_position[c]] += r[c];
      continue;
    }
    const double* column = inverse_column(c);
    for (int i = 0; i < n_; ++i) correction[i] += column[i] * r[c];
  }
  for (int p = 0; p < n_; ++p) x[p] -= correction[p];

  for (int j = 0; j < n_; ++j) {
    const int p = ws_.variable_position[n_ + j];
    ws_.z_is_basic[j] = p >= 0 ? 1 : 0;
    ws_.z[j] = p >= 0 ? x[p] : 0.0;
  }
}

PivotingEnd LemkePivoting::run(int max_pivots, int& pivots) {
  pivots = 0;
  start_with_slack_basis();
  const int first_row = initial_leaving_row();
  if (ws_.basic_value[first_row] >= 0) {
    // q >= 0: z = 0 solves the problem.
    std::fill(ws_.z.begin(), ws_.z.begin() + n_, 0.0);
    std::fill(ws_.z_is_basic.begin(), ws_.z_is_basic.begin() + n_, 0);
    return PivotingEnd::Solved;
  }
  if (max_pivots < 1) return PivotingEnd::PivotLimit;

  // The first pivot: z0 enters (column -e, so d = B^-1 (-e) = -e with B = I) and
  // becomes -min q, which makes every basic value nonnegative.
  std::fill(ws_.direction.begin(), ws_.direction.begin() + n_, -1.0);
  pivot(first_row, vars_.z0());
  pivots = 1;
  int entering = vars_.complement(first_row);

  while (true) {
    if (pivots >= max_pivots) return PivotingEnd::PivotLimit;
    compute_direction(entering);
    const int row = select_leaving_row();
    if (row < 0) return PivotingEnd::RayTermination;
    const int leaving = ws_.basic_variable[row];
    pivot(row, entering);
    ++pivots;
    if (!values_are_finite()) return PivotingEnd::NumericalFailure;
    if (leaving == vars_.z0()) break;
    entering = vars_.complement(leaving);
    if (artificial_is_zero()) {
      if (drive_out_artificial(entering)) ++pivots;
      break;
    }
  }
  refine_and_extract();
  return values_are_finite() ? PivotingEnd::Solved : PivotingEnd::NumericalFailure;
}

}  // namespace

void PivotingWorkspace::prepare(int size) {
  const std::size_t n = static_cast<std::size_t>(size);
  basis_inverse.resize(n * n);
  basic_value.resize(n);
  direction.resize(n);
  direction_noise.resize(n);
  residual.resize(n);
  basic_variable.resize(n);
  variable_position.resize(2 * n + 1);
  column_is_unit.resize(n);
  tied_rows.reserve(n);
  row_scale.resize(n);
  z.resize(n);
  z_is_basic.resize(n);
}

PivotingEnd run_lemke_pivoting(const ScaledLcp& lcp, int max_pivots, double pivot_tolerance,
                               PivotingWorkspace& workspace, int& pivots) {
  workspace.prepare(lcp.size);
  LemkePivoting pivoting(lcp, pivot_tolerance, workspace);
  return pivoting.run(max_pivots, pivots);
}

}  // namespace contactlab

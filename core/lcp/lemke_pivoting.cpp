#include "lcp/lemke_pivoting.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "base/vector_clones.h"
#include "lcp/basis_hash.h"
#include "lcp/column_kernels.h"

namespace contactlab {

namespace {

// Basic values within this of zero, relative to max(1, |x_B|_inf), are degenerate;
// it is also the slack of the two-pass ratio test.
constexpr double kFeasibilityTolerance = 1e-10;
// Tied pivots below this fraction of the largest tied pivot are passed over.
constexpr double kStablePivotFraction = 0.01;
// Lexicographic entries within this distance, relative to the larger of the two rows'
// sizes, are equal; so are the most negative q_i within this relative distance.
constexpr double kTieTolerance = 1e-10;
// B^-1 is factorised afresh at least this often, and whenever its largest row has
// shrunk by this factor since the last factorisation.
constexpr int kRefactorisationInterval = 100;
constexpr double kInverseShrinkage = 1e4;
// The path ends when z0 falls to this fraction of the answer tolerance.
constexpr double kArtificialStopFraction = 0.2;
// A leaving value this far below zero at most, relative to max(1, |x_B|_inf), is a
// degenerate zero that rounding and passed-over pivots have moved.
constexpr double kDegenerateShortfall = 1e-9;

// The first pass of the ratio test: blocks[i] where row i blocks the entering column
// (d_i > 0 above its rounding scale, pivot_tolerance noise_i), and the smallest ratio
// (max(x_i, 0) + slack) / d_i of those rows, +inf where none does. The ratio is formed
// for every row and kept for the blocking ones; their minimum, in four lanes, is the same
// in any order (positive numbers, no NaN: d_i > 0 and x_i finite).
CONTACTLAB_VECTOR_CLONES
double blocking_step_limit(const double* __restrict x, const double* __restrict d, const double* __restrict noise,
                           double pivot_tolerance, double slack, int count, char* __restrict blocks) {
  constexpr double kNone = std::numeric_limits<double>::infinity();
  double lanes[4] = {kNone, kNone, kNone, kNone};
  int i = 0;
  for (; i + 4 <= count; i += 4) {
    for (int lane = 0; lane < 4; ++lane) {
      const double di = d[i + lane];
      const bool blocking = di > 0 && di > pivot_tolerance * noise[i + lane];
      const double ratio = (std::max(x[i + lane], 0.0) + slack) / di;
      blocks[i + lane] = blocking ? 1 : 0;
      lanes[lane] = blocking ? std::min(lanes[lane], ratio) : lanes[lane];
    }
  }
  for (; i < count; ++i) {
    const bool blocking = d[i] > 0 && d[i] > pivot_tolerance * noise[i];
    blocks[i] = blocking ? 1 : 0;
    if (blocking) lanes[0] = std::min(lanes[0], (std::max(x[i], 0.0) + slack) / d[i]);
  }
  return std::min(std::min(lanes[0], lanes[1]), std::min(lanes[2], lanes[3]));
}

class LemkePivoting {
 public:
  LemkePivoting(const ScaledLcp& lcp, const PivotingSettings& settings, PivotingWorkspace& ws)
      : lcp_(lcp), n_(lcp.size), vars_{lcp.size}, settings_(settings), ws_(ws), basis_(ws.basis) {}

  PivotingEnd run(int& pivots);

 private:
  PivotingEnd follow_path();
  int first_leaving_row() const;
  void compute_direction(int entering);
  double largest_value() const;
  double feasibility_tolerance() const;
  int select_leaving_row();
  int lexicographic_minimum();
  bool refactorise();
  bool values_are_finite() const;
  bool artificial_is_small() const;
  bool drive_out_artificial(int entering);
  void extract();
  PivotingEnd finish_almost_complementary(PivotingEnd end, int entering);

  const ScaledLcp& lcp_;
  const int n_;
  const LemkeVariables vars_;
  const PivotingSettings& settings_;
  PivotingWorkspace& ws_;
  LemkeBasis& basis_;
  int pivots_ = 0;
  int since_factorisation_ = 0;
  double peak_inverse_size_ = 0;  // largest |B^-1| row norm since the last factorisation
};

// z0 enters along B^-1 (-d) = -1 and becomes -min x_i, which makes every basic value
// nonnegative. Lexicographically the leaving row is the minimum of the rows [x_i, e_i]:
// among equal x_i, the largest index.
int LemkePivoting::first_leaving_row() const {
  const std::vector<double>& x = basis_.values();
  double most_negative = x[0];
  for (int i = 1; i < n_; ++i) most_negative = std::min(most_negative, x[i]);
  const double tie = kTieTolerance * std::abs(most_negative);
  int row = 0;
  for (int i = 0; i < n_; ++i) {
    if (x[i] <= most_negative + tie) row = i;
  }
  return row;
}

void LemkePivoting::compute_direction(int entering) {
  basis_.compute_direction(entering, ws_.direction, ws_.direction_noise);
}

// max(1, |x_B|_inf), the scale of the feasibility decisions.
double LemkePivoting::largest_value() const {
  return std::max(1.0, max_abs(basis_.values().data(), static_cast<std::size_t>(n_)));
}

double LemkePivoting::feasibility_tolerance() const {
  return std::min(kFeasibilityTolerance * largest_value(), settings_.feasibility_cap);
}

// The two-pass ratio test over the rows that block the entering variable (see the
// header). Returns -1 when no row blocks (a secondary ray).
int LemkePivoting::select_leaving_row() {
  const std::vector<double>& x = basis_.values();
  const std::vector<double>& d = ws_.direction;
  const double slack = feasibility_tolerance();
  std::vector<char>& blocking = ws_.blocking;
  const double step_limit = blocking_step_limit(x.data(), d.data(), ws_.direction_noise.data(),
                                                settings_.pivot_tolerance, slack, n_, blocking.data());
  if (step_limit == std::numeric_limits<double>::infinity()) return -1;

  std::vector<int>& tied = ws_.tied_rows;
  tied.clear();
  const int z0_row = basis_.position_of(vars_.z0());
  double largest_pivot = 0;
  for (int i = 0; i < n_; ++i) {
    if (!blocking[i] || std::max(x[i], 0.0) / d[i] > step_limit) continue;
    // z0 leaving among the ties ends the method with a solution.
    if (i == z0_row) return i;
    tied.push_back(i);
    largest_pivot = std::max(largest_pivot, d[i]);
  }
  std::size_t kept = 0;
  for (int i : tied) {
    if (d[i] >= kStablePivotFraction * largest_pivot) tied[kept++] = i;
  }
  tied.resize(kept);
  if (tied.size() == 1) return tied[0];
  return lexicographic_minimum();
}

// Among the tied rows, the lexicographic minimum of (B^-1)_{i,:} / d_i, column by
// column; rows that stay equal to rounding (numerically dependent) fall back to the
// largest pivot d_i.
int LemkePivoting::lexicographic_minimum() {
  std::vector<int>& tied = ws_.tied_rows;
  const std::vector<double>& d = ws_.direction;
  const std::vector<double>& x = basis_.values();
  std::vector<double>& scale = ws_.row_scale;
  for (int i : tied) scale[i] = std::max(std::abs(x[i]), basis_.inverse_row_norm(i)) / d[i];
  for (int c = 0; c < n_ && tied.size() > 1; ++c) {
    if (basis_.inverse_column_is_unit(c)) {
      // The column is e_p: the tied rows other than p have 0 here, below p's 1 / d_p.
      const int p = basis_.position_of(c);
      const auto found = std::find(tied.begin(), tied.end(), p);
      if (found == tied.end()) continue;
      const int other = found == tied.begin() ? tied[1] : tied[0];
      if (1 / d[p] > kTieTolerance * std::max(scale[p], scale[other])) tied.erase(found);
      continue;
    }
    const double* column = basis_.stored_inverse_column(c);
    int min_row = tied[0];
    double min_value = column[min_row] / d[min_row];
    for (int i : tied) {
      const double value = column[i] / d[i];
      if (value < min_value) {
        min_value = value;
        min_row = i;
      }
    }
    std::size_t kept = 0;
    for (int i : tied) {
      const double value = column[i] / d[i];
      if (value - min_value <= kTieTolerance * std::max(scale[i], scale[min_row])) tied[kept++] = i;
    }
    tied.resize(kept);
  }
  int row = tied[0];
  for (int i : tied) {
    if (d[i] > d[row]) row = i;
  }
  return row;
}

// A fresh B^-1. When the basis is singular to working precision the updated B^-1 is
// kept, and the triggers are reset so that the next pivots do not retry at once (a ray
// still is checked on a fresh factorisation attempt).
bool LemkePivoting::refactorise() {
  const bool refreshed = basis_.refactorise();
  since_factorisation_ = refreshed ? 0 : 1;
  peak_inverse_size_ = basis_.inverse_size();
  return refreshed;
}

bool LemkePivoting::values_are_finite() const {
  const std::vector<double>& x = basis_.values();
  for (int i = 0; i < n_; ++i) {
    if (!std::isfinite(x[i])) return false;
  }
  return true;
}

// z0 at a degenerate zero, or small enough that dropping it leaves w >= -z0 within the
// answer tolerance.
bool LemkePivoting::artificial_is_small() const {
  const int row = basis_.position_of(vars_.z0());
  if (row < 0) return false;
  const double z0 = basis_.values()[row];
  return z0 <= feasibility_tolerance() ||
         z0 <= kArtificialStopFraction * settings_.answer_tolerance;
}

// A pivot of z0 against either variable of the pair missing from the basis (`entering`
// and its complement) leaves a complementary basis, whose z's make a nonsingular
// principal subsystem for a warm start.
bool LemkePivoting::drive_out_artificial(int entering) {
  const int row = basis_.position_of(vars_.z0());
  for (int candidate : {entering, vars_.complement(entering)}) {
    compute_direction(candidate);
    const double pivot_value = ws_.direction[row];
    if (std::abs(pivot_value) > settings_.pivot_tolerance * ws_.direction_noise[row]) {
      basis_.pivot(row, candidate, ws_.direction);
      ++pivots_;
      return true;
    }
  }
  return false;
}

// z read off the basis (z0, if still basic, is dropped).
void LemkePivoting::extract() {
  for (int j = 0; j < n_; ++j) {
    const int p = basis_.position_of(n_ + j);
    ws_.z_is_basic[j] = p >= 0 ? 1 : 0;
    ws_.z[j] = p >= 0 ? basis_.values()[p] : 0.0;
  }
}

// z0 is still basic: two points are at hand, the almost complementary one (z0 dropped,
// so w >= -z0) and the complementary one a pivot of z0 away (values that may fall below
// zero by the step). The answer is the one that falls less below zero; the labels are
// those of the complementary basis. A path that ended on a ray or at the pivot limit
// makes no further pivot: its last point is reported as it is.
PivotingEnd LemkePivoting::finish_almost_complementary(PivotingEnd end, int entering) {
  basis_.recompute_values();
  if (!values_are_finite()) return PivotingEnd::NumericalFailure;
  extract();
  // Without z0, w = (w of the basis) - z0 e: a nonbasic w_i is -z0, a basic one x_i - z0.
  const std::vector<double>& x = basis_.values();
  const double z0 = x[basis_.position_of(vars_.z0())];
  double almost_shortfall = z0;
  for (int p = 0; p < n_; ++p) {
    const int v = basis_.variable_at(p);
    if (vars_.is_w(v)) almost_shortfall = std::max(almost_shortfall, z0 - x[p]);
    if (vars_.is_z(v)) almost_shortfall = std::max(almost_shortfall, -x[p]);
  }
  if (end != PivotingEnd::Solved || !drive_out_artificial(entering)) return end;
  basis_.recompute_values();
  double shortfall = 0;
  for (double value : x) shortfall = std::max(shortfall, -value);
  if (values_are_finite() && shortfall < almost_shortfall) {
    extract();
  } else {
    for (int j = 0; j < n_; ++j) ws_.z_is_basic[j] = basis_.position_of(n_ + j) >= 0 ? 1 : 0;
  }
  return end;
}

PivotingEnd LemkePivoting::run(int& pivots) {
  pivots_ = 0;
  basis_.reset(lcp_);
  if (settings_.start_basis != nullptr) basis_.start_from(*settings_.start_basis);
  ws_.direction.resize(n_);
  ws_.direction_noise.resize(n_);
  ws_.tied_rows.reserve(n_);
  ws_.blocking.resize(n_);
  ws_.row_scale.resize(n_);
  ws_.z.resize(n_);
  ws_.z_is_basic.resize(n_);
  const PivotingEnd end = follow_path();
  pivots = pivots_;
  return end;
}

PivotingEnd LemkePivoting::follow_path() {
  const int first_row = first_leaving_row();
  if (basis_.values()[first_row] >= 0) {
    extract();  // q >= 0: z = 0 solves the problem
    return PivotingEnd::Solved;
  }
  if (settings_.max_pivots < 1) {
    extract();
    return PivotingEnd::PivotLimit;
  }
  const int first_leaving = basis_.variable_at(first_row);
  std::fill(ws_.direction.begin(), ws_.direction.end(), -1.0);
  basis_.pivot(first_row, vars_.z0(), ws_.direction);
  pivots_ = 1;
  since_factorisation_ = 1;
  peak_inverse_size_ = basis_.inverse_size();
  int entering = vars_.complement(first_leaving);
  std::uint64_t basis_hash = 0;
  for (int p = 0; p < n_; ++p) basis_hash ^= basis_key(static_cast<std::uint64_t>(basis_.variable_at(p)));
  ws_.visited.clear();

  while (true) {
    if (pivots_ >= settings_.max_pivots) {
      return finish_almost_complementary(PivotingEnd::PivotLimit, entering);
    }
    // A linear search: a pivot costs O(n^2) and a path has at most 10 n of them, and
    // the buffer, reused from run to run, allocates nothing once grown.
    const std::uint64_t state = basis_hash ^ entering_key(entering);
    if (std::find(ws_.visited.begin(), ws_.visited.end(), state) != ws_.visited.end()) {
      return finish_almost_complementary(PivotingEnd::Cycling, entering);
    }
    ws_.visited.push_back(state);
    if (since_factorisation_ >= kRefactorisationInterval) refactorise();
    compute_direction(entering);
    const double inverse_size = basis_.inverse_size();
    peak_inverse_size_ = std::max(peak_inverse_size_, inverse_size);
    if (since_factorisation_ > 0 && peak_inverse_size_ > kInverseShrinkage * inverse_size &&
        refactorise()) {
      // B^-1 passed through much larger entries: their rounding dominates it now.
      compute_direction(entering);
    }
    int row = select_leaving_row();
    if (row < 0 && since_factorisation_ > 0 && refactorise()) {
      // Believe a ray only on a fresh factorisation.
      compute_direction(entering);
      row = select_leaving_row();
    }
    if (row < 0) return finish_almost_complementary(PivotingEnd::RayTermination, entering);
    const int leaving = basis_.variable_at(row);
    const double x_row = basis_.values()[row];
    if (x_row < 0 && -x_row <= std::min(kDegenerateShortfall * largest_value(), 10 * settings_.feasibility_cap)) {
      // A step back from a degenerate zero would push the rows with d_i < 0 down;
      // it is taken as the zero it is.
      basis_.move_value_to_zero(row);
    }
    basis_.pivot(row, entering, ws_.direction);
    basis_hash ^= basis_key(static_cast<std::uint64_t>(leaving)) ^ basis_key(static_cast<std::uint64_t>(entering));
    ++pivots_;
    ++since_factorisation_;
    if (!values_are_finite()) return PivotingEnd::NumericalFailure;
    if (leaving == vars_.z0()) break;
    entering = vars_.complement(leaving);
    if (artificial_is_small()) return finish_almost_complementary(PivotingEnd::Solved, entering);
  }
  basis_.recompute_values();
  if (!values_are_finite()) return PivotingEnd::NumericalFailure;
  extract();
  return PivotingEnd::Solved;
}

}  // namespace

PivotingEnd run_lemke_pivoting(const ScaledLcp& lcp, const PivotingSettings& settings,
                               PivotingWorkspace& workspace, int& pivots) {
  LemkePivoting pivoting(lcp, settings, workspace);
  return pivoting.run(pivots);
}

}  // namespace contactlab

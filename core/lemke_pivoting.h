// The complementary pivoting engine behind LemkeSolver (seed 002 eq. 21).
//
// Lemke's method works on the augmented system
//
//   w - M z - e z0 = q,   w, z, z0 >= 0,   w_i z_i = 0,   e = (1, ..., 1),
//
// whose basis matrix B has the column e_i for a basic w_i, -M_{:,j} for a basic z_j and
// -e for z0. It keeps B^-1 explicitly: a column c of B^-1 is the unit vector e_p while
// w_c is basic (p = its position), so only the columns of nonbasic w's are stored and
// updated, and a pivot costs O(n k) for k basic z's instead of O(n^2).
//
// Degeneracy is resolved by the lexicographic ratio test, which pivots as if q were
// perturbed to q + (eps, eps^2, ..., eps^n): among rows with the same ratio x_i / d_i
// the leaving row is the lexicographic minimum of the rows (B^-1)_{i,:} / d_i.
// Floating point needs three scale-aware decisions to follow that exact rule:
//  - a candidate pivot d_i counts only above pivot_tolerance |B^-1_{i,:}|_1 |a|_inf, the
//    size that rounding noise in the data (a 1e-17 where exact arithmetic has 0) and in
//    B^-1 can give it;
//  - basic values below 1e-11 max(1, |x_B|_inf) are degenerate zeros, so such rows tie;
//  - ratios and lexicographic entries equal to 1e-10 (relative) are ties.
// When z0 reaches a degenerate zero without leaving (possible with rounding), the basic
// solution with z0 = 0 already solves the LCP: z0 is pivoted out degenerately and the
// method stops, rather than run on towards a ray whose direction has q^T z_ray = 0.
#pragma once

#include <cstddef>
#include <vector>

namespace contactlab {

// The LCP as the pivoting sees it: the caller scales M and q by powers of two (exact)
// so that the tolerances below act on numbers of order one,
//   M_s = matrix_scale * M + diagonal_shift * I,   q_s = offset_scale * q.
struct ScaledLcp {
  const double* matrix = nullptr;  // M, size x size, column-major
  const double* offset = nullptr;  // q
  int size = 0;
  double matrix_scale = 1;
  double offset_scale = 1;
  double diagonal_shift = 0;  // added to the diagonal of the scaled matrix

  double matrix_entry(int row, int col) const {
    double value = matrix[row + static_cast<std::size_t>(col) * size] * matrix_scale;
    return row == col ? value + diagonal_shift : value;
  }
  double offset_entry(int row) const { return offset[row] * offset_scale; }
};

enum class PivotingEnd { Solved, RayTermination, PivotLimit, NumericalFailure };

// Buffers reused between runs; they only grow.
struct PivotingWorkspace {
  std::vector<double> basis_inverse;    // B^-1, n x n column-major (non-unit columns)
  std::vector<double> basic_value;      // x_B = B^-1 q per basis position
  std::vector<double> direction;        // d = B^-1 a for the entering column a
  std::vector<double> direction_noise;  // |B^-1_{i,:}|_1 |a|_inf: the rounding scale of d_i
  std::vector<double> residual;         // B x_B - q, for the final refinement
  std::vector<int> basic_variable;      // variable held by each basis position
  std::vector<int> variable_position;   // position of each of the 2n+1 variables, or -1
  std::vector<char> column_is_unit;     // B^-1 column c is a unit vector (w_c basic)
  std::vector<int> tied_rows;
  std::vector<double> row_scale;  // per tied row: |[x_i, B^-1_{i,:}]|_inf / d_i
  std::vector<double> z;          // the scaled solution on Solved
  std::vector<char> z_is_basic;   // z_j basic in the final basis

  void prepare(int size);
};

// Runs Lemke's method with the covering vector e on the scaled problem. `pivots` counts
// every basis exchange, the first one (z0 entering) included. On Solved, workspace.z
// and workspace.z_is_basic hold the answer of the scaled problem; the caller checks it.
PivotingEnd run_lemke_pivoting(const ScaledLcp& lcp, int max_pivots, double pivot_tolerance,
                               PivotingWorkspace& workspace, int& pivots);

}  // namespace contactlab

// The complementary pivoting path of Lemke's method (seed 002 eq. 21) over a sparse
// basis (sparse_lemke_basis.h), for the islands past the dense cap (island_size.h):
// from the slack basis (d = e) or from a complementary basis B_0 (d = B_0 1, the warm
// start of the last step's basis).
//
// The dense path (lemke_pivoting.h) breaks ties by the lexicographic rule over the rows
// of its explicit inverse; a factorised basis has no rows at hand, so this path decides
// by values alone and leaves the ties to the caller's problem (sparse_lemke.h takes it
// on q with its ties broken, q_i + delta (1 + i / n) max(1, |q|_inf), and solves the
// basis it ends in afresh on the original q):
//  - a candidate pivot d_i counts only above pivot_tolerance |d|_inf;
//  - the ratio test has two passes (Harris): the step is limited by the smallest
//    ratio (max(x_i, 0) + delta) / d_i, delta a feasibility tolerance of 1e-9 of the
//    largest basic value (at most feasibility_cap), and among the blocking rows whose
//    ratio max(x_i, 0) / d_i is within that limit z0 leaves if it can, else the largest
//    pivot d_i (the lowest row among equal ones); with 1e-9 rather than 1e-10 more of a
//    degenerate problem's near-ties leave by the largest pivot, and bin_pile's 2 s in
//    lcp took 23 % fewer pivots (docs/performance.md, "bin_pile's degenerate warm
//    paths: ties, covering vectors and the Harris tolerance");
//  - a leaving value below zero is a degenerate zero: it is set to 0 by moving q
//    (SparseLemkeBasis::move_value_to_zero), never stepped back from;
//  - a path that comes back to a basis it has left, with the same variable entering,
//    is cycling (basis_hash.h) and ends there;
//  - B is factorised afresh every 150 pivots and before a ray is believed (on the
//    20-cube pyramid's first 40 steps every 150 pivots cost 2.8 times less CPU than
//    every 50, whose sparse LU factorisations dominated, and 1.5 times less than every
//    300, whose etas did; with the LU of the z block alone, basis_block_lu.h, every 60
//    and every 30 were no cheaper a pivot on the 20- and 80-cube pyramids).
// The path also ends when z0 falls to a fifth of answer_tolerance, as the dense one does.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include "lcp/lemke_pivoting.h"
#include "lcp/sparse_lemke_basis.h"

namespace contactlab {

struct SparsePathSettings {
  int max_pivots = 1;             // basis exchanges, z0's entry included
  double pivot_tolerance = 1e-9;  // relative to |d|_inf
  double answer_tolerance = 0;    // how far below zero the scaled w may end, >= 0
  double feasibility_cap = std::numeric_limits<double>::infinity();
  const std::vector<char>* start_basis = nullptr;  // null, or singular: the slack basis
  // A path that ends solved refactorises its final basis for fresh values of z. False:
  // its values are the etas' (finite, checked after every pivot), for a caller that
  // solves the final basis afresh on its own (sparse_lemke.h's step 3) and reads the
  // path's z only after a restart: one sparse LU fewer a path.
  bool fresh_end_values = true;
};

// Buffers reused between runs; they only grow.
struct SparsePathWorkspace {
  SparseLemkeBasis basis;
  Eigen::VectorXd direction;
  std::vector<std::uint64_t> visited;  // hashes of the bases the path went through
  Eigen::VectorXd z;                   // z of the final basis (z0 dropped)
  std::vector<char> z_is_basic;        // z_j basic in the final basis
};

// Runs the path on (M, q) (already scaled to numbers of order one by the caller).
// On every end but NumericalFailure, workspace.z and z_is_basic hold the final basis's
// z (from a fresh factorisation where the path ended solved, unless
// settings.fresh_end_values is false); the caller solves that basis afresh and checks
// it with its certificate.
PivotingEnd run_sparse_lemke_path(const Eigen::SparseMatrix<double>& matrix, const Eigen::VectorXd& offset,
                                  const SparsePathSettings& settings, SparsePathWorkspace& workspace,
                                  int& pivots);

}  // namespace contactlab

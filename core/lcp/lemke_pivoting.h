// The complementary pivoting path of Lemke's method (seed 002 eq. 21) on the augmented
// system  w - M z - d z0 = q  (lemke_basis.h), from the slack basis (d = e) or from a
// given complementary basis B_0 (d = B_0 1: "warm-started" Lemke, whose first pivot is
// the slack start's in B_0's coordinates).
//
// Contact LCPs are degenerate on a massive scale (the four loaded corners of a face,
// friction and sliding rows whose q is zero) and carry tiny physical perturbations
// (velocities of 1e-10 m/s, contact points a nanometre off a plane) that turn exact
// ties into near-ties and exact zeros into pivots of 1e-8. The path is made robust to
// both with decisions taken at the scale of the data:
//  - a candidate pivot d_i counts only above pivot_tolerance |B^-1_{i,:}|_1 |a|_inf, the
//    size that rounding can give it;
//  - the ratio test has two passes (Harris): the step is limited by the smallest
//    ratio (max(x_i, 0) + delta) / d_i, delta a feasibility tolerance of 1e-10 of the
//    largest basic value, and every blocking row whose ratio max(x_i, 0) / d_i is
//    within that limit is a tie. A blocking row may so fall below zero by delta, never
//    further, and degenerate rows (x_i near zero) all tie. A leaving row a little below
//    zero (within 1e-9 of the largest basic value) is a degenerate zero: it is set to
//    0 by moving q accordingly (LemkeBasis::move_value_to_zero) rather than left with
//    a step back that would push the other rows down;
//  - among ties, z0 leaves if it can; pivots below 1% of the largest tied pivot are
//    passed over (they would make B nearly singular); the rest are decided by the
//    lexicographic rule (the minimum of the rows (B^-1)_{i,:} / d_i, compared with a
//    tolerance relative to each row's size), which keeps degenerate paths from cycling;
//  - a path that comes back to an almost complementary basis it has left, with the same
//    variable entering, is cycling (the rules above decide at the scale of the data,
//    not exactly, so degeneracy can still make them go round): it ends there rather
//    than go round to the pivot limit. The bases are told apart by a Zobrist hash (a
//    64-bit key per variable, XOR-ed in and out as it enters and leaves);
//  - B^-1 is factorised afresh (lemke_basis.h) when its rank-one updates have passed
//    through entries 1e4 times larger than it now has (a nearly singular basis on the
//    way leaves their rounding behind), every 100 pivots, and before a ray is believed;
//    the final basic values come from a fresh factorisation with a step of iterative
//    refinement.
// The path also ends when z0 falls to a fifth of answer_tolerance: the almost
// complementary point (z0 dropped) then satisfies w >= -z0, within the caller's
// certificate, and the pivots that remain would only resolve perturbations below it.
// Of that point and the complementary one a pivot of z0 away, the one that falls less
// below zero is the answer.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "lcp/lemke_basis.h"

namespace contactlab {

struct PivotingSettings {
  int max_pivots = 1;             // basis exchanges, z0's entry included
  double pivot_tolerance = 1e-9;  // relative to the rounding scale of a pivot (above)
  double answer_tolerance = 0;    // how far below zero the scaled w may end, >= 0
  // At most this, on the scaled values, for the feasibility tolerance and ten times
  // it for a degenerate zero (above), which are otherwise relative to the largest
  // basic value: a restart that has to resolve what those left (lemke.h) sets it
  // below answer_tolerance.
  double feasibility_cap = std::numeric_limits<double>::infinity();
  // The complementary basis to start from (z_j basic where start_basis[j]), with the
  // covering vector B_0 1 (lemke_basis.h); null, or singular: the slack basis and e.
  const std::vector<char>* start_basis = nullptr;
};

enum class PivotingEnd {
  Solved,            // z0 left, or fell within the answer tolerance
  RayTermination,    // the entering column is blocked by no row (on a fresh factorisation)
  PivotLimit,        // max_pivots reached
  Cycling,           // the path came back to a basis it had left (above)
  NumericalFailure,  // non-finite values
};

// Buffers reused between runs; they only grow.
struct PivotingWorkspace {
  LemkeBasis basis;
  std::vector<double> direction;        // d = B^-1 a for the entering column a
  std::vector<double> direction_noise;  // the rounding scale of each d_i
  std::vector<char> blocking;           // per row: it blocks the entering column
  std::vector<int> tied_rows;
  std::vector<double> row_scale;        // per tied row: max(|x_i|, |B^-1_{i,:}|_1) / d_i
  std::vector<double> z;                // the scaled answer (see run_lemke_pivoting)
  std::vector<char> z_is_basic;         // z_j basic in the final complementary basis
  std::vector<std::uint64_t> visited;  // hashes of the bases the path went through, in order
};

// Runs Lemke's method on the scaled problem, from the slack basis with the covering
// vector e or from settings.start_basis. `pivots` counts
// every basis exchange, the first one (z0 entering) included. On every end but
// NumericalFailure, workspace.z holds the z of the final basis (at a ray, at the pivot
// limit or where it cycled: of the last almost complementary point, z0 dropped) and workspace.z_is_basic
// its basic z's (where the path ended early with z0 small: those of the complementary
// basis a pivot of z0 away); the caller checks the answer with its certificate.
PivotingEnd run_lemke_pivoting(const ScaledLcp& lcp, const PivotingSettings& settings,
                               PivotingWorkspace& workspace, int& pivots);

}  // namespace contactlab

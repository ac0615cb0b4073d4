// The equality rows of maximal coordinates (maximal_joints.h: joints and couplings;
// maximal_motion.h: the motors' soft rows) eliminated along the tree, seed 002 eqs.
// (20)-(21) as equality_elimination.h poses them,
//
//   Y = M^-1 H^T,   G = H Y + C,   v_free += Y G^-1 (t - H v_free),
//   M^-1 -= Y G^-1 Y^T,
//
// but with G factored sparsely. M^-1 is block-diagonal (one 6 x 6 block per link)
// and a row moves one or two links (a joint's child and parent; a coupling four at
// most), so G(r, s) is zero unless rows r and s move a common link. Ordered joint by
// joint from the last link to the first (every child after its parent in the tree, so
// leaves first), with the couplings last, the rows of G that remain when a joint is
// eliminated all move its parent link and so are already coupled to each other: the
// sparse LDL^T (Eigen's SimplicialLDLT in that order) creates no fill beyond the
// couplings' rows, and its cost grows with the links, as Baraff's linear-time
// factorisation of the joint system does (D. Baraff, "Linear-time dynamics using
// Lagrange multipliers", SIGGRAPH 1996). G^-1 Y^T for the dense M_c^-1 the contact
// problem takes costs one sparse solve per link velocity, O(n) each, so forming M_c^-1
// grows as n^2, with its size; the dense elimination grew as n^3.
//
// Rows that depend on others (two couplings that repeat each other) leave a pivot of
// the factor at or below kDependentPivot times G's largest diagonal entry; the dense
// path (equality_elimination.h) chooses which of them to keep, so this one leaves such
// rows, and a G that is not finite, to it. Plain loops in a fixed order apart from
// Eigen's sparse factor and solves, which are scalar loops too.
#pragma once

#include <array>
#include <vector>

#include <Eigen/Core>
#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>

namespace contactlab {

// Eigen's factor can be neither copied nor moved; a workspace copied (a vector of them
// grown) starts without one, as scratch, and factors again at its next elimination.
struct TreeFactor {
  TreeFactor() = default;
  TreeFactor(const TreeFactor&) {}
  TreeFactor& operator=(const TreeFactor&) { return *this; }
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>, Eigen::Lower, Eigen::NaturalOrdering<int>> ldlt;
};

// What one elimination along the tree keeps: the rows in elimination order (place p
// holds row order[p]), the places of the rows moving each link, Y's non-zeros packed
// link by link (6 x the rows moving the link, from column link_start[link]), G's
// entries, diagonal and matrix (lower triangle, by place), its factor, t - H v_free
// and G^-1 (t - H v_free) by place, Y^T and G^-1 Y^T (m x n, rows by place).
struct TreeElimination {
  std::vector<int> order;
  std::vector<std::vector<int>> link_rows;
  std::vector<int> link_start;
  Eigen::MatrixXd mobility;
  std::vector<Eigen::Triplet<double>> entries;
  Eigen::VectorXd diagonal;
  Eigen::SparseMatrix<double> gram;
  TreeFactor factor;
  Eigen::VectorXd correction;
  Eigen::VectorXd multiplier;
  Eigen::MatrixXd rhs;
  Eigen::MatrixXd solved;
};

// The rows H (m x 6 links) with, per row, the links it moves (-1: none; repeats
// allowed), compliance C (m, >= 0: 0 a hard row), key (m: rows of larger key are
// eliminated first; a joint's rows and its motor's take the child link's index, a
// coupling -1) and t - H v_free (m). `inverse_mass`: block-diagonal M^-1 on entry,
// M^-1 keeping the rows on return; `free_velocity` likewise. Returns false, both left
// as they were, when a pivot marks dependent rows or G is not finite (the dense path's
// to decide).
bool eliminate_rows_along_tree(const Eigen::MatrixXd& rows, const std::vector<std::array<int, 4>>& row_links,
                               const Eigen::VectorXd& compliance, const std::vector<int>& key,
                               const Eigen::VectorXd& correction, TreeElimination& ws,
                               Eigen::VectorXd& free_velocity, Eigen::MatrixXd& inverse_mass);

}  // namespace contactlab

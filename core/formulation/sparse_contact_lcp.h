// Seed 002's LCP (contact_lcp.h) of an island posed sparsely (island_size.h: free bodies,
// no joint or torsion rows, past the dense cap), for the sparse Lemke solver
// (lcp/sparse_lemke.h):
//
//   w = (G + N) z + g,   z = [c_n; beta; lambda]
//
// with G's entries only for the pairs of contacts that share a body (W_ce from the
// frame Jacobians, contact_rows.h's contact_gram_block) and N's mu~, E~ and -E~^T. Every
// stored entry is the number build_contact_lcp writes at the same place, so memory grows
// with the contacts and the pairs of contacts on a body, not with n^2.
#pragma once

#include <vector>

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include "contact/contact_rows.h"

namespace contactlab {

struct SparseContactLcp {
  Eigen::SparseMatrix<double> matrix;  // G + N, column-major
  Eigen::VectorXd offset;              // g
  // Scratch: the contacts on each member, and the contacts sharing one with a contact.
  std::vector<std::vector<int>> member_contacts;
  std::vector<int> coupled;
  std::vector<int> seen;
  std::vector<Eigen::Triplet<double>> triplets;
};

// (rows, v_free) => (G + N, g); with_friction false: the frictionless problem of the
// normal rows alone, z = [c_n] (contact_lcp.h's build_frictionless_lcp).
void build_sparse_contact_lcp(const IslandRows& rows, const Eigen::VectorXd& free_velocity, bool with_friction,
                              SparseContactLcp& lcp);

}  // namespace contactlab

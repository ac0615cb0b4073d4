#include "formulation/sparse_contact_lcp.h"

#include <algorithm>

namespace contactlab {

namespace {

// The contacts that share a member with contact e, ascending, into lcp.coupled.
void gather_coupled_contacts(const IslandRows& rows, int e, SparseContactLcp& lcp) {
  lcp.coupled.clear();
  for (int side = 2 * e; side < 2 * e + 2; ++side) {
    const int member = rows.frame_jacobians[side].member;
    if (member < 0) continue;
    for (int c : lcp.member_contacts[member]) {
      if (lcp.seen[c] == e) continue;
      lcp.seen[c] = e;
      lcp.coupled.push_back(c);
    }
  }
  std::sort(lcp.coupled.begin(), lcp.coupled.end());
}

void index_member_contacts(const IslandRows& rows, SparseContactLcp& lcp) {
  int members = 0;
  for (const MemberJacobian& side : rows.frame_jacobians) members = std::max(members, side.member + 1);
  lcp.member_contacts.resize(members);
  for (std::vector<int>& contacts : lcp.member_contacts) contacts.clear();
  for (int c = 0; c < rows.contact_count; ++c) {
    for (int side = 2 * c; side < 2 * c + 2; ++side) {
      const int member = rows.frame_jacobians[side].member;
      if (member >= 0 && (side == 2 * c || member != rows.frame_jacobians[2 * c].member)) {
        lcp.member_contacts[member].push_back(c);
      }
    }
  }
  lcp.seen.assign(rows.contact_count, -1);
}

void add_entry(int row, int col, double value, SparseContactLcp& lcp) {
  if (value != 0) lcp.triplets.emplace_back(row, col, value);
}

// The entries of G for contacts c (rows) and e (columns), as contact_lcp.cpp's
// write_contact_block writes them: the normal-friction entry (beta_c, e) from W_ec.
void add_contact_pair(const IslandRows& rows, int c, int e, bool with_friction, SparseContactLcp& lcp) {
  const Mat3 w = contact_gram_block(rows, c, e);
  add_entry(c, e, w(0, 0), lcp);
  if (!with_friction) return;
  const int u = rows.friction_edges;
  const Mat3 transposed = contact_gram_block(rows, e, c);
  for (int i = 0; i < u; ++i) {
    add_entry(rows.friction_column(c, i), e, transposed(0, 1) * rows.edge_cos[i] + transposed(0, 2) * rows.edge_sin[i],
              lcp);
  }
  for (int j = 0; j < u; ++j) {
    const double cos_j = rows.edge_cos[j];
    const double sin_j = rows.edge_sin[j];
    const int beta_e = rows.friction_column(e, j);
    add_entry(c, beta_e, w(0, 1) * cos_j + w(0, 2) * sin_j, lcp);
    const double along_t1 = w(1, 1) * cos_j + w(1, 2) * sin_j;
    const double along_t2 = w(2, 1) * cos_j + w(2, 2) * sin_j;
    for (int i = 0; i < u; ++i) {
      add_entry(rows.friction_column(c, i), beta_e, rows.edge_cos[i] * along_t1 + rows.edge_sin[i] * along_t2, lcp);
    }
  }
}

}  // namespace

void build_sparse_contact_lcp(const IslandRows& rows, const Eigen::VectorXd& free_velocity, bool with_friction,
                              SparseContactLcp& lcp) {
  const int k = rows.contact_count;
  const int u = with_friction ? rows.friction_edges : 0;
  const int m = rows.column_count();  // c_n and beta (no limits here)
  const int size = with_friction ? m + k : k;
  index_member_contacts(rows, lcp);
  lcp.triplets.clear();
  for (int e = 0; e < k; ++e) {
    gather_coupled_contacts(rows, e, lcp);
    for (int c : lcp.coupled) add_contact_pair(rows, c, e, with_friction, lcp);
  }
  lcp.offset.resize(size);
  for (int c = 0; c < k; ++c) {
    const Vec3 velocity = rows.frame_velocity(c, free_velocity);
    lcp.offset[c] = velocity.x() - rows.target_velocity[c];
    if (!with_friction) continue;
    const int lambda = m + c;
    add_entry(lambda, c, rows.friction_coefficient[c], lcp);  // mu~
    for (int j = 0; j < u; ++j) {
      const int beta = rows.friction_column(c, j);
      lcp.triplets.emplace_back(beta, lambda, 1.0);   // E~
      lcp.triplets.emplace_back(lambda, beta, -1.0);  // -E~^T
      lcp.offset[beta] = rows.edge_cos[j] * velocity.y() + rows.edge_sin[j] * velocity.z();
    }
    lcp.offset[lambda] = 0;
  }
  lcp.matrix.resize(size, size);
  lcp.matrix.setFromTriplets(lcp.triplets.begin(), lcp.triplets.end());
}

}  // namespace contactlab

#include "contact_lcp.h"

namespace contactlab {

void build_contact_lcp(const IslandRows& rows, const std::vector<Vec6>& free_velocity,
                       ContactLcp& lcp) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const int m = rows.column_count();  // c_n and beta
  const int size = m + k;             // and lambda
  lcp.matrix.setZero(size, size);
  lcp.offset.resize(size);

  // H^T M^-1 H from the contact-frame blocks; blocks of uncoupled contacts stay zero.
  for (int c = 0; c < k; ++c) {
    for (int e = 0; e < k; ++e) {
      if (!rows.contacts_coupled[c * k + e]) continue;
      lcp.matrix(c, e) = rows.normal_normal(c, e);
      for (int j = 0; j < u; ++j) {
        const int beta_e = rows.friction_column(e, j);
        lcp.matrix(c, beta_e) = rows.normal_friction(c, e, j);
        lcp.matrix(beta_e, c) = lcp.matrix(c, beta_e);  // symmetric
        for (int i = 0; i < u; ++i) {
          lcp.matrix(rows.friction_column(c, i), beta_e) = rows.friction_friction(c, i, e, j);
        }
      }
    }
  }
  for (int c = 0; c < k; ++c) {
    const int lambda = m + c;
    lcp.matrix(lambda, c) = rows.friction_coefficient[c];  // mu~
    for (int j = 0; j < u; ++j) {
      const int beta = rows.friction_column(c, j);
      lcp.matrix(beta, lambda) = 1;    // E~
      lcp.matrix(lambda, beta) = -1;   // -E~^T
    }
  }

  for (int c = 0; c < k; ++c) {
    lcp.offset[c] = rows.columns[c].velocity(free_velocity) - rows.target_velocity[c];
  }
  for (int i = k; i < m; ++i) lcp.offset[i] = rows.columns[i].velocity(free_velocity);
  for (int c = 0; c < k; ++c) lcp.offset[m + c] = 0;
}

void build_frictionless_lcp(const IslandRows& rows, const std::vector<Vec6>& free_velocity,
                            ContactLcp& lcp) {
  const int k = rows.contact_count;
  lcp.matrix.resize(k, k);
  for (int c = 0; c < k; ++c) {
    for (int e = 0; e < k; ++e) lcp.matrix(c, e) = rows.normal_normal(c, e);
  }
  lcp.offset.resize(k);
  for (int c = 0; c < k; ++c) {
    lcp.offset[c] = rows.columns[c].velocity(free_velocity) - rows.target_velocity[c];
  }
}

void apply_impulses(const IslandRows& rows, const Eigen::VectorXd& z, int impulse_count,
                    std::vector<Vec6>& velocity) {
  for (int i = 0; i < impulse_count; ++i) {
    if (z[i] != 0) rows.columns[i].apply_impulse(z[i], velocity);
  }
}

}  // namespace contactlab

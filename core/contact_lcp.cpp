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
    const Vec3 velocity = rows.frame_velocity(c, free_velocity);
    lcp.offset[c] = velocity.x() - rows.target_velocity[c];
    for (int j = 0; j < u; ++j) {
      lcp.offset[rows.friction_column(c, j)] = rows.edge_cos[j] * velocity.y() + rows.edge_sin[j] * velocity.z();
    }
    lcp.offset[m + c] = 0;
  }
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
    lcp.offset[c] = rows.frame_velocity(c, free_velocity).x() - rows.target_velocity[c];
  }
}

Vec3 frame_impulse(const IslandRows& rows, const Eigen::VectorXd& z, int contact,
                   bool with_friction) {
  Vec3 impulse(z[contact], 0, 0);
  if (!with_friction) return impulse;
  for (int j = 0; j < rows.friction_edges; ++j) {
    const double beta = z[rows.friction_column(contact, j)];
    impulse.y() += beta * rows.edge_cos[j];
    impulse.z() += beta * rows.edge_sin[j];
  }
  return impulse;
}

void apply_impulses(const IslandRows& rows, const Eigen::VectorXd& z, bool with_friction,
                    std::vector<Vec6>& velocity) {
  for (int c = 0; c < rows.contact_count; ++c) {
    rows.apply_frame_impulse(c, frame_impulse(rows, z, c, with_friction), velocity);
  }
}

}  // namespace contactlab

#include "formulation/contact_lcp.h"

namespace contactlab {

namespace {

// The (1 + u) x (1 + u) entries of H^T M^-1 H for contacts c (rows) and e (columns),
// from their frame block W_ce: d_i^T W d_j with d = (0, cos, sin) in the frame. Zero
// when the contacts share no body. The normal-friction entries go to both triangles.
void write_contact_block(const IslandRows& rows, int c, int e, Eigen::MatrixXd& matrix) {
  const int u = rows.friction_edges;
  if (!rows.contacts_coupled[c * rows.contact_count + e]) {
    matrix(c, e) = 0;
    for (int j = 0; j < u; ++j) {
      const int beta_e = rows.friction_column(e, j);
      matrix(c, beta_e) = 0;
      matrix(beta_e, c) = 0;
      for (int i = 0; i < u; ++i) matrix(rows.friction_column(c, i), beta_e) = 0;
    }
    return;
  }
  const Mat3& w = rows.block(c, e);
  matrix(c, e) = w(0, 0);
  for (int j = 0; j < u; ++j) {
    const double cos_j = rows.edge_cos[j];
    const double sin_j = rows.edge_sin[j];
    const int beta_e = rows.friction_column(e, j);
    matrix(c, beta_e) = w(0, 1) * cos_j + w(0, 2) * sin_j;
    matrix(beta_e, c) = matrix(c, beta_e);  // symmetric
    const double along_t1 = w(1, 1) * cos_j + w(1, 2) * sin_j;  // (W d_j)_t1
    const double along_t2 = w(2, 1) * cos_j + w(2, 2) * sin_j;  // (W d_j)_t2
    for (int i = 0; i < u; ++i) {
      matrix(rows.friction_column(c, i), beta_e) = rows.edge_cos[i] * along_t1 + rows.edge_sin[i] * along_t2;
    }
  }
}

// The entries of the limit rows: against contacts (normal and friction columns, both
// triangles) and against each other.
void write_limit_entries(const IslandRows& rows, Eigen::MatrixXd& matrix) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  for (int l = 0; l < rows.limit_count; ++l) {
    const int row = rows.limit_column(l);
    for (int e = 0; e < k; ++e) {
      const Vec3& entry = rows.limit_contact[l * k + e];
      matrix(row, e) = matrix(e, row) = entry.x();
      for (int j = 0; j < u; ++j) {
        const int beta_e = rows.friction_column(e, j);
        matrix(row, beta_e) = matrix(beta_e, row) =
            entry.y() * rows.edge_cos[j] + entry.z() * rows.edge_sin[j];
      }
    }
    for (int m = 0; m < rows.limit_count; ++m) {
      matrix(row, rows.limit_column(m)) = rows.limit_limit(l, m);
    }
  }
}

}  // namespace

void build_contact_lcp(const IslandRows& rows, const Eigen::VectorXd& free_velocity,
                       ContactLcp& lcp) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const int m = rows.column_count();  // c_n, c_l and beta
  const int size = m + k;             // and lambda
  lcp.matrix.resize(size, size);
  lcp.offset.resize(size);

  // Every entry is written once: H^T M^-1 H block by block, then the lambda rows
  // and columns.
  for (int c = 0; c < k; ++c) {
    for (int e = 0; e < k; ++e) {
      write_contact_block(rows, c, e, lcp.matrix);
    }
  }
  write_limit_entries(rows, lcp.matrix);
  lcp.matrix.rightCols(k).setZero();
  lcp.matrix.bottomRows(k).setZero();
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
  for (int l = 0; l < rows.limit_count; ++l) {
    lcp.offset[rows.limit_column(l)] = rows.limit_velocity(l, free_velocity) - rows.limits[l].target_velocity;
  }
}

void build_frictionless_lcp(const IslandRows& rows, const Eigen::VectorXd& free_velocity,
                            ContactLcp& lcp) {
  const int k = rows.contact_count;
  const int n = rows.normal_count();
  lcp.matrix.resize(n, n);
  for (int c = 0; c < k; ++c) {
    for (int e = 0; e < k; ++e) lcp.matrix(c, e) = rows.normal_normal(c, e);
  }
  for (int l = 0; l < rows.limit_count; ++l) {
    const int row = rows.limit_column(l);
    for (int e = 0; e < k; ++e) lcp.matrix(row, e) = lcp.matrix(e, row) = rows.limit_contact[l * k + e].x();
    for (int m = 0; m < rows.limit_count; ++m) {
      lcp.matrix(row, rows.limit_column(m)) = rows.limit_limit(l, m);
    }
  }
  lcp.offset.resize(n);
  for (int c = 0; c < k; ++c) {
    lcp.offset[c] = rows.frame_velocity(c, free_velocity).x() - rows.target_velocity[c];
  }
  for (int l = 0; l < rows.limit_count; ++l) {
    lcp.offset[rows.limit_column(l)] = rows.limit_velocity(l, free_velocity) - rows.limits[l].target_velocity;
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
                    Eigen::VectorXd& velocity) {
  for (int c = 0; c < rows.contact_count; ++c) {
    rows.apply_frame_impulse(c, frame_impulse(rows, z, c, with_friction), velocity);
  }
  for (int l = 0; l < rows.limit_count; ++l) {
    rows.apply_limit_impulse(l, z[rows.limit_column(l)], velocity);
  }
}

}  // namespace contactlab

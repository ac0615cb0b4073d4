#include "formulation/contact_lcp.h"

#include "formulation/joint_friction_lcp.h"
#include "formulation/torsion_lcp.h"

namespace contactlab {

namespace {

// The (1 + u) x (1 + u) entries of H^T M^-1 H for contacts c (rows) and e (columns),
// from their frame block W_ce: d_i^T W d_j with d = (0, cos, sin) in the frame. Zero
// when the contacts share no body. The normal-friction entries go to both triangles.
void write_contact_block(const IslandRows& rows, int c, int e, Eigen::Map<Eigen::MatrixXd>& matrix) {
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

// The unknown of joint row r: a limit's column of H, or joint friction row f's tau+
// at first_friction + f.
int joint_unknown(const IslandRows& rows, int r, int first_friction) {
  return r < rows.limit_count ? rows.limit_column(r) : first_friction + r - rows.limit_count;
}

// The entries of the joint rows (limits and friction rows' tau+): against contacts
// (normal and, with_edges, friction columns, both triangles) and against each other.
void write_joint_entries(const IslandRows& rows, int first_friction, bool with_edges,
                         Eigen::Map<Eigen::MatrixXd>& matrix) {
  const int k = rows.contact_count;
  const int u = with_edges ? rows.friction_edges : 0;
  const int joint_rows = rows.joint_row_count();
  for (int l = 0; l < joint_rows; ++l) {
    const int row = joint_unknown(rows, l, first_friction);
    for (int e = 0; e < k; ++e) {
      const Vec3& entry = rows.limit_contact[l * k + e];
      matrix(row, e) = matrix(e, row) = entry.x();
      for (int j = 0; j < u; ++j) {
        const int beta_e = rows.friction_column(e, j);
        matrix(row, beta_e) = matrix(beta_e, row) =
            entry.y() * rows.edge_cos[j] + entry.z() * rows.edge_sin[j];
      }
    }
    for (int m = 0; m < joint_rows; ++m) {
      matrix(row, joint_unknown(rows, m, first_friction)) = rows.limit_limit(l, m);
    }
  }
}

// g of the joint rows: sign qdot_j at v_free minus the target (0 for friction rows).
void write_joint_offsets(const IslandRows& rows, const Eigen::VectorXd& free_velocity,
                         int first_friction, Eigen::VectorXd& offset) {
  for (int l = 0; l < rows.joint_row_count(); ++l) {
    offset[joint_unknown(rows, l, first_friction)] =
        rows.limit_velocity(l, free_velocity) - rows.limits[l].target_velocity;
  }
}

// The torsion rows' p+ (torsion_lcp.h), at `first`, against every unknown before them
// (c_n, c_l, beta, lambda and the joint friction rows' split) and each other, both
// triangles, and their offsets s_t^T v_free (target 0).
void write_torsion_entries(const IslandRows& rows, const Eigen::VectorXd& free_velocity, int first,
                           Eigen::Map<Eigen::MatrixXd>& matrix, Eigen::VectorXd& offset) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const int count = rows.torsion_count;
  const int friction_unknowns = rows.joint_friction_count;
  const int first_friction = joint_friction_unknown(rows, true);
  matrix.middleRows(first, count).leftCols(first).setZero();
  matrix.middleCols(first, count).topRows(first).setZero();
  for (int t = 0; t < count; ++t) {
    const int row = first + t;
    for (int e = 0; e < k; ++e) {
      if (!rows.contacts_coupled[rows.torsion[t].contact * k + e]) continue;
      const Vec3& entry = rows.torsion_contact_entry(t, e);
      matrix(row, e) = matrix(e, row) = entry.x();
      for (int j = 0; j < u; ++j) {
        const int beta_e = rows.friction_column(e, j);
        matrix(row, beta_e) = matrix(beta_e, row) =
            entry.y() * rows.edge_cos[j] + entry.z() * rows.edge_sin[j];
      }
    }
    for (int l = 0; l < rows.limit_count; ++l) {
      matrix(row, rows.limit_column(l)) = matrix(rows.limit_column(l), row) =
          rows.joint_torsion_entry(l, t);
    }
    // Joint friction: tau+ along e_j, tau- along -e_j; their sigma has no velocity.
    for (int f = 0; f < friction_unknowns; ++f) {
      const double entry = rows.joint_torsion_entry(rows.friction_row(f), t);
      matrix(row, first_friction + f) = matrix(first_friction + f, row) = entry;
      matrix(row, first_friction + friction_unknowns + f) =
          matrix(first_friction + friction_unknowns + f, row) = -entry;
    }
    for (int r = 0; r < count; ++r) matrix(row, first + r) = rows.torsion_torsion_entry(t, r);
    offset[row] = rows.torsion_velocity(t, free_velocity);
  }
}

}  // namespace

void build_contact_lcp(const IslandRows& rows, const Eigen::VectorXd& free_velocity,
                       ContactLcp& lcp) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const int m = rows.column_count();  // c_n, c_l and beta
  const int first_friction = joint_friction_unknown(rows, true);  // after lambda
  const int first_torsion = torsion_unknown(rows);                 // after the joint friction
  const int size = first_torsion + 3 * rows.torsion_count;
  lcp.resize(size);
  Eigen::Map<Eigen::MatrixXd> matrix = lcp.matrix();

  // Every entry is written once: H^T M^-1 H block by block, then the lambda rows
  // and columns, then the joint friction rows' split (joint_friction_lcp.h), then the
  // torsion rows and their split (torsion_lcp.h).
  for (int c = 0; c < k; ++c) {
    for (int e = 0; e < k; ++e) {
      write_contact_block(rows, c, e, matrix);
    }
  }
  matrix.block(0, m, first_friction + rows.joint_friction_count, k).setZero();
  matrix.block(m, 0, k, first_friction + rows.joint_friction_count).setZero();
  write_joint_entries(rows, first_friction, true, matrix);
  for (int c = 0; c < k; ++c) {
    const int lambda = m + c;
    matrix(lambda, c) = rows.friction_coefficient[c];  // mu~
    for (int j = 0; j < u; ++j) {
      const int beta = rows.friction_column(c, j);
      matrix(beta, lambda) = 1;    // E~
      matrix(lambda, beta) = -1;   // -E~^T
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
  write_joint_offsets(rows, free_velocity, first_friction, lcp.offset);
  split_joint_friction(rows, first_friction, matrix, lcp.offset);
  if (rows.torsion_count == 0) return;
  write_torsion_entries(rows, free_velocity, first_torsion, matrix, lcp.offset);
  split_torsion_lcp(rows, first_torsion, matrix, lcp.offset);
}

void build_frictionless_lcp(const IslandRows& rows, const Eigen::VectorXd& free_velocity,
                            ContactLcp& lcp) {
  const int k = rows.contact_count;
  const int first_friction = joint_friction_unknown(rows, false);
  const int size = first_friction + 3 * rows.joint_friction_count;
  lcp.resize(size);
  Eigen::Map<Eigen::MatrixXd> matrix = lcp.matrix();
  for (int c = 0; c < k; ++c) {
    for (int e = 0; e < k; ++e) matrix(c, e) = rows.normal_normal(c, e);
  }
  write_joint_entries(rows, first_friction, false, matrix);
  for (int c = 0; c < k; ++c) {
    lcp.offset[c] = rows.frame_velocity(c, free_velocity).x() - rows.target_velocity[c];
  }
  write_joint_offsets(rows, free_velocity, first_friction, lcp.offset);
  split_joint_friction(rows, first_friction, matrix, lcp.offset);
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
  const int first_friction = joint_friction_unknown(rows, with_friction);
  for (int f = 0; f < rows.joint_friction_count; ++f) {
    rows.apply_limit_impulse(rows.friction_row(f),
                             joint_friction_impulse(rows, z, first_friction, f), velocity);
  }
  if (!with_friction) return;
  for (int t = 0; t < rows.torsion_count; ++t) {
    rows.apply_torsion_impulse(t, torsion_impulse(rows, z, torsion_unknown(rows), t), velocity);
  }
}

}  // namespace contactlab

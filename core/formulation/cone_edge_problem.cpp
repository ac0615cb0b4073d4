#include "formulation/cone_edge_problem.h"

namespace contactlab {
namespace {

// The u x u entries e_ci^T W_ce e_ej of contacts c (rows) and e (columns): W e_ej once
// per column, then one three-term dot per entry.
void write_contact_pair(const IslandRows& rows, int c, int e, Eigen::MatrixXd& gram) {
  const int u = rows.friction_edges;
  const int row0 = c * u;
  const int column0 = e * u;
  if (!rows.contacts_coupled[c * rows.contact_count + e]) {
    gram.block(row0, column0, u, u).setZero();
    return;
  }
  const Mat3& w = rows.block(c, e);
  const double mu_c = rows.friction_coefficient[c];
  const double mu_e = rows.friction_coefficient[e];
  for (int j = 0; j < u; ++j) {
    const double t1 = mu_e * rows.edge_cos[j];
    const double t2 = mu_e * rows.edge_sin[j];
    const double along_n = w(0, 0) + w(0, 1) * t1 + w(0, 2) * t2;  // (W e_ej)_n
    const double along_t1 = mu_c * (w(1, 0) + w(1, 1) * t1 + w(1, 2) * t2);
    const double along_t2 = mu_c * (w(2, 0) + w(2, 1) * t1 + w(2, 2) * t2);
    double* column = gram.data() + static_cast<Eigen::Index>(column0 + j) * gram.rows() + row0;
    for (int i = 0; i < u; ++i) {
      column[i] = along_n + rows.edge_cos[i] * along_t1 + rows.edge_sin[i] * along_t2;
    }
  }
}

// Joint rows (limits and friction rows) against the rays and against each other, both
// triangles alike.
void write_limit_gram_entries(const IslandRows& rows, Eigen::MatrixXd& gram) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const int first_limit = k * u;
  for (int l = 0; l < rows.joint_row_count(); ++l) {
    const int row = first_limit + l;
    for (int e = 0; e < k; ++e) {
      const Vec3& entry = rows.limit_contact[l * k + e];  // l^T M^-1 J_e^T in e's frame
      for (int j = 0; j < u; ++j) {
        const double value = entry.dot(edge_ray(rows, e, j));
        gram(row, e * u + j) = value;
        gram(e * u + j, row) = value;
      }
    }
    for (int m = l; m < rows.joint_row_count(); ++m) {
      gram(row, first_limit + m) = gram(first_limit + m, row) = rows.limit_limit(l, m);
    }
  }
}

// Torsion rows against the rays, the joint rows and each other, both triangles alike.
void write_torsion_gram_entries(const IslandRows& rows, Eigen::MatrixXd& gram) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const int first_limit = k * u;
  const int first = edge_torsion_unknown(rows);
  for (int t = 0; t < rows.torsion_count; ++t) {
    const int row = first + t;
    for (int e = 0; e < k; ++e) {
      const Vec3& entry = rows.torsion_contact_entry(t, e);  // s^T M^-1 J_e^T in e's frame
      for (int j = 0; j < u; ++j) {
        const double value = entry.dot(edge_ray(rows, e, j));
        gram(row, e * u + j) = value;
        gram(e * u + j, row) = value;
      }
    }
    for (int l = 0; l < rows.joint_row_count(); ++l) {
      gram(row, first_limit + l) = gram(first_limit + l, row) = rows.joint_torsion_entry(l, t);
    }
    for (int r = 0; r < rows.torsion_count; ++r) gram(row, first + r) = rows.torsion_torsion_entry(t, r);
  }
}

}  // namespace

void build_edge_gram(const IslandRows& rows, Eigen::MatrixXd& gram) {
  const int size = edge_unknown_count(rows);
  const int edge_count = rows.contact_count * rows.friction_edges;
  gram.resize(size, size);
  // The upper triangle of blocks (c <= e), then the lower one mirrored from it, so
  // that the matrix is exactly symmetric.
  for (int e = 0; e < rows.contact_count; ++e) {
    for (int c = 0; c <= e; ++c) write_contact_pair(rows, c, e, gram);
  }
  for (int j = 0; j < edge_count; ++j) {
    for (int i = j + 1; i < edge_count; ++i) gram(i, j) = gram(j, i);
  }
  write_limit_gram_entries(rows, gram);
  write_torsion_gram_entries(rows, gram);
}

void edge_gram_diagonal(const IslandRows& rows, Eigen::VectorXd& diagonal) {
  const int u = rows.friction_edges;
  diagonal.resize(edge_unknown_count(rows));
  for (int c = 0; c < rows.contact_count; ++c) {
    const Mat3& w = rows.block(c, c);
    for (int j = 0; j < u; ++j) {
      const Vec3 ray = edge_ray(rows, c, j);
      diagonal[c * u + j] = ray.dot(w * ray);
    }
  }
  for (int l = 0; l < rows.joint_row_count(); ++l) {
    diagonal[rows.contact_count * u + l] = rows.limit_limit(l, l);
  }
  for (int t = 0; t < rows.torsion_count; ++t) {
    diagonal[edge_torsion_unknown(rows) + t] = rows.torsion_torsion_entry(t, t);
  }
}

void edge_row_velocities(const IslandRows& rows, const Eigen::VectorXd& velocity,
                         Eigen::VectorXd& out) {
  const int u = rows.friction_edges;
  out.resize(edge_unknown_count(rows));
  for (int c = 0; c < rows.contact_count; ++c) {
    const Vec3 frame = rows.frame_velocity(c, velocity);
    const double mu = rows.friction_coefficient[c];
    for (int j = 0; j < u; ++j) {
      out[c * u + j] =
          frame.x() + mu * (rows.edge_cos[j] * frame.y() + rows.edge_sin[j] * frame.z());
    }
  }
  for (int l = 0; l < rows.joint_row_count(); ++l) {
    out[rows.contact_count * u + l] = rows.limit_velocity(l, velocity);
  }
  for (int t = 0; t < rows.torsion_count; ++t) {
    out[edge_torsion_unknown(rows) + t] = rows.torsion_velocity(t, velocity);
  }
}

void edge_impulses(const IslandRows& rows, const Eigen::VectorXd& z, IslandImpulses& impulses) {
  const int u = rows.friction_edges;
  impulses.reset(rows.contact_count, rows.limit_count, rows.joint_friction_count);
  for (int c = 0; c < rows.contact_count; ++c) {
    double normal = 0;
    double along_t1 = 0;
    double along_t2 = 0;
    for (int j = 0; j < u; ++j) {
      const double beta = z[c * u + j];
      normal += beta;
      along_t1 += beta * rows.edge_cos[j];
      along_t2 += beta * rows.edge_sin[j];
    }
    const double mu = rows.friction_coefficient[c];
    impulses.contact[c] = Vec3(normal, mu * along_t1, mu * along_t2);
  }
  for (int l = 0; l < rows.limit_count; ++l) {
    impulses.limit[l] = z[rows.contact_count * u + l];
  }
  for (int f = 0; f < rows.joint_friction_count; ++f) {
    impulses.joint_friction[f] = z[edge_friction_unknown(rows) + f];
  }
  for (int t = 0; t < rows.torsion_count; ++t) {
    impulses.torsion[rows.torsion[t].contact] = z[edge_torsion_unknown(rows) + t];
  }
}

void apply_island_impulses(const IslandRows& rows, const IslandImpulses& impulses,
                           Eigen::VectorXd& velocity) {
  for (int c = 0; c < rows.contact_count; ++c) {
    rows.apply_frame_impulse(c, impulses.contact[c], velocity);
  }
  for (int l = 0; l < rows.limit_count; ++l) {
    rows.apply_limit_impulse(l, impulses.limit[l], velocity);
  }
  for (int f = 0; f < rows.joint_friction_count; ++f) {
    rows.apply_limit_impulse(rows.friction_row(f), impulses.joint_friction[f], velocity);
  }
  for (int t = 0; t < rows.torsion_count; ++t) {
    rows.apply_torsion_impulse(t, impulses.torsion[rows.torsion[t].contact], velocity);
  }
}

}  // namespace contactlab

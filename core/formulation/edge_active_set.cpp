#include "formulation/edge_active_set.h"

#include <cmath>
#include <limits>

#include "formulation/cone_edge_problem.h"

namespace contactlab {
namespace {

// S_c^-1 counts as usable when det S_c exceeds this fraction of the product of its
// diagonal (Hadamard's bound): the active rays span the frame well.
constexpr double kFrameConditioning = 1e-9;

// The inverse of a symmetric 3x3 matrix by its adjugate; false when it is too close
// to singular (above).
bool invert_symmetric(const Mat3& s, Mat3& inverse) {
  const double c00 = s(1, 1) * s(2, 2) - s(1, 2) * s(2, 1);
  const double c01 = s(1, 2) * s(2, 0) - s(1, 0) * s(2, 2);
  const double c02 = s(1, 0) * s(2, 1) - s(1, 1) * s(2, 0);
  const double det = s(0, 0) * c00 + s(0, 1) * c01 + s(0, 2) * c02;
  if (!(det > kFrameConditioning * s(0, 0) * s(1, 1) * s(2, 2))) return false;
  const double c11 = s(0, 0) * s(2, 2) - s(0, 2) * s(2, 0);
  const double c12 = s(0, 2) * s(1, 0) - s(0, 0) * s(1, 2);
  const double c22 = s(0, 0) * s(1, 1) - s(0, 1) * s(1, 0);
  inverse << c00, c01, c02, c01, c11, c12, c02, c12, c22;
  inverse /= det;
  return true;
}

// E_c z_c: contact c's frame impulse.
Vec3 frame_impulse_of(const IslandRows& rows, const Eigen::VectorXd& z, int c) {
  const int u = rows.friction_edges;
  Vec3 impulse = Vec3::Zero();
  for (int j = 0; j < u; ++j) impulse += edge_ray(rows, c, j) * z[c * u + j];
  return impulse;
}

// A sticking frame's rays: beta >= 0 with E_c beta = p wherever p is in the pyramid.
// The tangential impulse, in units of the normal, t = p_t / mu = a d_j + b d_k on the
// best aligned ray j and its better neighbour k (a, b >= 0 in their sector); the rest
// p_n - a - b of the normal impulse goes evenly to all u rays.
void spread_over_pyramid(const IslandRows& rows, int c, const Vec3& p, Eigen::VectorXd& z) {
  const int u = rows.friction_edges;
  const double mu = rows.friction_coefficient[c];
  const double tx = p.y() / mu;
  const double ty = p.z() / mu;
  int best = 0;
  double best_alignment = -std::numeric_limits<double>::infinity();
  for (int j = 0; j < u; ++j) {
    const double alignment = rows.edge_cos[j] * tx + rows.edge_sin[j] * ty;
    if (alignment > best_alignment) {
      best_alignment = alignment;
      best = j;
    }
  }
  const int previous = (best + u - 1) % u;
  const int next = (best + 1) % u;
  const double previous_alignment = rows.edge_cos[previous] * tx + rows.edge_sin[previous] * ty;
  const double next_alignment = rows.edge_cos[next] * tx + rows.edge_sin[next] * ty;
  const int other = previous_alignment > next_alignment ? previous : next;
  const double cb = rows.edge_cos[best], sb = rows.edge_sin[best];
  const double co = rows.edge_cos[other], so = rows.edge_sin[other];
  const double det = cb * so - sb * co;
  const double a = (tx * so - ty * co) / det;
  const double b = (cb * ty - sb * tx) / det;
  const double share = (p.x() - a - b) / u;
  for (int j = 0; j < u; ++j) z[c * u + j] = share;
  z[c * u + best] += a;
  z[c * u + other] += b;
}

// (B) => each contact's form, the proximal weights and the reduced unknowns.
void choose_unknowns(const IslandRows& rows, const Eigen::VectorXd& regularisation,
                     const std::vector<char>& active, EdgeActiveSetWorkspace& ws) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const double delta = ws.proximal_scale;
  ws.form.assign(k, ContactForm::Open);
  ws.frame_diagonal.resize(k);
  ws.proximal_weight.setZero(static_cast<Eigen::Index>(active.size()));
  ws.unknown_contact.clear();
  ws.unknown_direction.clear();
  ws.unknown_row.clear();
  ws.first_unknown.assign(k + 1, 0);
  for (int c = 0; c < k; ++c) {
    ws.first_unknown[c] = static_cast<int>(ws.unknown_row.size());
    const Mat3& w = rows.block(c, c);
    int count = 0;
    int regularised = 0;
    Mat3 compliance = Mat3::Zero();  // S_c
    for (int j = 0; j < u; ++j) {
      const int row = c * u + j;
      if (!active[row]) continue;
      ++count;
      if (!(regularisation[row] > 0)) continue;
      ++regularised;
      const Vec3 ray = edge_ray(rows, c, j);
      compliance += ray * ray.transpose() / regularisation[row];
    }
    if (count == 0) continue;
    const bool spans = count >= 3 && rows.friction_coefficient[c] > 0;
    if (spans && regularised == count && invert_symmetric(compliance, ws.frame_diagonal[c])) {
      ws.form[c] = ContactForm::RegularisedFrame;
    } else if (spans && regularised == 0 && delta > 0) {
      ws.form[c] = ContactForm::StickingFrame;
      ws.frame_diagonal[c] = (delta * w.diagonal()).asDiagonal();
    } else {
      ws.form[c] = ContactForm::Rays;
    }
    if (ws.form[c] != ContactForm::Rays) {
      for (int axis = 0; axis < 3; ++axis) {
        ws.unknown_contact.push_back(c);
        ws.unknown_direction.push_back(Vec3::Unit(axis));
        ws.unknown_row.push_back(-1);
      }
      continue;
    }
    for (int j = 0; j < u; ++j) {
      const int row = c * u + j;
      if (!active[row]) continue;
      const Vec3 ray = edge_ray(rows, c, j);
      if (!(regularisation[row] > 0)) ws.proximal_weight[row] = delta * ray.dot(w * ray);
      ws.unknown_contact.push_back(c);
      ws.unknown_direction.push_back(ray);
      ws.unknown_row.push_back(row);
    }
  }
  ws.first_unknown[k] = static_cast<int>(ws.unknown_row.size());
  for (int l = 0; l < rows.joint_row_count(); ++l) {
    const int row = k * u + l;
    if (active[row] != kFree) continue;
    if (!(regularisation[row] > 0)) ws.proximal_weight[row] = delta * rows.limit_limit(l, l);
    ws.unknown_contact.push_back(-1);
    ws.unknown_direction.push_back(Vec3::Zero());
    ws.unknown_row.push_back(row);
  }
}

// The lower triangle of the reduced matrix: t_a^T W_ce t_b, plus the frame diagonal
// of a frame contact and r + rho on a ray or limit.
void build_reduced_matrix(const IslandRows& rows, const Eigen::VectorXd& regularisation,
                          EdgeActiveSetWorkspace& ws) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const int n = static_cast<int>(ws.unknown_row.size());
  const int contact_unknowns = ws.first_unknown[k];
  Eigen::MatrixXd& matrix = ws.matrix;
  matrix.setZero(n, n);

  // Contact against contact, with W_ce t_b once per (c, b).
  for (int b = 0; b < contact_unknowns; ++b) {
    const int e = ws.unknown_contact[b];
    for (int c = e; c < k; ++c) {
      if (!rows.contacts_coupled[c * k + e]) continue;
      const Vec3 image = rows.block(c, e) * ws.unknown_direction[b];
      const int first = c == e ? b : ws.first_unknown[c];
      for (int a = first; a < ws.first_unknown[c + 1]; ++a) {
        matrix(a, b) = ws.unknown_direction[a].dot(image);
      }
    }
  }
  // Joint rows against contacts and against each other.
  for (int a = contact_unknowns; a < n; ++a) {
    const int l = ws.unknown_row[a] - k * u;
    for (int b = 0; b < contact_unknowns; ++b) {
      matrix(a, b) = rows.limit_contact[l * k + ws.unknown_contact[b]].dot(ws.unknown_direction[b]);
    }
    for (int b = contact_unknowns; b <= a; ++b) {
      matrix(a, b) = rows.limit_limit(ws.unknown_row[b] - k * u, l);
    }
  }

  for (int c = 0; c < k; ++c) {
    if (ws.form[c] != ContactForm::RegularisedFrame && ws.form[c] != ContactForm::StickingFrame)
      continue;
    const int first = ws.first_unknown[c];
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j <= i; ++j) matrix(first + i, first + j) += ws.frame_diagonal[c](i, j);
    }
  }
  for (int a = 0; a < n; ++a) {
    const int row = ws.unknown_row[a];
    if (row >= 0) matrix(a, a) += regularisation[row] + ws.proximal_weight[row];
  }
}

// The right-hand side of each form (edge_active_set.h).
void build_right_hand_side(const IslandRows& rows, const Eigen::VectorXd& regularisation,
                           const Eigen::VectorXd& offset, const Eigen::VectorXd& center,
                           const std::vector<char>& active, EdgeActiveSetWorkspace& ws) {
  const int u = rows.friction_edges;
  Eigen::VectorXd& rhs = ws.solution;
  rhs.resize(static_cast<Eigen::Index>(ws.unknown_row.size()));
  for (int c = 0; c < rows.contact_count; ++c) {
    Vec3 right;
    if (ws.form[c] == ContactForm::RegularisedFrame) {
      Vec3 weighted = Vec3::Zero();
      for (int j = 0; j < u; ++j) {
        const int row = c * u + j;
        if (active[row]) weighted += edge_ray(rows, c, j) * (offset[row] / regularisation[row]);
      }
      right = -(ws.frame_diagonal[c] * weighted);
    } else if (ws.form[c] == ContactForm::StickingFrame) {
      // y_c from all u rows, then -y_c + rho_c p_k,c.
      double sum = 0, along_cos = 0, along_sin = 0;
      for (int j = 0; j < u; ++j) {
        const double q = offset[c * u + j];
        sum += q;
        along_cos += q * rows.edge_cos[j];
        along_sin += q * rows.edge_sin[j];
      }
      const double tangential_scale = 2.0 / (rows.friction_coefficient[c] * u);
      const Vec3 y(sum / u, along_cos * tangential_scale, along_sin * tangential_scale);
      right = -y + ws.frame_diagonal[c] * frame_impulse_of(rows, center, c);
    } else {
      continue;
    }
    for (int i = 0; i < 3; ++i) rhs[ws.first_unknown[c] + i] = right[i];
  }
  for (Eigen::Index a = 0; a < rhs.size(); ++a) {
    const int row = ws.unknown_row[a];
    if (row >= 0) rhs[a] = -(offset[row] - ws.proximal_weight[row] * center[row]);
  }
}

}  // namespace

bool factor_edge_active_set(const IslandRows& rows, const Eigen::VectorXd& regularisation,
                            double proximal_scale, const std::vector<char>& active,
                            EdgeActiveSetWorkspace& ws) {
  ws.proximal_scale = proximal_scale;
  choose_unknowns(rows, regularisation, active, ws);
  build_reduced_matrix(rows, regularisation, ws);
  return ws.factor.factor(ws.matrix);
}

void solve_edge_active_set(const IslandRows& rows, const Eigen::VectorXd& regularisation,
                           const Eigen::VectorXd& offset, const Eigen::VectorXd& center,
                           const std::vector<char>& active, EdgeActiveSetWorkspace& ws,
                           Eigen::VectorXd& z) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  build_right_hand_side(rows, regularisation, offset, center, active, ws);
  ws.factor.solve_in_place(ws.solution);
  const Eigen::VectorXd& x = ws.solution;

  // x => frame impulses p_c, and z of the ray and limit unknowns.
  z.setZero(offset.size());
  ws.frame_impulse.assign(k, Vec3::Zero());
  for (int a = 0; a < static_cast<int>(x.size()); ++a) {
    const int c = ws.unknown_contact[a];
    if (c >= 0) ws.frame_impulse[c] += ws.unknown_direction[a] * x[a];
    if (ws.unknown_row[a] >= 0) z[ws.unknown_row[a]] = x[a];
  }

  for (int c = 0; c < k; ++c) {
    if (ws.form[c] == ContactForm::StickingFrame) {
      spread_over_pyramid(rows, c, ws.frame_impulse[c], z);
      continue;
    }
    if (ws.form[c] != ContactForm::RegularisedFrame) continue;
    // beta_cj = -(q_cj + e_cj^T g_c) / r_cj, g_c = sum_e W_ce p_e + sum_l (l^T M^-1 J_c^T)^T c_l.
    Vec3 frame_velocity = Vec3::Zero();
    for (int e = 0; e < k; ++e) {
      if (rows.contacts_coupled[c * k + e])
        frame_velocity += rows.block(c, e) * ws.frame_impulse[e];
    }
    for (int l = 0; l < rows.joint_row_count(); ++l) {
      frame_velocity += rows.limit_contact[l * k + c] * z[k * u + l];
    }
    for (int j = 0; j < u; ++j) {
      const int row = c * u + j;
      if (!active[row]) continue;
      z[row] = -(offset[row] + edge_ray(rows, c, j).dot(frame_velocity)) / regularisation[row];
    }
  }
}

void proximal_shift(const IslandRows& rows, const Eigen::VectorXd& z, const Eigen::VectorXd& center,
                    const std::vector<char>& active, const EdgeActiveSetWorkspace& ws,
                    Eigen::VectorXd& shift) {
  const int u = rows.friction_edges;
  shift.resize(z.size());
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    shift[i] = active[i] ? ws.proximal_weight[i] * (z[i] - center[i]) : 0.0;
  }
  for (int c = 0; c < rows.contact_count; ++c) {
    if (ws.form[c] != ContactForm::StickingFrame) continue;
    const Vec3 pull =
        ws.frame_diagonal[c] * (frame_impulse_of(rows, z, c) - frame_impulse_of(rows, center, c));
    for (int j = 0; j < u; ++j) shift[c * u + j] = edge_ray(rows, c, j).dot(pull);
  }
}

}  // namespace contactlab

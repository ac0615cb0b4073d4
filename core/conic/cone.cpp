#include "conic/cone.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

namespace contactlab::conic {

namespace {

// ||u_1|| of the cone occupying rows offset .. offset + size - 1.
double tail_norm(const double* u, int offset, int size) {
  double sum = 0;
  for (int i = offset + 1; i < offset + size; ++i) sum += u[i] * u[i];
  return std::sqrt(sum);
}

// u_1^T v_1 of that cone.
double tail_dot(const double* u, const double* v, int offset, int size) {
  double sum = 0;
  for (int i = offset + 1; i < offset + size; ++i) sum += u[i] * v[i];
  return sum;
}

// u^T J u = (u_0 - ||u_1||)(u_0 + ||u_1||): the factored form keeps its relative accuracy
// near the boundary, where u_0^2 - ||u_1||^2 would cancel.
double hyperbolic_square(const double* u, int offset, int size) {
  const double tail = tail_norm(u, offset, size);
  return (u[offset] - tail) * (u[offset] + tail);
}

}  // namespace

ConeLayout make_cone_layout(int orthant_size, const std::vector<int>& cone_sizes) {
  ConeLayout cones;
  cones.orthant_size = orthant_size;
  cones.cone_sizes = cone_sizes;
  cones.cone_offsets.reserve(cone_sizes.size());
  int row = orthant_size;
  for (int size : cone_sizes) {
    cones.cone_offsets.push_back(row);
    row += size;
  }
  cones.dimension = row;
  return cones;
}

bool is_in_interior(const ConeLayout& cones, const Eigen::VectorXd& u) {
  for (int i = 0; i < cones.orthant_size; ++i) {
    if (!(u[i] > 0)) return false;
  }
  for (std::size_t k = 0; k < cones.cone_sizes.size(); ++k) {
    const int offset = cones.cone_offsets[k];
    if (!(u[offset] > tail_norm(u.data(), offset, cones.cone_sizes[k]))) return false;
  }
  return true;
}

double cone_violation(const ConeLayout& cones, const Eigen::VectorXd& u) {
  return std::max(0.0, boundary_shift(cones, u));
}

double boundary_shift(const ConeLayout& cones, const Eigen::VectorXd& u) {
  double shift = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < cones.orthant_size; ++i) shift = std::max(shift, -u[i]);
  for (std::size_t k = 0; k < cones.cone_sizes.size(); ++k) {
    const int offset = cones.cone_offsets[k];
    shift = std::max(shift, tail_norm(u.data(), offset, cones.cone_sizes[k]) - u[offset]);
  }
  return shift;
}

void add_identity(const ConeLayout& cones, double alpha, Eigen::VectorXd& u) {
  for (int i = 0; i < cones.orthant_size; ++i) u[i] += alpha;
  for (int offset : cones.cone_offsets) u[offset] += alpha;
}

void jordan_product(const ConeLayout& cones, const Eigen::VectorXd& u, const Eigen::VectorXd& v,
                    Eigen::VectorXd& out) {
  out.resize(cones.dimension);
  for (int i = 0; i < cones.orthant_size; ++i) out[i] = u[i] * v[i];
  for (std::size_t k = 0; k < cones.cone_sizes.size(); ++k) {
    const int offset = cones.cone_offsets[k];
    const int size = cones.cone_sizes[k];
    const double u0 = u[offset];
    const double v0 = v[offset];
    // (u^T v, u_0 v_1 + v_0 u_1)
    out[offset] = u0 * v0 + tail_dot(u.data(), v.data(), offset, size);
    for (int i = offset + 1; i < offset + size; ++i) out[i] = u0 * v[i] + v0 * u[i];
  }
}

void jordan_divide(const ConeLayout& cones, const Eigen::VectorXd& lambda,
                   const Eigen::VectorXd& v, Eigen::VectorXd& out) {
  out.resize(cones.dimension);
  for (int i = 0; i < cones.orthant_size; ++i) out[i] = v[i] / lambda[i];
  for (std::size_t k = 0; k < cones.cone_sizes.size(); ++k) {
    const int offset = cones.cone_offsets[k];
    const int size = cones.cone_sizes[k];
    const double l0 = lambda[offset];
    const double determinant = hyperbolic_square(lambda.data(), offset, size);
    // lambda_0 out_0 + lambda_1^T out_1 = v_0 and lambda_0 out_1 + out_0 lambda_1 = v_1
    const double out0 =
        (l0 * v[offset] - tail_dot(lambda.data(), v.data(), offset, size)) / determinant;
    out[offset] = out0;
    for (int i = offset + 1; i < offset + size; ++i) out[i] = (v[i] - out0 * lambda[i]) / l0;
  }
}

double max_step(const ConeLayout& cones, const Eigen::VectorXd& u, const Eigen::VectorXd& du) {
  double step = std::numeric_limits<double>::infinity();
  for (int i = 0; i < cones.orthant_size; ++i) {
    if (du[i] < 0) step = std::min(step, -u[i] / du[i]);
  }
  for (std::size_t k = 0; k < cones.cone_sizes.size(); ++k) {
    const int offset = cones.cone_offsets[k];
    const int size = cones.cone_sizes[k];
    const double square = hyperbolic_square(u.data(), offset, size);
    if (!(square > 0)) return 0;
    const double a = std::sqrt(square);
    // ubar = u / a; ubar^T J du
    const double ubar0 = u[offset] / a;
    const double j_product = (u[offset] * du[offset] - tail_dot(u.data(), du.data(), offset, size)) / a;
    const double rho0 = j_product / a;
    const double factor = (j_product + du[offset]) / (ubar0 + 1);
    double rho1_squared = 0;
    for (int i = offset + 1; i < offset + size; ++i) {
      const double rho1 = (du[i] - factor * (u[i] / a)) / a;
      rho1_squared += rho1 * rho1;
    }
    const double excess = std::sqrt(rho1_squared) - rho0;
    if (excess > 0) step = std::min(step, 1 / excess);
  }
  return step;
}

void set_identity_scaling(const ConeLayout& cones, NtScaling& scaling) {
  scaling.w.setZero(cones.dimension);
  scaling.lambda.setZero(cones.dimension);
  add_identity(cones, 1.0, scaling.w);
  add_identity(cones, 1.0, scaling.lambda);
  scaling.eta.assign(cones.cone_sizes.size(), 1.0);
}

bool update_nt_scaling(const ConeLayout& cones, const Eigen::VectorXd& s, const Eigen::VectorXd& z,
                       NtScaling& scaling) {
  scaling.w.resize(cones.dimension);
  scaling.lambda.resize(cones.dimension);
  scaling.eta.resize(cones.cone_sizes.size());
  for (int i = 0; i < cones.orthant_size; ++i) {
    if (!(s[i] > 0 && z[i] > 0)) return false;
    scaling.w[i] = std::sqrt(s[i] / z[i]);
    scaling.lambda[i] = std::sqrt(s[i] * z[i]);
  }
  for (std::size_t k = 0; k < cones.cone_sizes.size(); ++k) {
    const int offset = cones.cone_offsets[k];
    const int size = cones.cone_sizes[k];
    const double s_square = hyperbolic_square(s.data(), offset, size);
    const double z_square = hyperbolic_square(z.data(), offset, size);
    if (!(s[offset] > 0 && z[offset] > 0 && s_square > 0 && z_square > 0)) return false;
    const double s_scale = std::sqrt(s_square);
    const double z_scale = std::sqrt(z_square);
    // sbar^T zbar, then gamma and w = (sbar + J zbar) / (2 gamma)
    double normalised_dot = s[offset] * z[offset] + tail_dot(s.data(), z.data(), offset, size);
    normalised_dot /= s_scale * z_scale;
    const double gamma = std::sqrt((1 + normalised_dot) / 2);
    scaling.w[offset] = (s[offset] / s_scale + z[offset] / z_scale) / (2 * gamma);
    for (int i = offset + 1; i < offset + size; ++i) {
      scaling.w[i] = (s[i] / s_scale - z[i] / z_scale) / (2 * gamma);
    }
    scaling.eta[k] = std::sqrt(s_scale / z_scale);
  }
  apply_scaling(cones, scaling, z, scaling.lambda);
  return true;
}

void apply_scaling(const ConeLayout& cones, const NtScaling& scaling,
                   const Eigen::Ref<const Eigen::VectorXd>& in, Eigen::Ref<Eigen::VectorXd> out) {
  for (int i = 0; i < cones.orthant_size; ++i) out[i] = scaling.w[i] * in[i];
  for (std::size_t k = 0; k < cones.cone_sizes.size(); ++k) {
    const int offset = cones.cone_offsets[k];
    const int size = cones.cone_sizes[k];
    const double eta = scaling.eta[k];
    const double w0 = scaling.w[offset];
    const double v0 = in[offset];
    double tail = 0;  // w_1^T v_1
    for (int i = offset + 1; i < offset + size; ++i) tail += scaling.w[i] * in[i];
    // eta (w_0 v_0 + w_1^T v_1, v_1 + (v_0 + w_1^T v_1 / (1 + w_0)) w_1)
    const double factor = v0 + tail / (1 + w0);
    out[offset] = eta * (w0 * v0 + tail);
    for (int i = offset + 1; i < offset + size; ++i) {
      out[i] = eta * (in[i] + factor * scaling.w[i]);
    }
  }
}

void apply_inverse_scaling(const ConeLayout& cones, const NtScaling& scaling,
                           const Eigen::Ref<const Eigen::VectorXd>& in,
                           Eigen::Ref<Eigen::VectorXd> out) {
  for (int i = 0; i < cones.orthant_size; ++i) out[i] = in[i] / scaling.w[i];
  for (std::size_t k = 0; k < cones.cone_sizes.size(); ++k) {
    const int offset = cones.cone_offsets[k];
    const int size = cones.cone_sizes[k];
    const double eta = scaling.eta[k];
    const double w0 = scaling.w[offset];
    const double v0 = in[offset];
    double tail = 0;
    for (int i = offset + 1; i < offset + size; ++i) tail += scaling.w[i] * in[i];
    // J Wbar J v / eta = (w_0 v_0 - w_1^T v_1, v_1 + (w_1^T v_1 / (1 + w_0) - v_0) w_1) / eta
    const double factor = tail / (1 + w0) - v0;
    out[offset] = (w0 * v0 - tail) / eta;
    for (int i = offset + 1; i < offset + size; ++i) {
      out[i] = (in[i] + factor * scaling.w[i]) / eta;
    }
  }
}

}  // namespace contactlab::conic

// The cone K = R_+^l x Q^{m_1} x ... x Q^{m_N} of a conic program (the nonnegative orthant
// first, then second-order cones Q^m = {(t, y) in R x R^{m-1} : ||y|| <= t}), its Jordan
// algebra, its Nesterov–Todd scaling and the line search to its boundary. K is self-dual,
// so the multipliers z live in the same cone as the slacks s.
//
// Jordan algebra (L. Vandenberghe, "The CVXOPT linear and quadratic cone program solvers",
// 2010, section 1), identity e:
//   orthant  u o v = (u_i v_i),                     e = (1, ..., 1)
//   cone     u o v = (u^T v, u_0 v_1 + v_0 u_1),    e = (1, 0, ..., 0)
// Nesterov–Todd scaling (same report, section 4): the symmetric W with W z = W^-1 s = lambda,
//   orthant  W = diag(sqrt(s_i / z_i))
//   cone     W = eta Wbar,  eta = (s^T J s / z^T J z)^(1/4),  J = diag(1, -1, ..., -1),
//            sbar = s / sqrt(s^T J s),  zbar = z / sqrt(z^T J z),
//            gamma = sqrt((1 + sbar^T zbar) / 2),  w = (sbar + J zbar) / (2 gamma),
//            Wbar = [[w_0, w_1^T], [w_1, I + w_1 w_1^T / (1 + w_0)]],  Wbar^-1 = J Wbar J.
// A second-order cone of size 1 is the half-line t >= 0.
#pragma once

#include <vector>

#include <Eigen/Core>

namespace contactlab::conic {

// Where each cone sits in the rows of G, h, s and z.
struct ConeLayout {
  int orthant_size = 0;            // l: rows 0 .. l-1
  std::vector<int> cone_sizes;     // m_k of each second-order cone
  std::vector<int> cone_offsets;   // first row of each second-order cone
  int dimension = 0;               // l + sum m_k

  int degree() const { return orthant_size + static_cast<int>(cone_sizes.size()); }
};
// Sizes must already be valid (orthant_size >= 0, every cone size >= 1).
ConeLayout make_cone_layout(int orthant_size, const std::vector<int>& cone_sizes);

// u strictly inside K.
bool is_in_interior(const ConeLayout& cones, const Eigen::VectorXd& u);
// How far u is outside K: max(0, -u_i over the orthant, ||y|| - t over the cones).
double cone_violation(const ConeLayout& cones, const Eigen::VectorXd& u);
// The alpha for which u + alpha e lies on the boundary of K: max(-u_i, ||y|| - t).
// Negative when u is interior; -infinity for an empty cone.
double boundary_shift(const ConeLayout& cones, const Eigen::VectorXd& u);
// u += alpha e.
void add_identity(const ConeLayout& cones, double alpha, Eigen::VectorXd& u);

// out = u o v.
void jordan_product(const ConeLayout& cones, const Eigen::VectorXd& u, const Eigen::VectorXd& v,
                    Eigen::VectorXd& out);
// out = lambda \ v, the solution of lambda o out = v, for lambda strictly inside K:
//   cone  out_0 = (lambda_0 v_0 - lambda_1^T v_1) / (lambda_0^2 - ||lambda_1||^2),
//         out_1 = (v_1 - out_0 lambda_1) / lambda_0.
void jordan_divide(const ConeLayout& cones, const Eigen::VectorXd& lambda,
                   const Eigen::VectorXd& v, Eigen::VectorXd& out);

// Largest alpha >= 0 with u + alpha du in K, for u strictly inside K (+infinity when the
// whole ray stays inside). A cone is mapped by the Lorentz transformation taking
// ubar = u / sqrt(u^T J u) to e, after which e + alpha rho is in K exactly while
// alpha (||rho_1|| - rho_0) <= 1:
//   rho_0 = ubar^T J du / a,  rho_1 = (du_1 - (ubar^T J du + du_0) / (ubar_0 + 1) ubar_1) / a,
//   a = sqrt(u^T J u).
double max_step(const ConeLayout& cones, const Eigen::VectorXd& u, const Eigen::VectorXd& du);

// W and lambda = W z for one pair (s, z).
struct NtScaling {
  Eigen::VectorXd w;          // orthant: sqrt(s_i / z_i); cone k: the vector w of Wbar
  std::vector<double> eta;    // eta of each second-order cone
  Eigen::VectorXd lambda;     // W z = W^-1 s
};
// W = I, lambda = e (the scaling used for the starting point).
void set_identity_scaling(const ConeLayout& cones, NtScaling& scaling);
// Returns false, leaving scaling unspecified, unless s and z are strictly inside K.
bool update_nt_scaling(const ConeLayout& cones, const Eigen::VectorXd& s, const Eigen::VectorXd& z,
                       NtScaling& scaling);
// out = W in and out = W^-1 in; out may be the same vector as in. Both accept columns of
// a column-major matrix.
void apply_scaling(const ConeLayout& cones, const NtScaling& scaling,
                   const Eigen::Ref<const Eigen::VectorXd>& in, Eigen::Ref<Eigen::VectorXd> out);
void apply_inverse_scaling(const ConeLayout& cones, const NtScaling& scaling,
                           const Eigen::Ref<const Eigen::VectorXd>& in,
                           Eigen::Ref<Eigen::VectorXd> out);

}  // namespace contactlab::conic

// One contact's term of the soft formulation's primal cost with the elliptic cone
// (soft_island.h, options.soft_cone = 1), the velocity-space form of its dual term:
//
//   l(y) = max over p in K of  -p^T y - 1/2 p^T R p,   K = {mu p_n >= ||p_t||},
//
// y = J_c v - v*_c [m/s] the contact's frame velocity past its reference, R = diag(R_n,
// R_t1, R_t2) > 0 its regulariser [m/s per N s]. l is convex and once differentiable,
// its gradient -p(y) with p(y) the maximiser (the contact's impulse [N s]), and it has
// three zones (as MuJoCo's elliptic cone, docs "Computation", Todorov 2014):
//   - top, y in the dual cone K* = {y_n >= mu ||y_t||}: p = 0, l = 0;
//   - bottom, p0 = -R^-1 y inside K: p = p0, l = 1/2 y^T R^-1 y, Hessian R^-1;
//   - middle, otherwise: p on the cone's surface, ||p_t|| = mu p_n > 0.
// MuJoCo scales R so that the middle zone's p is the cone's nearest point in closed
// form; here R_t1 and R_t2 differ (eps diag(A), each the contact's own), and the
// middle zone's p comes from the stationarity of -p^T y - 1/2 p^T R p - lambda (||p_t||
// - mu p_n): with rho = ||p_t|| = mu p_n,
//   p_n = rho / mu,   p_i = -y_i rho / d_i(rho),   d_i = (R_i + R_n / mu^2) rho + y_n / mu,
// and rho the root of F(rho) = sum_i y_i^2 / d_i(rho)^2 - 1 (i = t1, t2), strictly
// decreasing and convex where every d_i > 0, so Newton's method from a point left of
// the root climbs to it without overshooting. (lambda = (rho R_n / mu + y_n) / mu >= 0
// holds exactly outside the bottom zone.) The middle zone's Hessian, -dp/dy, follows
// from differentiating the stationarity on the surface (R + t G) p + y = 0, p^T G p =
// 0, with G = diag(-mu^2, 1, 1) and t = lambda / rho:
//   H = Z (Z^T B Z)^-1 Z^T,   B = R + t G,   Z = [p, (0, -p_t2, p_t1)],
// the surface's tangent plane at p; Z^T B Z is positive definite there (its
// determinant exceeds R_n p_n^2 times a positive number), so H is positive
// semidefinite, of rank 2. A contact without friction (mu = 0) keeps p_n >= 0 alone:
// l = 1/2 min(y_n, 0)^2 / R_n.
#pragma once

#include "base/math_types.h"

namespace contactlab {

enum class EllipticZone { Top, Bottom, Middle };

struct EllipticConeCost {
  double value = 0;                  // l(y)
  Vec3 impulse = Vec3::Zero();       // p(y) = -grad l
  Mat3 hessian = Mat3::Zero();       // d^2 l / dy^2 (in the zone's interior), when asked for
  EllipticZone zone = EllipticZone::Top;
  double surface_radius = 0;         // rho = ||p_t|| in the middle zone
};

// (y, diag R, mu) => l, p and, with `hessian`, its Hessian. False when the middle
// zone's root was not found (a non-finite input) or, with `hessian`, when its Z^T B Z
// is not positive definite (round-off).
bool elliptic_cone_cost(const Vec3& y, const Vec3& regularisation, double mu, bool hessian,
                        EllipticConeCost& cost);

// The Hessian at y of a cost elliptic_cone_cost found there without it: the same matrix,
// bit for bit, as it finds with `hessian` (the Newton method forms H_c only where it
// builds H, not at every point it evaluates). False as elliptic_cone_cost's.
bool elliptic_cone_hessian(const Vec3& y, const Vec3& regularisation, double mu, const EllipticConeCost& cost,
                           Mat3& hessian);

}  // namespace contactlab

#include "formulation/elliptic_cone_cost.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

constexpr int kSurfaceRootIterations = 100;

// The middle zone's rho: the root of F(rho) = sum_i y_i^2 / d_i^2 - 1 by Newton's method
// from the larger of two points where F >= 0 (the header's), given ||y_t||. Zero when
// not found.
double surface_root(const Vec3& y, double tangential, const Vec3& r, double mu) {
  const double normal_part = y.x() / mu;       // y_n / mu
  const double normal_weight = r.x() / (mu * mu);  // R_n / mu^2
  const double c1 = r.y() + normal_weight;
  const double c2 = r.z() + normal_weight;
  // d_i <= c_max rho + y_n / mu = ||y_t|| there, so F >= 0.
  double rho = (tangential - normal_part) / std::max(c1, c2);
  // Approaching (y_n < 0): lambda = 0 there, d_i = R_i rho > 0 and p0 outside K, F > 0.
  if (y.x() < 0) rho = std::max(rho, -y.x() * mu / r.x());
  const double highest = (tangential - normal_part) / std::min(c1, c2);
  for (int iteration = 0; iteration < kSurfaceRootIterations; ++iteration) {
    const double d1 = c1 * rho + normal_part;
    const double d2 = c2 * rho + normal_part;
    const double q1 = y.y() / d1;
    const double q2 = y.z() / d2;
    const double residual = q1 * q1 + q2 * q2 - 1;  // F
    if (residual <= 0) return rho;
    const double slope = -2 * (q1 * q1 * c1 / d1 + q2 * q2 * c2 / d2);  // F'
    const double next = std::min(highest, rho - residual / slope);
    if (!(next > rho)) return rho;  // no progress left at round-off
    rho = next;
  }
  return std::isfinite(rho) ? rho : 0.0;
}

}  // namespace

bool elliptic_cone_hessian(const Vec3& y, const Vec3& r, double mu, const EllipticConeCost& cost, Mat3& hessian) {
  hessian.setZero();
  if (cost.zone == EllipticZone::Top) return true;
  if (!(mu > 0)) {  // p_n >= 0 alone
    hessian(0, 0) = 1 / r.x();
    return true;
  }
  if (cost.zone == EllipticZone::Bottom) {
    hessian.diagonal() = r.cwiseInverse();
    return true;
  }
  const Vec3& p = cost.impulse;
  const double normal_part = y.x() / mu;
  const double normal_weight = r.x() / (mu * mu);
  const double t = normal_weight + normal_part / cost.surface_radius;  // lambda / rho
  const Vec3 b(r.x() - t * mu * mu, r.y() + t, r.z() + t);  // B = R + t G
  Eigen::Matrix<double, 3, 2> z;  // the surface's tangent plane at p
  z.col(0) = p;
  z.col(1) = Vec3(0, -p.z(), p.y());
  const Eigen::Matrix2d reduced = z.transpose() * b.asDiagonal() * z;
  const double det = reduced(0, 0) * reduced(1, 1) - reduced(0, 1) * reduced(1, 0);
  if (!(det > 0)) return false;
  Eigen::Matrix2d inverse;
  inverse << reduced(1, 1), -reduced(0, 1), -reduced(1, 0), reduced(0, 0);
  hessian.noalias() = z * (inverse / det) * z.transpose();
  return true;
}

bool elliptic_cone_cost(const Vec3& y, const Vec3& r, double mu, bool hessian, EllipticConeCost& cost) {
  if (!(mu > 0)) {  // p_n >= 0 alone
    const double normal = std::max(0.0, -y.x() / r.x());
    cost.impulse = Vec3(normal, 0, 0);
    cost.value = 0.5 * normal * normal * r.x();
    cost.zone = normal > 0 ? EllipticZone::Bottom : EllipticZone::Top;
    if (hessian) elliptic_cone_hessian(y, r, mu, cost, cost.hessian);
    return std::isfinite(cost.value);
  }
  // ||.|| as sqrt(a^2 + b^2), not std::hypot (which guards against overflow past 1e154,
  // far from any velocity or impulse here, at several times the cost).
  const double tangential = std::sqrt(y.y() * y.y() + y.z() * y.z());
  if (y.x() >= mu * tangential) {
    cost.impulse.setZero();
    cost.value = 0;
    cost.zone = EllipticZone::Top;
    if (hessian) cost.hessian.setZero();
    return true;
  }
  const Vec3 unconstrained = -y.cwiseQuotient(r);  // p0 = -R^-1 y
  if (mu * unconstrained.x() >=
      std::sqrt(unconstrained.y() * unconstrained.y() + unconstrained.z() * unconstrained.z())) {
    cost.impulse = unconstrained;
    cost.value = -0.5 * y.dot(unconstrained);
    cost.zone = EllipticZone::Bottom;
    if (hessian) elliptic_cone_hessian(y, r, mu, cost, cost.hessian);
    return std::isfinite(cost.value);
  }
  const double rho = surface_root(y, tangential, r, mu);
  if (!(rho > 0) || !std::isfinite(rho)) return false;
  const double normal_part = y.x() / mu;
  const double normal_weight = r.x() / (mu * mu);
  cost.impulse = Vec3(rho / mu, -y.y() * rho / ((r.y() + normal_weight) * rho + normal_part),
                      -y.z() * rho / ((r.z() + normal_weight) * rho + normal_part));
  cost.value = -cost.impulse.dot(y) - 0.5 * cost.impulse.dot(r.cwiseProduct(cost.impulse));
  cost.zone = EllipticZone::Middle;
  cost.surface_radius = rho;
  if (hessian && !elliptic_cone_hessian(y, r, mu, cost, cost.hessian)) return false;
  return std::isfinite(cost.value) && cost.impulse.allFinite();
}

}  // namespace contactlab

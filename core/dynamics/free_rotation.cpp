#include "dynamics/free_rotation.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

// Newton's Jacobian I + (h/2)([w]x I - [I w]x) is positive definite while
// (h/2) |w| lambda_max / lambda_min < 1; substeps keep that product below this.
constexpr double kTurnLimit = 0.5;
constexpr int kMaxSubsteps = 4096;
constexpr int kNewtonIterations = 16;
constexpr double kNewtonTolerance = 1e-14;  // relative to |L|
constexpr double kSmallestCosine = 1e-6;    // of half the turn

Mat3 cross_matrix(const Vec3& v) {
  Mat3 m;
  m << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
  return m;
}

// Substeps for a body of momentum |L|: |w| <= |I^-1|_F |L|, lambda_max <= |I|_F and
// 1 / lambda_min <= |I^-1|_F bound the product above.
int substep_count(const Mat3& inertia, const Mat3& inverse, double momentum, double h) {
  const double inverse_norm = inverse.norm();
  const double product = 0.5 * h * momentum * inverse_norm * inverse_norm * inertia.norm();
  if (!(product <= kTurnLimit * kMaxSubsteps)) return kMaxSubsteps;  // also NaN
  return std::max(1, static_cast<int>(std::ceil(product / kTurnLimit)));
}

// w_m of the implicit midpoint rule: I w + (h/2) w x I w = L (body frame).
Vec3 midpoint_velocity(const Mat3& inertia, const Mat3& inverse, const Vec3& momentum, double h) {
  const double half = 0.5 * h;
  const double tolerance = kNewtonTolerance * momentum.norm();
  Vec3 w = inverse * momentum;
  for (int i = 0; i < kNewtonIterations; ++i) {
    const Vec3 spin_momentum = inertia * w;
    const Vec3 residual = spin_momentum + half * w.cross(spin_momentum) - momentum;
    if (residual.norm() <= tolerance) break;
    const Mat3 jacobian = inertia + half * (cross_matrix(w) * inertia - cross_matrix(spin_momentum));
    w -= jacobian.inverse() * residual;
  }
  return w;
}

// cay(h w) as a unit quaternion: the rotation about w by 2 atan(h |w| / 2), the turn
// of eq. (10)-(11)'s normalised update (integrate.h).
Quat cayley(const Vec3& turn_vector) {
  Quat q(1, 0.5 * turn_vector.x(), 0.5 * turn_vector.y(), 0.5 * turn_vector.z());
  q.normalize();
  return q;
}

}  // namespace

FreeRotation free_rotation(const Body& body, const Quat& orientation, const Vec3& angular_velocity,
                           double time_step) {
  FreeRotation result;
  result.angular_velocity = result.turn_velocity = angular_velocity;
  const Mat3& inertia = body.inertia;
  // At rest, or with equal principal moments (I = lambda 1: w x I w = 0, a sphere or a
  // cube), w stays as it is and the body turns by eq. (10)-(11) on w: the midpoint
  // rule's own answer, taken without Newton's iterations.
  const bool isotropic = inertia.isDiagonal(0) && inertia(0, 0) == inertia(1, 1) && inertia(1, 1) == inertia(2, 2);
  if (isotropic || angular_velocity.isZero(0)) return result;
  const Mat3 inverse = inertia.inverse();
  Vec3 momentum = inertia * (orientation.conjugate() * angular_velocity);  // L_b
  const int substeps = substep_count(inertia, inverse, momentum.norm(), time_step);
  const double h = time_step / substeps;
  Quat body_turn = Quat::Identity();  // R^-1 R', body frame
  for (int s = 0; s < substeps; ++s) {
    const Quat turn = cayley(h * midpoint_velocity(inertia, inverse, momentum, h));
    momentum = turn.conjugate() * momentum;  // L_b' = cay(h w_m)^T L_b
    body_turn = body_turn * turn;
  }
  const Quat end = (orientation * body_turn).normalized();
  // The world turn (cos(a/2), sin(a/2) u) is cay(h w_t) for w_t = (2/h) tan(a/2) u;
  // a turn by almost pi (only at absurd spins and steps) is taken a little short.
  Quat turn = end * orientation.conjugate();
  if (turn.w() < 0) turn.coeffs() = -turn.coeffs();
  result.turn_velocity = (2 / time_step) * turn.vec() / std::max(turn.w(), kSmallestCosine);
  result.angular_velocity = end * (inverse * momentum);
  return result;
}

}  // namespace contactlab

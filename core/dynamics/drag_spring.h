// The pull of a body grabbed with the mouse (docs/page.md, "Drag to perturb"): a
// spring-damper from a point fixed on the body to a target point in the world, as
// MuJoCo's viewer perturbs a body. Its stiffness follows the pulled mass m, and it is
// critically damped for that mass:
//   k = m omega^2,  c = 2 m omega,  omega = min(kDragAngularFrequency, kDragStepRate / h),
//   F = k (target - p) - c p_dot,  p = x + R r,  p_dot = v + w x (R r),
// with x the centre of mass, R the orientation, r the grabbed point in the body frame
// and (v, w) the body's velocity, all at the start of the step. F acts at p: the body
// wrench (F, (p - x) x F). The step applies it explicitly, as it applies gravity, so a
// body held still feels exactly F; omega's cap keeps that stable at long steps h (the
// pull's period stays over 25 steps). The quasi-static model keeps no momentum to
// damp: c = 0, and k = m min(omega^2, eps_q / h^2), under which a step closes at most
// the whole gap (its step moves a body by h^2 F / (eps_q m)). A robot link pulls its
// subtree: m is the mass of the link and every link below it.
#pragma once

#include "base/math_types.h"
#include "base/options.h"
#include "dynamics/model.h"

namespace contactlab {

// omega [rad/s]: a grabbed point settles on a still target in about 4 / omega = 0.2 s,
// and a box resting on ground of friction mu stops mu g / omega^2 short of it
// (12 mm at mu = 0.5).
inline constexpr double kDragAngularFrequency = 20.0;
// omega h at most this [rad per step].
inline constexpr double kDragStepRate = 0.25;

struct DragSpring {
  int body = -1;               // the grabbed body (model index); -1: nothing grabbed
  Vec3 point = Vec3::Zero();   // r: the grabbed point, body frame, from the centre of mass [m]
  Vec3 target = Vec3::Zero();  // world [m]
  double mass = 0;             // m [kg]
};

// The mass a drag of `body` pulls: the body's, or for a robot link its subtree's [kg].
double drag_mass(const Model& model, int body);

// The grabbed point in the world, p = x + R r [m].
Vec3 drag_point(const DragSpring& drag, const Vec3& position, const Quat& orientation);

// k and c for a step of options.time_step under options.formulation [N/m, N s/m].
struct DragGains {
  double stiffness = 0;
  double damping = 0;
};
DragGains drag_gains(const DragSpring& drag, const Options& options);

// The spring-damper's body wrench (F, (p - x) x F) at the body's pose (x, R) and
// velocity (v, w) [N, N m]; zero when nothing is grabbed.
Vec6 drag_wrench(const DragSpring& drag, const Options& options, const Vec3& position, const Quat& orientation,
                 const Vec3& linear_velocity, const Vec3& angular_velocity);

}  // namespace contactlab

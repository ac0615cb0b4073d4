#include "dynamics/pd_controller.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

Status validate_pd_gains(const PdGains& gains) {
  if (!(gains.stiffness >= 0) || !std::isfinite(gains.stiffness)) {
    return Status::failure("pd gains: stiffness (Kp) must be finite and >= 0");
  }
  if (!(gains.damping >= 0) || !std::isfinite(gains.damping)) {
    return Status::failure("pd gains: damping (Kd) must be finite and >= 0");
  }
  if (!(gains.max_torque > 0)) {
    return Status::failure("pd gains: max_torque (tau_max) must be > 0 (or infinity)");
  }
  return Status::success();
}

PdTorque pd_torque(const PdGains& gains, const PdSetPoint& set_point, double position,
                   double velocity) {
  // (q_ref - q, qd_ref - qd) => Kp (q_ref - q) + Kd (qd_ref - qd) + tau_ff, clamped.
  const double unclamped = gains.stiffness * (set_point.position - position) +
                           gains.damping * (set_point.velocity - velocity) +
                           set_point.feed_forward;
  PdTorque result;
  result.saturated = std::abs(unclamped) > gains.max_torque;
  result.torque = std::min(gains.max_torque, std::max(-gains.max_torque, unclamped));
  return result;
}

ImplicitPdTerms implicit_pd_terms(const PdGains& gains, const PdSetPoint& set_point,
                                  double position, double velocity, double time_step) {
  const double h = time_step;
  ImplicitPdTerms terms;
  // tau' = Kp (q_ref - q - h v') + Kd (qd_ref - v') + tau_ff
  //      = [Kp (q_ref - q) + Kd qd_ref + tau_ff] - (h Kp + Kd) v'.
  const double constant_part = gains.stiffness * (set_point.position - position) +
                               gains.damping * set_point.velocity + set_point.feed_forward;
  const double slope = h * gains.stiffness + gains.damping;  // h Kp + Kd
  // tau_est = tau' at v' = qd.
  const double estimate = constant_part - slope * velocity;
  if (std::abs(estimate) > gains.max_torque) {
    // A constant +-tau_max for this step.
    terms.saturated = true;
    terms.impulse = h * (estimate > 0 ? gains.max_torque : -gains.max_torque);
    return terms;
  }
  terms.diagonal = h * slope;  // h Kd + h^2 Kp
  terms.impulse = h * constant_part;
  return terms;
}

ImplicitPdTerms explicit_pd_terms(const PdGains& gains, const PdSetPoint& set_point,
                                  double position, double velocity, double time_step) {
  const PdTorque explicit_torque = pd_torque(gains, set_point, position, velocity);
  ImplicitPdTerms terms;
  terms.impulse = time_step * explicit_torque.torque;
  terms.saturated = explicit_torque.saturated;
  return terms;
}

double implicit_pd_torque(const ImplicitPdTerms& terms, double time_step, double new_velocity) {
  return (terms.impulse - terms.diagonal * new_velocity) / time_step;
}

}  // namespace contactlab

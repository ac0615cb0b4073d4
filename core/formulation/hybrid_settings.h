// The hybrid formulation's parameters, read from Options (base/options.h: hybrid_*),
// and the constants it does not expose.
#pragma once

#include <algorithm>

#include "base/options.h"
#include "formulation/impact_reset_map.h"
#include "dynamics/dormand_prince.h"

namespace contactlab {

// A contact's normal or slip speed at or below this counts as at rest [m/s].
constexpr double kHybridRestingSpeed = 1e-9;
// f_idle [N]: a contact between two moving bodies carrying less than this is let go
// (the two move alike without it: a cradle's balls struck together), and one against
// a static body only once lambda_n < -f_idle (at rest with no load, lcp_wall's cart
// against the wall, the least-norm lambda is rounding noise of either sign;
// hybrid_release_force in hybrid_transitions.h).
constexpr double kHybridIdleContactForce = 1e-9;
// The budget of one reported step, past which it ends with status "integrator limit":
// integrator steps, and the smooth dynamics' work (HybridSmoothDynamics::work, the
// evaluations weighted by (1 + active contacts)^2; docs/hybrid.md).
constexpr int kHybridMaxIntegratorSteps = 2000;
constexpr long long kHybridWorkBudget = 200000;
// How far beyond delta the broad phase lets pairs through [m] (hybrid_broad_phase.h).
constexpr double kHybridSweepMargin = 1e-3;
// The smallest integrator step [s].
constexpr double kHybridMinStepSize = 1e-13;

// v_b = this many v_s (1e-6 m/s at the default rtol): a slip slower than v_b keeps its
// friction along the direction it had at v_b (or at its start from rest). Below v_b,
// friction against the slip's own direction turns at a rate mu lambda_n / (m_eff
// |v_t|), too stiff for an explicit integrator (box_push's tip, held at a slip of
// 3 nm/s by the arm, asked 3e-9 s steps).
constexpr double kHybridSlowSlipSpeeds = 1000;

// v_s, the slip speed at or below which a contact sticks [m/s]: ten times the
// integrator's relative error on a speed of 1 m/s, and no less than
// kHybridRestingSpeed (so 1e-9 m/s at the default rtol 1e-10). Below it a slip's
// direction is the integrator's noise, not the motion's: a sliding contact whose slip
// falls to v_s sticks (its residual slip ended by an impulse of at most m_eff v_s), and
// a slip slower than kHybridSlowSlipSpeeds v_s keeps its friction's direction
// (docs/hybrid.md, "Slip near zero").
inline double hybrid_stick_speed(const Options& options) {
  return std::max(kHybridRestingSpeed, 10 * options.hybrid_relative_tolerance * 1.0);
}

struct HybridSettings {
  OdeTolerances tolerances;        // rtol, atol of Dormand-Prince 5(4)
  double event_tolerance = 1e-12;  // [s] the width of a located guard's bracket
  double contact_tolerance = 1e-6; // delta [m]: phi <= delta is touching
  double zeno_speed = 0.005;       // v_z [m/s]: an impact slower than this is plastic
  int max_events = 1000;           // per reported step
  ImpactFriction impact_friction = ImpactFriction::Coulomb;
  double stick_speed = kHybridRestingSpeed;  // v_s [m/s] (hybrid_stick_speed)
};

inline HybridSettings hybrid_settings(const Options& options) {
  HybridSettings settings;
  settings.tolerances.relative = options.hybrid_relative_tolerance;
  settings.tolerances.absolute = options.hybrid_absolute_tolerance;
  settings.event_tolerance = options.hybrid_event_tolerance;
  settings.contact_tolerance = options.hybrid_contact_tolerance;
  settings.zeno_speed = options.hybrid_zeno_speed;
  settings.max_events = options.hybrid_max_events;
  settings.impact_friction = static_cast<ImpactFriction>(options.hybrid_impact_friction);
  settings.stick_speed = hybrid_stick_speed(options);
  return settings;
}

}  // namespace contactlab

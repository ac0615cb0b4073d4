// The PD motor an imported joint gets (seed 002 §5, control/pd_controller.h), from the
// load it moves at the start pose (urdf_scene.cpp computes it from the links' masses):
//   I      the inertia about the axis of everything the joint moves (its followers'
//          loads times ratio^2) [kg m^2] or the mass it moves [kg] (prismatic);
//   tau_g  the largest gravity torque that load can exert, g sum m_k r_k with r_k the
//          distance of mass k from the axis [N m], or g sum m_k [N] (prismatic).
// Rule: K_p = max(I w^2, tau_g / e) with w = 50 rad/s and e = 1e-3 (rad or m), so the
// joint is at least as stiff as an 8 Hz oscillator and sags at most 1 mrad (1 mm) under
// its own load; K_d = 2 sqrt(K_p I), critical damping; tau_max = the URDF's effort when
// it is > 0 (none otherwise). Both gains are capped at the scene's 1e6.
#pragma once

#include "dynamics/pd_controller.h"

namespace contactlab {

inline constexpr double kImportedNaturalFrequency = 50;  // w [rad/s]
inline constexpr double kImportedGravitySag = 1e-3;      // e [rad] or [m]
inline constexpr double kMaxImportedGain = 1e6;          // the scene's cap on K_p and K_d

struct JointLoad {
  double inertia = 0;         // I [kg m^2] or [kg]
  double gravity_torque = 0;  // tau_g [N m] or [N]
};

PdGains imported_pd_gains(const JointLoad& load, double effort);

}  // namespace contactlab

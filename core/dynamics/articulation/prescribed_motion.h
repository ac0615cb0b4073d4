// A joint driven through a prescribed motion (seed 004, "Bilateral Velocity
// Constraints": "these ... arise when, for instance, a joint is driven through a
// prescribed motion"): the velocity constraint
//
//   h_v(q, qdot, t) = qdot_j - qdot_ref(t) = 0,   dh_v/dqdot = e_j^T,
//
// with the rate profile
//
//   qdot_ref(t) = velocity + amplitude sin(frequency t + phase),
//
// a constant speed when amplitude is 0 (a crank at uniform speed: q(t) = q0 + velocity t).
// Each step asks it of the step's end, e_j^T v^{l+1} = qdot_ref(t + h), as a bilateral
// row eliminated like the couplings and loops (prescribed_elimination.h); its
// multiplier lambda [N m s or N s] is the impulse the drive gave, lambda / h the torque.
#pragma once

#include "base/portable_trig.h"

namespace contactlab {

struct PrescribedMotion {
  int link = -1;           // whose joint (revolute or prismatic) is driven
  double velocity = 0;     // [rad/s] or [m/s], the profile's constant part
  double amplitude = 0;    // [rad/s] or [m/s], its sinusoid's amplitude
  double frequency = 0;    // [rad/s], its sinusoid's angular frequency
  double phase = 0;        // [rad]
};

// qdot_ref(t) [rad/s or m/s]; the portable sine keeps native and WebAssembly runs
// bit-identical.
inline double prescribed_rate(const PrescribedMotion& motion, double time) {
  if (motion.amplitude == 0) return motion.velocity;
  double cosine = 0, sine = 0;
  portable_cos_sin(motion.frequency * time + motion.phase, cosine, sine);
  return motion.velocity + motion.amplitude * sine;
}

}  // namespace contactlab

// The parameters a user changes while a scene runs (the page's sliders, the CLI's
// --set). Every value is validated when set; a rejected value leaves Options as it was.
#pragma once

#include <string>
#include <vector>

#include "math_types.h"
#include "status.h"

namespace contactlab {

struct Options {
  // h: the time step [s], 1e-4 .. 0.1 (seed 002 default 2.5 ms).
  double time_step = 0.0025;
  // mu: when >= 0, replaces every material pair's static and kinetic friction
  // coefficient; -1 keeps the scene's materials. 0 .. 2, or -1.
  double friction_coefficient = -1;
  // gamma: error correction, the fraction of a constraint violation corrected per
  // step, seed 002 eq. (16) and (19). 0 .. 1.
  double error_reduction = 0.2;
  // u: edges of the polyhedral friction cone, seed 002 eq. (4); even, 4 .. 32.
  int friction_edges = 8;
  // Geom pairs closer than this are kept as (possible) contacts [m], 0 .. 0.05.
  double contact_margin = 0.002;
  // GraspIt's contact threshold [m], 0 .. 0.01: eq. (19) measures the error Delta p
  // against half of it, so resting bodies settle this close (default 0.1 mm).
  double contact_threshold = 1e-4;
  // s_t: relative speed below which a contact uses static friction, seed 002 eq. (13)
  // [m/s], 0 .. 10.
  double kinetic_threshold_speed = 1e-3;
  // g [m/s^2], each component -100 .. 100.
  Vec3 gravity = Vec3(0, 0, -9.81);
  // Auto-grasp (seed 002 §6): 0 dynamic (fingers close under PD control and the
  // object moves), 1 static (GraspIt's kinematic closing: the object stays put and
  // each finger stops at its first contact). The CLI also takes "dynamic" / "static".
  int autograsp = 0;
};

// Sets one option by name. Names: time_step (h), friction_coefficient (mu),
// error_reduction (gamma), friction_edges (u), contact_margin, contact_threshold,
// kinetic_threshold_speed, gravity_x, gravity_y, gravity_z, autograsp; the seed's symbols h, mu,
// gamma and u are accepted as short names.
Status set_option(Options& options, const std::string& name, double value);
// Reads one option by the same names; fails for an unknown name.
Status get_option(const Options& options, const std::string& name, double& value);
// The canonical option names, in a fixed order.
const std::vector<std::string>& option_names();

}  // namespace contactlab

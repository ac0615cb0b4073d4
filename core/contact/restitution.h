// A contact's coefficient of restitution and Newton's impact law, seed 004 "Impulsive
// Collisions": after an impact the normal velocity is
//
//   v_n+ = -e v_n-,   0 <= e <= 1,
//
// and a time step, which cannot resolve the impact's instant, asks it of the contact's
// normal row as a lower bound, v_n^{l+1} >= -e v_n^l (a resting or separating contact
// leaves the row as eq. 19 sets it). docs/restitution.md says how each formulation
// poses it.
//
// e comes from the material pair of the two geoms (Model::friction, FrictionPair::
// restitution), unless options.restitution >= 0 replaces every pair's, as
// options.friction_coefficient does for mu (friction_coefficient.h).
//
// Which contacts it applies to. v_n- is the normal velocity at the start of the step,
// J v^l (n from body A to body B, negative while they approach); the law applies only
// when the contact approaches faster than the threshold speed
//
//   v_r = max(|g| h, s_t),
//
// where g is options.gravity, h the time step and s_t the kinetic threshold speed of
// eq. (13). |g| h is the speed gravity gives in one step: a body resting on a support
// meets it at no more than that (its v^l is what the last step's row left, near 0), and
// a bounce slower than |g| h would rise and fall back within about one step, which the
// step cannot resolve. So a resting contact never bounces, and a bouncing ball stops
// after finitely many bounces instead of hopping ever lower every step. s_t, the speed
// below which friction counts a slip as none, keeps the threshold above rounding noise
// where there is no gravity.
#pragma once

#include <optional>
#include <vector>

#include "base/math_types.h"
#include "base/options.h"
#include "contact/contact_rows.h"
#include "dynamics/model.h"

namespace contactlab {

// e as the step uses it for a material pair's: options.restitution when it is set
// (>= 0), else the pair's own.
double applied_restitution(double materials, const Options& options);

// The same for the contact between two geoms, by their materials.
double contact_restitution(const Model& model, const Options& options, int geom_a, int geom_b);

// v_r = max(|g| h, s_t) [m/s].
double restitution_threshold_speed(const Options& options);

// Newton's law for a contact of restitution e whose normal velocity at the start of
// the step is normal_velocity [m/s]: the velocity -e v_n- [m/s] it asks after the
// impact, or nothing when e = 0 or the contact does not approach faster than v_r.
std::optional<double> newton_impact_velocity(double restitution, double normal_velocity,
                                             const Options& options);

// Newton's law in the normal rows of the formulations whose rows are hard (lcp, convex):
// a contact that approaches faster than v_r and would close within this step at the
// speed it has (v_n^l below the eq. (19) target, so the row binds) asks
//   n^T v^{l+1} >= max(eq. (19)'s target, -e v_n^l).
// The error correction keeps its own bound (a penetration is still pushed out, at most
// at max_recovery_speed), and Newton's bound never exceeds the approach speed, so with
// e <= 1 an isolated impact gains no energy. A contact that the law leaves alone keeps
// its target bit for bit, so e = 0 changes nothing. `start_velocity` is each contact's
// J v^l in its frame (n, t1, t2).
void fold_newton_restitution(const std::vector<Vec3>& start_velocity, const Options& options,
                             IslandRows& rows);

}  // namespace contactlab

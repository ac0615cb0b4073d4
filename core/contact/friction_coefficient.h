// A contact's Coulomb friction coefficient: the one rule every user follows (the
// rows' mu, the soft and compliant formulations' mu_s and mu_d, the grasp analysis).
//
// Seed 002 §4 step 5: the coefficients come from the material pair of the two geoms
// (Model::friction), unless options.friction_coefficient >= 0 replaces both of every
// pair, and eq. (13) picks one by the contact's tangential slip at v^l, the relative
// velocity in the tangent plane (t1, t2) only:
//   mu = mu_s  where |Delta v_t^l| <  s_t  (options.kinetic_threshold_speed [m/s]),
//   mu = mu_k  where |Delta v_t^l| >= s_t.
// The normal part is left out: a contact pushed apart by the error correction of eq.
// (19) (gamma (-Delta p) / h, e.g. a body placed exactly touching) does not slip, and
// keeps static friction.
#pragma once

#include "base/math_types.h"
#include "base/options.h"
#include "dynamics/model.h"

namespace contactlab {

// (mu_s, mu_k) as the step uses them for a material pair: options.friction_coefficient
// for both when it is set (>= 0), else the pair's own.
FrictionPair applied_friction(const FrictionPair& materials, const Options& options);

// The same for the contact between two geoms, by their materials.
FrictionPair contact_friction(const Model& model, const Options& options, int geom_a, int geom_b);

// The slip speed eq. (13) compares: |(t1, t2) part| of a relative velocity given in
// the contact frame (n, t1, t2).
double tangential_slip(const Vec3& frame_velocity);

// Seed 002 eq. (13): mu_s below the threshold slip speed, mu_k at or above it (NaN: mu_k).
double friction_coefficient(const FrictionPair& friction, double slip_speed,
                            const Options& options);

}  // namespace contactlab

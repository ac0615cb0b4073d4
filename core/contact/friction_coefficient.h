// A contact's Coulomb friction coefficient: the one rule every user follows (the
// rows' mu, the soft and compliant formulations' mu_s and mu_d, the grasp analysis).
//
// Seed 002 §4 step 5: the coefficients come from the material pair of the two geoms
// (Model::friction), unless options.friction_coefficient >= 0 replaces both of every
// pair, and eq. (13) picks one by the contact's relative speed at v^l:
//   mu = mu_s  where |Delta v_c^l| <  s_t  (options.kinetic_threshold_speed [m/s]),
//   mu = mu_k  where |Delta v_c^l| >= s_t.
#pragma once

#include "base/options.h"
#include "dynamics/model.h"

namespace contactlab {

// (mu_s, mu_k) as the step uses them for a material pair: options.friction_coefficient
// for both when it is set (>= 0), else the pair's own.
FrictionPair applied_friction(const FrictionPair& materials, const Options& options);

// The same for the contact between two geoms, by their materials.
FrictionPair contact_friction(const Model& model, const Options& options, int geom_a, int geom_b);

// Seed 002 eq. (13): mu_s below the threshold speed, mu_k at or above it (NaN: mu_k).
double friction_coefficient(const FrictionPair& friction, double relative_speed,
                            const Options& options);

}  // namespace contactlab

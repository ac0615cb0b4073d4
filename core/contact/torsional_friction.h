// A contact's torsional friction coefficient: the soft finger's friction moment about
// the contact normal. Seed 002 §2.1: "we can model ... torsional friction simply by
// modifying the columns of D"; seed 004: the contact Jacobian J = [n; t1; t2] "can be
// also be extended with three more rows ... (e.g. when modeling torsional friction)",
// and "a single point force cannot capture effects like torsional friction" (Beyond
// Point Contact). Here J gets one row, the relative spin about n (contact_rows.h).
//
// A point contact transmits a force only; a soft fingertip or any small contact patch
// also resists spinning about its normal n, with a moment bounded by its normal force:
//
//   |tau_n| <= mu_t f_n,   mu_t >= 0 [m],
//
// and, while the contact spins, tau_n opposes the spin (maximal dissipation, as
// Coulomb friction opposes slip). mu_t is a length: for a flat patch of radius a under
// uniform pressure it is 2/3 mu a. The bound is separate from Coulomb's, |f_t| <= mu
// f_n, so the contact's cone is the product of the two (the soft-finger model of
// Murray, Li and Sastry), each formulation poses it its own way (docs/torsional_friction.md).
//
// mu_t comes from the material pair of the two geoms (Model::friction, FrictionPair::
// torsional_friction), unless options.torsional_friction >= 0 replaces every pair's, as
// options.friction_coefficient does for mu (friction_coefficient.h). 0 is a point
// contact: no torsional row at all, and the problem of every formulation is the one it
// was without torsional friction, bit for bit.
#pragma once

#include "base/options.h"
#include "dynamics/model.h"

namespace contactlab {

// mu_t as the step uses it for a material pair's: options.torsional_friction when it is
// set (>= 0), else the pair's own [m].
double applied_torsional_friction(double materials, const Options& options);

// The same for the contact between two geoms, by their materials [m].
double contact_torsional_friction(const Model& model, const Options& options, int geom_a, int geom_b);

// Whether some pair of the scene's materials has mu_t > 0 as the step applies it.
bool has_torsional_friction(const Model& model, const Options& options);

}  // namespace contactlab

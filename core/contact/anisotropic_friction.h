// Anisotropic Coulomb friction, seed 002 §2.2 after eq. (4): "with this general friction
// formulation we can model anisotropic Coulomb friction ... simply by modifying the
// columns of D".
//
// A material pair with coefficients across a direction (FrictionPair::static_across)
// has mu_1 along a geom's friction_direction a (projected into the contact's tangent
// plane) and mu_2 across it, and its friction set is the ellipse
//   (f . t1 / mu_1)^2 + (f . t2 / mu_2)^2 <= c_n^2,   t1 = a's projection, t2 = n x t1.
// With mu = max(mu_1, mu_2) and the contact frame's tangents scaled to
//   t1' = (mu_1 / mu) t1,   t2' = (mu_2 / mu) t2,
// the ellipse is the circle |f'| <= mu c_n of the forces f = f'_1 t1' + f'_2 t2', and
// a velocity's rates along the scaled rows are (t1' . v, t2' . v), so f' . v' = f . v:
// maximal dissipation over the circle is maximal dissipation over the ellipse. Every
// formulation that builds its friction from the frame rows and mu takes the ellipse
// unchanged: lcp's edges d_j = cos_j t1' + sin_j t2' (their ends, mu c_n d_j, lie on
// the ellipse), convex's and quasistatic's edges, soft's pyramid and elliptic cone,
// compliant's regularised friction, whose slip rates are then the scaled ones.
#pragma once

#include "base/math_types.h"
#include "base/options.h"
#include "dynamics/model.h"

namespace contactlab {

// A contact's tangent frame and the mu of its (scaled) cone.
struct ContactFrictionFrame {
  Vec3 t1 = Vec3::Zero();  // unit tangents, (t1, t2, n) right-handed
  Vec3 t2 = Vec3::Zero();
  double coefficient = 0;  // mu: of the circle in the scaled frame
  double scale1 = 1;       // mu_1 / mu: t1' = scale1 t1
  double scale2 = 1;       // mu_2 / mu
};

// Whether the pair's friction differs by direction at a contact with this friction
// direction (world; zero: none): an anisotropic pair and a direction not along the
// normal. A direction within 1e-6 of the normal leaves the contact's own tangents,
// with mu_1 along t1 and mu_2 along t2.
bool is_anisotropic(const FrictionPair& applied, const Vec3& friction_direction);

// (pair as applied, normal, friction direction, eq. 13's slip speed) => the frame and
// mu: mu_s and mu_s,across below the threshold slip speed, mu_k and mu_k,across above.
// `tangent1`, `tangent2` are the contact's own tangents (contact/friction_cone.h).
ContactFrictionFrame anisotropic_friction_frame(const FrictionPair& applied, const Vec3& normal,
                                                const Vec3& friction_direction,
                                                const Vec3& tangent1, const Vec3& tangent2,
                                                double slip_speed, const Options& options);

// Whether any contact of the scene may be anisotropic: a geom with a friction direction
// and a pair (as the options apply it) with coefficients across one.
bool has_anisotropic_friction(const Model& model, const Options& options);

// The largest static and kinetic coefficients of a pair, along or across: the mu_s and
// mu_k of its scaled cone (compliant contact's Stribeck curve).
FrictionPair largest_friction(const FrictionPair& applied);

}  // namespace contactlab

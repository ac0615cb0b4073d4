// The model: what a scene file describes, immutable once loaded.
//
// Bodies are rigid. A dynamic body's frame sits at its centre of mass (seed 002 §3.1);
// a static body is an obstacle that takes part in collision only. A body is either
// free (six coordinates of its own) or a link of an articulation, whose joint
// coordinates move it. Geoms attach collision shapes to bodies at a fixed local pose.
#pragma once

#include <string>
#include <vector>

#include "base/math_types.h"
#include "base/options.h"
#include "dynamics/articulation/articulation_model.h"
#include "dynamics/timeline.h"
#include "geometry/shape.h"

namespace contactlab {

struct Geom {
  int body = -1;
  Shape shape;
  Pose local_pose;      // geom frame in the body frame
  int material = 0;     // index into Model::material_names
  std::string color;    // for rendering, "#rrggbb"
  // Anisotropic friction (seed 002 §4, "anisotropic Coulomb friction"): the unit
  // direction, in the geom frame, along which a pair's `static`/`kinetic` act; across it
  // act the pair's `static_across`/`kinetic_across` (contact/anisotropic_friction.h).
  // Zero: the geom sets no direction.
  Vec3 friction_direction = Vec3::Zero();
};

struct Body {
  std::string name;
  bool is_static = false;
  double mass = 0;                       // [kg], dynamic bodies only
  Mat3 inertia = Mat3::Zero();           // about the centre of mass, body frame [kg m^2]
  Vec3 initial_position = Vec3::Zero();  // of the centre of mass, world [m]
  Quat initial_orientation = Quat::Identity();
  Vec3 initial_linear_velocity = Vec3::Zero();   // world [m/s]
  Vec3 initial_angular_velocity = Vec3::Zero();  // world [rad/s]
  std::vector<int> geoms;
  // A link of an articulation: its pose and velocity follow from the tree's q and v.
  int articulation = -1;
  int link = -1;
};

// What two materials do where they touch: Coulomb friction, mu_s below the threshold
// speed and mu_k above it (seed 002 eq. 13), Newton's coefficient of restitution e,
// v_n+ >= -e v_n- at an impact (seed 004, "Impulsive Collisions"; contact/restitution.h),
// and the torsional friction coefficient mu_t of a soft finger, a friction moment about
// the normal |tau_n| <= mu_t f_n (seed 002 eq. 4's torsional friction; contact/
// torsional_friction.h). An anisotropic pair has a second mu_s, mu_k across a geom's
// friction_direction (the first pair act along it); -1: isotropic.
struct FrictionPair {
  double static_coefficient = 0.5;
  double kinetic_coefficient = 0.5;
  double restitution = 0;         // e, 0 .. 1: 0 perfectly inelastic, 1 elastic
  double torsional_friction = 0;  // mu_t [m], 0 .. 1: 0 a point contact
  double static_across = -1;
  double kinetic_across = -1;

  bool anisotropic() const { return static_across >= 0; }
};

struct Model {
  std::string name;
  std::string description;
  std::vector<Body> bodies;
  std::vector<Geom> geoms;
  std::vector<Articulation> articulations;
  std::vector<TimelineCommand> timeline;  // sorted by time
  std::vector<std::string> material_names;
  // material_count x material_count, symmetric, row-major.
  std::vector<FrictionPair> friction_table;
  Options options;        // the scene's defaults
  double duration = 5.0;  // how long the scene is meant to run [s]
  // The moving bodies the page's camera keeps in view (scene file's "view.keep"); empty:
  // the page chooses them.
  std::vector<int> keep_in_view;

  int material_count() const { return static_cast<int>(material_names.size()); }
  const FrictionPair& friction(int material_a, int material_b) const {
    return friction_table[material_a * material_count() + material_b];
  }
};

}  // namespace contactlab

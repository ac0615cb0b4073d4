// The "articulations" section of a scene file (docs/scene_format.md, "Articulations"):
// robot arms, hands and grippers as kinematic trees whose links become bodies of the
// model, with joint friction, PD actuators and passive couplings (seed 002 §2.2, §5),
// and loop closures that make closed chains of them (loop_closure_reader.h).
#pragma once

#include <functional>

#include "base/status.h"
#include "dynamics/model.h"
#include "scene/json_fields.h"

namespace contactlab {

// Reads what a link shares with a dynamic body - "mass", "inertia", "center_of_mass"
// and "geoms" - exactly as for a body: sets body.mass, body.inertia (about the centre
// of mass, link axes) and body.geoms (added to the model, posed in the body frame: at
// the centre of mass, with the link frame's axes), and center_of_mass (link frame).
using LinkBodyReader = std::function<Status(const FieldReader& link, int body_index, Body& body,
                                            Vec3& center_of_mass)>;

// Reads the scene's optional "articulations" into `model`, whose "bodies" are already
// read: one Articulation per entry, and one Body per link appended to model.bodies in
// articulation then link order, placed by forward kinematics at the initial q and v.
// Stops at the first error, whose message starts with the field's path; `model` is
// then partly written (the scene loader discards it).
Status read_articulations(const FieldReader& scene, const LinkBodyReader& read_link_body,
                          Model& model);

}  // namespace contactlab

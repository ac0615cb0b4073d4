// Contacts carried through a step's substeps (seed 004 "Compliant Contact Models",
// the gap function phi(q) and its first-order expansion along the normal): the narrow
// phase runs once, at the poses the step starts from, and each later substep moves
// every contact with its two bodies instead of finding it again.
//
// A contact found at the step start with gap phi_0, normal n and point p_0 keeps its
// normal and its pair; its gap at a substep is phi_0 plus the normal part of how far
// the two surfaces' material points at p_0 have moved towards each other,
//
//   phi_s = phi_0 + n . (u_B - u_A),   u_X = x_X + R_X R_X0^T (p_0 - x_X0) - p_0,
//
// (x_X, R_X) body X's pose at the substep and (x_X0, R_X0) at the step start: the
// first-order term of seed 004's phi(q') ~ phi(q) + n^T (J (q' - q)), with the rigid
// displacement of each point in place of J (q' - q). Its point moves to the middle,
// p_s = p_0 + (u_A + u_B) / 2. The tangents follow the substep's velocities through
// the rows as before.
//
// A contact that begins during the step is in this list because the step's detection
// keeps pairs up to contact_margin + h (closing-speed bound) apart, over the whole step
// h rather than one substep (contact_detection.h): it enters with phi_0 > 0, carries
// no force, and engages in the substep where its carried gap crosses zero.
#pragma once

#include <vector>

#include "base/math_types.h"
#include "contact/contact_detection.h"

namespace contactlab {

// What a substep's contacts are carried from: the bodies' poses and the contacts as
// found at the start of the step.
struct CarriedContacts {
  std::vector<Vec3> start_position;     // per body: x_X0
  std::vector<Quat> start_orientation;  // per body: R_X0
  std::vector<DetectedContact> start;   // phi_0, n, p_0 of every contact
  bool taken = false;                   // whether the step's start was taken
};

// (q at the step start, contacts found there) => what the substeps carry.
void take_carried_contacts(const std::vector<Vec3>& position, const std::vector<Quat>& orientation,
                           const std::vector<DetectedContact>& contacts, CarriedContacts& carried);

// (q at the substep) => every contact's phi_s and p_s, in the start's order; the
// normal, pair and feature stay the start's.
void carry_contacts(const CarriedContacts& carried, const std::vector<Vec3>& position,
                    const std::vector<Quat>& orientation, std::vector<DetectedContact>& contacts);

}  // namespace contactlab

// Tunnelling: a body that passes through a thin one within a step
// (docs/physics_robustness.md). Contacts are found one step ahead (contact_detection.h),
// so every pair that could meet in the step has a contact; the lcp, convex and
// quasistatic formulations stop it at the surface, but soft contact (a regularised
// constraint) and compliant contact (a spring that acts only once the geoms overlap)
// can let a fast, thin body through. After every pass the step checks each contact:
// when the relative normal motion of the pass, -h v_n^{l+1}, exceeds the gap phi plus
// the thinner geom's thickness, the bodies may have passed through each other, and
// the step keeps a warning naming them.
#pragma once

#include <string>
#include <vector>

#include "dynamics/model.h"
#include "step/data.h"

namespace contactlab {

// A geom's thickness: twice its smallest half-extent [m] (a plane's is infinite).
double geom_thickness(const Geom& geom);

// Appends `warning` unless `warnings` has one for the same body pair.
void add_tunnelling_warning(const TunnellingWarning& warning, std::vector<TunnellingWarning>& warnings);

// (the pass's contacts with phi and v_n^{l+1}, h) => warnings appended to `warnings`,
// one per body pair.
void note_tunnelling(const Model& model, const std::vector<ContactRecord>& contacts,
                     double time_step, std::vector<TunnellingWarning>& warnings);

// The warning in words, naming both bodies.
std::string tunnelling_message(const Model& model, const TunnellingWarning& warning);

}  // namespace contactlab

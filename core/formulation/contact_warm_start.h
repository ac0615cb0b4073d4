// Per-contact warm starts: what each contact's rays carried last pass, found again by
// the contact instead of by its whole island (edge_warm_start.h's key), so that an island
// whose contacts change between steps (a falling pile, a grid whose side contacts open
// and close) starts from last step's multipliers on every contact that is still there.
//
// A contact is known again by its pair of geoms and, within the pair, by its feature id
// (collision/contact_feature.h); where the feature changed but the point did not (two
// equal faces, whose corner flips between "vertex" and "clipped edge" from one step to
// the next), by the nearest point of the same pair within kContactMatchDistance. A new
// contact starts at zero. The rays are taken as they were: the contact frame is chosen
// from the normal alone (contact/friction_cone.h's tangent_basis), so a contact whose
// normal barely turned has the same rays.
//
// Plain data in Data (solver_memory.h): state, not scratch, since the next step's answer
// depends on it.
#pragma once

#include <utility>
#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"

namespace contactlab {

// How far a contact point may move between steps and still be the same contact when its
// feature id changed [m].
inline constexpr double kContactMatchDistance = 2e-3;

// Contacts and their rays' multipliers [N s], u per contact.
struct ContactMultipliers {
  int friction_edges = 0;  // u
  std::vector<int> geom_a;
  std::vector<int> geom_b;
  std::vector<int> feature;
  std::vector<Vec3> position;     // world [m]
  std::vector<double> multiplier;  // per contact, u rays

  int size() const { return static_cast<int>(geom_a.size()); }
  void clear();
};

// The last pass's contacts (sorted by geom pair, then feature) and this pass's.
struct ContactWarmStart {
  ContactMultipliers previous;
  ContactMultipliers current;
  std::vector<int> order;  // start_pass's sorting

  // This pass's contacts become the next pass's candidates. A pass that keeps none
  // leaves none.
  void start_pass();
};

// An island's contacts as the solver sees them: per contact its geoms (a, b), feature id
// and world point.
struct ContactIdentities {
  const std::vector<std::pair<int, int>>& geoms;
  const std::vector<int>& feature;
  const std::vector<Vec3>& position;
};

// (last pass's contacts, this island's, u) => beta^0 over the island's k u rays: a
// contact found again takes its rays' multipliers (when it had u rays), any other
// zeros. Returns how many contacts were found again. `taken` is scratch.
int take_contact_multipliers(const ContactMultipliers& previous, const ContactIdentities& contacts,
                             int friction_edges, std::vector<char>& taken, Eigen::VectorXd& multiplier);

// Appends the island's contacts and their k u multipliers to this pass's.
void keep_contact_multipliers(const ContactIdentities& contacts, int friction_edges,
                              const Eigen::VectorXd& multiplier, ContactMultipliers& current);

}  // namespace contactlab

// Scratch the step reuses from one call to the next, so that a step allocates
// nothing once the sizes of its problems have been seen.
#pragma once

#include <vector>

#include "contact/contact_detection.h"
#include "contact/contact_rows.h"
#include "contact/friction_cone.h"
#include "contact/island_dynamics.h"
#include "contact/islands.h"
#include "dynamics/articulation/articulation_motion.h"
#include "dynamics/rigid_body.h"
#include "formulation/compliant_island.h"
#include "formulation/contact_lcp.h"
#include "formulation/convex_island.h"
#include "formulation/island_impulses.h"
#include "formulation/soft_island.h"
#include "lcp/lemke.h"
#include "step/step_size_search.h"

namespace contactlab {

// The basis an island's LCP ended with, keyed by the contacts it was built from, to
// warm-start the next step's LCP of the same contacts.
struct WarmStart {
  std::vector<long long> key;
  std::vector<char> z_is_basic;
};

struct StepWorkspace {
  ContactDetectionScratch detection;
  std::vector<DetectedContact> contacts;
  std::vector<std::pair<int, int>> contact_links;
  std::vector<char> is_dynamic;
  Islands islands;
  std::vector<int> contact_island;       // per contact
  std::vector<int> island_contacts;      // contacts of the island being solved
  IslandDynamics island;                 // members, v^l -> v_free -> v^{l+1}, M^-1
  std::vector<ArticulationMotionWorkspace> articulation_workspace;  // per articulation
  std::vector<ArticulationMotion> articulation_motion;              // per articulation
  std::vector<char> articulation_ready;  // per articulation: its motion was computed
  std::vector<char> articulation_added;  // per articulation: in the island being solved
  FrictionEdgeTable edges;
  IslandRows rows;
  ContactLcp lcp;
  LemkeSolver lemke;
  std::vector<long long> key;
  std::vector<WarmStart> warm_previous;  // bases of the last step
  std::vector<WarmStart> warm_current;   // bases of this step: the first warm_used entries
  size_t warm_used = 0;
  Eigen::VectorXd solution;              // z of the island being solved
  Eigen::VectorXd slack;                 // w = M z + q of the same
  std::vector<Vec6> member_free_velocity;  // per island member: a free body's v_free
  IslandContactState contact_state;      // the island's contacts at the start of the step
  IslandImpulses impulses;               // what a formulation other than the LCP returned
  ConvexIslandWorkspace convex;
  SoftIslandWorkspace soft;
  CompliantIslandWorkspace compliant;
  StepSizeSearchScratch step_size_search;  // seed 002 step 3 (options.contact_search)
};

}  // namespace contactlab

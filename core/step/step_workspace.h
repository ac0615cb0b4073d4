// The step's scratch: storage reused from one call to the next, so that a step
// allocates nothing once the sizes of its problems have been seen. Nothing in it
// carries over into the next step's result (what does, the solvers' warm starts, is
// state: Data::solver_memory), so any workspace steps any Data alike. It is owned by
// whoever steps: the session's Simulation, the CLI's run, a test.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "base/math_types.h"
#include "base/options.h"
#include "contact/carried_contacts.h"
#include "contact/contact_detection.h"
#include "contact/contact_rows.h"
#include "contact/friction_cone.h"
#include "contact/island_dynamics.h"
#include "contact/islands.h"
#include "dynamics/articulation/articulation_motion.h"
#include "dynamics/articulation/floating_momentum.h"
#include "formulation/formulation.h"
#include "formulation/island_impulses.h"
#include "formulation/island_solution.h"
#include "step/divergence.h"
#include "step/step_size_search.h"

namespace contactlab {

struct StepWorkspace {
  ContactDetectionScratch detection;
  std::vector<DetectedContact> contacts;
  // A substepped step's contacts at its start, which its later substeps carry.
  CarriedContacts carried_contacts;
  std::vector<std::pair<int, int>> contact_links;
  std::vector<char> is_dynamic;
  Islands islands;
  std::vector<int> contact_island;       // per contact
  std::vector<int> island_contacts;      // contacts of the island being solved
  // Contacts by island: island i's are island_contact_list[island_contact_start[i] ..
  // island_contact_start[i + 1]), in contact order; the fill is the counting's cursor.
  std::vector<int> island_contact_start;
  std::vector<int> island_contact_list;
  std::vector<int> island_contact_fill;
  IslandDynamics island;                 // members, v^l -> v_free -> v^{l+1}, M^-1
  std::vector<ArticulationMotionWorkspace> articulation_workspace;  // per articulation
  std::vector<ArticulationMotion> articulation_motion;              // per articulation
  std::vector<char> articulation_ready;  // per articulation: its motion was computed
  std::vector<char> articulation_added;  // per articulation: in the island being solved
  std::vector<FloatingTarget> floating_targets;  // of the articulation being moved
  std::vector<std::pair<int, int>> floating_contact_links;  // its links in contact (-1: not its)
  Eigen::VectorXd floating_start_positions;                // its q^l
  Eigen::VectorXd joint_direction;  // a limit's rate row in maximal coordinates
  FrictionEdgeTable edges;
  IslandRows rows;
  // Per island of free bodies: its rows at a substepped step's start, which the
  // passes that carry its contacts reuse.
  std::vector<IslandRows> kept_rows;
  std::vector<Vec6> member_free_velocity;  // per island member: a free body's v_free
  // Per body, for free bodies: turn_velocity - w_free (ContactFormulation::
  // free_body_motion), what the free rotation adds to w^{l+1} in the pose update.
  std::vector<Vec3> turn_correction;
  // Seed 002's eq. (12) as written (Options::position_update "seed_002"): v^l of every
  // body and articulation, which moves the positions instead of v^{l+1}.
  std::vector<Vec3> start_linear_velocity;
  std::vector<Vec3> start_angular_velocity;
  std::vector<Eigen::VectorXd> start_joint_velocity;
  MemberRow drag_row;                    // the drag's wrench on its body's island member
  Eigen::VectorXd prescribed_probe;      // a driven joint's column of Y on the island (prescribed_efforts.h)
  Eigen::VectorXd prescribed_work;       // Y^T J^T f of the articulation being read
  IslandContactState contact_state;      // the island's contacts at the start of the step
  IslandSolution solution;               // what the formulation returned for the island
  // The formulation options.formulation names, with its own scratch; made again when
  // the options name another (formulation_made_for).
  std::unique_ptr<ContactFormulation> formulation;
  Formulation formulation_made_for{};
  StepSizeSearchScratch step_size_search;  // seed 002 step 3 (options.contact_search)
  StepStart step_start;              // the state before the step, for the divergence check
  std::vector<char> weighed_bodies;  // per body: its energy is checked (divergence.h)
  // Copy each island's problem into data.solver.island_problems (off by default: a copy of
  // every island's matrix per step).
  bool keep_island_problems = false;
};

}  // namespace contactlab

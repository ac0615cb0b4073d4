// What a predicate or a measure sees in a running simulation at one step: the body
// poses and velocities, the last step's contacts, joint limits and the grasp, read
// through Simulation (session/simulation.h). Bodies are compared with their pose at
// step 0 for displacements and rotations.
#pragma once

#include <string>
#include <vector>

#include "base/math_types.h"
#include "base/status.h"
#include "exercise/exercise.h"
#include "session/simulation.h"

namespace contactlab {

// The bodies' poses at step 0.
struct InitialPoses {
  std::vector<Vec3> position;
  std::vector<Quat> orientation;
};

// A predicate at one step: whether it holds and what was seen, in words
// ("box: z - z0 = 0.00012 m").
struct PredicateView {
  bool holds = false;
  std::string seen;
};

// Names resolved once per run (the exercise reader has checked that they exist).
struct PredicateTarget {
  int body = -1;
  int other_body = -1;
  int articulation = -1;
  int joint = -1;  // JointLimit: the joint's index in Simulation::joint_state
};

PredicateTarget resolve_target(const Model& model, const std::string& body, const std::string& other_body,
                               const std::string& articulation, const std::string& link);

PredicateView observe(const Predicate& predicate, const PredicateTarget& target, Simulation& simulation,
                      const InitialPoses& initial);

// What the predicate asks, in words ("z - z0 in [-0.001, 0.001] m").
std::string describe_expectation(const Predicate& predicate);

// A measure's number at one step (all but MeanSpeed and FirstTime, which the run
// composes from positions and predicates), with what it is in words.
double measure_now(const Measure& measure, const PredicateTarget& target, const Simulation& simulation,
                   const InitialPoses& initial, std::string& what);

}  // namespace contactlab

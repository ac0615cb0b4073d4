// What a predicate or a measure sees in a running simulation at one step: the body
// poses and velocities, the last step's contacts, joint limits and the grasp, read
// through Simulation (session/simulation.h). Bodies are compared with their pose at
// step 0 for displacements and rotations, and the angle turned about an axis is summed
// step by step (RunHistory), so it does not wrap at pi.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "base/math_types.h"
#include "base/status.h"
#include "exercise/exercise.h"
#include "session/simulation.h"

namespace contactlab {

// The angle a body has turned about a world axis since step 0: the sum of each step's
// turn about the axis (the twist of the step's rotation, in (-pi, pi]), so a body
// that spins twice has turned 4 pi.
struct TurnedAngle {
  int body = -1;
  int axis = 0;  // 0 x, 1 y, 2 z
  double angle = 0;  // [rad]
  Quat previous = Quat::Identity();
};

// What a run remembers: the bodies' poses at step 0 and the angles turned since.
struct RunHistory {
  std::vector<Vec3> position;
  std::vector<Quat> orientation;
  std::vector<TurnedAngle> turned;

  // The poses of step 0 and a turned angle for each (body, axis) of `angles`.
  void start(const Data& data, const std::vector<std::pair<int, int>>& angles);
  // After each step: each angle turned by the step's rotation.
  void record_step(const Data& data);
  double turned_angle(int body, int axis) const;
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
                      const RunHistory& history);

// What the predicate asks, in words ("z - z0 in [-0.001, 0.001] m").
std::string describe_expectation(const Predicate& predicate);

// A measure's number at one step (all but MeanSpeed and FirstTime, which the run
// composes from positions and predicates), with what it is in words.
double measure_now(const Measure& measure, const PredicateTarget& target, Simulation& simulation,
                   const RunHistory& history, std::string& what);

// The number of contact points between two bodies in the last step.
int pair_contact_count(const Data& data, int a, int b);

// Whether `event` has happened by the run's current state: two bodies touch, or (a
// crossing) the measure is on the other side of the value than `start_side` (measure >=
// value at the window's first step).
bool event_happened(const Event& event, const PredicateTarget& target, Simulation& simulation,
                    const RunHistory& history, bool start_side);
// The side of a crossing's value its measure is on now: measure >= value.
bool crossing_side(const Event& event, const PredicateTarget& target, Simulation& simulation,
                   const RunHistory& history);
// "the first contact of ball and ground", "the first time ball z [m] crosses 0.5".
std::string describe_event(const Event& event);

// What a measure reads, in words with its unit ("ball angular velocity z (body axes) [rad/s]").
std::string describe_measure(const Measure& measure);

}  // namespace contactlab

// Seed 002 §4 step 3, the step-size search (options.contact_search = 1, "step_size"):
// after the bodies have moved, if two bodies interpenetrate or a joint has passed its
// limit, search for the step size at which the new contact is within 0.1 mm, or the
// joint within 0.1 deg (revolute) / 0.1 mm (prismatic) of its limit.
//
// A step of length h is taken as one or more passes of advance_one_pass (step.h):
//
//   1. save the state S; take a pass over the whole rest r of the step;
//   2. after it, look for what the pass could not see: a geom pair that was not a
//      contact of the pass and now overlaps (phi < 0), or a one-degree-of-freedom
//      joint that was not past its limit at S and now is (by more than 1e-9 rad or m;
//      a limit row of the pass stops a joint at its limit up to rounding);
//   3. if there is one, bisect the pass length l in (0, r) by halving, restoring S
//      before each try: a try in which something passes its surface or limit
//      shortens l, a clear one lengthens it, and the search ends at the first try in
//      which nothing has passed and a contact or limit found passing in an earlier
//      try lies within its window: 0 <= phi <= 0.1 mm, or 0 <= distance to the limit
//      <= 0.1 deg / 0.1 mm. When the interval has shrunk to h / 1024 (the minimum
//      step) without a try in the window, the longest clear length is kept (the
//      shortest tried, if none was clear);
//   4. keep that pass and go on from 1 with the rest of the step.
//
// At most 16 passes of a step are shortened; the rest is then taken in one pass.
// However the step was divided, it ends exactly at t + h. A step in which nothing new
// happens is one pass, identical to a step without the search.
//
// What a pass reads and writes (advance_one_pass, robot_control.h): it reads time,
// body poses and velocities, articulation states (q, v, set points, kinematics), the
// control state (timeline cursor, trajectories, Cartesian moves, static closing) and
// the solvers' warm starts (Data::solver_memory); it writes all of them, plus the
// contacts, the solver statistics (summed over passes) and the workspace's scratch. A
// rejected try is undone by restoring time, poses, velocities, articulation states,
// control state and solver statistics. Not restored: the contacts and the scratch,
// which the next pass rewrites, and the warm starts, which are only a starting guess
// the solver checks (the retry starts from the rejected try's, built on the same
// contacts).
//
// A static auto-grasp (robot_control.h) closes the fingers kinematically and stops
// each at its first contact by itself: its passes are never shortened.
#pragma once

#include <utility>
#include <vector>

#include "base/math_types.h"
#include "base/options.h"
#include "collision/collide.h"
#include "collision/contact_point.h"
#include "control/robot_control.h"
#include "dynamics/articulation/articulation_state.h"
#include "dynamics/model.h"

namespace contactlab {

struct Data;
struct StepWorkspace;

// Seed 002 step 3's windows and this implementation's limits.
constexpr double kNewContactWindow = 1e-4;                         // [m], 0.1 mm
constexpr double kRevoluteLimitWindow = 0.1 * 3.14159265358979323846 / 180;  // [rad], 0.1 deg
constexpr double kPrismaticLimitWindow = 1e-4;                     // [m], 0.1 mm
constexpr double kPastLimitTolerance = 1e-9;                       // [rad] or [m]
constexpr int kMinimumStepDivisor = 1024;                          // minimum step h / 1024
constexpr int kMaxShortenedPasses = 16;                            // per step

// A joint limit: the lower (side 0) or upper (side 1) bound of a link's joint.
struct LimitSide {
  int articulation = -1;
  int link = -1;
  int side = 0;
};

// Storage the search reuses from step to step (the saved state S and the scratch of
// the checks), so that a step allocates nothing once the sizes have been seen.
struct StepSizeSearchScratch {
  // S, the state at the start of the pass being searched:
  std::vector<Vec3> position, linear_velocity, angular_velocity;
  std::vector<Quat> orientation;
  std::vector<ArticulationState> articulations;
  ControlState control;
  // The checks after a pass:
  std::vector<double> excess_travel;  // per body, see step_size_search.cpp
  std::vector<Pose> geom_pose;        // per geom, after the pass
  std::vector<Aabb> geom_box;         // per geom, grown by half of kNewContactWindow
  std::vector<int> sweep_order;
  std::vector<ContactPoint> pair_points;
  std::vector<std::pair<int, int>> target_pairs;  // geom pairs found passing in this search
  std::vector<LimitSide> target_limits;           // limits found passed in this search
};

struct StepSizeSearchReport {
  int passes = 0;       // calls of advance_one_pass, rejected tries included
  int kept_passes = 0;  // passes the step is made of: 1 when nothing new happened
};

// Advances data by options.time_step, in one pass or several shortened passes, with
// `workspace` as scratch (its step_size_search for the search's own).
// data.time ends at exactly its start + options.time_step; data.step_count is left
// to the caller (as advance_one_pass does).
StepSizeSearchReport advance_with_step_size_search(const Model& model, const Options& options,
                                                   Data& data, StepWorkspace& workspace);

// The same with a workspace of its own (allocated on every call).
StepSizeSearchReport advance_with_step_size_search(const Model& model, const Options& options,
                                                   Data& data);

}  // namespace contactlab

// The changing part of an articulation: joint coordinates q, velocities v, the set
// points its PD controllers follow, the rate of its loop closures' rows, and the
// forward kinematics at q.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "dynamics/articulation/articulation_model.h"
#include "dynamics/articulation/tree_kinematics.h"

namespace contactlab {

// The articulation in maximal coordinates (maximal_joints.h), when the options ask for
// them: every link's free-joint pose and velocity, its loop closures' rates, and the
// joint coordinates the links last gave, which ArticulationState's q and v hold then
// (q and v written since, by a slider or the static auto-grasp, start the links anew
// from them: maximal_motion.h).
struct MaximalState {
  Eigen::VectorXd positions;   // per link: (x y z qw qx qy qz) of its frame, world
  Eigen::VectorXd velocities;  // per link: (velocity of its frame origin, w), world
  Eigen::VectorXd loop_rate;   // as ArticulationState::loop_rate, on the links' rows
  Eigen::VectorXd joint_positions;   // q as the links gave it
  Eigen::VectorXd joint_velocities;  // v as the links gave it
  TreeKinematics kinematics;   // of the free links at `positions`
};

struct ArticulationState {
  Eigen::VectorXd positions;          // q (tree order, joint.h)
  Eigen::VectorXd velocities;         // v
  std::vector<double> target_position;  // per link: its joint's PD set point q_ref
  std::vector<double> target_velocity;  // per link: qdot_ref
  // per link: what its motor applied last step, or on a joint with a prescribed motion
  // what the drive applied to keep it (lambda / h, prescribed_elimination.h) [N m or N]
  std::vector<double> motor_effort;
  // per entry of Articulation::prescribed: qdot_ref at the end of the step being taken,
  // set by the step before the articulation's motion is posed [rad/s or m/s]
  std::vector<double> prescribed_velocity;
  // Per loop-closure row (loop_closure.h): phi'^l = H(q^{l-1}) v^l, the rate the last
  // step's velocity gave it [m/s or rad/s], which Baumgarte's stabilisation carries
  // to the next step (baumgarte.h); at t = 0, H(q) v.
  Eigen::VectorXd loop_rate;
  TreeKinematics kinematics;            // at `positions`
  MaximalState maximal;                 // empty in reduced coordinates
};

// q, v at t = 0, set points at the initial positions (the robot holds still).
ArticulationState initial_articulation_state(const Articulation& articulation);

// The loops' rates H(q) v at the state's q, v and kinematics (state.loop_rate, the
// phi'^l of Baumgarte's stabilisation, closed_chains.md); nothing without loops.
void update_loop_rates(const Articulation& articulation, ArticulationState& state);

// (q, v) => kinematics, and the pose and velocity of every link body: its centre of
// mass, the link frame's orientation, the centre-of-mass velocity and the angular
// velocity, world frame (the convention of free bodies).
void update_link_bodies(const Articulation& articulation, ArticulationState& state,
                        std::vector<Vec3>& position, std::vector<Quat>& orientation,
                        std::vector<Vec3>& linear_velocity, std::vector<Vec3>& angular_velocity);

// The coordinate of a one-degree-of-freedom joint (revolute or prismatic) in q and v.
double joint_position(const Articulation& articulation, const ArticulationState& state, int link);
double joint_velocity(const Articulation& articulation, const ArticulationState& state, int link);

}  // namespace contactlab

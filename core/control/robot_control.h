// What drives the articulations' PD set points (seed 002 §5-6): the scene's timeline,
// smooth trajectories to new joint positions (or constant-speed moves and steps, the
// commanded positions of seed 003's quasi-static examples), and auto-grasp, either
// dynamic (fingers close at one speed under their motors and the object moves with
// them) or static (GraspIt!'s kinematic closing: the object stays put and each finger
// stops at its first contact).
#pragma once

#include <vector>

#include "base/status.h"
#include "contact/contact_detection.h"
#include "control/joint_linear_move.h"
#include "control/joint_ramp.h"
#include "control/joint_trajectory.h"
#include "dynamics/articulation/articulation_state.h"
#include "dynamics/articulation/tree_kinematics.h"
#include "dynamics/model.h"

namespace contactlab {

// Which command drives a joint's set point.
enum class JointDriver { Hold, Trajectory, Ramp, Cartesian, Linear };

// A straight-line move of one link's frame origin with its orientation kept (by
// arms with six or more actuated joints on the way; shorter chains follow the line
// and let the orientation go): the
// path parameter follows the quintic 10 s^3 - 15 s^4 + 6 s^5 (rest to rest), timed so
// the peak speed 15 D / (8 T) is the command's, and inverse kinematics turns each
// point into joint set points.
struct CartesianMove {
  int link = -1;
  std::vector<int> joints;  // actuated joints on the path from the root to the link
  Pose start;
  Vec3 end = Vec3::Zero();
  double start_time = 0;
  double duration = 0;
  bool active = false;
};

struct RobotControl {  // per articulation
  std::vector<JointDriver> driver;  // per link
  JointTrajectory trajectory;
  std::vector<int> trajectory_links;
  JointRamp ramp;
  std::vector<int> ramp_links;
  JointLinearMove linear;  // move_joints with the linear or step profile
  std::vector<int> linear_links;
  CartesianMove cartesian;
  TreeKinematics ik_scratch;
  // Static auto-grasp: closing kinematically at `static_speed`, finger by finger.
  bool static_closing = false;
  double static_speed = 0;
  std::vector<char> finger_stopped;  // per ramp link
};

struct ControlState {
  std::size_t next_command = 0;  // into Model::timeline
  std::vector<RobotControl> robots;
  // Reused by every step's sampling of trajectories and ramps.
  std::vector<double> sample_position, sample_velocity, sample_acceleration;
};

ControlState initial_control_state(const Model& model);

// The actuated revolute or prismatic joints between the root and `link`, root first
// (those a Cartesian move drives).
std::vector<int> driven_chain(const Articulation& articulation, int link);

// q with every actuated revolute or prismatic joint at its set point: where the
// motors are taking the articulation (and where a Cartesian move starts).
Eigen::VectorXd set_point_positions(const Articulation& articulation, const ArticulationState& state);

// Starts one command now (the timeline's, or the page's buttons). It is checked as
// the scene reader checks timeline commands (articulation, joints, limits, fingers),
// and refused while that articulation closes in a static auto-grasp. On failure
// nothing changes and the message says why.
Status start_command(const Model& model, const Options& options, const TimelineCommand& command,
                     double time, ControlState& control, std::vector<ArticulationState>& articulations);

// Starts the timeline commands whose time has come, then sets every driven joint's
// set point (q_ref, qdot_ref) to the command's value at the end of the coming step.
void advance_control(const Model& model, const Options& options, double time, ControlState& control,
                     std::vector<ArticulationState>& articulations);

// True while a static auto-grasp closes some hand: the step then moves only the
// fingers, kinematically (step/static_grasp.h), and nothing else.
bool static_grasp_active(const ControlState& control);

// GraspIt!'s kinematic closing, in three parts that the step's static-grasp pass
// calls around its contact detection:
// every finger joint still open moves by its speed times h toward its closing limit
// (followers keep their couplings; the link bodies follow in the pass) ...
void close_static_fingers(const Model& model, const Options& options, ControlState& control,
                          std::vector<ArticulationState>& articulations);
// ... a finger stops when a link it carries touches, within the contact threshold, a
// body of another articulation or a free body ...
void stop_touching_fingers(const Model& model, const Options& options,
                           const std::vector<DetectedContact>& contacts, ControlState& control);
// ... and when every finger of a hand has stopped, its set points hold the reached pose.
void finish_static_grasps(const Model& model, ControlState& control,
                          std::vector<ArticulationState>& articulations);

}  // namespace contactlab

#include "control/robot_control.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "dynamics/articulation/inverse_kinematics.h"

namespace contactlab {
namespace {

std::vector<int> finger_links(const Articulation& articulation) {
  std::vector<int> links;
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    if (articulation.actuators[link].close_direction != 0) links.push_back(link);
  }
  return links;
}

// The limit a finger joint closes toward (closing) or opens toward.
double finger_goal(const Articulation& articulation, int link, bool closing) {
  const Joint& joint = articulation.tree.link(link).joint;
  const bool upper = (articulation.actuators[link].close_direction > 0) == closing;
  return upper ? joint.upper : joint.lower;
}

// Seed 002 §6: all fingers close "at the same speed": the command's, or the slowest
// finger motor's maximum.
double finger_speed(const Articulation& articulation, const std::vector<int>& fingers,
                    double requested) {
  if (requested > 0) return requested;
  double speed = articulation.actuators[fingers.front()].max_velocity;
  for (int link : fingers) speed = std::min(speed, articulation.actuators[link].max_velocity);
  return speed;
}

// A trajectory of the command's joints, plus the joints the running trajectory still
// drives (kept on their way to their old targets), from the current set points.
Status start_trajectory(const Articulation& articulation, const ArticulationState& state,
                        const TimelineCommand& command, double time, RobotControl& robot) {
  std::vector<int> links;
  std::vector<double> targets;
  for (const JointTarget& target : command.targets) {
    links.push_back(target.link);
    targets.push_back(target.position);
  }
  for (size_t i = 0; i < robot.trajectory_links.size(); ++i) {
    const int link = robot.trajectory_links[i];
    if (robot.driver[link] != JointDriver::Trajectory) continue;
    if (std::find(links.begin(), links.end(), link) != links.end()) continue;
    links.push_back(link);
    targets.push_back(robot.trajectory.target()[i]);
  }
  std::vector<double> q, qd, qdd(links.size(), 0), max_velocity, max_acceleration;
  for (int link : links) {
    q.push_back(state.target_position[link]);
    qd.push_back(state.target_velocity[link]);
    max_velocity.push_back(articulation.actuators[link].max_velocity);
    max_acceleration.push_back(articulation.actuators[link].max_acceleration);
  }
  CONTACTLAB_RETURN_IF_ERROR(
      robot.trajectory.start(time, q, qd, qdd, targets, max_velocity, max_acceleration));
  robot.trajectory_links = links;
  for (int link : links) robot.driver[link] = JointDriver::Trajectory;
  return Status::success();
}

// A constant-speed move (or a step) of the command's joints from their current set
// points, plus the joints the running one still drives (carried on to their old
// goals at their old speeds).
Status start_linear(const ArticulationState& state, const TimelineCommand& command, double time,
                    RobotControl& robot) {
  const double speed = command.profile == MoveProfile::Step ? std::numeric_limits<double>::infinity()
                                                            : command.speed;
  std::vector<int> links;
  std::vector<double> goals, speeds;
  for (const JointTarget& target : command.targets) {
    links.push_back(target.link);
    goals.push_back(target.position);
    speeds.push_back(speed);
  }
  for (size_t i = 0; i < robot.linear_links.size(); ++i) {
    const int link = robot.linear_links[i];
    if (robot.driver[link] != JointDriver::Linear) continue;
    if (std::find(links.begin(), links.end(), link) != links.end()) continue;
    links.push_back(link);
    goals.push_back(robot.linear.goal()[i]);
    speeds.push_back(robot.linear.speed()[i]);
  }
  std::vector<double> q;
  for (int link : links) q.push_back(state.target_position[link]);
  CONTACTLAB_RETURN_IF_ERROR(robot.linear.start(time, q, goals, speeds));
  robot.linear_links = links;
  for (int link : links) robot.driver[link] = JointDriver::Linear;
  return Status::success();
}

// Every finger from its current set point toward its closing (or open) limit.
Status start_fingers(const Articulation& articulation, const ArticulationState& state,
                     const TimelineCommand& command, bool closing, double time, RobotControl& robot) {
  const std::vector<int> fingers = finger_links(articulation);
  const double speed = finger_speed(articulation, fingers, command.speed);
  std::vector<double> q, qd, goal, speeds, max_acceleration;
  for (int link : fingers) {
    q.push_back(state.target_position[link]);
    qd.push_back(state.target_velocity[link]);
    goal.push_back(finger_goal(articulation, link, closing));
    speeds.push_back(speed);
    max_acceleration.push_back(articulation.actuators[link].max_acceleration);
  }
  CONTACTLAB_RETURN_IF_ERROR(robot.ramp.start(time, q, qd, goal, speeds, max_acceleration));
  robot.ramp_links = fingers;
  for (int link : fingers) robot.driver[link] = JointDriver::Ramp;
  robot.static_speed = speed;
  return Status::success();
}

Status start_cartesian(const Articulation& articulation, const ArticulationState& state,
                       const TimelineCommand& command, double time, RobotControl& robot) {
  CartesianMove& move = robot.cartesian;
  move.joints = driven_chain(articulation, command.link);
  if (move.joints.empty()) return Status::failure("move_cartesian: no actuated joint moves the link");
  forward_kinematics(articulation.tree, set_point_positions(articulation, state), robot.ik_scratch);
  move.link = command.link;
  move.start = robot.ik_scratch.link_pose[command.link];
  move.end = command.position;
  move.start_time = time;
  // Peak speed of the quintic path: 15 D / (8 T).
  move.duration = 15.0 * (move.end - move.start.position).norm() / (8.0 * command.speed);
  move.active = true;
  for (int link : move.joints) robot.driver[link] = JointDriver::Cartesian;
  return Status::success();
}

// The path point at `time`, solved for the chain's joint set points.
void sample_cartesian(const Articulation& articulation, double time, double time_step,
                      ArticulationState& state, RobotControl& robot) {
  CartesianMove& move = robot.cartesian;
  const double tau = move.duration > 0 ? std::min(1.0, (time - move.start_time) / move.duration) : 1.0;
  const double s = tau * tau * tau * (10 - 15 * tau + 6 * tau * tau);
  Pose target = move.start;
  target.position = move.start.position + s * (move.end - move.start.position);
  Eigen::VectorXd q = set_point_positions(articulation, state);
  IkSettings settings;
  settings.with_orientation = move.joints.size() >= 6;
  solve_link_pose(articulation.tree, move.link, target, move.joints, settings, q, robot.ik_scratch);
  for (int link : move.joints) {
    if (robot.driver[link] != JointDriver::Cartesian) continue;
    const double position = q[articulation.tree.position_offset(link)];
    state.target_velocity[link] = tau < 1 ? (position - state.target_position[link]) / time_step : 0.0;
    state.target_position[link] = position;
  }
  if (tau >= 1) move.active = false;
}

bool carries(const Articulation& articulation, int finger, int link) {
  for (int i = link; i >= 0; i = articulation.tree.link(i).parent) {
    if (i == finger) return true;
  }
  return false;
}

// Followers take their leaders' positions (seed 002 eqs. 7-8, kept exactly when the
// closing is kinematic).
void apply_couplings_kinematically(const Articulation& articulation, ArticulationState& state) {
  const KinematicTree& tree = articulation.tree;
  for (const JointCoupling& coupling : articulation.couplings) {
    state.positions[tree.position_offset(coupling.follower)] =
        coupling.ratio * state.positions[tree.position_offset(coupling.leader)] + coupling.offset;
  }
}

// Set points from a sampled trajectory or ramp over `links`, for the joints that
// `driver` still drives (a later command may have taken some over).
void set_driven_points(const RobotControl& robot, const std::vector<int>& links, JointDriver driver,
                       const std::vector<double>& q, const std::vector<double>& qd,
                       ArticulationState& state) {
  for (size_t i = 0; i < links.size(); ++i) {
    if (robot.driver[links[i]] != driver) continue;
    state.target_position[links[i]] = q[i];
    state.target_velocity[links[i]] = qd[i];
  }
}

// What the scene reader checks for timeline commands, for commands from elsewhere.
Status check_command(const Model& model, const TimelineCommand& command) {
  const std::string what = command_kind_name(command.kind);
  if (command.articulation < 0 || command.articulation >= static_cast<int>(model.articulations.size())) {
    return Status::failure(what + ": no articulation " + std::to_string(command.articulation));
  }
  const Articulation& articulation = model.articulations[command.articulation];
  const KinematicTree& tree = articulation.tree;
  if (command.kind == CommandKind::MoveJoints) {
    if (command.targets.empty()) return Status::failure(what + ": no joint to move");
    for (const JointTarget& target : command.targets) {
      if (target.link < 0 || target.link >= tree.link_count() ||
          tree.link(target.link).joint.velocity_size() != 1 || !articulation.actuators[target.link].present) {
        return Status::failure(what + ": link " + std::to_string(target.link) +
                               " has no actuated revolute or prismatic joint");
      }
      const Joint& joint = tree.link(target.link).joint;
      if (!(target.position >= joint.lower && target.position <= joint.upper)) {
        char range[96];
        std::snprintf(range, sizeof range, " must be within its limits [%g, %g], got %g", joint.lower,
                      joint.upper, target.position);
        return Status::failure(what + ": " + tree.link(target.link).name + range);
      }
    }
    if (command.profile == MoveProfile::Linear && !(command.speed > 0 && command.speed <= 100)) {
      return Status::failure(what + ": the linear profile needs a speed in (0, 100] rad/s or m/s");
    }
    return Status::success();
  }
  if (!(command.speed >= 0 && command.speed <= 100)) {
    return Status::failure(what + ": speed must be in [0, 100] (0: the actuators' own)");
  }
  if (command.kind == CommandKind::MoveCartesian) {
    if (command.link < 0 || command.link >= tree.link_count()) {
      return Status::failure(what + ": no link " + std::to_string(command.link));
    }
    if (!(command.speed > 0) || !command.position.allFinite()) {
      return Status::failure(what + ": needs a finite target position and a speed > 0");
    }
    return Status::success();
  }
  if (finger_links(articulation).empty()) {
    return Status::failure(what + ": articulation \"" + articulation.name + "\" has no finger joint");
  }
  return Status::success();
}

}  // namespace

std::vector<int> driven_chain(const Articulation& articulation, int link) {
  std::vector<int> joints;
  for (int i = link; i >= 0; i = articulation.tree.link(i).parent) {
    if (articulation.actuators[i].present && articulation.tree.link(i).joint.velocity_size() == 1) {
      joints.insert(joints.begin(), i);
    }
  }
  return joints;
}

Eigen::VectorXd set_point_positions(const Articulation& articulation, const ArticulationState& state) {
  Eigen::VectorXd q = state.positions;
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    if (articulation.actuators[link].present && articulation.tree.link(link).joint.velocity_size() == 1) {
      q[articulation.tree.position_offset(link)] = state.target_position[link];
    }
  }
  return q;
}

ControlState initial_control_state(const Model& model) {
  ControlState control;
  for (const Articulation& articulation : model.articulations) {
    RobotControl robot;
    robot.driver.assign(articulation.tree.link_count(), JointDriver::Hold);
    control.robots.push_back(robot);
  }
  return control;
}

Status start_command(const Model& model, const Options& options, const TimelineCommand& command,
                     double time, ControlState& control, std::vector<ArticulationState>& articulations) {
  CONTACTLAB_RETURN_IF_ERROR(check_command(model, command));
  if (control.robots[command.articulation].static_closing) {
    return Status::failure(std::string(command_kind_name(command.kind)) + ": articulation \"" +
                           model.articulations[command.articulation].name +
                           "\" is closing in a static auto-grasp; wait until it has closed");
  }
  const Articulation& articulation = model.articulations[command.articulation];
  ArticulationState& state = articulations[command.articulation];
  RobotControl& robot = control.robots[command.articulation];
  switch (command.kind) {
    case CommandKind::MoveJoints:
      if (command.profile != MoveProfile::Smooth) return start_linear(state, command, time, robot);
      return start_trajectory(articulation, state, command, time, robot);
    case CommandKind::Open:
      return start_fingers(articulation, state, command, false, time, robot);
    case CommandKind::MoveCartesian:
      return start_cartesian(articulation, state, command, time, robot);
    case CommandKind::Autograsp:
      CONTACTLAB_RETURN_IF_ERROR(start_fingers(articulation, state, command, true, time, robot));
      if (options.autograsp == 1) {
        robot.static_closing = true;
        robot.finger_stopped.assign(robot.ramp_links.size(), 0);
        for (int link : robot.ramp_links) robot.driver[link] = JointDriver::Hold;
      }
      return Status::success();
  }
  return Status::success();
}

void advance_control(const Model& model, const Options& options, double time, ControlState& control,
                     std::vector<ArticulationState>& articulations) {
  const double half_step = 0.5 * options.time_step;
  while (control.next_command < model.timeline.size() &&
         model.timeline[control.next_command].time <= time + half_step) {
    // A command the scene loader accepted can only fail on a state it cannot know
    // (e.g. a joint pushed outside its limits); it is then skipped, as a button press
    // that cannot be carried out would be.
    start_command(model, options, model.timeline[control.next_command], time, control, articulations);
    ++control.next_command;
  }
  const double sample_time = time + options.time_step;  // the end of this step
  std::vector<double>& q = control.sample_position;
  std::vector<double>& qd = control.sample_velocity;
  std::vector<double>& qdd = control.sample_acceleration;
  for (size_t a = 0; a < model.articulations.size(); ++a) {
    RobotControl& robot = control.robots[a];
    ArticulationState& state = articulations[a];
    if (!robot.trajectory_links.empty()) {
      robot.trajectory.sample(sample_time, q, qd, qdd);
      set_driven_points(robot, robot.trajectory_links, JointDriver::Trajectory, q, qd, state);
    }
    if (robot.cartesian.active) {
      sample_cartesian(model.articulations[a], sample_time, options.time_step, state, robot);
    }
    if (!robot.linear_links.empty()) {
      robot.linear.sample(sample_time, q, qd);
      set_driven_points(robot, robot.linear_links, JointDriver::Linear, q, qd, state);
    }
    if (!robot.ramp_links.empty() && !robot.static_closing) {
      robot.ramp.sample(sample_time, q, qd, qdd);
      set_driven_points(robot, robot.ramp_links, JointDriver::Ramp, q, qd, state);
    }
  }
}

bool static_grasp_active(const ControlState& control) {
  for (const RobotControl& robot : control.robots) {
    if (robot.static_closing) return true;
  }
  return false;
}

void close_static_fingers(const Model& model, const Options& options, ControlState& control,
                          std::vector<ArticulationState>& articulations) {
  const double h = options.time_step;
  for (size_t a = 0; a < model.articulations.size(); ++a) {
    RobotControl& robot = control.robots[a];
    if (!robot.static_closing) continue;
    const Articulation& articulation = model.articulations[a];
    ArticulationState& state = articulations[a];
    for (size_t i = 0; i < robot.ramp_links.size(); ++i) {
      if (robot.finger_stopped[i]) continue;
      const int link = robot.ramp_links[i];
      const double goal = finger_goal(articulation, link, true);
      double& q = state.positions[articulation.tree.position_offset(link)];
      const double move = articulation.actuators[link].close_direction * robot.static_speed * h;
      q += move;
      if ((move > 0 && q >= goal) || (move < 0 && q <= goal)) {
        q = goal;
        robot.finger_stopped[i] = 1;  // reached its limit without touching anything
      }
    }
    apply_couplings_kinematically(articulation, state);
    state.velocities.setZero();
    state.loop_rate.setZero();
  }
}

void stop_touching_fingers(const Model& model, const Options& options,
                           const std::vector<DetectedContact>& contacts, ControlState& control) {
  for (const DetectedContact& contact : contacts) {
    if (contact.point.distance > options.contact_threshold) continue;
    for (int side = 0; side < 2; ++side) {
      const Body& body = model.bodies[side == 0 ? contact.body_a : contact.body_b];
      const Body& other = model.bodies[side == 0 ? contact.body_b : contact.body_a];
      if (body.articulation < 0 || other.articulation == body.articulation) continue;
      RobotControl& robot = control.robots[body.articulation];
      if (!robot.static_closing) continue;
      for (size_t i = 0; i < robot.ramp_links.size(); ++i) {
        if (carries(model.articulations[body.articulation], robot.ramp_links[i], body.link)) {
          robot.finger_stopped[i] = 1;
        }
      }
    }
  }
}

void finish_static_grasps(const Model& model, ControlState& control,
                          std::vector<ArticulationState>& articulations) {
  for (size_t a = 0; a < model.articulations.size(); ++a) {
    RobotControl& robot = control.robots[a];
    if (!robot.static_closing) continue;
    if (std::find(robot.finger_stopped.begin(), robot.finger_stopped.end(), 0) != robot.finger_stopped.end()) {
      continue;
    }
    // Closed: the motors hold the reached pose from now on.
    robot.static_closing = false;
    const Articulation& articulation = model.articulations[a];
    ArticulationState& state = articulations[a];
    for (int link : robot.ramp_links) {
      state.target_position[link] = state.positions[articulation.tree.position_offset(link)];
      state.target_velocity[link] = 0;
      robot.driver[link] = JointDriver::Hold;
    }
  }
}

}  // namespace contactlab

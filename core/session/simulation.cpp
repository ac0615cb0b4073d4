#include "session/simulation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include <nlohmann/json.hpp>

#include "dynamics/articulation/inverse_kinematics.h"
#include "grasp/grasp_monitor.h"
#include "scene/json_fields.h"
#include "scene/scene_loader.h"
#include "step/robot_commands.h"
#include "step/step.h"

namespace contactlab {
namespace {

nlohmann::json vector_json(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

nlohmann::json geom_json(const Geom& geom) {
  nlohmann::json out;
  const Shape& shape = geom.shape;
  out["type"] = shape_type_name(shape.type);
  switch (shape.type) {
    case ShapeType::Box: out["half_extents"] = vector_json(shape.half_extents); break;
    case ShapeType::Sphere: out["radius"] = shape.radius; break;
    case ShapeType::Capsule:
    case ShapeType::Cylinder:
      out["radius"] = shape.radius;
      out["half_length"] = shape.half_length;
      break;
    case ShapeType::ConvexHull: {
      nlohmann::json vertices = nlohmann::json::array();
      for (const Vec3& vertex : shape.hull->vertices) vertices.push_back(vector_json(vertex));
      out["vertices"] = vertices;
      out["faces"] = shape.hull->faces;
      break;
    }
    case ShapeType::Plane: break;
  }
  out["position"] = vector_json(geom.local_pose.position);
  const Quat q(geom.local_pose.rotation);
  out["orientation"] = {q.w(), q.x(), q.y(), q.z()};
  out["color"] = geom.color;
  return out;
}

// A limit or effort bound for JSON: null when it is infinite (no limit).
nlohmann::json bound_json(double value) {
  if (std::isinf(value)) return nullptr;
  return value;
}

nlohmann::json joint_json(const Articulation& articulation, int link) {
  const Joint& joint = articulation.tree.link(link).joint;
  const JointActuator& actuator = articulation.actuators[link];
  return {{"type", joint_type_name(joint.type)},
          {"lower", bound_json(joint.lower)},
          {"upper", bound_json(joint.upper)},
          {"actuated", actuator.present},
          {"close_direction", actuator.close_direction},
          {"max_effort", actuator.present ? bound_json(actuator.gains.max_torque) : nlohmann::json(nullptr)}};
}

// The actuated revolute or prismatic joints between the root and `link`, root first
// (those a Cartesian move drives).
std::vector<int> driven_chain(const Articulation& articulation, int link) {
  std::vector<int> joints;
  for (int i = link; i >= 0; i = articulation.tree.link(i).parent) {
    if (articulation.actuators[i].present && articulation.tree.link(i).joint.velocity_size() == 1) {
      joints.insert(joints.begin(), i);
    }
  }
  return joints;
}

// True when `ancestor` lies on the path from the root to `link` (or is `link`).
bool on_path(const Articulation& articulation, int ancestor, int link) {
  for (int i = link; i >= 0; i = articulation.tree.link(i).parent) {
    if (i == ancestor) return true;
  }
  return false;
}

// The hand: the deepest link above every finger joint (the palm), -1 without fingers.
// The links below it (fingers, knuckles) belong to the hand, not to the arm.
int hand_link(const Articulation& articulation) {
  std::vector<int> fingers;
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    if (articulation.actuators[link].close_direction != 0) fingers.push_back(link);
  }
  if (fingers.empty()) return -1;
  int hand = articulation.tree.link(fingers.front()).parent;
  for (int finger : fingers) {
    while (hand >= 0 && !on_path(articulation, hand, articulation.tree.link(finger).parent)) {
      hand = articulation.tree.link(hand).parent;
    }
  }
  return hand;
}

// A link jog() accepts: on the arm (not below the hand), with at least kArmJoints
// actuated joints between the root and it.
bool joggable(const Articulation& articulation, int link) {
  const int hand = hand_link(articulation);
  return (hand < 0 || on_path(articulation, link, hand)) &&
         static_cast<int>(driven_chain(articulation, link).size()) >= Simulation::kArmJoints;
}

nlohmann::json articulation_json(const Articulation& articulation) {
  nlohmann::json links = nlohmann::json::array();
  int joint_index = 0;
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    const bool one_dof = articulation.tree.link(link).joint.velocity_size() == 1;
    links.push_back({{"name", articulation.tree.link(link).name},
                     {"body", articulation.link_body[link]},
                     {"joint_index", one_dof ? joint_index++ : -1},
                     {"joint", joint_json(articulation, link)},
                     {"joggable", joggable(articulation, link)}});
  }
  nlohmann::json couplings = nlohmann::json::array();
  for (const JointCoupling& coupling : articulation.couplings) {
    couplings.push_back({{"leader", articulation.tree.link(coupling.leader).name},
                         {"follower", articulation.tree.link(coupling.follower).name},
                         {"ratio", coupling.ratio}});
  }
  return {{"name", articulation.name}, {"links", links}, {"couplings", couplings}};
}

int link_index(const Articulation& articulation, const std::string& name) {
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    if (articulation.tree.link(link).name == name) return link;
  }
  return -1;
}

std::string quoted(const std::string& text) { return "\"" + text + "\""; }

const char* joint_unit(const Joint& joint) { return joint.type == JointType::Revolute ? "rad" : "m"; }

// -1 at the lower limit, 1 at the upper, 0 in between (within `tolerance`).
int limit_state(const Joint& joint, double position, double tolerance) {
  if (position <= joint.lower + tolerance) return -1;
  if (position >= joint.upper - tolerance) return 1;
  return 0;
}

// q with every actuated revolute or prismatic joint at its set point: where the
// motors are taking the articulation (and where a Cartesian move starts).
Eigen::VectorXd set_point_configuration(const Articulation& articulation, const ArticulationState& state) {
  Eigen::VectorXd q = state.positions;
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    if (articulation.actuators[link].present && articulation.tree.link(link).joint.velocity_size() == 1) {
      q[articulation.tree.position_offset(link)] = state.target_position[link];
    }
  }
  return q;
}

// The jog's line from `start` to `target` (orientation kept) checked as the moving
// arm will follow it: inverse kinematics at kJogChecks points, each from the last
// solution. `worst` gets the largest position [m] and rotation [rad] errors left;
// true when every point converged.
constexpr int kJogChecks = 8;
bool jog_reachable(const Articulation& articulation, int link, const std::vector<int>& joints, const Pose& start,
                   const Vec3& target, Eigen::VectorXd q, IkResult& worst) {
  TreeKinematics scratch;
  IkSettings settings;
  settings.max_iterations = 50;
  bool reached = true;
  for (int k = 1; k <= kJogChecks; ++k) {
    Pose point = start;
    point.position = start.position + (static_cast<double>(k) / kJogChecks) * (target - start.position);
    const IkResult result = solve_link_pose(articulation.tree, link, point, joints, settings, q, scratch);
    reached = reached && result.converged;
    worst.position_error = std::max(worst.position_error, result.position_error);
    worst.rotation_error = std::max(worst.rotation_error, result.rotation_error);
  }
  return reached;
}

}  // namespace

bool operator==(const JointReadout& a, const JointReadout& b) {
  return a.position == b.position && a.velocity == b.velocity && a.set_point == b.set_point &&
         a.effort == b.effort && a.limit == b.limit && a.goal == b.goal;
}

Status Simulation::load_scene(const std::string& json_text) {
  auto model = std::make_shared<Model>();
  const Status status = contactlab::load_scene(json_text, *model);
  if (!status.ok()) return status;
  model_ = model;
  options_ = model_->options;
  reset();
  return Status::success();
}

Status Simulation::set_option(const std::string& name, double value) {
  return contactlab::set_option(options_, name, value);
}

double Simulation::option(const std::string& name) const {
  double value = 0;
  if (!get_option(options_, name, value).ok()) return std::numeric_limits<double>::quiet_NaN();
  return value;
}

void Simulation::reset() {
  if (!model_) return;
  data_ = std::make_unique<Data>(make_data(*model_));
}

long Simulation::step(long count) {
  if (!model_) return 0;
  for (long i = 0; i < count; ++i) contactlab::step(*model_, options_, *data_);
  return count;
}

int Simulation::articulation_index(const std::string& name) const {
  if (!model_) return -1;
  for (size_t a = 0; a < model_->articulations.size(); ++a) {
    if (model_->articulations[a].name == name) return static_cast<int>(a);
  }
  return -1;
}

// The articulation to command: known, and not in the middle of a static auto-grasp
// (which moves the fingers kinematically and ignores set points until it stops).
Status Simulation::commandable_articulation(const std::string& name, int& index) const {
  if (!model_) return Status::failure("no scene is loaded");
  index = articulation_index(name);
  if (index < 0) {
    std::string known;
    for (const Articulation& articulation : model_->articulations) {
      known += (known.empty() ? "" : ", ") + articulation.name;
    }
    return Status::failure("articulation: no articulation named " + quoted(name) +
                           (known.empty() ? " (the scene has none)" : " (known: " + known + ")"));
  }
  if (data_->control.robots[index].static_closing) {
    return Status::failure("articulation " + quoted(name) +
                           ": a static auto-grasp is still closing; try again when it has stopped");
  }
  return Status::success();
}

Status Simulation::commandable_link(const std::string& articulation_name, const std::string& link_name,
                                    int& articulation_index, int& link) const {
  CONTACTLAB_RETURN_IF_ERROR(commandable_articulation(articulation_name, articulation_index));
  link = link_index(model_->articulations[articulation_index], link_name);
  if (link < 0) {
    return Status::failure("link: articulation " + quoted(articulation_name) + " has no link named " +
                           quoted(link_name));
  }
  return Status::success();
}

Status Simulation::set_joint_target(const std::string& articulation_name, const std::string& link_name,
                                    double position) {
  int a = -1;
  int link = -1;
  CONTACTLAB_RETURN_IF_ERROR(commandable_link(articulation_name, link_name, a, link));
  const Articulation& articulation = model_->articulations[a];
  const Joint& joint = articulation.tree.link(link).joint;
  if (joint.velocity_size() != 1 || !articulation.actuators[link].present) {
    return Status::failure("link " + quoted(link_name) + ": has a " + joint_type_name(joint.type) +
                           (articulation.actuators[link].present ? " joint" : " joint without an actuator") +
                           "; only a revolute or prismatic joint with an actuator can be moved");
  }
  // As a timeline's targets: within the limits, and within [-100, 100] (docs/scene_format.md).
  const double lowest = std::max(joint.lower, -100.0);
  const double highest = std::min(joint.upper, 100.0);
  if (!(position >= lowest && position <= highest)) {
    return Status::failure("position: must be within the limits of joint " + quoted(link_name) + ", [" +
                           describe_number(lowest) + ", " + describe_number(highest) + "] " +
                           joint_unit(joint) + ", got " + describe_number(position));
  }
  TimelineCommand move;
  move.time = data_->time;
  move.kind = CommandKind::MoveJoints;
  move.articulation = a;
  move.targets.push_back(JointTarget{link, position});
  return start_command(*model_, options_, move, *data_);
}

Status Simulation::command(const std::string& articulation_name, const std::string& kind) {
  TimelineCommand fingers;
  if (kind == "autograsp") {
    fingers.kind = CommandKind::Autograsp;
  } else if (kind == "open") {
    fingers.kind = CommandKind::Open;
  } else {
    return Status::failure("command: must be autograsp or open (joints move with set_joint_target), got " +
                           quoted(kind));
  }
  int a = -1;
  CONTACTLAB_RETURN_IF_ERROR(commandable_articulation(articulation_name, a));
  const Articulation& articulation = model_->articulations[a];
  int finger_count = 0;
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    if (articulation.actuators[link].close_direction == 0) continue;
    const Joint& joint = articulation.tree.link(link).joint;
    if (!std::isfinite(joint.lower) || !std::isfinite(joint.upper)) {
      return Status::failure("command: finger joint " + quoted(articulation.tree.link(link).name) +
                             " has no limits to close and open towards");
    }
    ++finger_count;
  }
  if (finger_count == 0) {
    return Status::failure("command: articulation " + quoted(articulation_name) +
                           " has no finger joint (an actuator with close_direction)");
  }
  fingers.time = data_->time;
  fingers.articulation = a;
  return start_command(*model_, options_, fingers, *data_);
}

std::string Simulation::scene_description() const {
  if (!model_) return "{}";
  nlohmann::json scene;
  scene["name"] = model_->name;
  scene["description"] = model_->description;
  scene["duration"] = model_->duration;
  nlohmann::json options;
  for (const std::string& name : option_names()) options[name] = option(name);
  scene["options"] = options;
  nlohmann::json bodies = nlohmann::json::array();
  for (const Body& body : model_->bodies) {
    nlohmann::json geoms = nlohmann::json::array();
    for (int g : body.geoms) geoms.push_back(geom_json(model_->geoms[g]));
    bodies.push_back({{"name", body.name}, {"static", body.is_static}, {"mass", body.mass}, {"geoms", geoms}});
  }
  scene["bodies"] = bodies;
  nlohmann::json articulations = nlohmann::json::array();
  for (const Articulation& articulation : model_->articulations) {
    articulations.push_back(articulation_json(articulation));
  }
  scene["articulations"] = articulations;
  return scene.dump();
}

std::optional<GraspReport> Simulation::grasp() const {
  if (!model_) return std::nullopt;
  return evaluate_current_grasp(*model_, options_, *data_);
}

const std::vector<JointReadout>& Simulation::joint_state(int articulation_index) {
  joints_.clear();
  if (!model_ || articulation_index < 0 ||
      articulation_index >= static_cast<int>(model_->articulations.size())) {
    return joints_;
  }
  const Articulation& articulation = model_->articulations[articulation_index];
  const ArticulationState& state = data_->articulations[articulation_index];
  const RobotControl& robot = data_->control.robots[articulation_index];
  // The ramp at rest after its end: every finger at its goal.
  robot.ramp.sample(std::numeric_limits<double>::infinity(), sample_position_, sample_velocity_,
                    sample_acceleration_);
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    const Joint& joint = articulation.tree.link(link).joint;
    if (joint.velocity_size() != 1) continue;
    const double q = joint_position(articulation, state, link);
    double goal = state.target_position[link];
    const auto in_trajectory = std::find(robot.trajectory_links.begin(), robot.trajectory_links.end(), link);
    const auto in_ramp = std::find(robot.ramp_links.begin(), robot.ramp_links.end(), link);
    if (robot.driver[link] == JointDriver::Trajectory && in_trajectory != robot.trajectory_links.end()) {
      goal = robot.trajectory.target()[in_trajectory - robot.trajectory_links.begin()];
    } else if ((robot.driver[link] == JointDriver::Ramp || robot.static_closing) &&
               in_ramp != robot.ramp_links.end()) {
      goal = sample_position_[in_ramp - robot.ramp_links.begin()];
    }
    joints_.push_back({q, joint_velocity(articulation, state, link), state.target_position[link],
                       state.motor_effort[link], limit_state(joint, q, kLimitTolerance), goal});
  }
  return joints_;
}

Status Simulation::jog(const std::string& articulation_name, const std::string& link_name, double dx, double dy,
                       double dz) {
  int a = -1;
  int link = -1;
  CONTACTLAB_RETURN_IF_ERROR(commandable_link(articulation_name, link_name, a, link));
  const Articulation& articulation = model_->articulations[a];
  const Vec3 displacement(dx, dy, dz);
  const char* const field[3] = {"dx", "dy", "dz"};
  const std::string range = "[" + describe_number(-kMaxJog) + ", " + describe_number(kMaxJog) + "] m";
  for (int k = 0; k < 3; ++k) {
    if (!(std::abs(displacement[k]) <= kMaxJog)) {
      return Status::failure(std::string(field[k]) + ": must be finite and within " + range + ", got " +
                             describe_number(displacement[k]));
    }
  }
  if (!(displacement.norm() <= kMaxJog)) {
    return Status::failure("dx, dy, dz: the jog must be at most " + describe_number(kMaxJog) + " m long, got " +
                           describe_number(displacement.norm()) + " m");
  }
  const int hand = hand_link(articulation);
  if (hand >= 0 && !on_path(articulation, link, hand)) {
    const std::string& palm = articulation.tree.link(hand).name;
    return Status::failure("link " + quoted(link_name) + ": belongs to the hand below " + quoted(palm) +
                           "; jog " + quoted(palm) + " or a link of the arm above it");
  }
  const std::vector<int> joints = driven_chain(articulation, link);
  if (static_cast<int>(joints.size()) < kArmJoints) {
    return Status::failure("link " + quoted(link_name) + ": is moved by " + std::to_string(joints.size()) +
                           " actuated joints; a jog keeps the orientation and needs an arm of at least " +
                           std::to_string(kArmJoints));
  }

  const RobotControl& robot = data_->control.robots[a];
  const Eigen::VectorXd q = set_point_configuration(articulation, data_->articulations[a]);
  TreeKinematics kinematics;
  forward_kinematics(articulation.tree, q, kinematics);
  const Pose start = kinematics.link_pose[link];
  const bool adding = robot.cartesian.active && robot.cartesian.link == link;
  const Vec3 target = (adding ? robot.cartesian.end : start.position) + displacement;
  IkResult worst;
  if (!jog_reachable(articulation, link, joints, start, target, q, worst)) {
    char shortfall[64];
    std::snprintf(shortfall, sizeof shortfall, "%.1f mm and %.3f rad", 1000 * worst.position_error,
                  worst.rotation_error);
    return Status::failure("dx, dy, dz: link " + quoted(link_name) + " cannot reach (" +
                           describe_number(target.x()) + ", " + describe_number(target.y()) + ", " +
                           describe_number(target.z()) + ") m with its orientation kept (" + shortfall +
                           " short within the joint limits); nothing moved");
  }
  TimelineCommand move;
  move.time = data_->time;
  move.kind = CommandKind::MoveCartesian;
  move.articulation = a;
  move.link = link;
  move.position = target;
  move.speed = kJogSpeed;
  return start_command(*model_, options_, move, *data_);
}

std::vector<Vec6> Simulation::grasp_wrenches() const {
  std::vector<Vec6> wrenches;
  int object = -1;
  if (!model_ || !current_grasp_wrenches(*model_, options_, *data_, object, wrenches).ok()) return {};
  return wrenches;
}

std::optional<Pose> Simulation::link_pose(const std::string& articulation_name, const std::string& link_name) const {
  const int a = articulation_index(articulation_name);
  if (a < 0) return std::nullopt;
  const int link = link_index(model_->articulations[a], link_name);
  if (link < 0) return std::nullopt;
  return data_->articulations[a].kinematics.link_pose[link];
}

}  // namespace contactlab

#include "session/simulation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <limits>
#include <utility>

#include "base/number_text.h"
#include "control/command_requests.h"
#include "control/jog.h"
#include "grasp/grasp_monitor.h"
#include "scene/scene_description.h"
#include "scene/scene_loader.h"
#include "scene/scene_with_options.h"
#include "step/robot_commands.h"
#include "step/step.h"

namespace contactlab {
namespace {

int link_index(const Articulation& articulation, const std::string& name) {
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    if (articulation.tree.link(link).name == name) return link;
  }
  return -1;
}

// -1 at the lower limit, 1 at the upper, 0 in between (within `tolerance`).
int limit_state(const Joint& joint, double position, double tolerance) {
  if (position <= joint.lower + tolerance) return -1;
  if (position >= joint.upper - tolerance) return 1;
  return 0;
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
  scene_text_ = json_text;
  options_ = model_->options;
  reset();
  return Status::success();
}

Status Simulation::set_option(const std::string& name, double value) {
  const Status status = contactlab::set_option(options_, name, value);
  if (status.ok() && model_ && data_->step_count == 0) restart_state_log();
  return status;
}

double Simulation::option(const std::string& name) const {
  double value = 0;
  if (!get_option(options_, name, value).ok()) return std::numeric_limits<double>::quiet_NaN();
  return value;
}

void Simulation::reset() {
  if (!model_) return;
  data_ = std::make_unique<Data>(make_data(*model_));
  restart_state_log();
}

void Simulation::keep_state_log(bool keep) {
  if (!keep) {
    state_log_.reset();
    return;
  }
  if (state_log_) return;
  state_log_ = std::make_unique<StateLog>();
  restart_state_log();
}

void Simulation::restart_state_log() {
  if (!state_log_ || !model_) return;
  state_log_->restart(*model_, options_);
  state_log_->record(*model_, options_, *data_);
}

void Simulation::discard_state_log_after(long step) {
  if (state_log_) state_log_->discard_after(step);
}

void Simulation::reset_scene() {
  if (!model_) return;
  options_ = model_->options;
  reset();
}

void Simulation::save(Checkpoint& checkpoint) const {
  checkpoint.model = model_;
  checkpoint.options = options_;
  if (data_) {
    checkpoint.data = *data_;
  } else {
    checkpoint.data = Data();
  }
}

Status Simulation::restore(const Checkpoint& checkpoint) {
  if (!checkpoint.model) return Status::failure("checkpoint: it holds no scene");
  model_ = checkpoint.model;
  options_ = checkpoint.options;
  if (data_) {
    *data_ = checkpoint.data;
  } else {
    data_ = std::make_unique<Data>(checkpoint.data);
  }
  step_error_.clear();
  return Status::success();
}

long Simulation::step(long count) {
  step_error_.clear();
  if (!model_) return 0;
  for (long i = 0; i < count; ++i) {
    bool saved = false;
    try {
      before_step_ = *data_;
      saved = true;
      contactlab::step(*model_, options_, *data_, workspace_);
      if (state_log_) state_log_->record(*model_, options_, *data_);
    } catch (const std::exception& error) {
      if (saved) std::swap(*data_, before_step_);
      const bool keep_island_problems = workspace_.keep_island_problems;
      workspace_ = StepWorkspace();
      workspace_.keep_island_problems = keep_island_problems;
      step_error_ = "the step from t = " + describe_number(data_->time) + " s failed (" +
                    error.what() + "); the state is as before it";
      return i;
    }
  }
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
  TimelineCommand move;
  CONTACTLAB_RETURN_IF_ERROR(
      joint_target_command(model_->articulations[a], a, link, position, data_->time, move));
  return start_command(*model_, options_, move, *data_);
}

Status Simulation::command(const std::string& articulation_name, const std::string& kind) {
  CommandKind command_kind = CommandKind::Autograsp;
  CONTACTLAB_RETURN_IF_ERROR(finger_command_kind(kind, command_kind));
  int a = -1;
  CONTACTLAB_RETURN_IF_ERROR(commandable_articulation(articulation_name, a));
  TimelineCommand fingers;
  CONTACTLAB_RETURN_IF_ERROR(finger_command(model_->articulations[a], a, command_kind, data_->time, fingers));
  return start_command(*model_, options_, fingers, *data_);
}

std::string Simulation::scene_description() const {
  if (!model_) return "{}";
  return describe_scene(*model_, options_);
}

std::string Simulation::scene_file() const {
  std::string text;
  if (model_) scene_with_options(scene_text_, options_, text);
  return text;
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
  TimelineCommand move;
  CONTACTLAB_RETURN_IF_ERROR(plan_jog(model_->articulations[a], a, data_->articulations[a], data_->control.robots[a],
                                      link, Vec3(dx, dy, dz), data_->time, move));
  return start_command(*model_, options_, move, *data_);
}

Status Simulation::draggable_body(const std::string& name, int& index) const {
  if (!model_) return Status::failure("no scene is loaded");
  index = -1;
  for (int b = 0; b < static_cast<int>(model_->bodies.size()); ++b) {
    if (model_->bodies[b].name == name) index = b;
  }
  if (index < 0) return Status::failure("body: no body named " + quoted(name));
  if (model_->bodies[index].is_static) {
    return Status::failure("body " + quoted(name) + ": a static body cannot be dragged; a dynamic body or a robot link can");
  }
  return Status::success();
}

namespace {

Status finite_point(const char* field, const Vec3& point) {
  for (int i = 0; i < 3; ++i) {
    if (!std::isfinite(point[i])) {
      return Status::failure(std::string(field) + "[" + std::to_string(i) + "]: must be a finite number [m], got " +
                             describe_number(point[i]));
    }
  }
  return Status::success();
}

}  // namespace

Status Simulation::drag(const std::string& body, const Vec3& point, const Vec3& target) {
  int b = -1;
  CONTACTLAB_RETURN_IF_ERROR(draggable_body(body, b));
  CONTACTLAB_RETURN_IF_ERROR(finite_point("point", point));
  return drag_body_point(body, data_->orientation[b].conjugate() * (point - data_->position[b]), target);
}

Status Simulation::drag_body_point(const std::string& body, const Vec3& point, const Vec3& target) {
  int b = -1;
  CONTACTLAB_RETURN_IF_ERROR(draggable_body(body, b));
  CONTACTLAB_RETURN_IF_ERROR(finite_point("point", point));
  CONTACTLAB_RETURN_IF_ERROR(finite_point("target", target));
  DragSpring& drag = data_->drag;
  drag.body = b;
  drag.point = point;
  drag.target = target;
  drag.mass = drag_mass(*model_, b);
  return Status::success();
}

Status Simulation::move_drag_target(const Vec3& target) {
  if (!model_ || data_->drag.body < 0) return Status::failure("drag target: nothing is grabbed");
  CONTACTLAB_RETURN_IF_ERROR(finite_point("target", target));
  data_->drag.target = target;
  return Status::success();
}

void Simulation::release() {
  if (model_) data_->drag = DragSpring{};
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

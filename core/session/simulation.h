// A running scene: the model, the options as the user has set them, and the state.
// This is what the page (through wasm/) and the tests drive; every mutator returns a
// Status and leaves the simulation as it was when it fails.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/options.h"
#include "base/status.h"
#include "dynamics/model.h"
#include "step/data.h"
#include "step/step_workspace.h"

namespace contactlab {

class Simulation {
 public:
  // Numbers per body in body_poses(): x y z qw qx qy qz; in body_velocities():
  // vx vy vz wx wy wz; per contact in contact_values(): px py pz nx ny nz phi fn
  // ftx fty ftz mode mu body_a body_b vn vtx vty vtz; per revolute or prismatic joint in
  // joint_state(): q v q_ref effort limit goal (see there).
  static constexpr int kPoseStride = 7;
  static constexpr int kVelocityStride = 6;
  static constexpr int kContactStride = 19;
  static constexpr int kJointStride = 6;
  static constexpr int kGraspStride = 6;
  // Numbers per wrench in grasp_wrenches(): fx fy fz tx ty tz; per link_pose():
  // x y z qw qx qy qz.
  static constexpr int kWrenchStride = 6;
  static constexpr int kLinkPoseStride = 7;
  // A joint within this of a limit [rad or m] is reported at it (joint_state's limit).
  static constexpr double kLimitTolerance = 1e-3;

  Status load_scene(const std::string& json_text);
  Status set_option(const std::string& name, double value);
  // NaN for an unknown name.
  double option(const std::string& name) const;
  void reset();
  // Advances `count` steps (no scene: none) and returns how many were taken.
  long step(long count);

  bool has_scene() const { return model_ != nullptr; }
  const Model& model() const { return *model_; }
  const Options& options() const { return options_; }
  const Data& data() const { return *data_; }

  // Robot commands (seed 002 §5-6), started now as the scene's timeline would start
  // them. set_joint_target moves one actuated revolute or prismatic joint's set point
  // to `position` [rad or m], within the joint's limits, along a smooth trajectory;
  // command starts "autograsp" (dynamic or static, as the option autograsp says) or
  // "open" on every finger joint of the articulation. On failure (no scene, unknown
  // articulation or link, a joint that cannot be moved, a position outside the
  // limits, an articulation without fingers, a static auto-grasp still closing)
  // nothing changes and the message says why.
  Status set_joint_target(const std::string& articulation, const std::string& link, double position);
  Status command(const std::string& articulation, const std::string& kind);
  // Cartesian jog (seed 002 §5): the frame of `link` moves by (dx, dy, dz) [m, world
  // axes] along a straight line with its orientation kept (control/jog.h says which
  // links and displacements are accepted); otherwise nothing changes and the message
  // says why.
  Status jog(const std::string& articulation, const std::string& link, double dx, double dy, double dz);

  // The scene as JSON (scene/scene_description.h), with the options in force; "{}"
  // without a scene.
  std::string scene_description() const;
  const std::vector<double>& body_poses();
  const std::vector<double>& body_velocities();
  const std::vector<double>& contact_values();
  // Index in Model::articulations, -1 for an unknown name.
  int articulation_index(const std::string& name) const;
  // Per revolute or prismatic joint of the articulation, in link order (the link's
  // "joint_index" in scene_description()): q and v [rad, rad/s or m, m/s]; q_ref, the
  // PD set point; effort, what the motor applied in the last step [N m or N]; limit,
  // -1 within kLimitTolerance of the lower limit, 1 of the upper, else 0; goal, where
  // the running command takes q_ref (the trajectory's target, the auto-grasp's or
  // open's limit; q_ref when the joint holds). Empty for an unknown index.
  const std::vector<double>& joint_state(int articulation);
  // The grasp of the moment (grasp_monitor.h), kGraspStride numbers: the grasped body
  // (-1: none), the contacts used, force closure (0 or 1), Ferrari-Canny epsilon, the
  // wrench space's volume and dimension. A 6-D hull: milliseconds, so callers
  // throttle it.
  const std::vector<double>& grasp_values();
  // The primitive wrenches of that analysis, kWrenchStride numbers each, contact by
  // contact and edge by edge (u per frictional contact, one per frictionless): the
  // force of a friction cone edge at unit normal force, f = n + mu d_j (seed 002
  // eq. (4)), then the torque (p - c) x f divided by the object's radius. Empty when
  // nothing is held.
  const std::vector<double>& grasp_wrenches();
  // The frame of an articulation's link in the world now (kLinkPoseStride numbers);
  // empty for unknown names.
  const std::vector<double>& link_pose(const std::string& articulation, const std::string& link);

 private:
  Status commandable_articulation(const std::string& name, int& index) const;
  // The same, and the index of its link `link_name`.
  Status commandable_link(const std::string& articulation_name, const std::string& link_name,
                          int& articulation_index, int& link) const;

  std::shared_ptr<const Model> model_;
  Options options_;
  std::unique_ptr<Data> data_;
  StepWorkspace workspace_;  // the step's scratch
  std::vector<double> pose_buffer_;
  std::vector<double> velocity_buffer_;
  std::vector<double> contact_buffer_;
  std::vector<double> joint_buffer_;
  std::vector<double> grasp_buffer_;
  std::vector<double> wrench_buffer_;
  std::vector<double> link_pose_buffer_;
  std::vector<double> sample_position_, sample_velocity_, sample_acceleration_;  // joint_state() scratch
};

}  // namespace contactlab

// A running scene: the model, the options as the user has set them, and the state.
// This is what the page (through wasm/) and the tests drive; every mutator returns a
// Status and leaves the simulation as it was when it fails.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/options.h"
#include "base/status.h"
#include "dynamics/model.h"
#include "grasp/grasp_monitor.h"
#include "session/checkpoint.h"
#include "session/state_log.h"
#include "step/data.h"
#include "step/step_workspace.h"

namespace contactlab {

// One revolute or prismatic joint of an articulation now (Simulation::joint_state).
struct JointReadout {
  double position = 0;   // q [rad or m]
  double velocity = 0;   // v [rad/s or m/s]
  double set_point = 0;  // q_ref, the PD set point
  double effort = 0;     // what the motor (or a prescribed motion's drive) applied in the last step [N m or N]
  int limit = 0;         // -1 at the lower limit, 1 at the upper, 0 between (Simulation::kLimitTolerance)
  double goal = 0;       // where the running command takes q_ref
};
bool operator==(const JointReadout& a, const JointReadout& b);

class Simulation {
 public:
  // A joint within this of a limit [rad or m] is reported at it (JointReadout::limit).
  static constexpr double kLimitTolerance = 1e-3;

  Status load_scene(const std::string& json_text);
  Status set_option(const std::string& name, double value);
  // NaN for an unknown name.
  double option(const std::string& name) const;
  // Restart: the scene's initial state, the options as set.
  void reset();
  // The scene's initial state and the scene's own options (those set are dropped).
  void reset_scene();
  // Advances `count` steps (no scene: none) and returns how many were taken. A step
  // that cannot finish (memory ran out: std::bad_alloc) is undone, so the state is as
  // before it, its scratch is freed, and step_error() says why; the simulation stays
  // usable and the next step is tried afresh.
  long step(long count);
  // Why the last step() took fewer steps than asked; "" when it took them all.
  const std::string& step_error() const { return step_error_; }

  // Saves the simulation as it is into `checkpoint`, reusing its storage; restore() puts
  // it back (session/checkpoint.h). Without a scene the checkpoint is emptied.
  void save(Checkpoint& checkpoint) const;
  // The scene, options and state as they were when `checkpoint` was saved, so that the
  // steps that follow are bit-identical to those that followed then. An empty
  // checkpoint is refused and nothing changes.
  Status restore(const Checkpoint& checkpoint);

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

  // Drag to perturb (dynamics/drag_spring.h): grabs `body` (a dynamic body or a robot
  // link, by name) at the world point `point` [m], kept in the body's frame, and pulls
  // it toward `target` [m, world] in every step until release(). drag_body_point takes
  // the point in the body's frame instead (from its centre of mass: compare mode's
  // ghost is grabbed where the page's body is). move_drag_target moves the target of
  // the drag under way. Refused, and nothing changes, without a scene, for an unknown
  // or static body, a coordinate that is not a finite number, or (move_drag_target)
  // with nothing grabbed. release() lets go; nothing grabbed, it changes nothing.
  Status drag(const std::string& body, const Vec3& point, const Vec3& target);
  Status drag_body_point(const std::string& body, const Vec3& point, const Vec3& target);
  Status move_drag_target(const Vec3& target);
  void release();

  // The scene as JSON (scene/scene_description.h), with the options in force; "{}"
  // without a scene.
  std::string scene_description() const;
  // The loaded scene's file with the options in force written into it
  // (scene/scene_with_options.h): loaded, it starts the run reset() would start; "" without
  // a scene.
  std::string scene_file() const;

  // The state CSV's rows of the run since the scene was loaded or reset (state_log.h),
  // kept while `keep` is on: the initial state's row, then one per step; an option set
  // before the first step takes the initial row again, as `contactlab run --set` sets
  // it before its first row. Off (the default), none are kept.
  void keep_state_log(bool keep);
  // The rows kept; null while the log is off.
  const StateLog* state_log() const { return state_log_.get(); }
  // The run goes on from `step` (taken back to it and changed): the log's rows after
  // it are dropped.
  void discard_state_log_after(long step);
  // While on, every step keeps each island's problem and its answer in
  // data().solver.island_problems (formulations lcp, convex, soft, quasistatic;
  // step/data.h). Off by default.
  void keep_island_problems(bool keep) { workspace_.keep_island_problems = keep; }
  // Index in Model::articulations, -1 for an unknown name.
  int articulation_index(const std::string& name) const;

  // Read-outs beside data(), which holds the bodies' poses and velocities and the last
  // step's contacts.
  // Per revolute or prismatic joint of the articulation, in link order (the link's
  // "joint_index" in scene_description()): q, v, the set point q_ref, the motor's
  // effort, whether it is at a limit, and the goal: where the running command takes
  // q_ref (the trajectory's target, the auto-grasp's or open's limit; q_ref when the
  // joint holds). Empty for an unknown index.
  const std::vector<JointReadout>& joint_state(int articulation);
  // The grasp of the moment (grasp_monitor.h): the grasped body (-1: none), the
  // contacts used and the quality (force closure, Ferrari-Canny epsilon, the wrench
  // space's volume and dimension); none without a scene. A 6-D hull: milliseconds,
  // so callers throttle it.
  std::optional<GraspReport> grasp() const;
  // The primitive wrenches of that analysis, contact by contact and edge by edge (u per
  // frictional contact, one per frictionless): the force of a friction cone edge at
  // unit normal force, f = n + mu d_j (seed 002 eq. (4)), then the torque (p - c) x f
  // divided by the object's radius. Empty when nothing is held.
  std::vector<Vec6> grasp_wrenches() const;
  // The frame of an articulation's link in the world now; none for unknown names.
  std::optional<Pose> link_pose(const std::string& articulation, const std::string& link) const;

 private:
  Status commandable_articulation(const std::string& name, int& index) const;
  // The same, and the index of its link `link_name`.
  Status commandable_link(const std::string& articulation_name, const std::string& link_name,
                          int& articulation_index, int& link) const;

  // The index of a body that may be dragged, or why not.
  Status draggable_body(const std::string& name, int& index) const;

  // The log's new run: no rows, then the initial state's.
  void restart_state_log();

  std::shared_ptr<const Model> model_;
  std::string scene_text_;  // as loaded
  Options options_;
  std::unique_ptr<Data> data_;
  StepWorkspace workspace_;  // the step's scratch
  Data before_step_;         // the state a failing step is undone to
  std::string step_error_;
  std::unique_ptr<StateLog> state_log_;
  std::vector<JointReadout> joints_;
  std::vector<double> sample_position_, sample_velocity_, sample_acceleration_;  // joint_state() scratch
};

}  // namespace contactlab

// Conversion helpers between the core's containers and JavaScript values.
#pragma once

#include <string>
#include <vector>

#include <emscripten/val.h>

#include "session/checkpoint_ring.h"
#include "session/simulation.h"

namespace contactlab {

// A Float64Array over memory the simulation owns: valid until the next call that
// changes it or until the heap grows, so JavaScript re-takes it every frame.
emscripten::val float64_view(const std::vector<double>& values);

// The Simulation as JavaScript sees it: strings for errors ("" = success), typed views
// for hot arrays, filled record by record as record_layouts.h lays them out. It keeps
// the checkpoints of the run since the last scene load or restart itself, in a ring
// addressed by step count, so JavaScript holds no handle that it would have to delete.
class SimulationHandle {
 public:
  std::string load_scene(const std::string& json_text);
  std::string set_option(const std::string& name, double value);
  double get_option(const std::string& name) const;
  // Restart: the initial state, the options as set; the checkpoints are dropped.
  void reset();
  // The initial state and the scene's own options; the checkpoints are dropped.
  void reset_scene();
  double step(double count);
  // Why the last step() took fewer steps than asked (Simulation::step_error); "" otherwise.
  std::string step_error() const;
  double time() const;
  double step_count() const;
  std::string scene_description() const;
  std::string scene_file() const;
  // The state CSV's rows (core/session/state_log.h): kept while on; the header, rows
  // [first, first + count) of those kept as CSV lines, how many are kept and dropped.
  void keep_state_log(bool keep);
  std::string state_csv_header() const;
  std::string state_csv_rows(double first, double count) const;
  // The rows kept up to the step shown, and the run's rows dropped before them.
  double state_rows() const;
  double state_rows_dropped() const;
  emscripten::val body_poses();
  emscripten::val body_velocities();
  double contact_count() const;
  emscripten::val contacts();
  double lcp_size() const;
  double pivots() const;
  // Active-set, Lemke or interior-point iterations of the convex formulations.
  double iterations() const;
  double island_count() const;
  // hybrid: the last step's events (SolverStats::events), and their times [s] in time
  // order; 0 and empty for the time-stepping formulations.
  double events() const;
  emscripten::val event_times();
  // The largest gap of any loop closure [m] (step/data.h's loop_error); 0 without loops.
  double loop_error() const;
  // In maximal coordinates the largest violation of any joint's rows [m and rad as
  // they are] (step/data.h's joint_error); 0 in reduced coordinates.
  double joint_error() const;
  // In maximal coordinates, every joint's two frames (the parent's joint frame, the
  // child's), one frame record after another (dynamics/articulation/maximal_joints.h);
  // empty in reduced coordinates.
  emscripten::val joint_frames();
  std::string solver_status() const;
  std::string solver_message() const;
  // The contacts the last step left out because no impulse can move them along their
  // normals, in the CLI's words (session/state_csv.h immobile_contacts_message: "1
  // contact no impulse can move along the normal left out"); empty when none was.
  std::string left_out_contacts() const;
  emscripten::val joint_state(double articulation);
  emscripten::val grasp();
  std::string set_joint_target(const std::string& articulation, const std::string& link, double position);
  std::string command(const std::string& articulation, const std::string& kind);
  std::string jog(const std::string& articulation, const std::string& link, double dx, double dy, double dz);
  // Drag to perturb (session/simulation.h): the grabbed point in the world or, for
  // drag_body_point, in the body's frame; "" or the refusal.
  std::string drag(const std::string& body, double px, double py, double pz, double tx, double ty, double tz);
  std::string drag_body_point(const std::string& body, double px, double py, double pz, double tx, double ty,
                              double tz);
  std::string move_drag_target(double tx, double ty, double tz);
  void release();
  // The drag under way as [body, point in the body frame (3), target (3), grabbed point
  // in the world now (3)]; empty when nothing is grabbed.
  emscripten::val drag_state();
  emscripten::val grasp_wrenches();
  emscripten::val link_pose(const std::string& articulation, const std::string& link);

  // The step's problems per island (formulation/island_problem.h; the page's dialog of
  // the step's problem): kept while on, from the next step. lcp_problems() describes
  // the last step's as JSON, [{island, kind ("lcp", "qp" or "cone"), formulation, variant ("pure" for
  // quasistatic's force balance, "split" for a QP's joint friction and torsion rows split
  // as an LCP, else ""), size, contactCount, frictionEdges, iterations, method,
  // regularised, relativeTolerance, fallback ("" or the fallback that answered),
  // omittedUnknowns and omittedNonzeros (> 0: too large to keep, no numbers), cones:
  // [{first, size, mu}] (sizes 2 and 4 with torsion's p_s last), boxes: [{unknown,
  // bound}] (joint friction rows, |tau| <= bound), certificate: {primal, dual, complementarity, equation, scale,
  // tolerance, holds, infeasible, rayResidual, rayGap, verdict}, labels: [..], contacts:
  // [[body a, body b], ..] (names)}]; lcp_values(i) is
  // problem i's matrix (row-major, n x n), offset, z and w one after another (n^2 + 3 n
  // numbers); lcp_text(i) its text as `contactlab run --lcp-dump` writes it.
  void keep_lcp_problems(bool keep);
  std::string lcp_problems() const;
  emscripten::val lcp_values(double index);
  std::string lcp_text(double index) const;

  // How many checkpoints are kept (0 .. kMaxCheckpoints; the oldest go first).
  void set_checkpoint_capacity(double capacity);
  // Saves the simulation at its step count (later checkpoints are dropped first).
  void save_checkpoint();
  // Restores the newest checkpoint at or before `step` and returns its step; -1 (and
  // nothing changes) when there is none.
  double restore_checkpoint(double step);
  // The run goes on from `step`: the checkpoints and the state log's rows after it are
  // dropped.
  void discard_checkpoints_after(double step);
  // The oldest checkpoint's step; -1 when none is kept.
  double oldest_checkpoint() const;

  static constexpr double kMaxCheckpoints = 10000;

 private:
  Simulation simulation_;
  CheckpointRing checkpoints_;
  std::vector<double> pose_buffer_;
  std::vector<double> velocity_buffer_;
  std::vector<double> contact_buffer_;
  std::vector<double> joint_buffer_;
  std::vector<double> grasp_buffer_;
  std::vector<double> wrench_buffer_;
  std::vector<double> link_pose_buffer_;
  std::vector<double> drag_buffer_;
  std::vector<double> joint_frame_buffer_;
  std::vector<double> event_time_buffer_;
  std::vector<double> lcp_buffer_;
};

}  // namespace contactlab

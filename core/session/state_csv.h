// The state CSV of `contactlab run --csv` and of the page's export, one row of state
// per step, and the contacts CSV, one row per contact. A state row is first captured
// as numbers (StateRowFormat::capture) and printed by one writer (write_row): the
// command line prints each row as it steps, the page keeps them (state_log.h) and
// prints them when they are exported, so both print every number alike.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "base/options.h"
#include "dynamics/model.h"
#include "grasp/grasp_monitor.h"
#include "step/data.h"

namespace contactlab {

// The grasp columns' analysis (a 6-D hull: milliseconds), refreshed every kInterval of
// simulated time from the first row on; rows in between repeat the last one. Scenes
// without articulations have no grasp columns and are not analysed.
class GraspSchedule {
 public:
  static constexpr double kInterval = 0.05;  // [s] of simulated time

  // The analysis for the row of `data`: new when kInterval has passed since the last.
  const GraspReport& update(const Model& model, const Options& options, const Data& data);

 private:
  GraspReport report_;
  double time_ = -kInterval;
};

// The columns: t, then per dynamic body NAME.x .y .z .qw .qx .qy .qz .vx .vy .vz .wx
// .wy .wz, per revolute or prismatic joint LINK.q .v, with loop closures loop_error
// (the largest gap of any loop [m], step/data.h), in maximal coordinates with
// articulations joint_error (the largest joint violation [m and rad], step/data.h;
// the options the run starts with decide), with articulations grasp.object
// grasp.force_closure grasp.epsilon (grasp_monitor.h), then contacts, solver_status
// (solver_status_text), solver_pivots, and last per revolute or prismatic joint
// LINK.effort: what its motor or prescribed motion's drive applied over the step [N m
// or N] (ArticulationState::motor_effort, the page's joint read-out). The efforts come
// after the solver's columns so that the state columns a trajectory hash reads, up to
// the loop error, grasp or contact count, stay first. A captured row holds the same columns as
// numbers: the grasped body's index (-1: none) for grasp.object, 0 or 1 for
// grasp.force_closure, and for solver_status an index into the texts this format has
// met (most runs meet two or three), so a row is size() doubles.
class StateRowFormat {
 public:
  explicit StateRowFormat(const Model& model, const Options& options = Options());

  // Doubles per captured row.
  std::size_t size() const { return size_; }

  void write_header(const Model& model, std::ostream& out) const;
  // The state of `data` into row[0 .. size()); `grasp` fills the grasp columns (scenes
  // with articulations only).
  void capture(const Model& model, const Data& data, const GraspReport& grasp, double* row);
  // A row captured by this format, as one line of the CSV.
  void write_row(const Model& model, const double* row, std::ostream& out) const;

 private:
  std::size_t size_ = 0;
  std::size_t joints_ = 0;  // revolute and prismatic joints: a q, v and effort column each
  bool has_loops_ = false;
  bool has_joint_error_ = false;
  std::vector<std::string> status_texts_;
};

// t,body_a,body_b,px,py,pz,nx,ny,nz,phi,fn,ftx,fty,ftz,mode
void write_contacts_header(std::ostream& out);
void write_contact_rows(const Model& model, const Data& data, std::ostream& out);

// "N contacts no impulse can move along the normal left out" (SolverStats::immobile_contacts).
std::string immobile_contacts_message(int count);

// The step's solver status, and the fallbacks it took in order, e.g. "solved (fallback:
// regularised)" or "numerical failure (fallback: without friction; regularised)", then
// the contacts left out, if any: "solved; 2 contacts no impulse can move along the
// normal left out".
std::string solver_status_text(const SolverStats& solver);

// A double printed with 17 significant digits: read back, it is the same double.
std::string exact_number(double value);

}  // namespace contactlab

// The run's CSV outputs: one row of state per recorded step, one row per contact.
#pragma once

#include <ostream>
#include <string>

#include "dynamics/model.h"
#include "grasp/grasp_monitor.h"
#include "step/data.h"

namespace contactlab {

// t, then per dynamic body NAME.x .y .z .qw .qx .qy .qz .vx .vy .vz .wx .wy .wz, per
// revolute or prismatic joint LINK.q .v, with articulations grasp.object
// grasp.force_closure grasp.epsilon (grasp_monitor.h), then contacts, solver_status
// (solver_status_text), solver_pivots.
void write_state_header(const Model& model, std::ostream& out);
// `grasp` fills the grasp columns (scenes with articulations only).
void write_state_row(const Model& model, const Data& data, const GraspReport& grasp, std::ostream& out);

// t,body_a,body_b,px,py,pz,nx,ny,nz,phi,fn,ftx,fty,ftz,mode
void write_contacts_header(std::ostream& out);
void write_contact_rows(const Model& model, const Data& data, std::ostream& out);

// The step's solver status, and the fallbacks it took in order, e.g. "solved (fallback:
// regularised)" or "numerical failure (fallback: without friction; regularised)".
std::string solver_status_text(const SolverStats& solver);

// A double printed with 17 significant digits: read back, it is the same double.
std::string exact_number(double value);

}  // namespace contactlab

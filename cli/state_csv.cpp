#include "state_csv.h"

#include <cstdio>

#include "formulation/solver_report.h"
#include "grasp/grasp_monitor.h"

namespace contactlab {

std::string exact_number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

std::string solver_status_text(const SolverStats& solver) {
  std::string text = solver_status_name(solver.status);
  for (std::size_t i = 0; i < solver.fallbacks.size(); ++i) {
    text += i == 0 ? " (fallback: " : "; ";
    text += fallback_name(solver.fallbacks[i].reason);
  }
  if (!solver.fallbacks.empty()) text += ')';
  return text;
}

void write_state_header(const Model& model, std::ostream& out) {
  static const char* const kFields[] = {"x",  "y",  "z",  "qw", "qx", "qy", "qz",
                                        "vx", "vy", "vz", "wx", "wy", "wz"};
  out << "t";
  for (const Body& body : model.bodies) {
    if (body.is_static) continue;
    for (const char* field : kFields) out << ',' << body.name << '.' << field;
  }
  // Revolute and prismatic joints by their link's name: q [rad or m], v [rad/s or m/s].
  for (const Articulation& articulation : model.articulations) {
    for (const TreeLink& link : articulation.tree.links()) {
      if (link.joint.velocity_size() != 1) continue;
      out << ',' << link.name << ".q," << link.name << ".v";
    }
  }
  if (!model.articulations.empty()) out << ",grasp.object,grasp.force_closure,grasp.epsilon";
  out << ",contacts,solver_status,solver_pivots\n";
}

void write_state_row(const Model& model, const Data& data, const GraspReport& grasp, std::ostream& out) {
  out << exact_number(data.time);
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    if (model.bodies[b].is_static) continue;
    const Quat& q = data.orientation[b];
    const double values[] = {data.position[b].x(),         data.position[b].y(),
                             data.position[b].z(),         q.w(),
                             q.x(),                        q.y(),
                             q.z(),                        data.linear_velocity[b].x(),
                             data.linear_velocity[b].y(),  data.linear_velocity[b].z(),
                             data.angular_velocity[b].x(), data.angular_velocity[b].y(),
                             data.angular_velocity[b].z()};
    for (double value : values) out << ',' << exact_number(value);
  }
  for (size_t a = 0; a < model.articulations.size(); ++a) {
    const Articulation& articulation = model.articulations[a];
    for (int link = 0; link < articulation.tree.link_count(); ++link) {
      if (articulation.tree.link(link).joint.velocity_size() != 1) continue;
      out << ',' << exact_number(joint_position(articulation, data.articulations[a], link)) << ','
          << exact_number(joint_velocity(articulation, data.articulations[a], link));
    }
  }
  if (!model.articulations.empty()) {
    out << ',' << (grasp.object >= 0 ? model.bodies[grasp.object].name : std::string()) << ','
        << (grasp.quality.force_closure ? 1 : 0) << ',' << exact_number(grasp.quality.epsilon);
  }
  out << ',' << data.contacts.size() << ',' << solver_status_text(data.solver) << ','
      << data.solver.pivots << '\n';
}

void write_contacts_header(std::ostream& out) {
  out << "t,body_a,body_b,px,py,pz,nx,ny,nz,phi,fn,ftx,fty,ftz,mode\n";
}

void write_contact_rows(const Model& model, const Data& data, std::ostream& out) {
  for (const ContactRecord& contact : data.contacts) {
    out << exact_number(data.time) << ',' << model.bodies[contact.body_a].name << ','
        << model.bodies[contact.body_b].name;
    const double values[] = {contact.position.x(),       contact.position.y(),
                             contact.position.z(),       contact.normal.x(),
                             contact.normal.y(),         contact.normal.z(),
                             contact.distance,           contact.normal_force,
                             contact.friction_force.x(), contact.friction_force.y(),
                             contact.friction_force.z()};
    for (double value : values) out << ',' << exact_number(value);
    out << ',' << contact_mode_name(contact.mode) << '\n';
  }
}

}  // namespace contactlab

#include "state_csv.h"

#include <cstdio>

namespace contactlab {

std::string exact_number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

void write_state_header(const Model& model, std::ostream& out) {
  static const char* const kFields[] = {"x",  "y",  "z",  "qw", "qx", "qy", "qz",
                                        "vx", "vy", "vz", "wx", "wy", "wz"};
  out << "t";
  for (const Body& body : model.bodies) {
    if (body.is_static) continue;
    for (const char* field : kFields) out << ',' << body.name << '.' << field;
  }
  out << ",contacts,solver_status,solver_pivots\n";
}

void write_state_row(const Model& model, const Data& data, std::ostream& out) {
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
  out << ',' << data.contacts.size() << ',' << data.solver.status << ',' << data.solver.pivots << '\n';
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

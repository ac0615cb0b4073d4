#include "session/state_csv.h"

#include <algorithm>
#include <cstdio>

#include "formulation/solver_report.h"

namespace contactlab {
namespace {

constexpr const char* kBodyFields[] = {"x", "y", "z", "qw", "qx", "qy", "qz", "vx", "vy", "vz", "wx", "wy", "wz"};
constexpr std::size_t kBodyColumns = sizeof kBodyFields / sizeof kBodyFields[0];

bool is_scalar_joint(const TreeLink& link) { return link.joint.velocity_size() == 1; }

// Revolute and prismatic joints, whose q [rad or m] and v [rad/s or m/s] are columns.
std::size_t scalar_joint_count(const Model& model) {
  std::size_t count = 0;
  for (const Articulation& articulation : model.articulations) {
    for (const TreeLink& link : articulation.tree.links()) count += is_scalar_joint(link) ? 1 : 0;
  }
  return count;
}

bool has_loop_closures(const Model& model) {
  for (const Articulation& articulation : model.articulations) {
    if (!articulation.loops.empty()) return true;
  }
  return false;
}

}  // namespace

std::string exact_number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

std::string immobile_contacts_message(int count) {
  return std::to_string(count) + (count == 1 ? " contact" : " contacts") +
         " no impulse can move along the normal left out";
}

std::string solver_status_text(const SolverStats& solver) {
  std::string text = solver_status_name(solver.status);
  for (std::size_t i = 0; i < solver.fallbacks.size(); ++i) {
    text += i == 0 ? " (fallback: " : "; ";
    text += fallback_name(solver.fallbacks[i].reason);
  }
  if (!solver.fallbacks.empty()) text += ')';
  if (solver.immobile_contacts > 0) text += "; " + immobile_contacts_message(solver.immobile_contacts);
  return text;
}

const GraspReport& GraspSchedule::update(const Model& model, const Options& options, const Data& data) {
  if (!model.articulations.empty() && data.time - time_ >= kInterval - 1e-9) {
    report_ = evaluate_current_grasp(model, options, data);
    time_ = data.time;
  }
  return report_;
}

StateRowFormat::StateRowFormat(const Model& model, const Options& options) {
  const auto dynamic = std::count_if(model.bodies.begin(), model.bodies.end(),
                                     [](const Body& body) { return !body.is_static; });
  // t; bodies; joints; the loop error; the joint error; the grasp's object, force
  // closure and epsilon; contacts, solver status and pivots; the joints' efforts.
  has_loops_ = has_loop_closures(model);
  has_joint_error_ = options.coordinates == 1 && !model.articulations.empty();
  joints_ = scalar_joint_count(model);
  size_ = 1 + kBodyColumns * static_cast<std::size_t>(dynamic) + 3 * joints_ + (has_loops_ ? 1 : 0) +
          (has_joint_error_ ? 1 : 0) + (model.articulations.empty() ? 0 : 3) + 3;
}

void StateRowFormat::write_header(const Model& model, std::ostream& out) const {
  out << "t";
  for (const Body& body : model.bodies) {
    if (body.is_static) continue;
    for (const char* field : kBodyFields) out << ',' << body.name << '.' << field;
  }
  for (const Articulation& articulation : model.articulations) {
    for (const TreeLink& link : articulation.tree.links()) {
      if (is_scalar_joint(link)) out << ',' << link.name << ".q," << link.name << ".v";
    }
  }
  if (has_loops_) out << ",loop_error";
  if (has_joint_error_) out << ",joint_error";
  if (!model.articulations.empty()) out << ",grasp.object,grasp.force_closure,grasp.epsilon";
  out << ",contacts,solver_status,solver_pivots";
  for (const Articulation& articulation : model.articulations) {
    for (const TreeLink& link : articulation.tree.links()) {
      if (is_scalar_joint(link)) out << ',' << link.name << ".effort";
    }
  }
  out << '\n';
}

void StateRowFormat::capture(const Model& model, const Data& data, const GraspReport& grasp, double* row) {
  double* out = row;
  *out++ = data.time;
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    if (model.bodies[b].is_static) continue;
    const Quat& q = data.orientation[b];
    const Vec3& p = data.position[b];
    const Vec3& v = data.linear_velocity[b];
    const Vec3& w = data.angular_velocity[b];
    for (const double value :
         {p.x(), p.y(), p.z(), q.w(), q.x(), q.y(), q.z(), v.x(), v.y(), v.z(), w.x(), w.y(), w.z()}) {
      *out++ = value;
    }
  }
  for (std::size_t a = 0; a < model.articulations.size(); ++a) {
    const Articulation& articulation = model.articulations[a];
    for (int link = 0; link < articulation.tree.link_count(); ++link) {
      if (!is_scalar_joint(articulation.tree.link(link))) continue;
      *out++ = joint_position(articulation, data.articulations[a], link);
      *out++ = joint_velocity(articulation, data.articulations[a], link);
    }
  }
  if (has_loops_) *out++ = loop_error(model, data);
  if (has_joint_error_) *out++ = joint_error(model, data);
  if (!model.articulations.empty()) {
    *out++ = grasp.object;
    *out++ = grasp.quality.force_closure ? 1 : 0;
    *out++ = grasp.quality.epsilon;
  }
  *out++ = static_cast<double>(data.contacts.size());
  const std::string status = solver_status_text(data.solver);
  auto known = std::find(status_texts_.begin(), status_texts_.end(), status);
  if (known == status_texts_.end()) known = status_texts_.insert(known, status);
  *out++ = static_cast<double>(known - status_texts_.begin());
  *out++ = data.solver.pivots;
  for (std::size_t a = 0; a < model.articulations.size(); ++a) {
    const Articulation& articulation = model.articulations[a];
    for (int link = 0; link < articulation.tree.link_count(); ++link) {
      if (is_scalar_joint(articulation.tree.link(link))) *out++ = data.articulations[a].motor_effort[link];
    }
  }
}

void StateRowFormat::write_row(const Model& model, const double* row, std::ostream& out) const {
  // The line is made in one buffer and written once: a row is mostly numbers, and
  // the page prints hundreds of thousands of them at an export.
  char line[32 * 64];
  std::size_t used = 0;
  const auto flush = [&]() {
    out.write(line, static_cast<std::streamsize>(used));
    used = 0;
  };
  const auto number = [&](double value, bool first) {
    if (used + 32 > sizeof line) flush();
    used += static_cast<std::size_t>(std::snprintf(line + used, 32, first ? "%.17g" : ",%.17g", value));
  };
  const double* end = row + size_;
  // The numbers up to the grasp columns, or to the contact count without them.
  const double* numbers_end = end - joints_ - 3 - (model.articulations.empty() ? 0 : 3);
  number(*row++, true);
  while (row < numbers_end) number(*row++, false);
  flush();
  if (!model.articulations.empty()) {
    const int object = static_cast<int>(row[0]);
    out << ',' << (object >= 0 ? model.bodies[object].name : std::string()) << ','
        << static_cast<int>(row[1]) << ',' << exact_number(row[2]);
    row += 3;
  }
  out << ',' << static_cast<long>(row[0]) << ',' << status_texts_[static_cast<std::size_t>(row[1])] << ','
      << static_cast<long>(row[2]);
  for (row += 3; row < end; ++row) out << ',' << exact_number(*row);
  out << '\n';
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

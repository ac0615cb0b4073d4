#include "record_layouts.h"

#include <nlohmann/json.hpp>

namespace contactlab {
namespace {

template <typename Record>
nlohmann::json layout_json(const RecordLayout<Record>& layout) {
  nlohmann::json names = nlohmann::json::array();
  nlohmann::json units = nlohmann::json::array();
  for (const RecordField<Record>& field : layout) {
    names.push_back(field.name);
    units.push_back(field.unit);
  }
  return {{"stride", layout.size()}, {"fields", names}, {"units", units}};
}

double as_number(int value) { return static_cast<double>(value); }

}  // namespace

const RecordLayout<Frame>& frame_layout() {
  static const RecordLayout<Frame> layout = {
      {"x", "m", [](const Frame& f) { return f.position.x(); }},
      {"y", "m", [](const Frame& f) { return f.position.y(); }},
      {"z", "m", [](const Frame& f) { return f.position.z(); }},
      {"qw", "", [](const Frame& f) { return f.orientation.w(); }},
      {"qx", "", [](const Frame& f) { return f.orientation.x(); }},
      {"qy", "", [](const Frame& f) { return f.orientation.y(); }},
      {"qz", "", [](const Frame& f) { return f.orientation.z(); }},
  };
  return layout;
}

const RecordLayout<BodyVelocity>& body_velocity_layout() {
  static const RecordLayout<BodyVelocity> layout = {
      {"vx", "m/s", [](const BodyVelocity& v) { return v.linear.x(); }},
      {"vy", "m/s", [](const BodyVelocity& v) { return v.linear.y(); }},
      {"vz", "m/s", [](const BodyVelocity& v) { return v.linear.z(); }},
      {"wx", "rad/s", [](const BodyVelocity& v) { return v.angular.x(); }},
      {"wy", "rad/s", [](const BodyVelocity& v) { return v.angular.y(); }},
      {"wz", "rad/s", [](const BodyVelocity& v) { return v.angular.z(); }},
  };
  return layout;
}

// Forces act on body_b; the normal points from body_a to body_b; phi is the gap at
// the start of the step; the velocities are body_b's relative to body_a after it.
const RecordLayout<ContactRecord>& contact_layout() {
  static const RecordLayout<ContactRecord> layout = {
      {"px", "m", [](const ContactRecord& c) { return c.position.x(); }},
      {"py", "m", [](const ContactRecord& c) { return c.position.y(); }},
      {"pz", "m", [](const ContactRecord& c) { return c.position.z(); }},
      {"nx", "", [](const ContactRecord& c) { return c.normal.x(); }},
      {"ny", "", [](const ContactRecord& c) { return c.normal.y(); }},
      {"nz", "", [](const ContactRecord& c) { return c.normal.z(); }},
      {"phi", "m", [](const ContactRecord& c) { return c.distance; }},
      {"fn", "N", [](const ContactRecord& c) { return c.normal_force; }},
      {"ftx", "N", [](const ContactRecord& c) { return c.friction_force.x(); }},
      {"fty", "N", [](const ContactRecord& c) { return c.friction_force.y(); }},
      {"ftz", "N", [](const ContactRecord& c) { return c.friction_force.z(); }},
      {"mode", "", [](const ContactRecord& c) { return as_number(static_cast<int>(c.mode)); }},
      {"mu", "", [](const ContactRecord& c) { return c.friction_coefficient; }},
      {"body_a", "", [](const ContactRecord& c) { return as_number(c.body_a); }},
      {"body_b", "", [](const ContactRecord& c) { return as_number(c.body_b); }},
      {"vn", "m/s", [](const ContactRecord& c) { return c.normal_velocity; }},
      {"vtx", "m/s", [](const ContactRecord& c) { return c.tangential_velocity.x(); }},
      {"vty", "m/s", [](const ContactRecord& c) { return c.tangential_velocity.y(); }},
      {"vtz", "m/s", [](const ContactRecord& c) { return c.tangential_velocity.z(); }},
  };
  return layout;
}

// Units of a revolute joint, then of a prismatic one.
const RecordLayout<JointReadout>& joint_layout() {
  static const RecordLayout<JointReadout> layout = {
      {"q", "rad or m", [](const JointReadout& j) { return j.position; }},
      {"v", "rad/s or m/s", [](const JointReadout& j) { return j.velocity; }},
      {"q_ref", "rad or m", [](const JointReadout& j) { return j.set_point; }},
      {"effort", "N m or N", [](const JointReadout& j) { return j.effort; }},
      {"limit", "", [](const JointReadout& j) { return as_number(j.limit); }},
      {"goal", "rad or m", [](const JointReadout& j) { return j.goal; }},
  };
  return layout;
}

// Epsilon in units of unit total normal force, torques scaled by the object's radius.
const RecordLayout<GraspReport>& grasp_layout() {
  static const RecordLayout<GraspReport> layout = {
      {"object", "", [](const GraspReport& g) { return as_number(g.object); }},
      {"contacts", "", [](const GraspReport& g) { return as_number(g.contact_count); }},
      {"force_closure", "", [](const GraspReport& g) { return g.quality.force_closure ? 1.0 : 0.0; }},
      {"epsilon", "", [](const GraspReport& g) { return g.quality.epsilon; }},
      {"volume", "", [](const GraspReport& g) { return g.quality.volume; }},
      {"dimension", "", [](const GraspReport& g) { return as_number(g.quality.wrench_space_dimension); }},
  };
  return layout;
}

// A friction cone edge's force at unit normal force, and its torque over the object's radius.
const RecordLayout<Vec6>& wrench_layout() {
  static const RecordLayout<Vec6> layout = {
      {"fx", "", [](const Vec6& w) { return w[0]; }},
      {"fy", "", [](const Vec6& w) { return w[1]; }},
      {"fz", "", [](const Vec6& w) { return w[2]; }},
      {"tx", "", [](const Vec6& w) { return w[3]; }},
      {"ty", "", [](const Vec6& w) { return w[4]; }},
      {"tz", "", [](const Vec6& w) { return w[5]; }},
  };
  return layout;
}

std::string record_layouts_json() {
  nlohmann::json modes = nlohmann::json::array();
  for (ContactMode mode : {ContactMode::Sticking, ContactMode::Sliding, ContactMode::Separating}) {
    modes.push_back(contact_mode_name(mode));
  }
  return nlohmann::json{{"body_pose", layout_json(frame_layout())},
                        {"body_velocity", layout_json(body_velocity_layout())},
                        {"contact", layout_json(contact_layout())},
                        {"contact_modes", modes},
                        {"joint", layout_json(joint_layout())},
                        {"grasp", layout_json(grasp_layout())},
                        {"wrench", layout_json(wrench_layout())},
                        {"link_pose", layout_json(frame_layout())}}
      .dump();
}

}  // namespace contactlab

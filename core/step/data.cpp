#include "step/data.h"

#include <algorithm>

#include "dynamics/articulation/maximal_joints.h"
#include "dynamics/articulation/maximal_motion.h"

namespace contactlab {

ContactRecord contact_record_of(const DetectedContact& contact) {
  ContactRecord record;
  record.body_a = contact.body_a;
  record.body_b = contact.body_b;
  record.geom_a = contact.geom_a;
  record.geom_b = contact.geom_b;
  record.position = contact.point.position;
  record.normal = contact.point.normal;
  record.distance = contact.point.distance;
  return record;
}

Data make_data(const Model& model) {
  Data data;
  for (const Body& body : model.bodies) {
    data.position.push_back(body.initial_position);
    data.orientation.push_back(body.initial_orientation);
    data.linear_velocity.push_back(body.is_static ? Vec3::Zero() : body.initial_linear_velocity);
    data.angular_velocity.push_back(body.is_static ? Vec3::Zero() : body.initial_angular_velocity);
  }
  for (const Articulation& articulation : model.articulations) {
    data.articulations.push_back(initial_articulation_state(articulation));
    update_link_bodies(articulation, data.articulations.back(), data.position, data.orientation,
                       data.linear_velocity, data.angular_velocity);
  }
  data.control = initial_control_state(model);
  return data;
}

double loop_error(const Model& model, const Data& data) {
  double largest = 0;
  for (std::size_t a = 0; a < model.articulations.size(); ++a) {
    const ArticulationState& state = data.articulations[a];
    // In maximal coordinates the links' own poses, where the loops may open.
    const TreeKinematics& kinematics = maximal_state_current(state) ? state.maximal.kinematics : state.kinematics;
    largest = std::max(largest, largest_loop_gap(kinematics, model.articulations[a].loops));
  }
  return largest;
}

double joint_error(const Model& model, const Data& data) {
  double largest = 0;
  for (std::size_t a = 0; a < model.articulations.size(); ++a) {
    const ArticulationState& state = data.articulations[a];
    if (!maximal_state_current(state)) continue;
    largest = std::max(largest, largest_joint_violation(model.articulations[a], state.maximal.kinematics));
  }
  return largest;
}

double mechanical_energy(const Model& model, const Options& options, const Data& data) {
  double energy = 0;
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    const Body& body = model.bodies[b];
    if (body.is_static) continue;
    const Mat3 rotation = data.orientation[b].toRotationMatrix();
    const Vec3 body_omega = rotation.transpose() * data.angular_velocity[b];
    energy += 0.5 * body.mass * data.linear_velocity[b].squaredNorm();
    energy += 0.5 * body_omega.dot(body.inertia * body_omega);
    energy -= body.mass * options.gravity.dot(data.position[b]);
  }
  return energy;
}

}  // namespace contactlab

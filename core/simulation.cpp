#include "simulation.h"

#include <limits>

#include <nlohmann/json.hpp>

#include "scene_loader.h"
#include "step.h"

namespace contactlab {
namespace {

nlohmann::json vector_json(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

nlohmann::json geom_json(const Geom& geom) {
  nlohmann::json out;
  const Shape& shape = geom.shape;
  out["type"] = shape_type_name(shape.type);
  switch (shape.type) {
    case ShapeType::Box: out["half_extents"] = vector_json(shape.half_extents); break;
    case ShapeType::Sphere: out["radius"] = shape.radius; break;
    case ShapeType::Capsule:
    case ShapeType::Cylinder:
      out["radius"] = shape.radius;
      out["half_length"] = shape.half_length;
      break;
    case ShapeType::ConvexHull: {
      nlohmann::json vertices = nlohmann::json::array();
      for (const Vec3& vertex : shape.hull->vertices) vertices.push_back(vector_json(vertex));
      out["vertices"] = vertices;
      out["faces"] = shape.hull->faces;
      break;
    }
    case ShapeType::Plane: break;
  }
  out["position"] = vector_json(geom.local_pose.position);
  const Quat q(geom.local_pose.rotation);
  out["orientation"] = {q.w(), q.x(), q.y(), q.z()};
  out["color"] = geom.color;
  return out;
}

}  // namespace

Status Simulation::load_scene(const std::string& json_text) {
  auto model = std::make_shared<Model>();
  const Status status = contactlab::load_scene(json_text, *model);
  if (!status.ok()) return status;
  model_ = model;
  options_ = model_->options;
  reset();
  return Status::success();
}

Status Simulation::set_option(const std::string& name, double value) {
  return contactlab::set_option(options_, name, value);
}

double Simulation::option(const std::string& name) const {
  double value = 0;
  if (!get_option(options_, name, value).ok()) return std::numeric_limits<double>::quiet_NaN();
  return value;
}

void Simulation::reset() {
  if (!model_) return;
  data_ = std::make_unique<Data>(make_data(*model_));
}

long Simulation::step(long count) {
  if (!model_) return 0;
  for (long i = 0; i < count; ++i) contactlab::step(*model_, options_, *data_);
  return count;
}

std::string Simulation::scene_description() const {
  if (!model_) return "{}";
  nlohmann::json scene;
  scene["name"] = model_->name;
  scene["description"] = model_->description;
  scene["duration"] = model_->duration;
  nlohmann::json options;
  for (const std::string& name : option_names()) options[name] = option(name);
  scene["options"] = options;
  nlohmann::json bodies = nlohmann::json::array();
  for (const Body& body : model_->bodies) {
    nlohmann::json geoms = nlohmann::json::array();
    for (int g : body.geoms) geoms.push_back(geom_json(model_->geoms[g]));
    bodies.push_back({{"name", body.name}, {"static", body.is_static}, {"mass", body.mass}, {"geoms", geoms}});
  }
  scene["bodies"] = bodies;
  return scene.dump();
}

const std::vector<double>& Simulation::body_poses() {
  pose_buffer_.clear();
  if (!model_) return pose_buffer_;
  for (size_t b = 0; b < model_->bodies.size(); ++b) {
    const Vec3& p = data_->position[b];
    const Quat& q = data_->orientation[b];
    pose_buffer_.insert(pose_buffer_.end(), {p.x(), p.y(), p.z(), q.w(), q.x(), q.y(), q.z()});
  }
  return pose_buffer_;
}

const std::vector<double>& Simulation::body_velocities() {
  velocity_buffer_.clear();
  if (!model_) return velocity_buffer_;
  for (size_t b = 0; b < model_->bodies.size(); ++b) {
    const Vec3& v = data_->linear_velocity[b];
    const Vec3& w = data_->angular_velocity[b];
    velocity_buffer_.insert(velocity_buffer_.end(), {v.x(), v.y(), v.z(), w.x(), w.y(), w.z()});
  }
  return velocity_buffer_;
}

const std::vector<double>& Simulation::contact_values() {
  contact_buffer_.clear();
  if (!model_) return contact_buffer_;
  for (const ContactRecord& c : data_->contacts) {
    contact_buffer_.insert(
        contact_buffer_.end(),
        {c.position.x(), c.position.y(), c.position.z(), c.normal.x(), c.normal.y(), c.normal.z(),
         c.distance, c.normal_force, c.friction_force.x(), c.friction_force.y(),
         c.friction_force.z(), static_cast<double>(c.mode), c.friction_coefficient,
         static_cast<double>(c.body_a), static_cast<double>(c.body_b)});
  }
  return contact_buffer_;
}

}  // namespace contactlab

#include "scene/scene_description.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "control/jog.h"

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

// A limit or effort bound for JSON: null when it is infinite (no limit).
nlohmann::json bound_json(double value) {
  if (std::isinf(value)) return nullptr;
  return value;
}

nlohmann::json joint_json(const Articulation& articulation, int link) {
  const Joint& joint = articulation.tree.link(link).joint;
  const JointActuator& actuator = articulation.actuators[link];
  return {{"type", joint_type_name(joint.type)},
          {"lower", bound_json(joint.lower)},
          {"upper", bound_json(joint.upper)},
          {"actuated", actuator.present},
          {"close_direction", actuator.close_direction},
          {"max_effort", actuator.present ? bound_json(actuator.gains.max_torque) : nlohmann::json(nullptr)}};
}

nlohmann::json articulation_json(const Articulation& articulation) {
  nlohmann::json links = nlohmann::json::array();
  int joint_index = 0;
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    const bool one_dof = articulation.tree.link(link).joint.velocity_size() == 1;
    links.push_back({{"name", articulation.tree.link(link).name},
                     {"body", articulation.link_body[link]},
                     {"joint_index", one_dof ? joint_index++ : -1},
                     {"joint", joint_json(articulation, link)},
                     {"joggable", joggable(articulation, link)}});
  }
  nlohmann::json couplings = nlohmann::json::array();
  for (const JointCoupling& coupling : articulation.couplings) {
    couplings.push_back({{"leader", articulation.tree.link(coupling.leader).name},
                         {"follower", articulation.tree.link(coupling.follower).name},
                         {"ratio", coupling.ratio},
                         {"offset", coupling.offset}});
  }
  nlohmann::json loops = nlohmann::json::array();
  for (const LoopClosure& loop : articulation.loops) {
    loops.push_back({{"type", loop.type == LoopType::Point ? "point" : "hinge"},
                     {"link_a", articulation.tree.link(loop.link_a).name},
                     {"link_b", articulation.tree.link(loop.link_b).name}});
  }
  return {{"name", articulation.name}, {"links", links}, {"couplings", couplings}, {"loops", loops}};
}

// An option's value by name (every name of option_names() has one).
double option_value(const Options& options, const std::string& name) {
  double value = 0;
  get_option(options, name, value);
  return value;
}

}  // namespace

std::string describe_scene(const Model& model, const Options& options) {
  nlohmann::json scene;
  scene["name"] = model.name;
  scene["description"] = model.description;
  scene["duration"] = model.duration;
  nlohmann::json values;
  for (const std::string& name : option_names()) values[name] = option_value(options, name);
  scene["options"] = values;
  nlohmann::json bodies = nlohmann::json::array();
  for (const Body& body : model.bodies) {
    nlohmann::json geoms = nlohmann::json::array();
    for (int g : body.geoms) geoms.push_back(geom_json(model.geoms[g]));
    bodies.push_back({{"name", body.name}, {"static", body.is_static}, {"mass", body.mass}, {"geoms", geoms}});
  }
  scene["bodies"] = bodies;
  nlohmann::json articulations = nlohmann::json::array();
  for (const Articulation& articulation : model.articulations) {
    articulations.push_back(articulation_json(articulation));
  }
  scene["articulations"] = articulations;
  nlohmann::json keep_in_view = nlohmann::json::array();
  for (int body : model.keep_in_view) keep_in_view.push_back(model.bodies[body].name);
  scene["keep_in_view"] = keep_in_view;
  return scene.dump();
}

}  // namespace contactlab

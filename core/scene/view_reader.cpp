#include "scene/view_reader.h"

#include <algorithm>
#include <string>

#include "scene/scene_limits.h"

namespace contactlab {
namespace {

// The names of the bodies that move (not static), for the error message.
std::string moving_body_names(const Model& model) {
  std::string names;
  for (const Body& body : model.bodies) {
    if (body.is_static) continue;
    names += (names.empty() ? "" : ", ") + body.name;
  }
  return names.empty() ? "none" : names;
}

// The index of the moving body of this name, or -1.
int find_moving_body(const Model& model, const std::string& name) {
  for (int i = 0; i < static_cast<int>(model.bodies.size()); ++i) {
    if (model.bodies[i].name == name && !model.bodies[i].is_static) return i;
  }
  return -1;
}

}  // namespace

Status read_view(const FieldReader& scene, Model& model) {
  if (!scene.has("view")) return Status::success();
  const std::string path = scene.path_of("view");
  CONTACTLAB_RETURN_IF_ERROR(expect_object(scene.at("view"), path));
  const FieldReader view(scene.at("view"), path);
  CONTACTLAB_RETURN_IF_ERROR(view.check_fields({"keep"}, "the scene's view"));
  if (!view.has("keep")) return Status::success();
  const std::string keep_path = view.path_of("keep");
  const Json& keep = view.at("keep");
  CONTACTLAB_RETURN_IF_ERROR(expect_array(keep, keep_path, 1, kMaxBodies, "body names"));
  std::vector<int> bodies;
  for (std::size_t i = 0; i < keep.size(); ++i) {
    const std::string name_path = element_path(keep_path, i);
    std::string name;
    CONTACTLAB_RETURN_IF_ERROR(read_identifier(keep[i], name_path, name));
    const int body = find_moving_body(model, name);
    if (body < 0) {
      return Status::failure(name_path + ": \"" + name + "\" is not a moving body of the scene (moving bodies: " +
                             moving_body_names(model) + ")");
    }
    if (std::find(bodies.begin(), bodies.end(), body) != bodies.end()) {
      return Status::failure(name_path + ": \"" + name + "\" is named twice");
    }
    bodies.push_back(body);
  }
  model.keep_in_view = bodies;
  return Status::success();
}

}  // namespace contactlab

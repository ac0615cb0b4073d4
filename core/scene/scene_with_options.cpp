#include "scene/scene_with_options.h"

#include "scene/option_json.h"

namespace contactlab {
namespace {

// The author's field order is kept, so the file still reads as its author wrote it.
using OrderedJson = nlohmann::ordered_json;

constexpr const char* kGravityComponents[] = {"gravity_x", "gravity_y", "gravity_z"};

// Every option as a scene's `options` object writes it (scene_loader.cpp reads
// gravity as one vector, the others by their canonical names).
OrderedJson options_object(const Options& options) {
  OrderedJson object = OrderedJson::object();
  for (const std::string& name : option_names()) {
    double value = 0;
    get_option(options, name, value);
    if (name == kGravityComponents[0]) {
      OrderedJson gravity = OrderedJson::array();
      for (const char* component : kGravityComponents) {
        get_option(options, component, value);
        gravity.push_back(OrderedJson(number_json(value)));
      }
      object["gravity"] = gravity;
    } else if (name.rfind("gravity_", 0) != 0) {
      object[name] = OrderedJson(option_json(name, value));
    }
  }
  return object;
}

}  // namespace

Status scene_with_options(const std::string& scene_text, const Options& options, std::string& text) {
  OrderedJson scene = OrderedJson::parse(scene_text, nullptr, false);
  if (!scene.is_object()) return Status::failure("the scene is not a JSON object");
  scene["options"] = options_object(options);
  text = scene.dump(2) + '\n';
  return Status::success();
}

}  // namespace contactlab

#include "builtin_scenes.h"

namespace contactlab {

const BuiltinScene* find_builtin_scene(const std::string& name) {
  for (const BuiltinScene& scene : builtin_scenes()) {
    if (name == scene.name) return &scene;
  }
  return nullptr;
}

std::string builtin_scene_names() {
  std::string names;
  for (const BuiltinScene& scene : builtin_scenes()) names += (names.empty() ? "" : ", ") + std::string(scene.name);
  return names;
}

}  // namespace contactlab

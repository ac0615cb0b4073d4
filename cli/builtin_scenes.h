// The built-in scenes (assets/scenes/*.json), compiled into the tool so that a link
// naming one (docs/links.md) runs anywhere. The build writes the table
// (cmake/builtin_scenes.cmake).
#pragma once

#include <string>
#include <vector>

namespace contactlab {

struct BuiltinScene {
  const char* name;  // the file name without .json
  const char* text;  // its JSON text
};

// Every built-in scene, sorted by name.
const std::vector<BuiltinScene>& builtin_scenes();

// The scene named `name`, or nullptr.
const BuiltinScene* find_builtin_scene(const std::string& name);

// "ball_drop, barrett_phone, ..." for messages.
std::string builtin_scene_names();

}  // namespace contactlab

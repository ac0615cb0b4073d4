// Reading a whole file in a test: outputs the commands wrote, and the built-in scenes'
// text as the page and the links take it.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace contactlab {

// The file's bytes; "" when it cannot be read (the test's own checks then fail).
inline std::string read_text_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// assets/scenes/NAME.json.
inline std::string builtin_scene_text(const std::string& name) {
  return read_text_file(std::string(CONTACTLAB_SCENES_DIR) + "/" + name + ".json");
}

}  // namespace contactlab

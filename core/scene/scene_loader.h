// Scene files: JSON, SI units, z up. The format is documented in docs/scene_format.md.
#pragma once

#include <string>

#include "base/status.h"
#include "dynamics/model.h"

namespace contactlab {

// Parses and validates a scene. Every error names the field (e.g.
// "bodies[2].mass: must be a finite number > 0, got -1"). On failure `model` is
// left untouched.
Status load_scene(const std::string& json_text, Model& model);
Status load_scene_file(const std::string& path, Model& model);
// A scene file's text (at most 1 MiB), not yet validated.
Status read_scene_file(const std::string& path, std::string& text);

}  // namespace contactlab

// Wavefront OBJ through tinyobjloader: faces of any size triangulated, one part per
// object or group ('o'/'g'); material libraries and textures are not read (collision
// needs none), so missing .mtl files do not matter.
#pragma once

#include <string>

#include "base/status.h"
#include "import/mesh.h"

namespace contactlab {

Status read_obj(const std::string& text, const std::string& name, Mesh& mesh);

}  // namespace contactlab

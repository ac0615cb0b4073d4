// Wavefront OBJ through tinyobjloader: faces of any size triangulated, one part per
// object or group ('o'/'g'). With a material file reader, the material libraries the
// file names (`mtllib`) are read through it and each triangle gets the diffuse colour
// (Kd, alpha d or 1 - Tr) of the material `usemtl` put it under; a library that is
// missing or cannot be read, a material it does not define and one without Kd give no
// colour, silently. Textures are not read. Without a reader (the collision meshes) no
// library is read.
#pragma once

#include <functional>
#include <string>

#include "base/status.h"
#include "import/mesh.h"

namespace contactlab {

// A material library by the name the OBJ file gives it: true with its text, false
// when there is none to read.
using MaterialFileReader = std::function<bool(const std::string& name, std::string& text)>;

Status read_obj(const std::string& text, const std::string& name, Mesh& mesh,
                const MaterialFileReader& read_material_file = {});

}  // namespace contactlab

// A mesh file read by its extension, in any case (.stl/.STL, .obj, .dae), within the
// caps of import_limits.h (bytes, vertices, triangles) and with every coordinate
// finite and at most 1e6 in magnitude.
#pragma once

#include <string>

#include "base/status.h"
#include "import/mesh.h"

namespace contactlab {

Status read_mesh_file(const std::string& path, Mesh& mesh);
// The same for bytes already read; `path` gives the extension and the messages.
Status read_mesh_bytes(const std::string& bytes, const std::string& path, Mesh& mesh);

}  // namespace contactlab

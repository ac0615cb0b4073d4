// A mesh file read by its extension, in any case (.stl/.STL, .obj, .dae), within the
// caps of import_limits.h (bytes, vertices, triangles) and with every coordinate
// finite and at most 1e6 in magnitude.
#pragma once

#include <string>

#include "base/status.h"
#include "import/mesh.h"
#include "import/mesh_obj.h"
#include "import/xml_tree.h"

namespace contactlab {

// `path`'s extension in lower case, without its dot ("" when the file name has none).
std::string lower_extension(const std::string& path);

// `bytes` read as the mesh format `path`'s extension names; `path` also names the
// file in messages; `parse_xml` reads COLLADA documents; `read_material_file`, when
// given, an OBJ file's material libraries (mesh_obj.h).
Status read_mesh_bytes(const std::string& bytes, const std::string& path, const XmlParser& parse_xml, Mesh& mesh,
                       const MaterialFileReader& read_material_file = {});

// Native build only (disk_robot_source.cpp): XML read with tinyxml2; the file read from
// disk within kMaxMeshFileBytes.
Status read_mesh_bytes(const std::string& bytes, const std::string& path, Mesh& mesh,
                       const MaterialFileReader& read_material_file = {});
Status read_mesh_file(const std::string& path, Mesh& mesh);

}  // namespace contactlab

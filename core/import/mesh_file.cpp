#include "import/mesh_file.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "import/import_limits.h"
#include "import/mesh_collada.h"
#include "import/mesh_obj.h"
#include "import/mesh_stl.h"

namespace contactlab {

std::string lower_extension(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  const std::size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string extension = path.substr(dot + 1);
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

namespace {

Status check_mesh(const Mesh& mesh, const std::string& path) {
  if (mesh.vertex_count() > kMaxMeshVertices) {
    return Status::failure(path + ": " + std::to_string(mesh.vertex_count()) + " vertices, more than the " +
                           std::to_string(kMaxMeshVertices) + " a mesh may have");
  }
  if (mesh.triangle_count() > kMaxMeshTriangles) {
    return Status::failure(path + ": " + std::to_string(mesh.triangle_count()) + " triangles, more than the " +
                           std::to_string(kMaxMeshTriangles) + " a mesh may have");
  }
  for (const MeshPart& part : mesh.parts) {
    for (const Vec3& vertex : part.vertices) {
      if (!vertex.allFinite() || vertex.cwiseAbs().maxCoeff() > kMaxImportedNumber) {
        return Status::failure(path + ": a vertex coordinate is not finite or above 1e6 in magnitude");
      }
    }
  }
  return Status::success();
}

}  // namespace

Status read_mesh_bytes(const std::string& bytes, const std::string& path, const XmlParser& parse_xml, Mesh& mesh,
                       const MaterialFileReader& read_material_file) {
  const std::string extension = lower_extension(path);
  Mesh read;
  if (extension == "stl") {
    CONTACTLAB_RETURN_IF_ERROR(read_stl(bytes, path, read));
  } else if (extension == "obj") {
    CONTACTLAB_RETURN_IF_ERROR(read_obj(bytes, path, read, read_material_file));
  } else if (extension == "dae") {
    CONTACTLAB_RETURN_IF_ERROR(read_collada(bytes, path, parse_xml, read));
  } else {
    return Status::failure(path + ": unknown mesh format \"" + extension + "\" (allowed: .stl, .obj, .dae in any case)");
  }
  CONTACTLAB_RETURN_IF_ERROR(check_mesh(read, path));
  mesh = std::move(read);
  return Status::success();
}

}  // namespace contactlab

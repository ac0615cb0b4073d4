#include "import/mesh_obj.h"

#include <sstream>

#include <tiny_obj_loader.h>

namespace contactlab {

Status read_obj(const std::string& text, const std::string& name, Mesh& mesh) {
  tinyobj::attrib_t attributes;
  std::vector<tinyobj::shape_t> shapes;
  std::vector<tinyobj::material_t> materials;
  std::string warning, error;
  std::istringstream stream(text);
  // No material reader: collision needs no .mtl, and a missing one is no error.
  if (!tinyobj::LoadObj(&attributes, &shapes, &materials, &warning, &error, &stream, nullptr, true)) {
    const std::string reason = error.substr(0, error.find('\n'));
    return Status::failure(name + ": not a readable OBJ file" + (reason.empty() ? "" : " (" + reason + ")"));
  }
  const std::size_t vertex_count = attributes.vertices.size() / 3;
  Mesh read;
  for (const tinyobj::shape_t& shape : shapes) {
    if (shape.mesh.indices.empty()) continue;
    MeshPart part;
    part.name = shape.name;
    std::vector<int> local(vertex_count, -1);
    std::array<int, 3> triangle{};
    for (std::size_t i = 0; i < shape.mesh.indices.size(); ++i) {
      const int index = shape.mesh.indices[i].vertex_index;
      if (index < 0 || static_cast<std::size_t>(index) >= vertex_count) {
        return Status::failure(name + ": object \"" + shape.name + "\" has a face with vertex index " +
                               std::to_string(index + 1) + ", but the file has " + std::to_string(vertex_count) +
                               " vertices");
      }
      if (local[index] < 0) {
        local[index] = static_cast<int>(part.vertices.size());
        part.vertices.emplace_back(attributes.vertices[3 * index], attributes.vertices[3 * index + 1],
                                   attributes.vertices[3 * index + 2]);
      }
      triangle[i % 3] = local[index];
      if (i % 3 == 2) part.triangles.push_back(triangle);
    }
    read.parts.push_back(std::move(part));
  }
  if (read.parts.empty()) return Status::failure(name + ": OBJ file without a face");
  mesh = std::move(read);
  return Status::success();
}

}  // namespace contactlab

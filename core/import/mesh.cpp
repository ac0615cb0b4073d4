#include "import/mesh.h"

namespace contactlab {

std::size_t Mesh::triangle_count() const {
  std::size_t count = 0;
  for (const MeshPart& part : parts) count += part.triangles.size();
  return count;
}

std::size_t Mesh::vertex_count() const {
  std::size_t count = 0;
  for (const MeshPart& part : parts) count += part.vertices.size();
  return count;
}

}  // namespace contactlab

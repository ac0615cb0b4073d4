#include "import/mesh.h"

#include <algorithm>

namespace contactlab {

std::size_t Mesh::triangle_count() const {
  std::size_t count = 0;
  for (const MeshPart& part : parts) count += part.triangles.size();
  return count;
}

int Mesh::color_index(const Rgba& color) {
  const auto found = std::find(colors.begin(), colors.end(), color);
  if (found != colors.end()) return static_cast<int>(found - colors.begin());
  colors.push_back(color);
  return static_cast<int>(colors.size()) - 1;
}

std::size_t Mesh::vertex_count() const {
  std::size_t count = 0;
  for (const MeshPart& part : parts) count += part.vertices.size();
  return count;
}

}  // namespace contactlab

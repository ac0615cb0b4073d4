// A triangle mesh read from a file, in the file's own frame and in metres (a COLLADA
// file's <unit> applied). A file may hold several parts (an OBJ's objects, a COLLADA
// file's geometries): a convex decomposition gives one hull per part.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "base/math_types.h"

namespace contactlab {

struct MeshPart {
  std::string name;
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 3>> triangles;  // indices into vertices
};

struct Mesh {
  std::vector<MeshPart> parts;
  std::string up_axis;  // COLLADA's <up_axis> as written ("Z_UP", "Y_UP", ...), else empty

  std::size_t triangle_count() const;
  std::size_t vertex_count() const;
};

}  // namespace contactlab

// A triangle mesh read from a file, in the file's own frame and in metres (a COLLADA
// file's <unit> applied). A file may hold several parts (an OBJ's objects, a COLLADA
// file's geometries): a convex decomposition gives one hull per part. The colours the
// file gives its triangles (a COLLADA material's diffuse colour, an OBJ material's Kd)
// are kept for drawing; the physics does not use them.
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
  // Per triangle, an index into Mesh::colors, or -1 where the file gives none; empty
  // when it gives no triangle of this part a colour.
  std::vector<int> triangle_colors;
};

using Rgba = std::array<double, 4>;  // red, green, blue, alpha, each in [0, 1]

struct Mesh {
  std::vector<MeshPart> parts;
  std::string up_axis;  // COLLADA's <up_axis> as written ("Z_UP", "Y_UP", ...), else empty
  std::vector<Rgba> colors;  // each colour once

  // The index of `color` in `colors`, added when new.
  int color_index(const Rgba& color);

  std::size_t triangle_count() const;
  std::size_t vertex_count() const;
};

}  // namespace contactlab

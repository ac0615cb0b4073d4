// The COLLADA 1.4/1.5 subset robot descriptions use (khronos.org/collada): every
// <geometry> of <library_geometries> is one part, read from its <triangles> and
// <polylist> (polygons fanned into triangles) through the POSITION source of its
// <vertices>; <unit meter> scales the vertices to metres. <up_axis> is read into
// Mesh::up_axis but not applied: RViz, MoveIt and urdf-loader take the vertices as
// written, and robot files are made for them (docs/urdf.md). Node transforms of
// <library_visual_scenes> are not applied either. Other primitives (<lines>,
// <tristrips>, <trifans>, <polygons>) are an error naming the file.
#pragma once

#include <string>

#include "base/status.h"
#include "import/mesh.h"

namespace contactlab {

Status read_collada(const std::string& text, const std::string& name, Mesh& mesh);

}  // namespace contactlab

// The COLLADA 1.4/1.5 subset robot descriptions use (khronos.org/collada): the
// geometries the visual scene instances (<scene><instance_visual_scene>, else the first
// <visual_scene>), each <instance_geometry> one part with its vertices moved by the
// <matrix>, <translate>, <rotate> and <scale> chain of the <node>s above it (nodes at
// most 64 deep); a file whose visual scene instances nothing, or that has none, gives
// every <geometry> of <library_geometries> as written. Each is read from its
// <triangles> and <polylist> (polygons fanned into triangles) through the POSITION
// source of its <vertices>; <unit meter> scales vertices and translations to metres.
// <up_axis> is read into Mesh::up_axis but not applied: RViz, MoveIt and urdf-loader
// take the vertices as written, and robot files are made for them (docs/urdf.md).
// Each triangle's colour is the diffuse <color> (<constant>: the <emission>) of the
// <effect> of the <material> its primitive's `material` symbol is bound to by the
// <instance_geometry>'s <bind_material> (unbound, or without a visual scene: the
// material of that id); a texture, a missing effect or a colour that does not read
// gives none, never an error.
// Other primitives (<lines>, <tristrips>, <trifans>, <polygons>), <lookat> and <skew>
// are an error naming the file.
#pragma once

#include <string>

#include "base/status.h"
#include "import/mesh.h"
#include "import/xml_tree.h"

namespace contactlab {

// `parse_xml` reads the document (xml_tree.h).
Status read_collada(const std::string& text, const std::string& name, const XmlParser& parse_xml, Mesh& mesh);

}  // namespace contactlab

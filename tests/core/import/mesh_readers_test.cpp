// The mesh readers (STL binary and ASCII, OBJ, COLLADA) on small meshes made here,
// including degenerate, flat and inside-out ones, the hulls made of them, and the
// colours OBJ material libraries and COLLADA materials give the triangles.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "geometry/mass_properties.h"
#include "import/mesh_file.h"
#include "import/mesh_hull.h"
#include "import/mesh_obj.h"

namespace contactlab {
namespace {

using Triangle = std::array<Vec3, 3>;

// The unit cube [0, 1]^3 as 12 outward triangles; `inside_out` reverses each.
std::vector<Triangle> unit_cube_triangles(bool inside_out = false) {
  const Vec3 c[8] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  const int faces[12][3] = {{0, 2, 1}, {0, 3, 2}, {4, 5, 6}, {4, 6, 7}, {0, 1, 5}, {0, 5, 4},
                            {1, 2, 6}, {1, 6, 5}, {2, 3, 7}, {2, 7, 6}, {3, 0, 4}, {3, 4, 7}};
  std::vector<Triangle> triangles;
  for (const auto& f : faces) {
    triangles.push_back(inside_out ? Triangle{c[f[0]], c[f[2]], c[f[1]]} : Triangle{c[f[0]], c[f[1]], c[f[2]]});
  }
  return triangles;
}

std::string binary_stl_bytes(const std::vector<Triangle>& triangles, const std::string& header = "binary") {
  std::string bytes(80, '\0');
  std::memcpy(bytes.data(), header.data(), std::min<std::size_t>(header.size(), 80));
  const std::uint32_t count = static_cast<std::uint32_t>(triangles.size());
  for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<char>((count >> (8 * b)) & 0xff));
  auto put = [&](float value) {
    std::uint32_t bits;
    std::memcpy(&bits, &value, 4);
    for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<char>((bits >> (8 * b)) & 0xff));
  };
  for (const Triangle& triangle : triangles) {
    for (int i = 0; i < 3; ++i) put(0);  // normal, not read
    for (const Vec3& v : triangle) {
      for (int i = 0; i < 3; ++i) put(static_cast<float>(v[i]));
    }
    bytes += std::string(2, '\0');
  }
  return bytes;
}

std::string ascii_stl_text(const std::vector<Triangle>& triangles) {
  std::string text = "solid cube\n";
  for (const Triangle& triangle : triangles) {
    text += " facet normal 0 0 0\n  outer loop\n";
    for (const Vec3& v : triangle) {
      text += "   vertex " + std::to_string(v.x()) + " " + std::to_string(v.y()) + " " + std::to_string(v.z()) + "\n";
    }
    text += "  endloop\n endfacet\n";
  }
  return text + "endsolid cube\n";
}

double imported_hull_volume(const Mesh& mesh, const Vec3& scale = Vec3::Ones()) {
  ImportedHull hull;
  const Status status = mesh_hull(mesh.parts.at(0).vertices, scale, "test", hull);
  EXPECT_TRUE(status.ok()) << status.message();
  return convex_hull_mass_properties(hull.hull).volume;
}

TEST(ImportMeshReaders, BinaryStlEvenWithASolidHeader) {
  for (const std::string& header : {std::string("binary"), std::string("solid but binary")}) {
    Mesh mesh;
    ASSERT_TRUE(read_mesh_bytes(binary_stl_bytes(unit_cube_triangles(), header), "cube.STL", mesh).ok());
    EXPECT_EQ(mesh.triangle_count(), 12u);
    EXPECT_EQ(mesh.vertex_count(), 8u);  // shared corners merged
    EXPECT_NEAR(imported_hull_volume(mesh), 1, 1e-12);
  }
}

TEST(ImportMeshReaders, AsciiStlAndInsideOutGiveTheSameHull) {
  Mesh ascii, inside_out;
  ASSERT_TRUE(read_mesh_bytes(ascii_stl_text(unit_cube_triangles()), "cube.Stl", ascii).ok());
  ASSERT_TRUE(read_mesh_bytes(ascii_stl_text(unit_cube_triangles(true)), "cube.stl", inside_out).ok());
  EXPECT_EQ(ascii.triangle_count(), 12u);
  EXPECT_NEAR(imported_hull_volume(ascii), 1, 1e-12);
  EXPECT_NEAR(imported_hull_volume(inside_out), 1, 1e-12);
  // Scale per axis: 2 x 3 x 0.5 = volume 3.
  EXPECT_NEAR(imported_hull_volume(ascii, Vec3(2, 3, 0.5)), 3, 1e-12);
}

TEST(ImportMeshReaders, DegenerateTrianglesAreHarmlessAndFlatMeshesRefused) {
  std::vector<Triangle> triangles = unit_cube_triangles();
  triangles.push_back({Vec3(0.5, 0.5, 0.5), Vec3(0.5, 0.5, 0.5), Vec3(0.5, 0.5, 0.5)});  // zero area
  Mesh mesh;
  ASSERT_TRUE(read_mesh_bytes(binary_stl_bytes(triangles), "cube.stl", mesh).ok());
  EXPECT_NEAR(imported_hull_volume(mesh), 1, 1e-12);
  const std::vector<Triangle> flat = {{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0)},
                                      {Vec3(0, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0)}};
  ASSERT_TRUE(read_mesh_bytes(binary_stl_bytes(flat), "flat.stl", mesh).ok());
  ImportedHull hull;
  const Status status = mesh_hull(mesh.parts[0].vertices, Vec3::Ones(), "flat.stl", hull);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.message().rfind("flat.stl: its convex hull cannot be built", 0), 0u) << status.message();
}

TEST(ImportMeshReaders, BrokenStlFilesAreErrorsNamingTheFile) {
  Mesh mesh;
  std::string truncated = binary_stl_bytes(unit_cube_triangles());
  truncated.resize(truncated.size() - 10);
  Status status = read_mesh_bytes(truncated, "cut.stl", mesh);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.message().rfind("cut.stl: not an STL file", 0), 0u);
  std::string facet = ascii_stl_text(unit_cube_triangles());
  facet.replace(facet.find("vertex"), 6, "vertexx");
  status = read_mesh_bytes(facet, "short.stl", mesh);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("short.stl: ASCII STL facet with 2 vertices"), std::string::npos) << status.message();
  status = read_mesh_bytes(ascii_stl_text({{Vec3(0, 0, 0), Vec3(1e7, 0, 0), Vec3(0, 1, 0)}}), "huge.stl", mesh);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("huge.stl: a vertex coordinate"), std::string::npos);
  status = read_mesh_bytes("solid x\nfacet normal 0 0 0\nouter loop\nvertex nan 0 0\n", "nan.stl", mesh);
  EXPECT_FALSE(status.ok());
  status = read_mesh_bytes("ply\n", "cube.ply", mesh);
  EXPECT_NE(status.message().find("unknown mesh format \"ply\""), std::string::npos);
}

TEST(ImportMeshReaders, ObjQuadsObjectsAndMissingMaterials) {
  const std::string text =
      "mtllib missing.mtl\n"
      "o first\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
      "usemtl gone\nf 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n"
      "o second\nv 2 0 0\nv 3 0 0\nv 2 1 0\nv 2 0 1\nf 9 11 10\nf 9 10 12\nf 9 12 11\nf 10 11 12\n";
  Mesh mesh;
  const Status status = read_mesh_bytes(text, "two.OBJ", mesh);
  ASSERT_TRUE(status.ok()) << status.message();
  ASSERT_EQ(mesh.parts.size(), 2u);
  EXPECT_EQ(mesh.parts[0].triangles.size(), 12u);  // six quads, two triangles each
  EXPECT_EQ(mesh.parts[1].vertices.size(), 4u);
  EXPECT_NEAR(imported_hull_volume(mesh), 1, 1e-12);
  EXPECT_FALSE(read_mesh_bytes("v 0 0 0\nf 1 2 3\n", "bad.obj", mesh).ok());
}

// One OBJ of three quads under three materials, and a fourth with none.
constexpr const char* kColoredObj =
    "mtllib colors.mtl\n"
    "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"
    "usemtl red\nf 1 2 3 4\nusemtl glass\nf 1 2 3 4\nusemtl textured\nf 1 2 3 4\nusemtl unknown\nf 1 2 3\n";

TEST(ImportMeshReaders, ObjTrianglesTakeTheirMaterialsDiffuseColour) {
  const std::string library =
      "newmtl red\nKd 1 0 0\n"
      "newmtl glass\n  Kd 0.2 0.4 1.5\n  d 0.25\n"  // Kd past 1 is drawn as 1
      "newmtl textured\nmap_Kd colors.png\n";     // no Kd: no colour (not black)
  std::vector<std::string> asked;
  const MaterialFileReader reader = [&](const std::string& name, std::string& text) {
    asked.push_back(name);
    text = library;
    return true;
  };
  Mesh mesh;
  const Status status = read_mesh_bytes(kColoredObj, "quads.obj", mesh, reader);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(asked, std::vector<std::string>{"colors.mtl"});
  ASSERT_EQ(mesh.colors.size(), 2u);
  EXPECT_EQ(mesh.colors[0], (Rgba{1, 0, 0, 1}));
  EXPECT_EQ(mesh.colors[1], (Rgba{0.2, 0.4, 1, 0.25}));
  ASSERT_EQ(mesh.parts.size(), 1u);
  EXPECT_EQ(mesh.parts[0].triangle_colors, (std::vector<int>{0, 0, 1, 1, -1, -1, -1}));
  // The collision meshes are read without a reader: no library, no colours.
  ASSERT_TRUE(read_mesh_bytes(kColoredObj, "quads.obj", mesh).ok());
  EXPECT_TRUE(mesh.colors.empty());
  EXPECT_TRUE(mesh.parts[0].triangle_colors.empty());
}

TEST(ImportMeshReaders, ObjWhoseMaterialLibraryIsMissingHasNoColours) {
  const MaterialFileReader missing = [](const std::string&, std::string&) { return false; };
  Mesh mesh;
  const Status status = read_mesh_bytes(kColoredObj, "quads.obj", mesh, missing);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(mesh.triangle_count(), 7u);
  EXPECT_TRUE(mesh.colors.empty());
  EXPECT_TRUE(mesh.parts[0].triangle_colors.empty());
}

// A COLLADA square of two triangles under material symbol "top" and one under
// "bottom", with `materials` (effects and materials) and `binding` (the
// <instance_geometry>'s content; "" for no visual scene).
std::string collada_two_materials(const std::string& materials, const std::string& binding, bool with_scene = true) {
  std::string document = R"(<?xml version="1.0"?><COLLADA version="1.4.1">)" + materials + R"(
  <library_geometries><geometry id="g"><mesh>
  <source id="p"><float_array id="pa" count="12">0 0 0 1 0 0 1 1 0 0 1 0</float_array></source>
  <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
  <triangles count="2" material="top"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2 0 2 3</p></triangles>
  <triangles count="1" material="bottom"><input semantic="VERTEX" source="#v" offset="0"/><p>0 2 1</p></triangles>
  </mesh></geometry></library_geometries>)";
  if (with_scene) {
    document += R"(<library_visual_scenes><visual_scene id="s"><node><instance_geometry url="#g">)" + binding +
                R"(</instance_geometry></node></visual_scene></library_visual_scenes><scene><instance_visual_scene url="#s"/></scene>)";
  }
  return document + "</COLLADA>";
}

constexpr const char* kColladaEffects = R"(<library_effects>
  <effect id="red-fx"><profile_COMMON><technique sid="common"><phong>
    <emission><color>0 0 0 1</color></emission><diffuse><color sid="diffuse">0.8 0.1 0.1 1</color></diffuse>
  </phong></technique></profile_COMMON></effect>
  <effect id="blue-fx"><profile_COMMON><technique sid="common"><lambert>
    <diffuse><color>0 0 1</color></diffuse></lambert></technique></profile_COMMON></effect>
  <effect id="textured-fx"><profile_COMMON><technique sid="common"><phong>
    <diffuse><texture texture="image" texcoord="uv"/></diffuse></phong></technique></profile_COMMON></effect>
  <effect id="broken-fx"><profile_COMMON><technique sid="common"><blinn>
    <diffuse><color>red</color></diffuse></blinn></technique></profile_COMMON></effect>
</library_effects>
<library_materials>
  <material id="red"><instance_effect url="#red-fx"/></material>
  <material id="blue"><instance_effect url="#blue-fx"/></material>
  <material id="textured"><instance_effect url="#textured-fx"/></material>
  <material id="broken"><instance_effect url="#broken-fx"/></material>
</library_materials>)";

std::string collada_binding(const std::string& top, const std::string& bottom) {
  return R"(<bind_material><technique_common><instance_material symbol="top" target="#)" + top +
         R"("/><instance_material symbol="bottom" target="#)" + bottom + R"("/></technique_common></bind_material>)";
}

TEST(ImportMeshReaders, ColladaTrianglesTakeTheColourOfTheMaterialBoundToThem) {
  Mesh mesh;
  Status status = read_mesh_bytes(collada_two_materials(kColladaEffects, collada_binding("red", "blue")), "two.dae", mesh);
  ASSERT_TRUE(status.ok()) << status.message();
  ASSERT_EQ(mesh.colors.size(), 2u);
  EXPECT_EQ(mesh.colors[0], (Rgba{0.8, 0.1, 0.1, 1}));
  EXPECT_EQ(mesh.colors[1], (Rgba{0, 0, 1, 1}));  // three numbers: alpha 1
  ASSERT_EQ(mesh.parts.size(), 1u);
  EXPECT_EQ(mesh.parts[0].triangle_colors, (std::vector<int>{0, 0, 1}));
  // The binding decides, not the symbol: the same geometry bound the other way round.
  status = read_mesh_bytes(collada_two_materials(kColladaEffects, collada_binding("blue", "red")), "swapped.dae", mesh);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(mesh.colors[mesh.parts[0].triangle_colors[0]], (Rgba{0, 0, 1, 1}));
  EXPECT_EQ(mesh.colors[mesh.parts[0].triangle_colors[2]], (Rgba{0.8, 0.1, 0.1, 1}));
  // A texture and a colour that does not read give none, and are no error.
  status = read_mesh_bytes(collada_two_materials(kColladaEffects, collada_binding("textured", "broken")), "t.dae", mesh);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_TRUE(mesh.colors.empty());
  EXPECT_TRUE(mesh.parts[0].triangle_colors.empty());
  // Without a visual scene, a symbol names the material of that id; "top" names none.
  const std::string by_id = R"(<library_effects><effect id="fx"><profile_COMMON><technique sid="common"><constant>
    <emission><color>0 1 0 0.5</color></emission></constant></technique></profile_COMMON></effect></library_effects>
    <library_materials><material id="bottom"><instance_effect url="#fx"/></material></library_materials>)";
  status = read_mesh_bytes(collada_two_materials(by_id, "", false), "unbound.dae", mesh);
  ASSERT_TRUE(status.ok()) << status.message();
  ASSERT_EQ(mesh.colors.size(), 1u);
  EXPECT_EQ(mesh.colors[0], (Rgba{0, 1, 0, 0.5}));
  EXPECT_EQ(mesh.parts[0].triangle_colors, (std::vector<int>{-1, -1, 0}));
}

std::string collada_tetrahedron(const std::string& asset, const std::string& primitive) {
  return R"(<?xml version="1.0"?><COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset>)" + asset + R"(</asset><library_geometries><geometry id="tetra"><mesh>
  <source id="p"><float_array id="pa" count="12">0 0 0 1000 0 0 0 1000 0 0 0 1000</float_array>
    <technique_common><accessor source="#pa" count="4" stride="3"/></technique_common></source>
  <source id="n"><float_array id="na" count="3">0 0 1</float_array></source>
  <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>)" + primitive + R"(
  </mesh></geometry></library_geometries></COLLADA>)";
}

TEST(ImportMeshReaders, ColladaTrianglesAndPolylistWithUnits) {
  const std::string triangles = R"(<triangles count="4"><input semantic="VERTEX" source="#v" offset="0"/>
    <input semantic="NORMAL" source="#n" offset="1"/><p>0 0 2 0 1 0  0 0 1 0 3 0  0 0 3 0 2 0  1 0 2 0 3 0</p></triangles>)";
  Mesh mesh;
  Status status = read_mesh_bytes(collada_tetrahedron(R"(<unit meter="0.001"/><up_axis>Y_UP</up_axis>)", triangles), "t.DAE", mesh);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(mesh.up_axis, "Y_UP");
  EXPECT_EQ(mesh.triangle_count(), 4u);
  // Millimetres to metres: the tetrahedron of unit legs, volume 1/6.
  EXPECT_NEAR(imported_hull_volume(mesh), 1.0 / 6, 1e-12);
  const std::string polylist = R"(<polylist count="2"><input semantic="VERTEX" source="#v" offset="0"/>
    <vcount>4 3</vcount><p>0 1 2 3 1 2 3</p></polylist>)";
  status = read_mesh_bytes(collada_tetrahedron("", polylist), "p.dae", mesh);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(mesh.triangle_count(), 3u);  // a quad fanned into two, and a triangle
  EXPECT_NEAR(mesh.parts[0].vertices[1].x(), 1000, 0);  // no <unit>: metres as written
  status = read_mesh_bytes(collada_tetrahedron("", R"(<lines count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1</p></lines>)"),
                           "l.dae", mesh);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("only <triangles> and <polylist>"), std::string::npos);
  status = read_mesh_bytes(collada_tetrahedron("", R"(<triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 9</p></triangles>)"),
                           "i.dae", mesh);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("i.dae line"), std::string::npos);
  EXPECT_FALSE(read_mesh_bytes("<COLLADA><asset>", "m.dae", mesh).ok());
}

// A COLLADA document whose one geometry, the unit cube [0, 1]^3 (8 corners, 12
// triangles), is instanced by `nodes` (the <library_visual_scenes> content).
std::string collada_instanced_cube(const std::string& nodes) {
  return R"(<?xml version="1.0"?><COLLADA version="1.4.1"><asset><unit meter="0.01"/></asset>
  <library_geometries><geometry id="cube"><mesh>
  <source id="p"><float_array id="pa" count="24">0 0 0 1 0 0 1 1 0 0 1 0 0 0 1 1 0 1 1 1 1 0 1 1</float_array></source>
  <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
  <triangles count="12"><input semantic="VERTEX" source="#v" offset="0"/>
  <p>0 2 1 0 3 2 4 5 6 4 6 7 0 1 5 0 5 4 1 2 6 1 6 5 2 3 7 2 7 6 3 0 4 3 4 7</p></triangles>
  </mesh></geometry></library_geometries>
  <library_visual_scenes><visual_scene id="s">)" + nodes + R"(</visual_scene></library_visual_scenes>
  <scene><instance_visual_scene url="#s"/></scene></COLLADA>)";
}

Vec3 collada_part_minimum(const MeshPart& part) {
  Vec3 minimum = part.vertices.at(0);
  for (const Vec3& vertex : part.vertices) minimum = minimum.cwiseMin(vertex);
  return minimum;
}

Vec3 collada_part_maximum(const MeshPart& part) {
  Vec3 maximum = part.vertices.at(0);
  for (const Vec3& vertex : part.vertices) maximum = maximum.cwiseMax(vertex);
  return maximum;
}

TEST(ImportMeshReaders, ColladaNodeTransformsMoveTheirInstances) {
  // Instance 1: x -> T R S x (the node's elements in document order), T = (2, 0, 0) cm,
  // R = 90 degrees about z, S = 2 along x. Instance 2: a row-major <matrix> moving
  // (0, 0, 5) cm inside a parent node moving (1, 0, 0) cm.
  const std::string nodes = R"(
    <node id="a"><translate>2 0 0</translate><rotate>0 0 1 90</rotate><scale>2 1 1</scale>
      <instance_geometry url="#cube"/></node>
    <node id="b"><translate>1 0 0</translate>
      <node id="c"><matrix>1 0 0 0  0 1 0 0  0 0 1 5  0 0 0 1</matrix><instance_geometry url="#cube"/></node></node>)";
  Mesh mesh;
  const Status status = read_mesh_bytes(collada_instanced_cube(nodes), "n.dae", mesh);
  ASSERT_TRUE(status.ok()) << status.message();
  ASSERT_EQ(mesh.parts.size(), 2u);
  // S: [0,2]x[0,1]x[0,1]; R (x -> y, y -> -x): [-1,0]x[0,2]x[0,1]; T: [1,2]x[0,2]x[0,1] cm.
  EXPECT_TRUE(collada_part_minimum(mesh.parts[0]).isApprox(Vec3(0.01, 0, 0), 1e-12)) << collada_part_minimum(mesh.parts[0]);
  EXPECT_TRUE(collada_part_maximum(mesh.parts[0]).isApprox(Vec3(0.02, 0.02, 0.01), 1e-12));
  EXPECT_TRUE(collada_part_minimum(mesh.parts[1]).isApprox(Vec3(0.01, 0, 0.05), 1e-12));
  EXPECT_TRUE(collada_part_maximum(mesh.parts[1]).isApprox(Vec3(0.02, 0.01, 0.06), 1e-12));
  EXPECT_EQ(mesh.triangle_count(), 24u);
}

TEST(ImportMeshReaders, ColladaNodeErrorsNameTheFileAndTheCap) {
  Mesh mesh;
  Status status = read_mesh_bytes(collada_instanced_cube(R"(<node><lookat>0 0 1 0 0 0 0 1 0</lookat>
      <instance_geometry url="#cube"/></node>)"), "look.dae", mesh);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("look.dae line"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("<lookat>"), std::string::npos) << status.message();
  status = read_mesh_bytes(collada_instanced_cube(R"(<node><instance_geometry url="#nothing"/></node>)"), "u.dae", mesh);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("#nothing"), std::string::npos) << status.message();
  std::string deep;
  for (int d = 0; d < 70; ++d) deep += "<node>";
  deep += R"(<instance_geometry url="#cube"/>)";
  for (int d = 0; d < 70; ++d) deep += "</node>";
  status = read_mesh_bytes(collada_instanced_cube(deep), "deep.dae", mesh);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("64 deep (the cap)"), std::string::npos) << status.message();
}

TEST(ImportMeshReaders, TheVertexCapIsAnErrorNamingIt) {
  // A geometry of 2^17 distinct points (a triangle fan over them) instanced 8 times
  // reaches the cap of 2^20 vertices exactly; a ninth instance passes it.
  const int points = 1 << 17;
  std::string positions, polygon;
  for (int i = 0; i < points; ++i) {
    positions += std::to_string(i % 64) + " " + std::to_string(i / 64 % 64) + " " + std::to_string(i / 4096) + " ";
    polygon += std::to_string(i) + " ";
  }
  auto document = [&](int instances) {
    std::string nodes;
    for (int k = 0; k < instances; ++k) nodes += R"(<node><instance_geometry url="#g"/></node>)";
    return R"(<COLLADA><library_geometries><geometry id="g"><mesh><source id="p"><float_array>)" + positions +
           R"(</float_array></source><vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
           <polylist><input semantic="VERTEX" source="#v" offset="0"/><vcount>)" + std::to_string(points) +
           "</vcount><p>" + polygon + R"(</p></polylist></mesh></geometry></library_geometries>
           <library_visual_scenes><visual_scene>)" + nodes + "</visual_scene></library_visual_scenes></COLLADA>";
  };
  Mesh mesh;
  Status status = read_mesh_bytes(document(8), "eight.dae", mesh);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(mesh.vertex_count(), std::size_t{1} << 20);
  status = read_mesh_bytes(document(9), "nine.dae", mesh);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("nine.dae line"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("1048576 vertices"), std::string::npos) << status.message();
  EXPECT_EQ(mesh.vertex_count(), std::size_t{1} << 20);  // left as it was
}

TEST(ImportMeshReaders, HullsPastTheVertexLimitAreSimplified) {
  // 2000 points on a sphere: all hull vertices, simplified to at most 256.
  std::vector<Vec3> points;
  for (int k = 0; k < 2000; ++k) {
    const double z = 1 - (2.0 * k + 1) / 2000, r = std::sqrt(1 - z * z), angle = 2.399963229728653 * k;
    points.emplace_back(r * std::cos(angle), r * std::sin(angle), z);
  }
  ImportedHull hull;
  ASSERT_TRUE(mesh_hull(points, Vec3::Ones(), "sphere", hull).ok());
  EXPECT_EQ(hull.full_vertex_count, 2000u);
  EXPECT_LE(hull.hull.vertices.size(), 256u);
  EXPECT_GT(hull.hull.vertices.size(), 200u);
  // Still close to the ball: volume within 3 % of 4/3 pi.
  EXPECT_NEAR(convex_hull_mass_properties(hull.hull).volume, 4.0 / 3 * M_PI, 0.03 * 4.0 / 3 * M_PI);
}

}  // namespace
}  // namespace contactlab

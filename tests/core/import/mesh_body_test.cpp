// A mesh file as a new body of a scene (core/import/mesh_body.h): the hull's vertices
// in metres, centred across x and y and resting on z = 0, one geom per part, a body the
// scene loader accepts; a flat mesh, another format and a bad scale are refused naming
// the entry's field and the file.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "dynamics/model.h"
#include "geometry/convex_hull.h"
#include "geometry/mass_properties.h"
#include "import/mesh_body.h"
#include "scene/scene_loader.h"

namespace contactlab {
namespace {

// An ASCII STL of the triangles given as corner indices into `corners` (x y z text).
std::string ascii_stl(const std::vector<std::string>& corners, const std::vector<std::array<int, 3>>& triangles) {
  std::string text = "solid test\n";
  for (const auto& triangle : triangles) {
    text += "facet normal 0 0 0\nouter loop\n";
    for (int corner : triangle) text += "vertex " + corners[corner] + "\n";
    text += "endloop\nendfacet\n";
  }
  return text + "endsolid test\n";
}

// The tetrahedron with legs of 30 mm along x, y and z from (100, 200, 300) mm.
std::string tetrahedron_stl_mm() {
  return ascii_stl({"100 200 300", "130 200 300", "100 230 300", "100 200 330"},
                   {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}});
}

MeshBodyRequest request_for(const std::string& file, double scale) {
  MeshBodyRequest request;
  request.file = file;
  request.scale = scale;
  request.name = "part";
  request.mass = 0.5;
  request.field = "bodies[1]";
  return request;
}

TEST(ImportMeshBody, TetrahedronInMillimetresBecomesAHullInMetresRestingOnItsOrigin) {
  nlohmann::json body;
  ImportReport report;
  ASSERT_TRUE(mesh_body(tetrahedron_stl_mm(), request_for("tetra.STL", 0.001), body, report).ok());
  ASSERT_EQ(body["geoms"].size(), 1u);
  const nlohmann::json& vertices = body["geoms"][0]["vertices"];
  ASSERT_EQ(vertices.size(), 4u);
  std::vector<Vec3> points;
  Vec3 lowest = Vec3::Constant(1e9);
  Vec3 highest = -lowest;
  for (const auto& vertex : vertices) {
    points.emplace_back(vertex[0].get<double>(), vertex[1].get<double>(), vertex[2].get<double>());
    lowest = lowest.cwiseMin(points.back());
    highest = highest.cwiseMax(points.back());
  }
  // Bounding box 30 mm each way, centred across x and y, its bottom at z = 0.
  EXPECT_NEAR(lowest.x(), -0.015, 1e-12);
  EXPECT_NEAR(highest.y(), 0.015, 1e-12);
  EXPECT_NEAR(lowest.z(), 0, 1e-12);
  EXPECT_NEAR(highest.z(), 0.03, 1e-12);
  ConvexHullData hull;
  ASSERT_TRUE(build_convex_hull(points, hull).ok());
  EXPECT_NEAR(convex_hull_mass_properties(hull).volume, 0.03 * 0.03 * 0.03 / 6, 1e-15);
  EXPECT_TRUE(report.warnings.empty());

  // The body as it is written is one the scene loader takes.
  const nlohmann::json scene = {
      {"name", "hull"},
      {"bodies", {{{"name", "ground"}, {"static", true}, {"geoms", {{{"type", "plane"}}}}}, body}}};
  Model model;
  const Status loaded = load_scene(scene.dump(), model);
  EXPECT_TRUE(loaded.ok()) << loaded.message();
}

TEST(ImportMeshBody, EachObjPartIsAGeomMovedByOneOffset) {
  // Two unit-spaced tetrahedra as objects "a" and "b", b 2 m above a.
  const std::string obj =
      "o a\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n"
      "o b\nv 0 0 2\nv 1 0 2\nv 0 1 2\nv 0 0 3\nf 5 7 6\nf 5 6 8\nf 5 8 7\nf 6 7 8\n";
  nlohmann::json body;
  ImportReport report;
  ASSERT_TRUE(mesh_body(obj, request_for("pair.obj", 1), body, report).ok());
  ASSERT_EQ(body["geoms"].size(), 2u);
  double lowest_a = 1e9;
  double lowest_b = 1e9;
  for (const auto& vertex : body["geoms"][0]["vertices"]) lowest_a = std::min(lowest_a, vertex[2].get<double>());
  for (const auto& vertex : body["geoms"][1]["vertices"]) lowest_b = std::min(lowest_b, vertex[2].get<double>());
  EXPECT_DOUBLE_EQ(lowest_a, 0);
  EXPECT_DOUBLE_EQ(lowest_b, 2);
}

TEST(ImportMeshBody, FlatMeshOtherFormatsAndBadScalesAreRefusedNamingTheField) {
  nlohmann::json body;
  ImportReport report;
  const std::string flat = ascii_stl({"0 0 0", "1 0 0", "0 1 0", "1 1 0"}, {{0, 1, 2}, {1, 3, 2}});
  const Status refused = mesh_body(flat, request_for("flat.stl", 1), body, report);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.message().rfind("bodies[1].geoms[0].vertices: flat.stl: ", 0), 0u) << refused.message();
  EXPECT_NE(refused.message().find("coplanar"), std::string::npos) << refused.message();
  EXPECT_TRUE(body.is_null());

  const Status collada = mesh_body("<COLLADA/>", request_for("cup.dae", 1), body, report);
  EXPECT_EQ(collada.message(), "bodies[1]: cup.dae: a body's hull is read from an .stl or .obj file (in any case)");
  const Status scale = mesh_body(tetrahedron_stl_mm(), request_for("tetra.stl", 0), body, report);
  EXPECT_EQ(scale.message(), "bodies[1]: tetra.stl: the scale must be a finite number in (0, 1000] m per unit, got 0");
}

}  // namespace
}  // namespace contactlab

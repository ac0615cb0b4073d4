// core/scene/two_edge_friction.h: a scene may ask for friction_edges = 2 (friction
// along x only) when its bodies move in the x-z plane; otherwise the load fails with
// a message naming the field and what is allowed.
#include "scene/two_edge_friction.h"

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "contact/friction_cone.h"
#include "scene/scene_loader.h"

namespace contactlab {
// A namespace of its own: test files are compiled in unity batches.
namespace two_edge_friction_test {

using Json = nlohmann::json;

Json brick_scene() {
  return Json::parse(R"({
    "name": "brick",
    "options": {"friction_edges": 2},
    "bodies": [
      {"name": "ground", "static": true, "geoms": [{"type": "plane"}]},
      {"name": "brick", "mass": 1.0, "position": [0, 0, 0.05], "linear_velocity": [1, 0, -0.5],
       "angular_velocity": [0, 3, 0], "geoms": [{"type": "box", "half_extents": [0.1, 0.05, 0.05]}]}
    ]
  })");
}

TEST(TwoEdgeFriction, APlanarSceneLoadsWithTwoEdges) {
  Model model;
  const Status status = load_scene(brick_scene().dump(), model);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(model.options.friction_edges, 2);
}

TEST(TwoEdgeFriction, MotionOutOfThePlaneIsRefusedNamingTheBodyAndTheField) {
  struct Case {
    const char* pointer;
    Json value;
    const char* names;
  };
  const Case cases[] = {
      {"/bodies/1/linear_velocity", Json::array({1, 0.2, 0}), "body \"brick\" has linear_velocity y = 0.2"},
      {"/bodies/1/angular_velocity", Json::array({0, 0, 1}), "body \"brick\" turns about x or z"},
      {"/options/gravity", Json::array({0, -1, -9.81}), "options.gravity has y = -1"},
  };
  for (const Case& c : cases) {
    Json scene = brick_scene();
    scene[Json::json_pointer(c.pointer)] = c.value;
    Model model;
    model.name = "untouched";
    const Status status = load_scene(scene.dump(), model);
    ASSERT_FALSE(status.ok()) << c.pointer;
    EXPECT_EQ(status.message().rfind("options.friction_edges: 2 edges give friction along x only", 0), 0u)
        << status.message();
    EXPECT_NE(status.message().find(c.names), std::string::npos) << status.message();
    EXPECT_NE(status.message().find("otherwise an even whole number from 4 to 32"), std::string::npos);
    EXPECT_EQ(model.name, "untouched");
  }
}

TEST(TwoEdgeFriction, OddOrTooFewEdgesAreStillRefusedByTheOptionTable) {
  for (int edges : {0, 1, 3, 34}) {
    Json scene = brick_scene();
    scene["options"]["friction_edges"] = edges;
    Model model;
    const Status status = load_scene(scene.dump(), model);
    ASSERT_FALSE(status.ok()) << edges;
    EXPECT_NE(status.message().find("even whole number from 2 to 32"), std::string::npos) << status.message();
  }
}

// The two edges are +t2 and -t2 exactly; for a floor's normal +z, t2 is +x.
TEST(TwoEdgeFriction, TheTwoEdgesAreExactlyPlusAndMinusXOnAFloor) {
  FrictionEdgeTable edges;
  edges.set_edge_count(2);
  Vec3 t1, t2;
  tangent_basis(Vec3::UnitZ(), t1, t2);
  EXPECT_EQ(edges.direction(0, t1, t2), Vec3::UnitX());
  EXPECT_EQ(edges.direction(1, t1, t2), -Vec3::UnitX());
}

}  // namespace two_edge_friction_test
}  // namespace contactlab

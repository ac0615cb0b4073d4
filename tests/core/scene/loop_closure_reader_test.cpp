// The "loops" of an articulation in scene files (scene/loop_closure_reader.h), read
// through load_scene() from edits of the four_bar scene: what a loop becomes in the
// model, and the message naming the field for each kind of mistake.
#include "scene/loop_closure_reader.h"

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scene/scene_loader.h"
#include "scene_edit_refusal.h"

namespace contactlab {
namespace {

using Json = nlohmann::json;

Json& loop(Json& scene) { return scene["articulations"][0]["loops"][0]; }

TEST(LoopClosureReader, AHingeBecomesALoopOfTheArticulation) {
  Model model;
  ASSERT_TRUE(load_scene(builtin_scene_json("four_bar").dump(), model).ok());
  const Articulation& linkage = model.articulations[0];
  ASSERT_EQ(linkage.loops.size(), 1u);
  const LoopClosure& hinge = linkage.loops[0];
  EXPECT_EQ(hinge.type, LoopType::Hinge);
  EXPECT_EQ(linkage.tree.link(hinge.link_a).name, "coupler");
  EXPECT_EQ(linkage.tree.link(hinge.link_b).name, "rocker");
  EXPECT_EQ(hinge.point_a, Vec3(0.18, 0, 0));
  EXPECT_EQ(hinge.point_b, Vec3(0.14, 0.015, 0));
  EXPECT_EQ(hinge.axis_a, Vec3(0, -1, 0));
  EXPECT_EQ(hinge.normals_a[0], Vec3(0, 0, 1));
  // Links joined by a loop are not checked for collision, as links joined by a joint.
  EXPECT_TRUE(links_are_adjacent(linkage, hinge.link_a, hinge.link_b));
  EXPECT_FALSE(links_are_adjacent(linkage, 1, 3));  // crank, rocker
}

TEST(LoopClosureReader, APointTakesNoAxisAndAnAxisIsNormalised) {
  Json scene = builtin_scene_json("four_bar");
  loop(scene)["type"] = "point";
  loop(scene).erase("axis_a");
  loop(scene).erase("axis_b");
  Model model;
  ASSERT_TRUE(load_scene(scene.dump(), model).ok());
  EXPECT_EQ(model.articulations[0].loops[0].type, LoopType::Point);
  EXPECT_EQ(model.articulations[0].loops[0].row_count(), 3);

  scene = builtin_scene_json("four_bar");
  loop(scene)["axis_b"] = {0, -0.5, 0};
  ASSERT_TRUE(load_scene(scene.dump(), model).ok());
  EXPECT_EQ(model.articulations[0].loops[0].axis_b, Vec3(0, -1, 0));
}

TEST(LoopClosureReader, MistakesNameTheField) {
  const std::string path = "articulations[0].loops[0].";
  expect_edit_refused("four_bar", [](Json& s) { loop(s)["type"] = "ball"; },
                 path + "type: must be one of \"point\", \"hinge\", got \"ball\"");
  expect_edit_refused("four_bar", [](Json& s) { loop(s)["link_b"] = "rocket"; },
                 path + "link_b: no link \"rocket\" in articulations[0]; a loop closure joins two links of its own "
                        "articulation (links: frame, crank, coupler, rocker)");
  expect_edit_refused("four_bar", [](Json& s) { loop(s)["link_b"] = "ground"; },
                 path + "link_b: \"ground\" is bodies[0], not a link of articulations[0]; a loop closure joins two "
                        "links of its own articulation");
  expect_edit_refused("four_bar", [](Json& s) { loop(s)["link_b"] = "coupler"; },
                      path + "link_b: must differ from link_a \"coupler\"");
  expect_edit_refused("four_bar", [](Json& s) { loop(s).erase("point_a"); },
                      path + "point_a: required field is missing");
  expect_edit_refused("four_bar", [](Json& s) { loop(s).erase("axis_b"); }, path + "axis_b: required field is missing");
  expect_edit_refused("four_bar", [](Json& s) { loop(s)["axis_a"] = {0, 0, 0}; },
                 path + "axis_a: must be a direction, of norm at least 0.001 (normalised on load), got norm 0");
  expect_edit_refused("four_bar", 
      [](Json& s) {
        loop(s)["type"] = "point";
        loop(s).erase("axis_a");
      },
      path + "axis_b: not allowed on a point loop");
  expect_edit_refused("four_bar", [](Json& s) { loop(s)["spring"] = 1; },
                      path + "spring: unknown field for a loop closure");
  expect_edit_refused("four_bar", [](Json& s) { s["articulations"][0]["loops"] = Json::array({1}); },
                 "articulations[0].loops[0]: must be an object");
}

// Both links welded: no joint moves either. A second, welded link is added under the
// frame for it.
TEST(LoopClosureReader, ALoopBetweenWeldedLinksHoldsNothing) {
  expect_edit_refused("four_bar", 
      [](Json& s) {
        Json post = s["articulations"][0]["links"][0];
        post["name"] = "post";
        post["parent"] = "frame";
        post["joint"] = {{"type", "fixed"}};
        s["articulations"][0]["links"].push_back(post);
        loop(s)["link_a"] = "frame";
        loop(s)["link_b"] = "post";
        loop(s)["point_b"] = {0.18, 0, 0};
      },
      "articulations[0].loops[0].link_b: \"frame\" and \"post\" are both welded to the world");
}

TEST(LoopClosureReader, TheLoopMustBeClosedAtTheStart) {
  expect_edit_refused("four_bar", [](Json& s) { loop(s)["point_b"] = {0.142, 0.015, 0}; },
                 "articulations[0].loops[0]: the loop must be closed at the initial joint positions, point_a "
                 "and point_b within 0.001 m of each other, got 0.002");
  expect_edit_refused("four_bar", [](Json& s) { loop(s)["axis_b"] = {0, 1, 0}; },
                 "articulations[0].loops[0]: the hinge's axis_b must point along axis_a at the initial joint "
                 "positions, within 0.01 rad, got 3.14159");
  // Within the tolerance, it loads.
  Json scene = builtin_scene_json("four_bar");
  loop(scene)["point_b"] = {0.1405, 0.015, 0};
  Model model;
  EXPECT_TRUE(load_scene(scene.dump(), model).ok());
}

}  // namespace
}  // namespace contactlab

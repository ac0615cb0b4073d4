// The "view" section: the bodies the page keeps in view, and errors that name the field.
#include "scene/view_reader.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "scene/scene_description.h"
#include "scene/scene_loader.h"

namespace contactlab {
namespace {

// A static ground and two cubes, with `view` as the scene's "view" field (none if empty).
std::string scene_with_view(const std::string& view) {
  std::string text = R"({"name": "two_boxes", "bodies": [
      {"name": "ground", "static": true, "geoms": [{"type": "plane"}]},
      {"name": "left", "mass": 1, "position": [-1, 0, 0.1],
       "geoms": [{"type": "box", "half_extents": [0.1, 0.1, 0.1]}]},
      {"name": "right", "mass": 1, "position": [1, 0, 0.1],
       "geoms": [{"type": "box", "half_extents": [0.1, 0.1, 0.1]}]}])";
  if (!view.empty()) text += R"(, "view": )" + view;
  return text + "}";
}

TEST(ViewReader, KeepsTheNamedBodiesInOrder) {
  Model model;
  const Status status = load_scene(scene_with_view(R"({"keep": ["right", "left"]})"), model);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(model.keep_in_view, (std::vector<int>{2, 1}));
  const nlohmann::json described = nlohmann::json::parse(describe_scene(model, model.options));
  EXPECT_EQ(described["keep_in_view"], nlohmann::json::array({"right", "left"}));
}

TEST(ViewReader, WithoutAViewThePageChooses) {
  Model model;
  ASSERT_TRUE(load_scene(scene_with_view(""), model).ok());
  EXPECT_TRUE(model.keep_in_view.empty());
  ASSERT_TRUE(load_scene(scene_with_view("{}"), model).ok());
  EXPECT_TRUE(model.keep_in_view.empty());
}

TEST(ViewReader, ErrorsNameTheFieldAndTheAllowedBodies) {
  struct Case {
    const char* view;
    const char* message;
  };
  const Case cases[] = {
      {R"({"keep": ["ground"]})",
       R"(view.keep[0]: "ground" is not a moving body of the scene (moving bodies: left, right))"},
      {R"({"keep": ["left", "middle"]})",
       R"(view.keep[1]: "middle" is not a moving body of the scene (moving bodies: left, right))"},
      {R"({"keep": ["left", "left"]})", R"(view.keep[1]: "left" is named twice)"},
      {R"({"keep": []})", "view.keep"},
      {R"({"keep": "left"})", "view.keep"},
      {R"({"follow": ["left"]})", "follow"},
      {R"(["left"])", "view"},
  };
  for (const Case& c : cases) {
    Model model;
    model.keep_in_view = {7};
    const Status status = load_scene(scene_with_view(c.view), model);
    ASSERT_FALSE(status.ok()) << c.view;
    EXPECT_NE(status.message().find(c.message), std::string::npos) << status.message();
  }
}

}  // namespace
}  // namespace contactlab

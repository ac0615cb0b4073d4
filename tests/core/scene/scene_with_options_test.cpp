// A scene file with the options in force written in (scene/scene_with_options.h): it
// loads to the same model with exactly those options.
#include "scene/scene_with_options.h"

#include <string>

#include <gtest/gtest.h>

#include "scene/scene_description.h"
#include "scene/scene_loader.h"
#include "text_file.h"

namespace contactlab {
namespace {

TEST(SceneWithOptions, LoadsWithEveryOptionAsSetAndTheSceneUnchanged) {
  Model model;
  ASSERT_TRUE(load_scene(builtin_scene_text("barrett_phone"), model).ok());
  Options options = model.options;
  for (const auto& [name, value] : std::initializer_list<std::pair<const char*, double>>{
           {"formulation", 2}, {"friction_coefficient", 0.1 + 0.2}, {"time_step", 1.0 / 3000},
           {"gravity_x", -0.5}, {"gravity_z", -1.62}, {"soft_cone", 1}, {"compliant_substeps", 0}}) {
    ASSERT_TRUE(set_option(options, name, value).ok()) << name;
  }
  std::string text;
  ASSERT_TRUE(scene_with_options(builtin_scene_text("barrett_phone"), options, text).ok());
  EXPECT_NE(text.find(R"("formulation": "soft")"), std::string::npos) << "choices by their word";
  EXPECT_NE(text.find(R"("gravity": [)"), std::string::npos);
  EXPECT_LT(text.find(R"("name": "barrett_phone")"), text.find(R"("bodies")")) << "the author's order is kept";

  Model reloaded;
  const Status status = load_scene(text, reloaded);
  ASSERT_TRUE(status.ok()) << status.message();
  for (const std::string& name : option_names()) {
    double expected = 0, value = 0;
    ASSERT_TRUE(get_option(options, name, expected).ok());
    ASSERT_TRUE(get_option(reloaded.options, name, value).ok());
    EXPECT_EQ(value, expected) << name;  // to the last bit
  }
  EXPECT_EQ(describe_scene(reloaded, options), describe_scene(model, options));
}

TEST(SceneWithOptions, RefusesTextThatIsNotAnObject) {
  std::string text = "unchanged";
  EXPECT_FALSE(scene_with_options("[1, 2]", Options(), text).ok());
  EXPECT_FALSE(scene_with_options("{", Options(), text).ok());
  EXPECT_EQ(text, "unchanged");
}

}  // namespace
}  // namespace contactlab

// Reader tests that edit a built-in scene's JSON into a mistake: the edit must be
// refused with a message naming the field, and the model it was loaded into left as it
// was.
#pragma once

#include <functional>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scene/scene_loader.h"
#include "text_file.h"

namespace contactlab {

inline nlohmann::json builtin_scene_json(const std::string& name) {
  return nlohmann::json::parse(builtin_scene_text(name));
}

// The built-in scene `name` with `edit` applied fails to load with a message starting
// with `message_start`, and the model passed in keeps its name and has no articulation.
inline void expect_edit_refused(const std::string& name, const std::function<void(nlohmann::json&)>& edit,
                                const std::string& message_start) {
  nlohmann::json scene = builtin_scene_json(name);
  edit(scene);
  Model model;
  model.name = "sentinel";
  const Status status = load_scene(scene.dump(), model);
  ASSERT_FALSE(status.ok()) << "expected: " << message_start;
  EXPECT_EQ(status.message().compare(0, message_start.size(), message_start), 0)
      << "message: " << status.message() << "\nexpected start: " << message_start;
  EXPECT_EQ(model.name, "sentinel");
  EXPECT_TRUE(model.articulations.empty());
}

}  // namespace contactlab

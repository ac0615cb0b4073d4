// libFuzzer target: the "timeline" of a robot scene (gripper_lift's, with its
// move_joints, autograsp and open commands; docs/scene_format.md). The input replaces
// the timeline's text; the scene then loads or fails with a message, and a loaded one
// steps with its commands.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.h"
#include "scene/json_fields.h"
#include "scene/scene_loader.h"

namespace {

// The scene's text before and after its timeline.
struct SceneAroundTimeline {
  std::string before;
  std::string after;
};

SceneAroundTimeline split_scene() {
  contactlab::Json scene = contactlab::Json::parse(contactlab::fuzz::builtin_scene_text("gripper_lift"));
  const std::string marker = "\"TIMELINE\"";
  scene["timeline"] = "TIMELINE";
  const std::string text = scene.dump();
  const std::size_t at = text.find(marker);
  return {text.substr(0, at), text.substr(at + marker.size())};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  static const SceneAroundTimeline scene = split_scene();
  const std::string text =
      scene.before + std::string(reinterpret_cast<const char*>(bytes), size) + scene.after;
  contactlab::Model model;
  if (!contactlab::load_scene(text, model).ok()) return 0;
  contactlab::fuzz::step_and_check(model, model.options, contactlab::fuzz::kSteps);
  return 0;
}

// libFuzzer target: a scene file's text. Whatever the bytes, loading either fails with
// a message or gives a model that steps; a few steps then must leave the state finite
// or report why not (docs/robustness.md).
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.h"
#include "scene/scene_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(bytes), size);
  contactlab::Model model;
  if (!contactlab::load_scene(text, model).ok()) return 0;
  contactlab::fuzz::step_and_check(model, model.options, contactlab::fuzz::kSteps);
  return 0;
}

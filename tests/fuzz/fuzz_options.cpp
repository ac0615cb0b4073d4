// libFuzzer target: options as the command line's --set takes them, one KEY=VALUE per
// line (cli/arguments.h, base/options.h), on box_stack (five boxes) and sphere_modes.
// Each line is accepted or refused with a message; the accepted ones then step.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "arguments.h"
#include "base/options.h"
#include "fuzz_support.h"
#include "scene/scene_loader.h"

namespace {

contactlab::Model load(const std::string& name) {
  contactlab::Model model;
  if (!contactlab::load_scene(contactlab::fuzz::builtin_scene_text(name), model).ok()) std::abort();
  return model;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  static const contactlab::Model box_stack = load("box_stack");
  static const contactlab::Model sphere_modes = load("sphere_modes");
  if (size == 0) return 0;
  // The first byte picks the scene; the rest are the lines.
  const contactlab::Model& model = bytes[0] % 2 == 0 ? box_stack : sphere_modes;
  std::istringstream lines(std::string(reinterpret_cast<const char*>(bytes) + 1, size - 1));
  contactlab::Options options = model.options;
  std::string line;
  while (std::getline(lines, line)) {
    std::string key;
    double value = 0;
    if (!contactlab::parse_assignment(line, key, value).ok()) continue;
    contactlab::set_option(options, key, value);
  }
  contactlab::fuzz::step_and_check(model, options, contactlab::fuzz::kSteps);
  return 0;
}

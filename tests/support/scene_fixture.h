// Loading the built-in scenes in tests, and running them.
#pragma once

#include <functional>
#include <string>

#include <gtest/gtest.h>

#include "dynamics/model.h"
#include "scene/scene_loader.h"
#include "step/data.h"
#include "step/step.h"

namespace contactlab {

inline Model load_builtin_scene(const std::string& name) {
  Model model;
  const Status status = load_scene_file(std::string(CONTACTLAB_SCENES_DIR) + "/" + name + ".json", model);
  EXPECT_TRUE(status.ok()) << status.message();
  return model;
}

inline int body_index(const Model& model, const std::string& name) {
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    if (model.bodies[b].name == name) return static_cast<int>(b);
  }
  ADD_FAILURE() << "no body named " << name;
  return 0;
}

// The last step solved its contact problem without a fallback.
inline void expect_step_solved(const Data& data) {
  ASSERT_TRUE(std::string(data.solver.status) == "solved" ||
              std::string(data.solver.status) == "no contacts")
      << "t = " << data.time << ": " << data.solver.status << " " << data.solver.message;
  ASSERT_TRUE(data.solver.message.empty()) << "t = " << data.time << ": " << data.solver.message;
}

// Steps until `seconds` have passed; `after_step` sees every step.
inline void run_for(const Model& model, const Options& options, Data& data, double seconds,
                    const std::function<void(const Data&)>& after_step = nullptr) {
  const long steps = static_cast<long>(seconds / options.time_step + 0.5);
  for (long s = 0; s < steps; ++s) {
    step(model, options, data);
    if (after_step) after_step(data);
  }
}

}  // namespace contactlab

// Loading the built-in scenes in tests, and running them.
#pragma once

#include <functional>
#include <string>

#include <gtest/gtest.h>

#include "dynamics/model.h"
#include "formulation/solver_report.h"
#include "scene/scene_loader.h"
#include "step/data.h"
#include "step/step.h"
#include "step/step_workspace.h"

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

// The step's scratch for tests that step a Data by hand. It holds nothing a result
// depends on (step/step_workspace.h), so one shared by every Data a test steps gives
// each the result a workspace of its own would.
inline StepWorkspace& test_workspace() {
  static StepWorkspace workspace;
  return workspace;
}

// One step with test_workspace().
inline void step(const Model& model, const Options& options, Data& data) {
  step(model, options, data, test_workspace());
}

// The last step solved its contact problem without a fallback.
inline void expect_step_solved(const Data& data) {
  ASSERT_TRUE(data.solver.status == SolverStatus::Solved ||
              data.solver.status == SolverStatus::NoContacts)
      << "t = " << data.time << ": " << solver_status_name(data.solver.status) << " "
      << fallback_message(data.solver.fallbacks);
  ASSERT_TRUE(data.solver.fallbacks.empty())
      << "t = " << data.time << ": " << fallback_message(data.solver.fallbacks);
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

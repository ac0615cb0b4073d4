// What the fuzz targets share: a bounded number of steps of a loaded model, and the
// check that a step leaves no infinity or NaN in the state without saying so.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "dynamics/model.h"
#include "formulation/formulation.h"
#include "formulation/solver_report.h"
#include "step/data.h"
#include "step/step.h"
#include "step/step_workspace.h"

namespace contactlab::fuzz {

// Steps per input: enough to detect contacts, solve them and integrate; few enough
// that an input runs in milliseconds.
constexpr int kSteps = 8;
// Passes of the step pipeline per input. Compliant contact takes up to 10000 passes of
// h / n a step (compliant_island.h), so an input with a long step takes fewer steps,
// and one whose single step would pass the limit is loaded but not stepped (its passes
// run the same code as any other): one compliant step of h = 0.1 s on box_stack, 2960
// passes, took 4 s here and 8 such steps more than the 10 s an input is allowed.
constexpr int kMaxPasses = 512;
// An input's steps also stop after a step whose contact problems had more than this
// many unknowns in all. A large island whose solve fails takes every fallback each
// step: barrett_phone with a link capsule of 1 m radius
// (tests/fuzz/corpus/scene/barrett_large_capsule: 40 contacts, 408 unknowns) takes
// 25 ms a step natively and 2.4 s under the sanitizers, so 8 steps passed the 10 s an
// input is allowed. The bound is on the work, not the time, so that a run takes the
// same steps on every machine (scripts/fuzz.sh --slice is reproducible).
constexpr int kLargeProblemUnknowns = 300;

// A built-in scene's text (assets/scenes/NAME.json).
inline std::string builtin_scene_text(const std::string& name) {
  std::ifstream file(std::string(CONTACTLAB_SCENES_DIR) + "/" + name + ".json");
  std::ostringstream text;
  text << file.rdbuf();
  if (!file) {
    std::fprintf(stderr, "fuzz: cannot read the built-in scene %s\n", name.c_str());
    std::abort();
  }
  return text.str();
}

inline bool state_is_finite(const Data& data) {
  for (std::size_t b = 0; b < data.position.size(); ++b) {
    if (!data.position[b].allFinite() || !data.orientation[b].coeffs().allFinite() ||
        !data.linear_velocity[b].allFinite() || !data.angular_velocity[b].allFinite()) {
      return false;
    }
  }
  return std::isfinite(data.time);
}

// Steps `model` under `options` (at most kMaxPasses passes, and no step after one
// past kLargeProblemUnknowns); aborts (a finding) when a step leaves a non-finite state
// while its solver reported no fallback.
inline void step_and_check(const Model& model, const Options& options, int steps) {
  steps = std::min(steps, kMaxPasses / make_formulation(options)->substep_count(model, options));
  Data data = make_data(model);
  StepWorkspace workspace;
  for (int s = 0; s < steps && data.solver.lcp_size <= kLargeProblemUnknowns; ++s) {
    step(model, options, data, workspace);
    if (!state_is_finite(data) && data.solver.fallbacks.empty()) {
      std::fprintf(stderr, "fuzz: step %d left a non-finite state with solver status '%s'\n", s,
                   solver_status_name(data.solver.status));
      std::abort();
    }
  }
}

}  // namespace contactlab::fuzz

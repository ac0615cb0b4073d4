// A checkpoint of a Simulation: everything a step reads that can change, so that a
// simulation restored from it steps on bit for bit as it did after it was saved. That is
// the scene's model (immutable, shared), the options as set, and Data: the state, the
// robots' control state (timeline position, trajectories, auto-grasp) and the solvers'
// warm starts (formulation/solver_memory.h). The step's scratch (step/step_workspace.h)
// carries nothing into the next step's result and is not part of it.
#pragma once

#include <memory>

#include "base/options.h"
#include "dynamics/model.h"
#include "step/data.h"

namespace contactlab {

struct Checkpoint {
  std::shared_ptr<const Model> model;  // null: nothing saved
  Options options;
  Data data;
};

}  // namespace contactlab

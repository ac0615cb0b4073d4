// One time step of seed 002 §4.
#pragma once

#include "base/options.h"
#include "dynamics/model.h"
#include "step/data.h"
#include "step/step_workspace.h"

namespace contactlab {

// Advances `data` by options.time_step, with `workspace` as scratch. Never leaves NaN
// in the state: when an island's problem has no answer the formulation falls back
// (formulation/formulation.h) and says so in data.solver; a step whose state runs
// away (divergence.h) is undone and reported as SolverStatus::Diverged.
void step(const Model& model, const Options& options, Data& data, StepWorkspace& workspace);

// One pass of the pipeline over options.time_step (contacts, islands, solve,
// integrate; data.time advances, data.step_count does not): a whole step, one
// compliant substep, or one shortened step of the step-size search.
void advance_one_pass(const Model& model, const Options& options, Data& data,
                      StepWorkspace& workspace);

}  // namespace contactlab

// The robot commands of control/robot_control.h applied to a running scene's Data:
// its time, control state and articulation states.
#pragma once

#include "base/options.h"
#include "base/status.h"
#include "control/robot_control.h"
#include "dynamics/model.h"
#include "step/data.h"
#include "step/step_workspace.h"

namespace contactlab {

// Starts one command now; on failure nothing changes and the message says why.
Status start_command(const Model& model, const Options& options, const TimelineCommand& command,
                     Data& data);

// (timeline, t) => the set points at the end of the coming step.
void advance_control(const Model& model, const Options& options, Data& data);

// True while a static auto-grasp closes some hand (step_static_grasp then runs).
bool static_grasp_active(const Data& data);

// One kinematic closing step of a static auto-grasp (control/robot_control.h): the
// fingers move, their link bodies follow, contacts are detected at the new poses,
// fingers that touch stop, and closed hands hold. Nothing else moves; t advances by h.
void step_static_grasp(const Model& model, const Options& options, Data& data,
                       StepWorkspace& workspace);

}  // namespace contactlab

// Registers the Simulation with Embind; conversions live in simulation_handle.cpp.
#include <emscripten/bind.h>

#include "simulation_handle.h"

EMSCRIPTEN_BINDINGS(contactlab) {
  using contactlab::SimulationHandle;
  emscripten::class_<SimulationHandle>("Simulation")
      .constructor<>()
      .function("loadScene", &SimulationHandle::load_scene)
      .function("setOption", &SimulationHandle::set_option)
      .function("getOption", &SimulationHandle::get_option)
      .function("reset", &SimulationHandle::reset)
      .function("resetScene", &SimulationHandle::reset_scene)
      .function("step", &SimulationHandle::step)
      .function("stepError", &SimulationHandle::step_error)
      .function("time", &SimulationHandle::time)
      .function("stepCount", &SimulationHandle::step_count)
      .function("sceneDescription", &SimulationHandle::scene_description)
      .function("sceneFile", &SimulationHandle::scene_file)
      .function("keepStateLog", &SimulationHandle::keep_state_log)
      .function("stateCsvHeader", &SimulationHandle::state_csv_header)
      .function("stateCsvRows", &SimulationHandle::state_csv_rows)
      .function("stateRows", &SimulationHandle::state_rows)
      .function("stateRowsDropped", &SimulationHandle::state_rows_dropped)
      .function("bodyPoses", &SimulationHandle::body_poses)
      .function("bodyVelocities", &SimulationHandle::body_velocities)
      .function("contactCount", &SimulationHandle::contact_count)
      .function("contacts", &SimulationHandle::contacts)
      .function("lcpSize", &SimulationHandle::lcp_size)
      .function("pivots", &SimulationHandle::pivots)
      .function("iterations", &SimulationHandle::iterations)
      .function("islandCount", &SimulationHandle::island_count)
      .function("loopError", &SimulationHandle::loop_error)
      .function("solverStatus", &SimulationHandle::solver_status)
      .function("solverMessage", &SimulationHandle::solver_message)
      .function("jointState", &SimulationHandle::joint_state)
      .function("grasp", &SimulationHandle::grasp)
      .function("setJointTarget", &SimulationHandle::set_joint_target)
      .function("command", &SimulationHandle::command)
      .function("jog", &SimulationHandle::jog)
      .function("graspWrenches", &SimulationHandle::grasp_wrenches)
      .function("linkPose", &SimulationHandle::link_pose)
      .function("setCheckpointCapacity", &SimulationHandle::set_checkpoint_capacity)
      .function("saveCheckpoint", &SimulationHandle::save_checkpoint)
      .function("restoreCheckpoint", &SimulationHandle::restore_checkpoint)
      .function("discardCheckpointsAfter", &SimulationHandle::discard_checkpoints_after)
      .function("oldestCheckpoint", &SimulationHandle::oldest_checkpoint);
}

#include "step/robot_commands.h"

#include "dynamics/articulation/articulation_state.h"

namespace contactlab {

Status start_command(const Model& model, const Options& options, const TimelineCommand& command,
                     Data& data) {
  return start_command(model, options, command, data.time, data.control, data.articulations);
}

void advance_control(const Model& model, const Options& options, Data& data) {
  advance_control(model, options, data.time, data.control, data.articulations);
}

bool static_grasp_active(const Data& data) { return static_grasp_active(data.control); }

void step_static_grasp(const Model& model, const Options& options, Data& data,
                       StepWorkspace& ws) {
  // (set points, h) => finger q; the link bodies follow.
  close_static_fingers(model, options, data.control, data.articulations);
  for (size_t a = 0; a < model.articulations.size(); ++a) {
    if (!data.control.robots[a].static_closing) continue;
    update_link_bodies(model.articulations[a], data.articulations[a], data.position, data.orientation,
                       data.linear_velocity, data.angular_velocity);
  }
  // (poses) => contacts: a finger stops when a link it carries touches another body.
  detect_contacts(model, options, data.position, data.orientation, data.linear_velocity,
                  data.angular_velocity, ws.detection, ws.contacts);
  data.contacts.clear();
  for (const DetectedContact& contact : ws.contacts) data.contacts.push_back(contact_record_of(contact));
  stop_touching_fingers(model, options, ws.contacts, data.control);
  finish_static_grasps(model, data.control, data.articulations);
  data.solver = SolverStats{};
  data.time += options.time_step;
}

}  // namespace contactlab

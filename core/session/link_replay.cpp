#include "session/link_replay.h"

namespace contactlab {

Status start_link(Simulation& simulation, const LinkPayload& payload, const std::string& scene_text) {
  const Status loaded = simulation.load_scene(scene_text);
  if (!loaded.ok()) return Status::failure("link: scene: " + loaded.message());
  for (const auto& [name, value] : payload.options) {
    const Status set = simulation.set_option(name, value);
    if (!set.ok()) return Status::failure("link: options." + name + ": " + set.message());
  }
  return Status::success();
}

Status apply_action(Simulation& simulation, const SessionAction& action) {
  switch (action.kind) {
    case SessionActionKind::Option:
      return simulation.set_option(action.name, action.value);
    case SessionActionKind::JointTarget:
      return simulation.set_joint_target(action.articulation, action.link, action.value);
    case SessionActionKind::Command:
      return simulation.command(action.articulation, action.name);
    case SessionActionKind::Jog:
      return simulation.jog(action.articulation, action.link, action.displacement.x(), action.displacement.y(),
                            action.displacement.z());
    case SessionActionKind::Drag:
      return simulation.drag(action.name, action.point, action.target);
    case SessionActionKind::DragTarget:
      return simulation.move_drag_target(action.target);
    case SessionActionKind::Release:
      simulation.release();
      return Status::success();
    case SessionActionKind::Ghost:
    case SessionActionKind::GhostCoordinates:
      return Status::success();
  }
  return Status::success();
}

Status replay_link(Simulation& simulation, const LinkPayload& payload, long& steps_taken, long target,
                   std::size_t& next_action) {
  while (true) {
    while (next_action < payload.journal.size() && payload.journal[next_action].step == steps_taken) {
      const Status applied = apply_action(simulation, payload.journal[next_action]);
      if (!applied.ok()) {
        return Status::failure("link: journal[" + std::to_string(next_action) + "]: " + applied.message());
      }
      ++next_action;
    }
    if (steps_taken >= target) return Status::success();
    if (simulation.step(1) != 1) return Status::failure(simulation.step_error());
    ++steps_taken;
  }
}

}  // namespace contactlab

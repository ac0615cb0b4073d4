#include "scene/timeline_reader.h"

#include <cmath>
#include <string>

namespace contactlab {
namespace {

constexpr std::size_t kMaxCommands = 256;
const NumberRange kTimeRange{0, 3600, true, true, "s"};
const NumberRange kSpeedRange{0, 100, false, true, "rad/s or m/s"};
const NumberRange kTargetRange{-100, 100, true, true, "rad or m"};

struct CommandName {
  const char* name;
  CommandKind kind;
};
const CommandName kCommands[] = {{"move_joints", CommandKind::MoveJoints},
                                 {"autograsp", CommandKind::Autograsp},
                                 {"open", CommandKind::Open},
                                 {"move_cartesian", CommandKind::MoveCartesian}};
struct ProfileName {
  const char* name;
  MoveProfile profile;
};
const ProfileName kProfiles[] = {{"smooth", MoveProfile::Smooth},
                                 {"linear", MoveProfile::Linear},
                                 {"step", MoveProfile::Step}};
const NumberRange kPositionRange{-1000, 1000, true, true, "m"};
constexpr double kDefaultCartesianSpeed = 0.1;  // [m/s]

int find_articulation(const Model& model, const std::string& name) {
  for (int a = 0; a < static_cast<int>(model.articulations.size()); ++a) {
    if (model.articulations[a].name == name) return a;
  }
  return -1;
}

int find_link(const Articulation& articulation, const std::string& name) {
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    if (articulation.tree.link(link).name == name) return link;
  }
  return -1;
}

// "targets": {"<link>": position, ...}: actuated revolute or prismatic joints, within limits.
Status read_targets(const FieldReader& fields, const Articulation& articulation,
                    TimelineCommand& command) {
  CONTACTLAB_RETURN_IF_ERROR(fields.require("targets"));
  const std::string path = fields.path_of("targets");
  const Json& targets = fields.at("targets");
  CONTACTLAB_RETURN_IF_ERROR(expect_object(targets, path));
  if (targets.empty()) return Status::failure(path + ": must name at least one joint");
  for (auto entry = targets.begin(); entry != targets.end(); ++entry) {
    const std::string target_path = child_path(path, entry.key());
    const int link = find_link(articulation, entry.key());
    if (link < 0) {
      return Status::failure(target_path + ": articulation \"" + articulation.name +
                             "\" has no link named \"" + entry.key() + "\"");
    }
    const Joint& joint = articulation.tree.link(link).joint;
    if (joint.velocity_size() != 1 || !articulation.actuators[link].present) {
      return Status::failure(target_path +
                             ": only a revolute or prismatic joint with an \"actuator\" can be moved");
    }
    double position = 0;
    CONTACTLAB_RETURN_IF_ERROR(read_number(entry.value(), target_path, kTargetRange, position));
    if (position < joint.lower || position > joint.upper) {
      return Status::failure(target_path + ": must be within the joint's limits [" +
                             describe_number(joint.lower) + ", " + describe_number(joint.upper) +
                             "], got " + describe_number(position));
    }
    command.targets.push_back(JointTarget{link, position});
  }
  return Status::success();
}

// Auto-grasp and open need finger joints with a finite limit on both sides.
Status check_fingers(const std::string& path, const Articulation& articulation) {
  int fingers = 0;
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    if (articulation.actuators[link].close_direction == 0) continue;
    const Joint& joint = articulation.tree.link(link).joint;
    if (!std::isfinite(joint.lower) || !std::isfinite(joint.upper)) {
      return Status::failure(path + ": finger joint \"" + articulation.tree.link(link).name +
                             "\" (close_direction set) needs \"limits\" to close and open towards");
    }
    ++fingers;
  }
  if (fingers == 0) {
    return Status::failure(path + ": articulation \"" + articulation.name +
                           "\" has no finger joint (an actuator with \"close_direction\")");
  }
  return Status::success();
}

// move_cartesian: an existing link moved by at least one actuated joint, a target
// position and an optional peak speed.
Status read_cartesian(const FieldReader& fields, const Articulation& articulation,
                      TimelineCommand& command) {
  CONTACTLAB_RETURN_IF_ERROR(fields.require("link"));
  std::string link_name;
  CONTACTLAB_RETURN_IF_ERROR(fields.identifier("link", link_name));
  command.link = find_link(articulation, link_name);
  if (command.link < 0) {
    return Status::failure(fields.path_of("link") + ": articulation \"" + articulation.name +
                           "\" has no link named \"" + link_name + "\"");
  }
  bool driven = false;
  for (int i = command.link; i >= 0; i = articulation.tree.link(i).parent) {
    driven = driven || (articulation.tree.link(i).joint.velocity_size() == 1 &&
                        articulation.actuators[i].present);
  }
  if (!driven) {
    return Status::failure(fields.path_of("link") + ": no actuated joint moves link \"" +
                           link_name + "\"");
  }
  CONTACTLAB_RETURN_IF_ERROR(fields.require("position"));
  CONTACTLAB_RETURN_IF_ERROR(fields.vec3("position", kPositionRange, command.position));
  command.speed = kDefaultCartesianSpeed;
  return fields.number("speed", kSpeedRange, command.speed);
}

// move_joints: "profile" (smooth by default) and, for the linear one, its "speed".
Status read_profile(const FieldReader& fields, TimelineCommand& command) {
  if (fields.has("profile")) {
    std::string name;
    CONTACTLAB_RETURN_IF_ERROR(fields.identifier("profile", name));
    bool known = false;
    for (const ProfileName& entry : kProfiles) {
      if (name == entry.name) {
        command.profile = entry.profile;
        known = true;
      }
    }
    if (!known) {
      return Status::failure(fields.path_of("profile") + ": must be one of smooth, linear, step, got \"" +
                             name + "\"");
    }
  }
  if (command.profile == MoveProfile::Linear) {
    CONTACTLAB_RETURN_IF_ERROR(fields.require("speed"));
    return fields.number("speed", kSpeedRange, command.speed);
  }
  if (command.profile == MoveProfile::Step) {
    return fields.forbid("speed", "on move_joints with the step profile (the set points jump)");
  }
  return fields.forbid("speed", "on move_joints (its speed comes from the actuators; the linear profile takes one)");
}

Status read_command(const Json& value, const std::string& path, double previous_time,
                    Model& model, TimelineCommand& command) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(
      fields.check_fields({"time", "command", "articulation", "targets", "profile", "speed", "link", "position"},
                          "a command"));
  CONTACTLAB_RETURN_IF_ERROR(fields.require("time"));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("time", kTimeRange, command.time));
  if (command.time < previous_time) {
    return Status::failure(fields.path_of("time") + ": commands must be in time order, got " +
                           describe_number(command.time) + " s after " +
                           describe_number(previous_time) + " s");
  }
  CONTACTLAB_RETURN_IF_ERROR(fields.require("command"));
  std::string name;
  CONTACTLAB_RETURN_IF_ERROR(fields.identifier("command", name));
  bool known = false;
  for (const CommandName& entry : kCommands) {
    if (name == entry.name) {
      command.kind = entry.kind;
      known = true;
    }
  }
  if (!known) {
    return Status::failure(fields.path_of("command") +
                           ": must be one of move_joints, autograsp, open, move_cartesian, got \"" +
                           name + "\"");
  }
  CONTACTLAB_RETURN_IF_ERROR(fields.require("articulation"));
  std::string articulation_name;
  CONTACTLAB_RETURN_IF_ERROR(fields.identifier("articulation", articulation_name));
  command.articulation = find_articulation(model, articulation_name);
  if (command.articulation < 0) {
    return Status::failure(fields.path_of("articulation") + ": no articulation named \"" +
                           articulation_name + "\"");
  }
  const Articulation& articulation = model.articulations[command.articulation];
  if (command.kind == CommandKind::MoveJoints) {
    CONTACTLAB_RETURN_IF_ERROR(read_profile(fields, command));
    CONTACTLAB_RETURN_IF_ERROR(fields.forbid("link", "on move_joints"));
    CONTACTLAB_RETURN_IF_ERROR(fields.forbid("position", "on move_joints"));
    return read_targets(fields, articulation, command);
  }
  CONTACTLAB_RETURN_IF_ERROR(fields.forbid("targets", "on autograsp, open or move_cartesian"));
  CONTACTLAB_RETURN_IF_ERROR(fields.forbid("profile", "on autograsp, open or move_cartesian"));
  if (command.kind == CommandKind::MoveCartesian) return read_cartesian(fields, articulation, command);
  CONTACTLAB_RETURN_IF_ERROR(fields.forbid("link", "on autograsp or open"));
  CONTACTLAB_RETURN_IF_ERROR(fields.forbid("position", "on autograsp or open"));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("speed", kSpeedRange, command.speed));
  return check_fingers(path, articulation);
}

}  // namespace

const char* command_kind_name(CommandKind kind) {
  for (const CommandName& entry : kCommands) {
    if (entry.kind == kind) return entry.name;
  }
  return "move_joints";
}

const char* move_profile_name(MoveProfile profile) {
  for (const ProfileName& entry : kProfiles) {
    if (entry.profile == profile) return entry.name;
  }
  return "smooth";
}

Status read_timeline(const FieldReader& scene, Model& model) {
  if (!scene.has("timeline")) return Status::success();
  const std::string path = scene.path_of("timeline");
  const Json& timeline = scene.at("timeline");
  CONTACTLAB_RETURN_IF_ERROR(expect_array(timeline, path, 0, kMaxCommands, "commands"));
  double previous_time = 0;
  for (std::size_t i = 0; i < timeline.size(); ++i) {
    TimelineCommand command;
    CONTACTLAB_RETURN_IF_ERROR(
        read_command(timeline[i], element_path(path, i), previous_time, model, command));
    previous_time = command.time;
    model.timeline.push_back(std::move(command));
  }
  return Status::success();
}

}  // namespace contactlab

#include "scene/articulation_reader.h"

#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "dynamics/articulation/maximal_joints.h"
#include "dynamics/articulation/tree_kinematics.h"
#include "scene/loop_closure_reader.h"
#include "scene/prescribed_motion_reader.h"
#include "scene/scene_limits.h"

namespace contactlab {
namespace {

constexpr std::size_t kMaxArticulations = 8;
constexpr std::size_t kMaxLinks = 64;  // per articulation
constexpr double kMinAxisNorm = 1e-3;  // of "axis" as written, before normalising
constexpr double kMaxCouplingRatio = 10;
constexpr double kCouplingTolerance = 1e-6;  // |q_f - ratio q_l| at t = 0, and of v
const char* const kWorld = "world";          // the parent of a root link

const NumberRange kAxisComponentRange{-1, 1, true, true, ""};
const NumberRange kCouplingRatioRange{-kMaxCouplingRatio, kMaxCouplingRatio, true, true, ""};
const NumberRange kCouplingOffsetRange{-100, 100, true, true, "rad or m"};

// The values a revolute or prismatic joint allows, in the units of its coordinate.
struct CoordinateRanges {
  NumberRange position;    // limits and initial position
  NumberRange velocity;    // initial velocity
  NumberRange coulomb;     // c, seed 002 eq. (14)
  NumberRange viscous;     // v, seed 002 eq. (14)
  NumberRange stiffness;   // K_p, seed 002 §5
  NumberRange damping;     // K_d
  NumberRange max_effort;  // tau_max
  NumberRange max_velocity;
  NumberRange max_acceleration;
};

const CoordinateRanges kRevoluteRanges{
    {-100, 100, true, true, "rad"},  {-kMaxSpeed, kMaxSpeed, true, true, "rad/s"},
    {0, 1e4, true, true, "N m"},     {0, 1e4, true, true, "N m s/rad"},
    {0, 1e6, true, true, "N m/rad"}, {0, 1e6, true, true, "N m s/rad"},
    {0, 1e6, false, true, "N m"},    {0, kMaxSpeed, false, true, "rad/s"},
    {0, 1e5, false, true, "rad/s^2"}};
const CoordinateRanges kPrismaticRanges{
    {-100, 100, true, true, "m"},  {-kMaxSpeed, kMaxSpeed, true, true, "m/s"},
    {0, 1e4, true, true, "N"},     {0, 1e4, true, true, "N s/m"},
    {0, 1e6, true, true, "N/m"},   {0, 1e6, true, true, "N s/m"},
    {0, 1e6, false, true, "N"},    {0, kMaxSpeed, false, true, "m/s"},
    {0, 1e5, false, true, "m/s^2"}};

// Which way a joint closes the hand for auto-grasp (seed 002 §6): -1, 0 (not a
// finger) or 1.
const NumberRange kCloseDirectionRange{-1, 1, true, true, ""};

struct JointKind {
  const char* name;
  JointType type;
};

const JointKind kJointKinds[] = {{"revolute", JointType::Revolute},
                                 {"prismatic", JointType::Prismatic},
                                 {"fixed", JointType::Fixed},
                                 {"free", JointType::Free}};

// An articulation while its links are read.
struct ArticulationDraft {
  std::string path;  // "articulations[i]"
  Articulation articulation;
  std::vector<TreeLink> links;
  std::vector<double> positions;   // q, joint after joint
  std::vector<double> velocities;  // v
  std::map<std::string, int> link_index;

  std::string link_path(int link) const { return element_path(path + ".links", link); }
};

Status read_joint_type(const FieldReader& joint, JointType& type) {
  const Json& value = joint.at("type");
  std::string names;
  for (const JointKind& kind : kJointKinds) {
    if (value.is_string() && value.get_ref<const std::string&>() == kind.name) {
      type = kind.type;
      return Status::success();
    }
    names += (names.empty() ? "\"" : ", \"") + std::string(kind.name) + "\"";
  }
  return Status::failure(joint.path_of("type") + ": must be one of " + names + ", got " +
                         describe_json(value));
}

Status read_origin(const FieldReader& joint, const NumberRange& position_range, Vec3& position,
                   Quat& orientation) {
  if (!joint.has("origin")) return Status::success();
  const std::string path = joint.path_of("origin");
  CONTACTLAB_RETURN_IF_ERROR(expect_object(joint.at("origin"), path));
  const FieldReader origin(joint.at("origin"), path);
  CONTACTLAB_RETURN_IF_ERROR(origin.check_fields({"position", "orientation"}, "a joint origin"));
  CONTACTLAB_RETURN_IF_ERROR(origin.vec3("position", position_range, position));
  return origin.quaternion("orientation", orientation);
}

// Any direction, normalised; the default is +z.
Status read_axis(const FieldReader& joint, Vec3& axis) {
  if (!joint.has("axis")) return Status::success();
  Vec3 given;
  CONTACTLAB_RETURN_IF_ERROR(joint.vec3("axis", kAxisComponentRange, given));
  const double norm = std::sqrt(given.dot(given));
  if (!(norm >= kMinAxisNorm)) {
    return Status::failure(joint.path_of("axis") + ": must be a direction, of norm at least " +
                           describe_number(kMinAxisNorm) + " (normalised on load), got norm " +
                           describe_number(norm));
  }
  axis = given / norm;
  return Status::success();
}

Status check_speed(const Vec3& velocity, const std::string& path, const char* what,
                   const char* unit) {
  const double magnitude = std::sqrt(velocity.dot(velocity));
  if (magnitude > kMaxSpeed) {
    return Status::failure(path + ": the " + what + " magnitude must be at most " +
                           describe_number(kMaxSpeed) + " " + unit + ", got " +
                           describe_number(magnitude));
  }
  return Status::success();
}

// A free joint's velocity [vx, vy, vz, wx, wy, wz]: the velocity of the link frame's
// origin and the angular velocity, world frame.
Status read_twist(const Json& value, const std::string& path, Vec6& twist) {
  if (!value.is_array() || value.size() != 6) {
    return Status::failure(path + ": must be an array of 6 numbers [vx, vy, vz, wx, wy, wz], got " +
                           describe_json(value));
  }
  Vec6 read;
  for (std::size_t i = 0; i < 6; ++i) {
    CONTACTLAB_RETURN_IF_ERROR(read_number(value[i], element_path(path, i),
                                           i < 3 ? kLinearVelocityRange : kAngularVelocityRange,
                                           read[i]));
  }
  CONTACTLAB_RETURN_IF_ERROR(check_speed(read.head<3>(), path, "linear velocity's", "m/s"));
  CONTACTLAB_RETURN_IF_ERROR(check_speed(read.tail<3>(), path, "angular velocity's", "rad/s"));
  twist = read;
  return Status::success();
}

Status read_friction(const FieldReader& joint, const CoordinateRanges& ranges,
                     JointFriction& friction) {
  if (!joint.has("friction")) return Status::success();
  const std::string path = joint.path_of("friction");
  CONTACTLAB_RETURN_IF_ERROR(expect_object(joint.at("friction"), path));
  const FieldReader fields(joint.at("friction"), path);
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields({"coulomb", "viscous"}, "joint friction"));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("coulomb", ranges.coulomb, friction.coulomb));
  return fields.number("viscous", ranges.viscous, friction.viscous);
}

Status read_actuator(const FieldReader& joint, const CoordinateRanges& ranges,
                     JointActuator& actuator) {
  if (!joint.has("actuator")) return Status::success();
  const std::string path = joint.path_of("actuator");
  CONTACTLAB_RETURN_IF_ERROR(expect_object(joint.at("actuator"), path));
  const FieldReader fields(joint.at("actuator"), path);
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields(
      {"stiffness", "damping", "max_effort", "max_velocity", "max_acceleration", "close_direction"},
      "an actuator"));
  CONTACTLAB_RETURN_IF_ERROR(fields.require("stiffness"));
  CONTACTLAB_RETURN_IF_ERROR(fields.require("damping"));
  PdGains& gains = actuator.gains;
  CONTACTLAB_RETURN_IF_ERROR(fields.number("stiffness", ranges.stiffness, gains.stiffness));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("damping", ranges.damping, gains.damping));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("max_effort", ranges.max_effort, gains.max_torque));
  CONTACTLAB_RETURN_IF_ERROR(
      fields.number("max_velocity", ranges.max_velocity, actuator.max_velocity));
  CONTACTLAB_RETURN_IF_ERROR(
      fields.number("max_acceleration", ranges.max_acceleration, actuator.max_acceleration));
  double close_direction = 0;
  CONTACTLAB_RETURN_IF_ERROR(fields.number("close_direction", kCloseDirectionRange, close_direction));
  if (close_direction != -1 && close_direction != 0 && close_direction != 1) {
    return Status::failure(fields.path_of("close_direction") + ": must be -1, 0 or 1, got " +
                           describe_number(close_direction));
  }
  actuator.close_direction = static_cast<int>(close_direction);
  actuator.present = true;
  return Status::success();
}

// The coordinate of a revolute or prismatic joint: limits, initial position and
// velocity, friction and actuator.
Status read_coordinate(const FieldReader& joint, Joint& result, ArticulationDraft& draft) {
  const CoordinateRanges& ranges =
      result.type == JointType::Revolute ? kRevoluteRanges : kPrismaticRanges;
  CONTACTLAB_RETURN_IF_ERROR(joint.interval("limits", ranges.position, result.lower, result.upper));
  double position = 0;
  CONTACTLAB_RETURN_IF_ERROR(joint.number("position", ranges.position, position));
  if (position < result.lower || position > result.upper) {
    return Status::failure(joint.path_of("position") + ": must be within the joint's limits [" +
                           describe_number(result.lower) + ", " + describe_number(result.upper) +
                           "] " + ranges.position.unit + ", got " + describe_number(position) +
                           (joint.has("position") ? "" : " (the default)"));
  }
  double velocity = 0;
  CONTACTLAB_RETURN_IF_ERROR(joint.number("velocity", ranges.velocity, velocity));
  draft.positions.push_back(position);
  draft.velocities.push_back(velocity);
  CONTACTLAB_RETURN_IF_ERROR(
      read_friction(joint, ranges, draft.articulation.joint_friction.back()));
  return read_actuator(joint, ranges, draft.articulation.actuators.back());
}

// Seed 002 eqs. (7)-(8) at t = 0: the coupling row q_follower - ratio q_leader - offset = 0
// and its rate (without the offset) hold for the initial positions and velocities, or
// the first step jerks.
Status check_coupled_values(const std::string& coupling_path, const ArticulationDraft& draft,
                            const JointCoupling& coupling, const char* field, double leader,
                            double follower, double offset) {
  if (std::abs(follower - coupling.ratio * leader - offset) <= kCouplingTolerance) {
    return Status::success();
  }
  const std::string suffix = std::string(".joint.") + field;
  return Status::failure(
      coupling_path + ": the initial joint." + field +
      " must satisfy follower = ratio * leader" + (offset != 0 ? " + offset" : "") + " within " +
      describe_number(kCouplingTolerance) + ", got " + draft.link_path(coupling.follower) + suffix + " = " +
      describe_number(follower) + " but ratio * " + draft.link_path(coupling.leader) + suffix +
      (offset != 0 ? " + offset" : "") + " = " + describe_number(coupling.ratio * leader + offset));
}

class ArticulationReader {
 public:
  ArticulationReader(const LinkBodyReader& read_link_body, Model& model);
  Status read(const FieldReader& scene);

 private:
  Status read_articulation(const Json& value, const std::string& path);
  Status read_link(const Json& value, const std::string& path, ArticulationDraft& draft);
  Status read_parent(const FieldReader& link, const ArticulationDraft& draft, int& parent,
                     std::string& parent_name) const;
  Status read_joint(const FieldReader& link, const std::string& parent_name, TreeLink& tree_link,
                    ArticulationDraft& draft) const;
  Status read_couplings(const FieldReader& fields, ArticulationDraft& draft) const;
  Status read_coupled_joint(const FieldReader& coupling, const char* key,
                            const ArticulationDraft& draft, int& link) const;
  void place_links(const Articulation& articulation);

  const LinkBodyReader& read_link_body_;
  Model& model_;
  std::map<std::string, std::string> name_paths_;  // body and link names => where defined
  std::map<std::string, std::string> articulation_paths_;
};

ArticulationReader::ArticulationReader(const LinkBodyReader& read_link_body, Model& model)
    : read_link_body_(read_link_body), model_(model) {
  for (std::size_t i = 0; i < model_.bodies.size(); ++i) {
    name_paths_[model_.bodies[i].name] = element_path("bodies", i);
  }
}

Status ArticulationReader::read(const FieldReader& scene) {
  if (!scene.has("articulations")) return Status::success();
  const std::string path = scene.path_of("articulations");
  const Json& values = scene.at("articulations");
  CONTACTLAB_RETURN_IF_ERROR(expect_array(values, path, 0, kMaxArticulations, "articulations"));
  for (std::size_t i = 0; i < values.size(); ++i) {
    CONTACTLAB_RETURN_IF_ERROR(read_articulation(values[i], element_path(path, i)));
  }
  return Status::success();
}

Status ArticulationReader::read_articulation(const Json& value, const std::string& path) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(
      fields.check_fields({"name", "links", "couplings", "loops", "prescribed_motion", "self_collision"},
                          "an articulation"));
  ArticulationDraft draft;
  draft.path = path;
  Articulation& articulation = draft.articulation;
  CONTACTLAB_RETURN_IF_ERROR(fields.require("name"));
  CONTACTLAB_RETURN_IF_ERROR(fields.identifier("name", articulation.name));
  const auto same_name = articulation_paths_.find(articulation.name);
  if (same_name != articulation_paths_.end()) {
    return Status::failure(fields.path_of("name") + ": duplicate articulation name \"" +
                           articulation.name + "\" (also " + same_name->second + ")");
  }
  articulation_paths_[articulation.name] = path;
  if (fields.has("self_collision")) {
    CONTACTLAB_RETURN_IF_ERROR(fields.boolean("self_collision", articulation.self_collision));
  }

  CONTACTLAB_RETURN_IF_ERROR(fields.require("links"));
  const std::string links_path = fields.path_of("links");
  const Json& links = fields.at("links");
  CONTACTLAB_RETURN_IF_ERROR(expect_array(links, links_path, 1, kMaxLinks, "links"));
  if (model_.bodies.size() + links.size() > kMaxBodies) {
    return Status::failure(links_path + ": a scene may hold at most " + std::to_string(kMaxBodies) +
                           " bodies and links in all, this articulation brings it to " +
                           std::to_string(model_.bodies.size() + links.size()));
  }
  for (std::size_t i = 0; i < links.size(); ++i) {
    CONTACTLAB_RETURN_IF_ERROR(read_link(links[i], element_path(links_path, i), draft));
  }

  articulation.tree = KinematicTree(std::move(draft.links));
  const Status valid = articulation.tree.validate();
  if (!valid.ok()) return Status::failure(path + ": " + valid.message());
  articulation.free_links = free_link_tree(articulation.tree);
  const int position_size = static_cast<int>(draft.positions.size());
  const int velocity_size = static_cast<int>(draft.velocities.size());
  articulation.initial_positions.resize(position_size);
  for (int i = 0; i < position_size; ++i) articulation.initial_positions[i] = draft.positions[i];
  articulation.initial_velocities.resize(velocity_size);
  for (int i = 0; i < velocity_size; ++i) articulation.initial_velocities[i] = draft.velocities[i];
  CONTACTLAB_RETURN_IF_ERROR(read_couplings(fields, draft));
  CONTACTLAB_RETURN_IF_ERROR(read_loop_closures(fields, path, draft.link_index, name_paths_, articulation));
  CONTACTLAB_RETURN_IF_ERROR(read_prescribed_motions(fields, path, draft.link_index, articulation));
  place_links(articulation);
  model_.articulations.push_back(std::move(articulation));
  return Status::success();
}

// A link becomes a body of the model: name = link name, frame at the centre of mass
// with the link frame's axes (mass properties and geoms as for a dynamic body).
Status ArticulationReader::read_link(const Json& value, const std::string& path,
                                     ArticulationDraft& draft) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields(
      {"name", "parent", "joint", "mass", "inertia", "center_of_mass", "geoms"}, "a link"));
  TreeLink link;
  CONTACTLAB_RETURN_IF_ERROR(fields.require("name"));
  CONTACTLAB_RETURN_IF_ERROR(fields.identifier("name", link.name));
  if (link.name == kWorld) {
    return Status::failure(fields.path_of("name") +
                           ": \"world\" is reserved (it names the parent of a root link)");
  }
  const auto same_name = name_paths_.find(link.name);
  if (same_name != name_paths_.end()) {
    return Status::failure(fields.path_of("name") + ": duplicate name \"" + link.name +
                           "\" (also " + same_name->second +
                           "); body and link names must be unique in a scene");
  }
  std::string parent_name;
  CONTACTLAB_RETURN_IF_ERROR(read_parent(fields, draft, link.parent, parent_name));
  draft.articulation.joint_friction.emplace_back();
  draft.articulation.actuators.emplace_back();
  CONTACTLAB_RETURN_IF_ERROR(read_joint(fields, parent_name, link, draft));

  Body body;
  body.name = link.name;
  body.articulation = static_cast<int>(model_.articulations.size());
  body.link = static_cast<int>(draft.links.size());
  const int body_index = static_cast<int>(model_.bodies.size());
  CONTACTLAB_RETURN_IF_ERROR(read_link_body_(fields, body_index, body, link.com));
  link.mass = body.mass;
  link.inertia = body.inertia;

  name_paths_[link.name] = path;
  draft.link_index[link.name] = body.link;
  draft.articulation.link_body.push_back(body_index);
  draft.links.push_back(std::move(link));
  model_.bodies.push_back(std::move(body));
  return Status::success();
}

Status ArticulationReader::read_parent(const FieldReader& link, const ArticulationDraft& draft,
                                       int& parent, std::string& parent_name) const {
  parent = -1;
  parent_name = kWorld;
  CONTACTLAB_RETURN_IF_ERROR(link.identifier("parent", parent_name));
  if (parent_name == kWorld) return Status::success();
  const auto earlier = draft.link_index.find(parent_name);
  if (earlier != draft.link_index.end()) {
    parent = earlier->second;
    return Status::success();
  }
  const std::string rule =
      "a parent must be \"world\" or a link of " + draft.path + " listed before this one";
  const auto elsewhere = name_paths_.find(parent_name);
  if (elsewhere != name_paths_.end()) {
    return Status::failure(link.path_of("parent") + ": \"" + parent_name + "\" is " +
                           elsewhere->second + ", not a link of this articulation; " + rule);
  }
  return Status::failure(link.path_of("parent") + ": no link \"" + parent_name +
                         "\" is listed before this one; " + rule);
}

// The joint to the parent (world for a root). A free joint's "origin" and "velocity"
// are the link frame's initial pose and twist, its q and v; its Joint::origin stays
// the identity (kinematic_tree.h).
Status ArticulationReader::read_joint(const FieldReader& link, const std::string& parent_name,
                                      TreeLink& tree_link, ArticulationDraft& draft) const {
  CONTACTLAB_RETURN_IF_ERROR(link.require("joint"));
  const std::string path = link.path_of("joint");
  CONTACTLAB_RETURN_IF_ERROR(expect_object(link.at("joint"), path));
  const FieldReader joint(link.at("joint"), path);
  CONTACTLAB_RETURN_IF_ERROR(joint.check_fields(
      {"type", "origin", "axis", "limits", "position", "velocity", "friction", "actuator"},
      "a joint"));
  Joint& result = tree_link.joint;
  CONTACTLAB_RETURN_IF_ERROR(joint.require("type"));
  CONTACTLAB_RETURN_IF_ERROR(read_joint_type(joint, result.type));
  const bool is_root = tree_link.parent < 0;
  Vec3 origin_position = Vec3::Zero();
  Quat origin_orientation = Quat::Identity();

  if (result.type == JointType::Free) {
    for (const char* key : {"axis", "limits", "position", "friction", "actuator"}) {
      CONTACTLAB_RETURN_IF_ERROR(
          joint.forbid(key, "on a free joint (allowed: type, origin, velocity)"));
    }
    if (!is_root) {
      return Status::failure(joint.path_of("type") +
                             ": a free joint must join a root link to the world (no \"parent\", "
                             "or \"world\"), this link's parent is \"" +
                             parent_name + "\"");
    }
    CONTACTLAB_RETURN_IF_ERROR(
        read_origin(joint, kBodyPositionRange, origin_position, origin_orientation));
    const double pose[7] = {origin_position.x(),    origin_position.y(),    origin_position.z(),
                            origin_orientation.w(), origin_orientation.x(), origin_orientation.y(),
                            origin_orientation.z()};
    draft.positions.insert(draft.positions.end(), pose, pose + 7);
    Vec6 twist = Vec6::Zero();
    if (joint.has("velocity")) {
      CONTACTLAB_RETURN_IF_ERROR(
          read_twist(joint.at("velocity"), joint.path_of("velocity"), twist));
    }
    draft.velocities.insert(draft.velocities.end(), twist.data(), twist.data() + 6);
    return Status::success();
  }

  CONTACTLAB_RETURN_IF_ERROR(read_origin(joint, is_root ? kBodyPositionRange : kLocalPositionRange,
                                         origin_position, origin_orientation));
  result.origin = Pose{origin_position, origin_orientation.toRotationMatrix()};
  if (result.type == JointType::Fixed) {
    for (const char* key : {"axis", "limits", "position", "velocity", "friction", "actuator"}) {
      CONTACTLAB_RETURN_IF_ERROR(
          joint.forbid(key, "on a fixed joint (it has no coordinate; allowed: type, origin)"));
    }
    return Status::success();
  }
  CONTACTLAB_RETURN_IF_ERROR(read_axis(joint, result.axis));
  return read_coordinate(joint, result, draft);
}

// Seed 002 eqs. (7)-(8): a follower joint kept at ratio times its leader.
Status ArticulationReader::read_couplings(const FieldReader& fields,
                                          ArticulationDraft& draft) const {
  if (!fields.has("couplings")) return Status::success();
  const std::string path = fields.path_of("couplings");
  const Json& values = fields.at("couplings");
  CONTACTLAB_RETURN_IF_ERROR(expect_array(values, path, 0, kMaxLinks, "couplings"));
  Articulation& articulation = draft.articulation;
  const KinematicTree& tree = articulation.tree;
  std::map<int, std::size_t> leading;    // leader link => its first coupling
  std::map<int, std::size_t> following;  // follower link => its coupling
  for (std::size_t k = 0; k < values.size(); ++k) {
    const std::string coupling_path = element_path(path, k);
    CONTACTLAB_RETURN_IF_ERROR(expect_object(values[k], coupling_path));
    const FieldReader coupling(values[k], coupling_path);
    CONTACTLAB_RETURN_IF_ERROR(
        coupling.check_fields({"leader", "follower", "ratio", "offset"}, "a coupling"));
    for (const char* key : {"leader", "follower", "ratio"}) {
      CONTACTLAB_RETURN_IF_ERROR(coupling.require(key));
    }
    JointCoupling result;
    CONTACTLAB_RETURN_IF_ERROR(read_coupled_joint(coupling, "leader", draft, result.leader));
    CONTACTLAB_RETURN_IF_ERROR(read_coupled_joint(coupling, "follower", draft, result.follower));
    const std::string& leader_name = tree.link(result.leader).name;
    const std::string& follower_name = tree.link(result.follower).name;
    if (result.leader == result.follower) {
      return Status::failure(coupling.path_of("follower") + ": must differ from the leader \"" +
                             leader_name + "\"");
    }
    const auto followed = following.find(result.follower);
    if (followed != following.end()) {
      return Status::failure(coupling.path_of("follower") + ": \"" + follower_name +
                             "\" already follows in " + element_path(path, followed->second) +
                             "; a joint follows at most one leader");
    }
    const auto leads = leading.find(result.follower);
    if (leads != leading.end()) {
      return Status::failure(coupling.path_of("follower") + ": \"" + follower_name +
                             "\" leads in " + element_path(path, leads->second) +
                             "; a follower cannot also be a leader");
    }
    const auto follows = following.find(result.leader);
    if (follows != following.end()) {
      return Status::failure(coupling.path_of("leader") + ": \"" + leader_name + "\" follows in " +
                             element_path(path, follows->second) +
                             "; a follower cannot also be a leader");
    }
    const Json& ratio = coupling.at("ratio");
    if (!ratio.is_number() || !kCouplingRatioRange.contains(ratio.get<double>()) ||
        ratio.get<double>() == 0) {
      return Status::failure(coupling.path_of("ratio") + ": must be a finite nonzero number " +
                             kCouplingRatioRange.describe() + ", got " + describe_json(ratio));
    }
    result.ratio = ratio.get<double>();
    if (coupling.has("offset")) {
      CONTACTLAB_RETURN_IF_ERROR(coupling.number("offset", kCouplingOffsetRange, result.offset));
    }
    const int leader_position = tree.position_offset(result.leader);
    const int follower_position = tree.position_offset(result.follower);
    CONTACTLAB_RETURN_IF_ERROR(check_coupled_values(
        coupling_path, draft, result, "position", articulation.initial_positions[leader_position],
        articulation.initial_positions[follower_position], result.offset));
    const int leader_velocity = tree.velocity_offset(result.leader);
    const int follower_velocity = tree.velocity_offset(result.follower);
    CONTACTLAB_RETURN_IF_ERROR(check_coupled_values(
        coupling_path, draft, result, "velocity", articulation.initial_velocities[leader_velocity],
        articulation.initial_velocities[follower_velocity], 0.0));
    leading.emplace(result.leader, k);
    following.emplace(result.follower, k);
    articulation.couplings.push_back(result);
  }
  return Status::success();
}

Status ArticulationReader::read_coupled_joint(const FieldReader& coupling, const char* key,
                                              const ArticulationDraft& draft, int& link) const {
  std::string name;
  CONTACTLAB_RETURN_IF_ERROR(coupling.identifier(key, name));
  const auto found = draft.link_index.find(name);
  if (found == draft.link_index.end()) {
    return Status::failure(coupling.path_of(key) + ": no link \"" + name + "\" in " + draft.path +
                           "; a coupling joins two joints of its own articulation");
  }
  const JointType type = draft.articulation.tree.link(found->second).joint.type;
  if (type != JointType::Revolute && type != JointType::Prismatic) {
    return Status::failure(coupling.path_of(key) + ": the joint of \"" + name + "\" is " +
                           joint_type_name(type) +
                           "; a coupled joint must be revolute or prismatic");
  }
  link = found->second;
  return Status::success();
}

// (tree, q, v) => each link body's initial pose and velocity: its centre of mass and
// the link frame's orientation, the centre of mass's velocity and the angular velocity.
void ArticulationReader::place_links(const Articulation& articulation) {
  TreeKinematics kinematics;
  forward_kinematics(articulation.tree, articulation.initial_positions, kinematics);
  std::vector<Vec6> com_velocities;
  link_com_velocities(articulation.tree, kinematics, articulation.initial_velocities,
                      com_velocities);
  for (int i = 0; i < articulation.tree.link_count(); ++i) {
    Body& body = model_.bodies[articulation.link_body[i]];
    body.initial_position = kinematics.com_position[i];
    body.initial_orientation = Quat(kinematics.link_pose[i].rotation).normalized();
    body.initial_linear_velocity = com_velocities[i].head<3>();
    body.initial_angular_velocity = com_velocities[i].tail<3>();
  }
}

}  // namespace

Status read_articulations(const FieldReader& scene, const LinkBodyReader& read_link_body,
                          Model& model) {
  return ArticulationReader(read_link_body, model).read(scene);
}

}  // namespace contactlab

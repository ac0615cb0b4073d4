#include "import/urdf_scene.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "base/number_text.h"
#include "dynamics/model.h"
#include "import/collision_geoms.h"
#include "import/draft_links.h"
#include "import/finger_direction.h"
#include "import/ground_contact_report.h"
#include "import/import_failure.h"
#include "import/import_limits.h"
#include "import/joint_limit_bounds.h"
#include "import/joint_load.h"
#include "import/link_mass.h"
#include "import/pd_gain_rule.h"
#include "import/pose_json.h"
#include "import/urdf_parser.h"
#include "scene/scene_loader.h"

namespace contactlab {
namespace {

constexpr double kMaxCouplingRatio = 10;     // the scene's
constexpr double kMaxJointFriction = 10000;  // the scene's
constexpr double kMaxJointVelocity = 1000;   // the scene's max_velocity cap

// The robot's tree merged over fixed joints into scene links (draft_links.h), then
// each stage over the drafts in turn: geometry, mass, couplings, start pose, the
// ground-contact report, and the articulation written out.
class Importer {
 public:
  Importer(const UrdfRobot& robot, const RobotSource& source, const UrdfImportOptions& options, ImportReport& report)
      : robot_(robot), options_(options), report_(report), geoms_(source, report), source_(source) {}

  void run(UrdfImport& out) {
    index_links();
    build_drafts();
    if (!renamed_.empty()) {
      std::string list;
      for (const std::string& change : renamed_) list += (list.empty() ? "" : ", ") + change;
      report_.warn("links renamed to scene link names (A-Z a-z 0-9 _ -, at most 64, not \"world\", unique): " + list);
    }
    for (DraftLink& draft : drafts_) geoms_.build(robot_, draft);
    for (DraftLink& draft : drafts_) assign_link_mass(robot_, options_.density, draft, report_);
    resolve_mimics();
    set_start_positions();
    place_drafts(drafts_);
    report_ground_contacts(drafts_, report_);
    write(out);
  }

 private:
  // --- the tree: merged over fixed joints ---------------------------------------
  void index_links() {
    for (size_t l = 0; l < robot_.links.size(); ++l) link_index_[robot_.links[l].name] = static_cast<int>(l);
    children_.assign(robot_.links.size(), {});
    std::vector<bool> has_parent(robot_.links.size(), false);
    for (const UrdfJoint& joint : robot_.joints) {
      children_[link_index_.at(joint.parent)].push_back(&joint);
      has_parent[link_index_.at(joint.child)] = true;
    }
    for (size_t l = 0; l < robot_.links.size(); ++l) {
      if (!has_parent[l]) root_ = static_cast<int>(l);
    }
  }

  std::string where(const UrdfJoint& joint) const {
    // Line 0: a joint the import added (urdf_slide.h), not one of the document's.
    if (joint.line == 0) return "joint " + contactlab::quoted(joint.name) + " (added by --lift)";
    return "joint " + contactlab::quoted(joint.name) + " (line " + std::to_string(joint.line) + ")";
  }

  // A scene link name is 1..64 characters of A-Z a-z 0-9 _ - and not "world": other
  // characters become '_' (the Allegro hand's "link_0.0"), "world" becomes "world_link",
  // and a name already taken gets "_2", "_3", ... Each change is reported.
  std::string scene_link_name(const std::string& urdf_name) {
    const std::string base = urdf_name == "world" ? std::string("world_link") : scene_name_of(urdf_name);
    std::string name = base;
    for (int n = 2; !scene_names_.insert(name).second; ++n) {
      const std::string suffix = "_" + std::to_string(n);
      name = base.substr(0, 64 - suffix.size()) + suffix;
    }
    if (name != urdf_name) renamed_.push_back(contactlab::quoted(urdf_name) + " -> " + contactlab::quoted(name));
    return name;
  }

  int add_draft(int urdf_link, int parent, const UrdfJoint* joint, const std::string& type, const Pose& origin) {
    DraftLink draft;
    draft.name = scene_link_name(robot_.links[urdf_link].name);
    draft.parent = parent;
    draft.joint = joint;
    draft.type = type;
    draft.origin = origin;
    drafts_.push_back(draft);
    return static_cast<int>(drafts_.size()) - 1;
  }

  std::string scene_joint_type(const UrdfJoint& joint) const {
    switch (joint.type) {
      case UrdfJointType::Revolute:
      case UrdfJointType::Continuous: return "revolute";
      case UrdfJointType::Prismatic: return "prismatic";
      case UrdfJointType::Fixed: return "fixed";
      case UrdfJointType::Floating: return "free";
      case UrdfJointType::Planar: break;
    }
    fail_import(where(joint) +
                ": planar joints are not supported (the scene's joints: revolute, prismatic, fixed, free)");
  }

  void visit(int urdf_link, int carrier, const Pose& pose) {
    drafts_[carrier].carried.push_back({urdf_link, pose});
    for (const UrdfJoint* joint : children_[urdf_link]) {
      const int child = link_index_.at(joint->child);
      if (joint->type == UrdfJointType::Fixed) {
        visit(child, carrier, pose.compose(joint->origin));
        continue;
      }
      if (joint->type == UrdfJointType::Floating) {
        fail_import(where(*joint) + ": a floating joint is imported only from the root link \"world\" (a free "
                                    "base); between two links it is refused");
      }
      const int draft = add_draft(child, carrier, joint, scene_joint_type(*joint), pose.compose(joint->origin));
      visit(child, draft, Pose{});
    }
  }

  bool is_world_link(int urdf_link) const {
    const UrdfLink& link = robot_.links[urdf_link];
    return link.name == "world" && !(link.inertial.present && link.inertial.mass > 0) && link.collisions.empty();
  }

  void build_drafts() {
    if (!is_world_link(root_)) {
      visit(root_, add_draft(root_, -1, nullptr, "fixed", options_.base), Pose{});
      return;
    }
    // The world link: each joint from it mounts a root at base * origin.
    for (const UrdfJoint* joint : children_[root_]) {
      const int child = link_index_.at(joint->child);
      const std::string type = scene_joint_type(*joint);
      if (joint->type == UrdfJointType::Floating) {
        report_.warn(where(*joint) + ": floating joint from the world: link " + contactlab::quoted(joint->child) +
                     " is a free base");
      }
      visit(child, add_draft(child, -1, joint, type, options_.base.compose(joint->origin)), Pose{});
    }
    if (drafts_.empty()) fail_import("link \"world\": the root link \"world\" has no joint to a link");
  }

  // --- couplings, start pose ----------------------------------------------------------
  void resolve_mimics() {
    for (DraftLink& draft : drafts_) {
      if (draft.joint == nullptr || !draft.joint->mimic.present) continue;
      const UrdfJoint& joint = *draft.joint;
      if (!is_movable(draft)) {
        fail_import(where(joint) + ": <mimic> on a " + urdf_joint_type_name(joint.type) + " joint");
      }
      double ratio = joint.mimic.multiplier, offset = joint.mimic.offset;
      std::string leader_name = joint.mimic.joint;
      int leader = draft_of_joint(drafts_, leader_name);
      // A leader that follows in turn: follow its leader, the maps composed.
      for (int hops = 0; leader >= 0 && drafts_[leader].joint->mimic.present; ++hops) {
        if (hops > static_cast<int>(drafts_.size())) {
          fail_import(where(joint) + ": <mimic> joints follow each other in a ring");
        }
        const UrdfMimic& next = drafts_[leader].joint->mimic;
        offset += ratio * next.offset;
        ratio *= next.multiplier;
        leader_name = next.joint;
        leader = draft_of_joint(drafts_, leader_name);
      }
      if (leader < 0 || !is_movable(drafts_[leader])) {
        fail_import(where(joint) + " <mimic joint>: " + contactlab::quoted(leader_name) +
                    " is not a revolute, continuous or prismatic joint");
      }
      if (!(ratio != 0) || std::fabs(ratio) > kMaxCouplingRatio) {
        fail_import(where(joint) + " <mimic multiplier>: must be nonzero and within [-10, 10], got " +
                    report_number(ratio));
      }
      draft.leader = leader;
      draft.ratio = ratio;
      draft.offset = offset;
      if (joint.limit.present && joint.type != UrdfJointType::Continuous) {
        mimic_limits_dropped_.push_back(joint.name);
      }
    }
    if (!mimic_limits_dropped_.empty()) {
      std::string names;
      for (const std::string& name : mimic_limits_dropped_) names += (names.empty() ? "" : ", ") + contactlab::quoted(name);
      report_.warn("mimic joints " + names + ": their own <limit> is not applied; they follow their leader");
    }
  }

  bool has_limits(const DraftLink& draft) const {
    return draft.joint != nullptr && is_movable(draft) && draft.leader < 0 &&
           draft.joint->type != UrdfJointType::Continuous;
  }

  void set_start_positions() {
    for (DraftLink& draft : drafts_) {
      if (!has_limits(draft)) continue;
      const UrdfLimit& limit = draft.joint->limit;
      draft.position = std::min(std::max(0.0, limit.lower), limit.upper);
      if (draft.position != 0) {
        report_.warn(where(*draft.joint) + ": 0 is outside its limits; it starts at " + report_number(draft.position));
      }
    }
    for (DraftLink& draft : drafts_) {
      if (draft.leader >= 0) draft.position = draft.ratio * drafts_[draft.leader].position + draft.offset;
    }
  }

  // --- output ---------------------------------------------------------------------------
  void write(UrdfImport& out) {
    std::vector<int> finger_drafts;
    for (const FingerRequest& finger : options_.fingers) finger_drafts.push_back(draft_of_joint(drafts_, finger.joint));
    std::map<int, int> finger_direction;
    for (const FingerRequest& finger : options_.fingers) {
      const int d = draft_of_joint(drafts_, finger.joint);
      if (d < 0 || !is_movable(drafts_[d])) {
        // A ':' in a name no joint has: perhaps a misspelt side (JOINT:lower, JOINT:upper).
        const bool colon = finger.joint.find(':') != std::string::npos;
        fail_import("--fingers: " + contactlab::quoted(finger.joint) +
                    " is not a revolute, continuous or prismatic joint of the robot" +
                    (colon ? "; a closing side follows the joint's name after a ':' as lower or upper" : ""));
      }
      if (drafts_[d].leader >= 0) {
        fail_import("--fingers: joint " + contactlab::quoted(finger.joint) + " follows " +
                    contactlab::quoted(drafts_[drafts_[d].leader].joint->name) + " (<mimic>); name the leader");
      }
      if (!has_limits(drafts_[d])) {
        fail_import("--fingers: joint " + contactlab::quoted(finger.joint) + " has no limits to close toward");
      }
      finger_direction[d] = finger.close_direction != 0 ? finger.close_direction
                                                              : finger_close_direction(drafts_, finger_drafts, d);
    }
    nlohmann::json links = nlohmann::json::array();
    nlohmann::json couplings = nlohmann::json::array();
    for (size_t d = 0; d < drafts_.size(); ++d) {
      const DraftLink& draft = drafts_[d];
      nlohmann::json joint = {{"type", draft.type},
                              {"origin", {{"position", vec3_json(draft.origin.position)},
                                          {"orientation", quaternion_json(draft.origin.rotation)}}}};
      if (draft.type == "free") {
        joint["origin"] = {{"position", vec3_json(draft.origin.position)},
                           {"orientation", quaternion_json(draft.origin.rotation)}};
      }
      if (is_movable(draft)) write_movable(draft, static_cast<int>(d), finger_direction, joint, couplings);
      nlohmann::json link = {{"name", draft.name},
                             {"joint", joint},
                             {"mass", draft.mass.mass},
                             {"center_of_mass", vec3_json(draft.mass.com)},
                             {"inertia", {vec3_json(draft.mass.inertia.row(0)), vec3_json(draft.mass.inertia.row(1)),
                                          vec3_json(draft.mass.inertia.row(2))}},
                             {"geoms", draft.geoms}};
      if (draft.parent >= 0) link["parent"] = drafts_[draft.parent].name;
      links.push_back(link);
      for (const Carried& carried : draft.carried) {
        out.frames.push_back({robot_.links[carried.urdf_link].name, draft.name, carried.pose});
        for (const UrdfGeometry& geometry : robot_.links[carried.urdf_link].visuals) {
          Pose in_body = carried.pose.compose(geometry.origin);
          in_body.position -= draft.mass.com;
          const std::string path = geometry.type == UrdfGeometryType::Mesh ? source_.locate(geometry.filename) : "";
          out.visuals.push_back({draft.name, in_body, geometry, path});
        }
      }
      if (draft.joint != nullptr && is_movable(draft)) out.joint_links.emplace_back(draft.joint->name, draft.name);
    }
    // Self-collision off, as PyBullet loads URDFs: robot files' collision meshes of
    // neighbouring links often overlap at rest (the Panda's wrist, the 2F-85's knuckles).
    out.articulation = {{"name", scene_name_of(robot_.name.empty() ? "robot" : robot_.name)},
                        {"self_collision", false},
                        {"links", links}};
    if (!couplings.empty()) out.articulation["couplings"] = couplings;
  }

  void write_movable(const DraftLink& draft, int d, const std::map<int, int>& fingers, nlohmann::json& joint,
                     nlohmann::json& couplings) {
    const UrdfJoint& urdf = *draft.joint;
    joint["axis"] = vec3_json(urdf.axis);
    joint["position"] = draft.position;
    if (has_limits(draft)) joint["limits"] = {urdf.limit.lower, urdf.limit.upper};
    if (urdf.dynamics.damping > 0 || urdf.dynamics.friction > 0) {
      if (urdf.dynamics.damping > kMaxJointFriction || urdf.dynamics.friction > kMaxJointFriction) {
        fail_import(where(urdf) + " <dynamics>: damping and friction are at most 10000 in a scene");
      }
      joint["friction"] = {{"coulomb", urdf.dynamics.friction}, {"viscous", urdf.dynamics.damping}};
    }
    if (draft.leader >= 0) {
      nlohmann::json coupling = {{"leader", drafts_[draft.leader].name}, {"follower", draft.name}, {"ratio", draft.ratio}};
      if (draft.offset != 0) coupling["offset"] = draft.offset;
      couplings.push_back(coupling);
      return;
    }
    const PdGains gains = imported_pd_gains(joint_load(drafts_, d), urdf.limit.effort);
    nlohmann::json actuator = {{"stiffness", gains.stiffness}, {"damping", gains.damping}};
    if (std::isfinite(gains.max_torque)) {
      actuator["max_effort"] = gains.max_torque;
    } else {
      report_.warn(where(urdf) + ": effort limit 0 or missing; its motor has no torque limit");
    }
    if (urdf.limit.velocity > 0) actuator["max_velocity"] = std::min(urdf.limit.velocity, kMaxJointVelocity);
    const auto finger = fingers.find(d);
    if (finger != fingers.end()) actuator["close_direction"] = finger->second;
    joint["actuator"] = actuator;
  }

  const UrdfRobot& robot_;
  const UrdfImportOptions& options_;
  ImportReport& report_;
  CollisionGeoms geoms_;
  const RobotSource& source_;
  std::map<std::string, int> link_index_;
  std::vector<std::vector<const UrdfJoint*>> children_;
  int root_ = 0;
  std::vector<DraftLink> drafts_;
  std::vector<std::string> mimic_limits_dropped_;
  std::set<std::string> scene_names_;
  std::vector<std::string> renamed_;
};

}  // namespace

std::string scene_name_of(const std::string& text) {
  std::string name = text.substr(0, 64);
  for (char& c : name) {
    const bool allowed = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
                         c == '-';
    if (!allowed) c = '_';
  }
  return name.empty() ? "robot" : name;
}

Status import_urdf(const UrdfRobot& robot, const RobotSource& source, const UrdfImportOptions& options,
                   UrdfImport& out, ImportReport& report) {
  if (!(options.density > 0) || !std::isfinite(options.density)) {
    return Status::failure("density: must be a finite number > 0 kg/m^3");
  }
  UrdfRobot mounted = robot;
  ImportReport draft_report = report;
  bound_joint_limits(mounted, draft_report);
  if (options.lift) {
    CONTACTLAB_RETURN_IF_ERROR(put_on_vertical_slide(mounted, options.base.rotation, *options.lift));
  }
  UrdfImport imported;
  try {
    Importer(mounted, source, options, draft_report).run(imported);
  } catch (const ImportFailure& error) {
    return Status::failure(error.message);
  }
  out = std::move(imported);
  report = std::move(draft_report);
  return Status::success();
}

Status import_urdf_at(const std::string& path, const RobotSource& source, const UrdfImportOptions& options,
                      UrdfImport& out, ImportReport& report) {
  std::string text;
  CONTACTLAB_RETURN_IF_ERROR(source.read(path, kMaxUrdfBytes, "a URDF file", text));
  UrdfRobot robot;
  ImportReport draft_report = report;
  Status status = parse_urdf(
      text, [&source](const std::string& xml, XmlElement& root) { return source.parse_xml(xml, root); }, robot,
      draft_report);
  if (status.ok()) status = import_urdf(robot, source, options, out, draft_report);
  if (!status.ok()) return Status::failure(path + ": " + status.message());
  report = std::move(draft_report);
  return Status::success();
}

Status robot_scene(const UrdfImport& import, const nlohmann::json& base_scene, const std::string& name,
                   nlohmann::json& scene) {
  nlohmann::json built = base_scene.is_object() ? base_scene : nlohmann::json::object();
  if (!built.contains("bodies")) {
    built["bodies"] = nlohmann::json::array(
        {{{"name", "ground"}, {"static", true}, {"geoms", nlohmann::json::array({{{"type", "plane"}}})}}});
  }
  built["name"] = name;
  if (!built.contains("articulations")) built["articulations"] = nlohmann::json::array();
  built["articulations"].push_back(import.articulation);
  Model model;
  const Status loaded = load_scene(built.dump(), model);
  if (!loaded.ok()) return Status::failure("the imported scene is refused: " + loaded.message());
  scene = std::move(built);
  return Status::success();
}

}  // namespace contactlab

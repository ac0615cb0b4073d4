#include "import/urdf_scene.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <set>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>

#include "collision/collide.h"
#include "dynamics/model.h"
#include "geometry/mass_properties.h"
#include "import/import_limits.h"
#include "import/mesh_file.h"
#include "import/mesh_hull.h"
#include "import/pd_gain_rule.h"
#include "import/urdf_parser.h"
#include "scene/scene_loader.h"

namespace contactlab {
namespace {

constexpr double kStandardGravity = 9.81;      // [m/s^2], for the gain rule's tau_g
constexpr double kInertiaTolerance = 1e-6;     // the scene loader's triangle tolerance, relative
constexpr double kMinMomentRatio = 1e-9;       // the scene's smallest principal moment, relative to the largest
constexpr double kBalanceableExcess = 0.1;     // a triangle break raised to meet it, relative to the largest moment
constexpr std::size_t kMaxGeomsPerLink = 16;   // the scene's
constexpr double kMaxCouplingRatio = 10;       // the scene's
constexpr double kMaxJointFriction = 10000;    // the scene's
constexpr double kMaxJointVelocity = 1000;     // the scene's max_velocity cap
constexpr double kGroundTouch = 1e-4;         // [m] a link lower at the start pose is reported (contact threshold)
constexpr double kGroundClearance = 1e-3;     // [m] the height the report suggests
constexpr double kMaxLimit = 100;              // the scene's joint limits and positions: [-100, 100]
constexpr double kMaxEffort = 1e6;             // the scene's max_effort cap

struct ImportError {
  std::string message;
};

[[noreturn]] void fail(std::string message) { throw ImportError{std::move(message)}; }

std::string in_quotes(const std::string& text) { return "\"" + text + "\""; }

nlohmann::json vec_json(const Vec3& v) { return nlohmann::json::array({v.x(), v.y(), v.z()}); }

nlohmann::json quaternion_json(const Mat3& rotation) {
  Eigen::Quaterniond q(rotation);
  q.normalize();
  if (q.w() < 0) q.coeffs() *= -1;
  return nlohmann::json::array({q.w(), q.x(), q.y(), q.z()});
}

// A link's mass properties in some frame: mass, centre of mass, inertia about it.
struct MassPart {
  double mass = 0;
  Vec3 com = Vec3::Zero();
  Mat3 inertia = Mat3::Zero();
};

MassPart combine(const std::vector<MassPart>& parts) {
  MassPart total;
  for (const MassPart& part : parts) {
    total.mass += part.mass;
    total.com += part.mass * part.com;
  }
  if (!(total.mass > 0)) return total;
  total.com /= total.mass;
  for (const MassPart& part : parts) {
    const Vec3 d = part.com - total.com;
    total.inertia += part.inertia + part.mass * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
  }
  return total;
}

// A link of the scene being built: a URDF link that moves on its own joint, with the
// links merged into it over fixed joints.
struct Carried {
  int urdf_link = 0;
  Pose pose;  // of the URDF link frame in this link's frame
};

struct DraftLink {
  std::string name;
  int parent = -1;                    // draft index, -1 for a root
  const UrdfJoint* joint = nullptr;   // null: welded to the world at `origin`
  std::string type;                   // scene joint type
  Pose origin;                        // in the parent's link frame (the world for a root)
  std::vector<Carried> carried;
  nlohmann::json geoms = nlohmann::json::array();
  std::vector<std::pair<Shape, Pose>> shapes;  // the geoms', posed in the link frame
  // Per carried link without <inertial>: its collision geometry's unit-density parts.
  std::vector<std::vector<MassPart>> volumes;
  MassPart mass;
  Vec3 centroid = Vec3::Zero();  // of its collision geometry, in its frame
  // Start pose, and the coupling/actuation the joint gets.
  Pose world;
  int leader = -1;       // draft index of the joint it follows
  double ratio = 1, offset = 0;
  double position = 0;
};

class Importer {
 public:
  Importer(const UrdfRobot& robot, const RobotSource& source, const UrdfImportOptions& options, ImportReport& report)
      : robot_(robot), source_(source), options_(options), report_(report) {}

  void run(UrdfImport& out) {
    index_links();
    build_drafts();
    if (!renamed_.empty()) {
      std::string list;
      for (const std::string& change : renamed_) list += (list.empty() ? "" : ", ") + change;
      report_.warn("links renamed to scene link names (A-Z a-z 0-9 _ -, at most 64, not \"world\", unique): " + list);
    }
    for (DraftLink& draft : drafts_) build_geometry(draft);
    for (DraftLink& draft : drafts_) build_mass(draft);
    resolve_mimics();
    set_start_positions();
    forward_kinematics();
    report_ground_contacts();
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
    if (joint.line == 0) return "joint " + in_quotes(joint.name) + " (added by --lift)";
    return "joint " + in_quotes(joint.name) + " (line " + std::to_string(joint.line) + ")";
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
    if (name != urdf_name) renamed_.push_back(in_quotes(urdf_name) + " -> " + in_quotes(name));
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
    fail(where(joint) + ": planar joints are not supported (the scene's joints: revolute, prismatic, fixed, free)");
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
        fail(where(*joint) + ": a floating joint is imported only from the root link \"world\" (a free base); "
                             "between two links it is refused");
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
        report_.warn(where(*joint) + ": floating joint from the world: link " + in_quotes(joint->child) +
                     " is a free base");
      }
      visit(child, add_draft(child, -1, joint, type, options_.base.compose(joint->origin)), Pose{});
    }
    if (drafts_.empty()) fail("link \"world\": the root link \"world\" has no joint to a link");
  }

  // --- geometry ---------------------------------------------------------------------
  const Mesh& mesh_at(const std::string& path, const UrdfGeometry& geometry) {
    const auto found = meshes_.find(path);
    if (found != meshes_.end()) return found->second;
    if (!source_.exists(path)) {
      fail(geometry.where + ": collision mesh " + in_quotes(geometry.filename) + " not found (looked at " + path + ")");
    }
    std::string bytes;
    const Status read = source_.read(path, kMaxMeshFileBytes, "a mesh file", bytes);
    if (!read.ok()) fail(geometry.where + ": " + read.message());
    mesh_bytes_ += bytes.size();
    if (mesh_bytes_ > kMaxMeshBytesInAll) {
      fail(geometry.where + ": the collision meshes together pass " + std::to_string(kMaxMeshBytesInAll) + " bytes");
    }
    Mesh mesh;
    const Status parsed = read_mesh_bytes(
        bytes, path, [this](const std::string& text, XmlElement& root) { return source_.parse_xml(text, root); }, mesh);
    if (!parsed.ok()) fail(geometry.where + ": " + parsed.message());
    return meshes_.emplace(path, std::move(mesh)).first->second;
  }

  void add_geom(DraftLink& draft, const Pose& pose, nlohmann::json geom, const Shape& shape,
                std::vector<MassPart>* volume, const UrdfGeometry& geometry) {
    draft.shapes.emplace_back(shape, pose);
    geom["position"] = vec_json(pose.position);
    geom["orientation"] = quaternion_json(pose.rotation);
    draft.geoms.push_back(std::move(geom));
    if (draft.geoms.size() > kMaxGeomsPerLink) {
      fail(geometry.where + ": link " + in_quotes(draft.name) + " would have more than " +
           std::to_string(kMaxGeomsPerLink) + " collision geoms (its own and those of links merged into it, one per "
           "mesh part)");
    }
    if (volume != nullptr) {
      const MassProperties unit = transform_mass_properties(shape_mass_properties(shape), pose);
      volume->push_back({unit.volume, unit.centroid, unit.inertia});
    }
  }

  void build_geometry(DraftLink& draft) {
    draft.volumes.assign(draft.carried.size(), {});
    for (size_t c = 0; c < draft.carried.size(); ++c) {
      const Carried& carried = draft.carried[c];
      const UrdfLink& link = robot_.links[carried.urdf_link];
      std::vector<MassPart>* estimate = &draft.volumes[c];
      for (const UrdfGeometry& geometry : link.collisions) {
        const Pose pose = carried.pose.compose(geometry.origin);
        Shape shape;
        switch (geometry.type) {
          case UrdfGeometryType::Box:
            shape.type = ShapeType::Box;
            shape.half_extents = geometry.size / 2;
            add_geom(draft, pose, {{"type", "box"}, {"half_extents", vec_json(shape.half_extents)}}, shape, estimate,
                     geometry);
            break;
          case UrdfGeometryType::Cylinder:
          case UrdfGeometryType::Capsule: {
            const bool capsule = geometry.type == UrdfGeometryType::Capsule;
            shape.type = capsule ? ShapeType::Capsule : ShapeType::Cylinder;
            shape.radius = geometry.radius;
            shape.half_length = geometry.length / 2;
            add_geom(draft, pose,
                     {{"type", capsule ? "capsule" : "cylinder"}, {"radius", shape.radius}, {"half_length", shape.half_length}},
                     shape, estimate, geometry);
            break;
          }
          case UrdfGeometryType::Sphere:
            shape.type = ShapeType::Sphere;
            shape.radius = geometry.radius;
            add_geom(draft, pose, {{"type", "sphere"}, {"radius", shape.radius}}, shape, estimate, geometry);
            break;
          case UrdfGeometryType::Mesh: {
            const std::string path = source_.locate(geometry.filename);
            const Mesh& mesh = mesh_at(path, geometry);
            for (const MeshPart& part : mesh.parts) {
              const std::string name = path + (mesh.parts.size() > 1 ? " part " + in_quotes(part.name) : "");
              ImportedHull hull;
              const Status built = mesh_hull(part.vertices, geometry.scale, name, hull);
              if (!built.ok()) fail(geometry.where + ": " + built.message());
              const std::string simplified = simplified_hull_warning(name, hull);
              if (!simplified.empty()) report_.warn(simplified);
              nlohmann::json vertices = nlohmann::json::array();
              for (const Vec3& vertex : hull.hull.vertices) vertices.push_back(vec_json(vertex));
              shape.type = ShapeType::ConvexHull;
              shape.hull = std::make_shared<ConvexHullData>(std::move(hull.hull));
              add_geom(draft, pose, {{"type", "convex_hull"}, {"vertices", vertices}}, shape, estimate, geometry);
            }
            break;
          }
        }
      }
      for (const UrdfGeometry& geometry : link.visuals) {
        if (geometry.type != UrdfGeometryType::Mesh) continue;
        const std::string path = source_.locate(geometry.filename);
        if (!source_.exists(path)) {
          report_.warn(geometry.where + ": visual mesh " + in_quotes(geometry.filename) + " not found (looked at " +
                       path + "); the scene does not need it");
        }
      }
    }
  }

  // --- mass ---------------------------------------------------------------------------
  // The inertia (in the draft link's frame, about the centre of mass) that a URDF link
  // with mass gets: its own when a rigid body can have it. A point mass or a singular
  // tensor (smallest principal moment below kMinMomentRatio of the largest: a missing
  // <inertia>, all zeros) takes the inertia of its collision geometry scaled to its
  // mass; principal moments that break the triangle inequality by at most
  // kBalanceableExcess of the largest (CAD rounding) are raised to meet it, half the
  // excess each, as MuJoCo's balanceinertia does. Negative moments and larger breaks
  // are refused.
  Mat3 usable_inertia(const UrdfLink& link, const Mat3& inertia, double mass, const std::vector<MassPart>& volume) {
    const std::string owner = "link " + in_quotes(link.name) + " <inertial> (line " + std::to_string(link.inertial.line) + ")";
    const Eigen::SelfAdjointEigenSolver<Mat3> solver(inertia);
    Vec3 moments = solver.eigenvalues();  // ascending
    const std::string listed = format(moments[0]) + ", " + format(moments[1]) + ", " + format(moments[2]) + " kg m^2";
    if (moments[0] < -kInertiaTolerance * std::fabs(moments[2])) {
      fail(owner + ": principal moments " + listed + " include a negative one; no rigid body has them");
    }
    if (!(moments[0] > kMinMomentRatio * moments[2])) {
      const MassPart unit = combine(volume);
      if (!(unit.mass > 0)) return inertia;  // no geometry to shape it: the link's check below names it
      report_.warn(owner + ": principal moments " + listed + " (a point mass or a singular inertia); its inertia "
                   "from its collision geometry scaled to its mass " + format(mass) + " kg");
      return (mass / unit.mass) * unit.inertia;
    }
    const double excess = moments[2] - moments[0] - moments[1];
    if (!(excess > kInertiaTolerance * moments[2])) return inertia;
    if (excess > kBalanceableExcess * moments[2]) {
      fail(owner + ": principal moments " + listed + " break the triangle inequality (each must be at most the sum of "
           "the other two) by more than " + format(100 * kBalanceableExcess) + " % of the largest; no rigid body has them");
    }
    moments[0] += excess / 2;
    moments[1] += excess / 2;
    report_.warn(owner + ": principal moments " + listed + " break the triangle inequality; raised to " +
                 format(moments[0]) + ", " + format(moments[1]) + ", " + format(moments[2]) + " kg m^2");
    return solver.eigenvectors() * moments.asDiagonal() * solver.eigenvectors().transpose();
  }

  void build_mass(DraftLink& draft) {
    std::vector<MassPart> parts;
    std::vector<size_t> massless;  // carried links whose <inertial> says mass 0 but that have collision geometry
    for (size_t c = 0; c < draft.carried.size(); ++c) {
      const Carried& carried = draft.carried[c];
      const UrdfLink& link = robot_.links[carried.urdf_link];
      const std::string owner = "link " + in_quotes(link.name);
      if (link.inertial.present) {
        const UrdfInertial& inertial = link.inertial;
        if (inertial.mass > 0) {
          const Pose frame = carried.pose.compose(inertial.origin);
          const Mat3 inertia = frame.rotation * inertial.inertia * frame.rotation.transpose();
          parts.push_back({inertial.mass, frame.position, usable_inertia(link, inertia, inertial.mass, draft.volumes[c])});
        } else if (!link.collisions.empty()) {
          massless.push_back(c);
        }
      } else if (!link.collisions.empty()) {
        const MassPart unit = combine(draft.volumes[c]);
        if (!(unit.mass > 0)) fail(owner + ": no <inertial>, and its collision geometry has no volume");
        const double mass = options_.density * unit.mass;
        parts.push_back({mass, unit.com, options_.density * unit.inertia});
        report_.warn(owner + ": no <inertial>; mass " + format(mass) + " kg and its inertia from the collision "
                             "geometry at " + format(options_.density) + " kg/m^3");
      }
    }
    // Mass 0 (PyBullet's static base, a placeholder): kept at 0 when the rest of the
    // scene link has mass, else taken from the collision geometry like a missing <inertial>.
    const bool estimate_massless = !(combine(parts).mass > 0);
    for (const size_t c : massless) {
      const std::string owner = "link " + in_quotes(robot_.links[draft.carried[c].urdf_link].name);
      const MassPart unit = combine(draft.volumes[c]);
      if (!estimate_massless || !(unit.mass > 0)) {
        report_.warn(owner + ": mass 0 with collision geometry; its geometry is kept, it adds no mass");
        continue;
      }
      const double mass = options_.density * unit.mass;
      parts.push_back({mass, unit.com, options_.density * unit.inertia});
      report_.warn(owner + ": mass 0 on a link that carries nothing else; mass " + format(mass) +
                   " kg and its inertia from the collision geometry at " + format(options_.density) + " kg/m^3");
    }
    draft.mass = combine(parts);
    std::vector<MassPart> volumes;
    for (const std::vector<MassPart>& carried : draft.volumes) volumes.insert(volumes.end(), carried.begin(), carried.end());
    const MassPart geometry = combine(volumes);
    draft.centroid = geometry.mass > 0 ? geometry.com : draft.mass.com;
    if (!(draft.mass.mass > 0)) {
      fail("link " + in_quotes(draft.name) + ": carries no mass (no <inertial> with mass > 0 and no collision geometry)" +
           (draft.joint != nullptr ? " but joint " + in_quotes(draft.joint->name) + " moves it"
                                   : std::string(" but it is the robot's base")));
    }
    if (draft.geoms.empty()) {
      fail("link " + in_quotes(draft.name) + ": no collision geometry; every simulated link needs at least one");
    }
    const Vec3 moments = Eigen::SelfAdjointEigenSolver<Mat3>(draft.mass.inertia).eigenvalues();
    if (!(moments[0] > kMinMomentRatio * moments[2])) {
      fail("link " + in_quotes(draft.name) + ": principal moments " + format(moments[0]) + ", " + format(moments[1]) +
           ", " + format(moments[2]) + " kg m^2 are singular (a point mass or a rod); give its <inertial> an "
           "<inertia> with three moments > 0");
    }
  }

  static std::string format(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
  }

  // --- couplings, start pose ----------------------------------------------------------
  int draft_of_joint(const std::string& joint_name) const {
    for (size_t d = 0; d < drafts_.size(); ++d) {
      if (drafts_[d].joint != nullptr && drafts_[d].joint->name == joint_name) return static_cast<int>(d);
    }
    return -1;
  }

  bool movable(const DraftLink& draft) const { return draft.type == "revolute" || draft.type == "prismatic"; }

  void resolve_mimics() {
    for (DraftLink& draft : drafts_) {
      if (draft.joint == nullptr || !draft.joint->mimic.present) continue;
      const UrdfJoint& joint = *draft.joint;
      if (!movable(draft)) fail(where(joint) + ": <mimic> on a " + urdf_joint_type_name(joint.type) + " joint");
      double ratio = joint.mimic.multiplier, offset = joint.mimic.offset;
      std::string leader_name = joint.mimic.joint;
      int leader = draft_of_joint(leader_name);
      // A leader that follows in turn: follow its leader, the maps composed.
      for (int hops = 0; leader >= 0 && drafts_[leader].joint->mimic.present; ++hops) {
        if (hops > static_cast<int>(drafts_.size())) fail(where(joint) + ": <mimic> joints follow each other in a ring");
        const UrdfMimic& next = drafts_[leader].joint->mimic;
        offset += ratio * next.offset;
        ratio *= next.multiplier;
        leader_name = next.joint;
        leader = draft_of_joint(leader_name);
      }
      if (leader < 0 || !movable(drafts_[leader])) {
        fail(where(joint) + " <mimic joint>: " + in_quotes(leader_name) +
             " is not a revolute, continuous or prismatic joint");
      }
      if (!(ratio != 0) || std::fabs(ratio) > kMaxCouplingRatio) {
        fail(where(joint) + " <mimic multiplier>: must be nonzero and within [-10, 10], got " + format(ratio));
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
      for (const std::string& name : mimic_limits_dropped_) names += (names.empty() ? "" : ", ") + in_quotes(name);
      report_.warn("mimic joints " + names + ": their own <limit> is not applied; they follow their leader");
    }
  }

  bool has_limits(const DraftLink& draft) const {
    return draft.joint != nullptr && movable(draft) && draft.leader < 0 &&
           draft.joint->type != UrdfJointType::Continuous;
  }

  void set_start_positions() {
    for (DraftLink& draft : drafts_) {
      if (!has_limits(draft)) continue;
      const UrdfLimit& limit = draft.joint->limit;
      draft.position = std::min(std::max(0.0, limit.lower), limit.upper);
      if (draft.position != 0) {
        report_.warn(where(*draft.joint) + ": 0 is outside its limits; it starts at " + format(draft.position));
      }
    }
    for (DraftLink& draft : drafts_) {
      if (draft.leader >= 0) draft.position = draft.ratio * drafts_[draft.leader].position + draft.offset;
    }
  }

  Pose joint_motion(const DraftLink& draft) const {
    if (draft.joint == nullptr) return Pose{};
    const Vec3 axis = draft.joint->axis;
    if (draft.type == "revolute") return Pose{Vec3::Zero(), Eigen::AngleAxisd(draft.position, axis).toRotationMatrix()};
    if (draft.type == "prismatic") return Pose{draft.position * axis, Mat3::Identity()};
    return Pose{};
  }

  void forward_kinematics() {
    for (DraftLink& draft : drafts_) {
      const Pose parent = draft.parent < 0 ? Pose{} : drafts_[draft.parent].world;
      draft.world = parent.compose(draft.origin).compose(joint_motion(draft));
    }
  }

  // Whether link d moves, and on revolute joints alone (no slide or free joint above it).
  bool moves_on_revolutes_alone(int d) const {
    bool revolute = false;
    for (int a = d; a >= 0; a = drafts_[a].parent) {
      if (drafts_[a].type == "prismatic" || drafts_[a].type == "free") return false;
      revolute = revolute || drafts_[a].type == "revolute";
    }
    return revolute;
  }

  // A link that moves on revolute joints alone (a wheel, an arm's first link) touching
  // the ground plane at the start pose: where it cannot move along the contact normal
  // (a wheel under its axle) no impulse can separate it, and the step leaves that
  // contact out (contact/contact_rows.h immobile_normal): the wheel stays in the ground
  // without force. Reported with the lift that clears it.
  void report_ground_contacts() {
    double lowest = kGroundTouch;
    std::string lowest_link;
    for (size_t d = 0; d < drafts_.size(); ++d) {
      if (!moves_on_revolutes_alone(static_cast<int>(d))) continue;
      for (const auto& [shape, pose] : drafts_[d].shapes) {
        const double z = bounding_box(shape, drafts_[d].world.compose(pose), 0).min.z();
        if (z < lowest) {
          lowest = z;
          lowest_link = drafts_[d].name;
        }
      }
    }
    if (lowest_link.empty()) return;
    report_.warn("link " + in_quotes(lowest_link) + ": its collision geometry reaches z = " + format(lowest) +
                 " m at the start pose, on or under the ground plane z = 0, while the robot's base is fixed; where "
                 "a link cannot move along the contact normal (a wheel under its axle) the step leaves that contact "
                 "out and the link stays in the ground without force: raise it with --base (z + " + format(kGroundClearance - lowest) + " m clears it)");
  }

  // --- motors -------------------------------------------------------------------------
  bool in_subtree(int link, int ancestor) const {
    for (int d = link; d >= 0; d = drafts_[d].parent) {
      if (d == ancestor) return true;
    }
    return false;
  }

  // The load of joint `d` alone (its subtree at the start pose).
  JointLoad own_load(int d) const {
    const DraftLink& joint_link = drafts_[d];
    const Vec3 axis = joint_link.world.rotation * joint_link.joint->axis;
    const Vec3 anchor = joint_link.world.position;
    JointLoad load;
    for (size_t k = 0; k < drafts_.size(); ++k) {
      if (!in_subtree(static_cast<int>(k), d)) continue;
      const DraftLink& link = drafts_[k];
      if (joint_link.type == "prismatic") {
        load.inertia += link.mass.mass;
        load.gravity_torque += kStandardGravity * link.mass.mass;
        continue;
      }
      const Vec3 com = link.world.to_world(link.mass.com);
      const double distance = axis.cross(com - anchor).norm();
      const Mat3 inertia = link.world.rotation * link.mass.inertia * link.world.rotation.transpose();
      load.inertia += link.mass.mass * distance * distance + axis.dot(inertia * axis);
      load.gravity_torque += kStandardGravity * link.mass.mass * distance;
    }
    return load;
  }

  JointLoad load_of(int d) const {
    JointLoad load = own_load(d);
    for (size_t f = 0; f < drafts_.size(); ++f) {
      if (drafts_[f].leader != d) continue;
      const JointLoad follower = own_load(static_cast<int>(f));
      load.inertia += drafts_[f].ratio * drafts_[f].ratio * follower.inertia;
      load.gravity_torque += std::fabs(drafts_[f].ratio) * follower.gravity_torque;
    }
    return load;
  }

  // Finger spread: the summed distances between the start positions of every link moved
  // by a finger joint (followers included): their centres of mass, or with `geometry`
  // the centroids of their collision geometry. Closing a finger decreases it.
  double finger_spread(const std::vector<int>& moved, bool geometry) const {
    const auto point = [&](int d) {
      return drafts_[d].world.to_world(geometry ? drafts_[d].centroid : drafts_[d].mass.com);
    };
    double spread = 0;
    for (size_t a = 0; a < moved.size(); ++a) {
      for (size_t b = a + 1; b < moved.size(); ++b) spread += (point(moved[a]) - point(moved[b])).norm();
    }
    return spread;
  }

  int close_direction(int d) {
    const DraftLink& draft = drafts_[d];
    std::vector<int> moved;
    for (const FingerRequest& finger : options_.fingers) {
      const int f = draft_of_joint(finger.joint);
      for (size_t k = 0; k < drafts_.size(); ++k) {
        bool moves = in_subtree(static_cast<int>(k), f);
        for (size_t g = 0; g < drafts_.size(); ++g) {
          moves = moves || (drafts_[g].leader == f && in_subtree(static_cast<int>(k), static_cast<int>(g)));
        }
        if (moves && std::find(moved.begin(), moved.end(), static_cast<int>(k)) == moved.end()) {
          moved.push_back(static_cast<int>(k));
        }
      }
    }
    const UrdfLimit& limit = draft.joint->limit;
    const double step = 1e-3 * std::max(limit.upper - limit.lower, 1e-3);
    const std::vector<DraftLink> saved = drafts_;
    // Centres of mass first; where they sit on the joint axes (the PR2 gripper's
    // fingers), the centroids of the collision geometry.
    double spread[2][2];
    for (int side = 0; side < 2; ++side) {
      drafts_[d].position = saved[d].position + (side == 0 ? -step : step);
      for (DraftLink& other : drafts_) {
        if (other.leader == d) other.position = other.ratio * drafts_[d].position + other.offset;
      }
      forward_kinematics();
      spread[0][side] = finger_spread(moved, false);
      spread[1][side] = finger_spread(moved, true);
    }
    drafts_ = saved;
    const double* chosen = std::fabs(spread[0][1] - spread[0][0]) >= 1e-9 ? spread[0] : spread[1];
    if (std::fabs(chosen[1] - chosen[0]) < 1e-9) {
      fail("--fingers: joint " + in_quotes(draft.joint->name) + ": moving it does not change how far apart the finger "
           "links are; name its closing side (" + draft.joint->name + ":lower or " + draft.joint->name + ":upper)");
    }
    return chosen[1] < chosen[0] ? 1 : -1;
  }

  // --- output ---------------------------------------------------------------------------
  void write(UrdfImport& out) {
    std::map<int, int> finger_direction;
    for (const FingerRequest& finger : options_.fingers) {
      const int d = draft_of_joint(finger.joint);
      if (d < 0 || !movable(drafts_[d])) {
        fail("--fingers: " + in_quotes(finger.joint) + " is not a revolute, continuous or prismatic joint of the robot");
      }
      if (drafts_[d].leader >= 0) {
        fail("--fingers: joint " + in_quotes(finger.joint) + " follows " + in_quotes(drafts_[drafts_[d].leader].joint->name) +
             " (<mimic>); name the leader");
      }
      if (!has_limits(drafts_[d])) fail("--fingers: joint " + in_quotes(finger.joint) + " has no limits to close toward");
      finger_direction[d] = finger.close_direction != 0 ? finger.close_direction : close_direction(d);
    }
    nlohmann::json links = nlohmann::json::array();
    nlohmann::json couplings = nlohmann::json::array();
    for (size_t d = 0; d < drafts_.size(); ++d) {
      const DraftLink& draft = drafts_[d];
      nlohmann::json joint = {{"type", draft.type},
                              {"origin", {{"position", vec_json(draft.origin.position)},
                                          {"orientation", quaternion_json(draft.origin.rotation)}}}};
      if (draft.type == "free") {
        joint["origin"] = {{"position", vec_json(draft.origin.position)},
                           {"orientation", quaternion_json(draft.origin.rotation)}};
      }
      if (movable(draft)) write_movable(draft, static_cast<int>(d), finger_direction, joint, couplings);
      nlohmann::json link = {{"name", draft.name},
                             {"joint", joint},
                             {"mass", draft.mass.mass},
                             {"center_of_mass", vec_json(draft.mass.com)},
                             {"inertia", {vec_json(draft.mass.inertia.row(0)), vec_json(draft.mass.inertia.row(1)),
                                          vec_json(draft.mass.inertia.row(2))}},
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
      if (draft.joint != nullptr && movable(draft)) out.joint_links.emplace_back(draft.joint->name, draft.name);
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
    joint["axis"] = vec_json(urdf.axis);
    joint["position"] = draft.position;
    if (has_limits(draft)) joint["limits"] = {urdf.limit.lower, urdf.limit.upper};
    if (urdf.dynamics.damping > 0 || urdf.dynamics.friction > 0) {
      if (urdf.dynamics.damping > kMaxJointFriction || urdf.dynamics.friction > kMaxJointFriction) {
        fail(where(urdf) + " <dynamics>: damping and friction are at most 10000 in a scene");
      }
      joint["friction"] = {{"coulomb", urdf.dynamics.friction}, {"viscous", urdf.dynamics.damping}};
    }
    if (draft.leader >= 0) {
      nlohmann::json coupling = {{"leader", drafts_[draft.leader].name}, {"follower", draft.name}, {"ratio", draft.ratio}};
      if (draft.offset != 0) coupling["offset"] = draft.offset;
      couplings.push_back(coupling);
      return;
    }
    const PdGains gains = imported_pd_gains(load_of(d), urdf.limit.effort);
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
  const RobotSource& source_;
  const UrdfImportOptions& options_;
  ImportReport& report_;
  std::map<std::string, int> link_index_;
  std::vector<std::vector<const UrdfJoint*>> children_;
  int root_ = 0;
  std::vector<DraftLink> drafts_;
  std::map<std::string, Mesh> meshes_;
  std::size_t mesh_bytes_ = 0;
  std::vector<std::string> mimic_limits_dropped_;
  std::set<std::string> scene_names_;
  std::vector<std::string> renamed_;
};

// <limit> values past the scene's ranges, written for "none" (ROS: +-1e16; the Neobotix
// bases' wheels): a revolute joint with both bounds past +-100 is continuous; another
// bound past it is +-100 (the scene's range for limits: 16 turns, 100 m); an effort past
// 1e6 (the scene's max_effort) is none. A revolute or prismatic joint without <limit>, or
// whose <limit> has neither lower nor upper (PyBullet's minitaur's knees), has none, as
// PyBullet reads it (urdfdom refuses the first and locks the second at 0): a revolute
// joint is continuous, a prismatic one within +-100 m. Each is reported naming the joint.
void bound_limits(UrdfRobot& robot, ImportReport& report) {
  for (UrdfJoint& joint : robot.joints) {
    const bool movable = joint.type == UrdfJointType::Revolute || joint.type == UrdfJointType::Prismatic;
    UrdfLimit& limit = joint.limit;
    const std::string where = "joint " + in_quotes(joint.name) + " (line " + std::to_string(joint.line) + ")";
    if (movable && !limit.bounded) {
      report.warn(where + ": no <limit> lower or upper; " +
                  (joint.type == UrdfJointType::Revolute ? "imported as a continuous joint (no limits)"
                                                         : "its limits are +-100 m (the scene's range)"));
      if (joint.type == UrdfJointType::Revolute) {
        joint.type = UrdfJointType::Continuous;
      } else {
        limit.lower = -kMaxLimit;
        limit.upper = kMaxLimit;
      }
    }
    if (!limit.present) continue;
    if (movable && (limit.lower < -kMaxLimit || limit.upper > kMaxLimit)) {
      if (joint.type == UrdfJointType::Revolute && limit.lower < -kMaxLimit && limit.upper > kMaxLimit) {
        joint.type = UrdfJointType::Continuous;
        report.warn(where + " <limit>: lower and upper past +-100 rad; imported as a continuous joint (no limits)");
      } else {
        limit.lower = std::max(limit.lower, -kMaxLimit);
        limit.upper = std::min(limit.upper, kMaxLimit);
        report.warn(where + " <limit>: a bound past +-100 (the scene's range) is taken as +-100");
      }
    }
    if (limit.effort > kMaxEffort) {
      limit.effort = 0;
      report.warn(where + " <limit>: effort past 1e6 is taken as none");
    }
  }
}

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
  bound_limits(mounted, draft_report);
  if (options.lift) {
    CONTACTLAB_RETURN_IF_ERROR(put_on_vertical_slide(mounted, options.base.rotation, *options.lift));
  }
  UrdfImport imported;
  try {
    Importer(mounted, source, options, draft_report).run(imported);
  } catch (const ImportError& error) {
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

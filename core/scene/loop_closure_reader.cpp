#include "scene/loop_closure_reader.h"

#include <cmath>
#include <vector>

#include "dynamics/articulation/tree_kinematics.h"
#include "scene/scene_limits.h"

namespace contactlab {
namespace {

constexpr std::size_t kMaxLoops = 16;  // per articulation
constexpr double kMinLoopAxisNorm = 1e-3;  // of an axis as written, before normalising

const NumberRange kLoopAxisComponentRange{-1, 1, true, true, ""};

Status read_loop_type(const FieldReader& loop, LoopType& type) {
  const Json& value = loop.at("type");
  if (value.is_string() && value.get_ref<const std::string&>() == "point") {
    type = LoopType::Point;
    return Status::success();
  }
  if (value.is_string() && value.get_ref<const std::string&>() == "hinge") {
    type = LoopType::Hinge;
    return Status::success();
  }
  return Status::failure(loop.path_of("type") + ": must be one of \"point\", \"hinge\", got " +
                         describe_json(value));
}

std::string link_names(const std::map<std::string, int>& link_index) {
  std::vector<std::string> names(link_index.size());
  for (const auto& [name, index] : link_index) names[index] = name;
  std::string listed;
  for (const std::string& name : names) listed += (listed.empty() ? "" : ", ") + name;
  return listed;
}

Status read_loop_link(const FieldReader& loop, const char* key, const std::string& path,
                      const std::map<std::string, int>& link_index,
                      const std::map<std::string, std::string>& other_names, int& link) {
  std::string name;
  CONTACTLAB_RETURN_IF_ERROR(loop.identifier(key, name));
  const auto found = link_index.find(name);
  if (found != link_index.end()) {
    link = found->second;
    return Status::success();
  }
  const std::string rule = "; a loop closure joins two links of its own articulation (links: " +
                           link_names(link_index) + ")";
  const auto elsewhere = other_names.find(name);
  if (elsewhere != other_names.end()) {
    return Status::failure(loop.path_of(key) + ": \"" + name + "\" is " + elsewhere->second + ", not a link of " +
                           path + rule);
  }
  return Status::failure(loop.path_of(key) + ": no link \"" + name + "\" in " + path + rule);
}

// An axis in a link frame: any direction, normalised.
Status read_loop_axis(const FieldReader& loop, const char* key, Vec3& axis) {
  CONTACTLAB_RETURN_IF_ERROR(loop.require(key));
  Vec3 given;
  CONTACTLAB_RETURN_IF_ERROR(loop.vec3(key, kLoopAxisComponentRange, given));
  const double norm = std::sqrt(given.dot(given));
  if (!(norm >= kMinLoopAxisNorm)) {
    return Status::failure(loop.path_of(key) + ": must be a direction, of norm at least " +
                           describe_number(kMinLoopAxisNorm) + " (normalised on load), got norm " +
                           describe_number(norm));
  }
  axis = given / norm;
  return Status::success();
}

// The loop holds at the initial q: its points within kLoopGapTolerance, a hinge's axes
// parallel (not opposed) within kLoopAngleTolerance.
Status check_closed(const FieldReader& loop, const TreeKinematics& kinematics, const LoopClosure& result) {
  const std::vector<LoopClosure> one{result};
  const double gap = largest_loop_gap(kinematics, one);
  if (!(gap <= kLoopGapTolerance)) {
    return Status::failure(loop.path() + ": the loop must be closed at the initial joint positions, point_a and "
                                         "point_b within " +
                           describe_number(kLoopGapTolerance) + " m of each other, got " + describe_number(gap) +
                           " m apart");
  }
  if (result.type != LoopType::Hinge) return Status::success();
  const Vec3 axis_a = kinematics.link_pose[result.link_a].rotation * result.axis_a;
  const Vec3 axis_b = kinematics.link_pose[result.link_b].rotation * result.axis_b;
  const Vec3 cross = axis_a.cross(axis_b);
  const double angle = std::atan2(std::sqrt(cross.dot(cross)), axis_a.dot(axis_b));
  if (!(angle <= kLoopAngleTolerance)) {
    return Status::failure(loop.path() + ": the hinge's axis_b must point along axis_a at the initial joint "
                                         "positions, within " +
                           describe_number(kLoopAngleTolerance) + " rad, got " + describe_number(angle) + " rad");
  }
  return Status::success();
}

}  // namespace

Status read_loop_closures(const FieldReader& fields, const std::string& path,
                          const std::map<std::string, int>& link_index,
                          const std::map<std::string, std::string>& other_names,
                          Articulation& articulation) {
  if (!fields.has("loops")) return Status::success();
  const std::string loops_path = fields.path_of("loops");
  const Json& values = fields.at("loops");
  CONTACTLAB_RETURN_IF_ERROR(expect_array(values, loops_path, 0, kMaxLoops, "loops"));
  TreeKinematics kinematics;
  forward_kinematics(articulation.tree, articulation.initial_positions, kinematics);
  for (std::size_t k = 0; k < values.size(); ++k) {
    const std::string loop_path = element_path(loops_path, k);
    CONTACTLAB_RETURN_IF_ERROR(expect_object(values[k], loop_path));
    const FieldReader loop(values[k], loop_path);
    CONTACTLAB_RETURN_IF_ERROR(loop.check_fields(
        {"type", "link_a", "link_b", "point_a", "point_b", "axis_a", "axis_b"}, "a loop closure"));
    for (const char* key : {"type", "link_a", "link_b", "point_a", "point_b"}) {
      CONTACTLAB_RETURN_IF_ERROR(loop.require(key));
    }
    LoopClosure result;
    CONTACTLAB_RETURN_IF_ERROR(read_loop_type(loop, result.type));
    CONTACTLAB_RETURN_IF_ERROR(read_loop_link(loop, "link_a", path, link_index, other_names, result.link_a));
    CONTACTLAB_RETURN_IF_ERROR(read_loop_link(loop, "link_b", path, link_index, other_names, result.link_b));
    if (result.link_a == result.link_b) {
      return Status::failure(loop.path_of("link_b") + ": must differ from link_a \"" +
                             articulation.tree.link(result.link_a).name + "\"");
    }
    if (link_is_welded(articulation, result.link_a) && link_is_welded(articulation, result.link_b)) {
      return Status::failure(loop.path_of("link_b") + ": \"" + articulation.tree.link(result.link_a).name +
                             "\" and \"" + articulation.tree.link(result.link_b).name +
                             "\" are both welded to the world (only fixed joints to it): no joint moves "
                             "either, so the loop has nothing to hold");
    }
    CONTACTLAB_RETURN_IF_ERROR(loop.vec3("point_a", kLocalPositionRange, result.point_a));
    CONTACTLAB_RETURN_IF_ERROR(loop.vec3("point_b", kLocalPositionRange, result.point_b));
    if (result.type == LoopType::Hinge) {
      CONTACTLAB_RETURN_IF_ERROR(read_loop_axis(loop, "axis_a", result.axis_a));
      CONTACTLAB_RETURN_IF_ERROR(read_loop_axis(loop, "axis_b", result.axis_b));
      result.normals_a = hinge_normals(result.axis_a);
    } else {
      for (const char* key : {"axis_a", "axis_b"}) {
        CONTACTLAB_RETURN_IF_ERROR(loop.forbid(key, "on a point loop (a hinge's; allowed: type, link_a, link_b, "
                                                    "point_a, point_b)"));
      }
    }
    CONTACTLAB_RETURN_IF_ERROR(check_closed(loop, kinematics, result));
    articulation.loops.push_back(result);
  }
  return Status::success();
}

}  // namespace contactlab

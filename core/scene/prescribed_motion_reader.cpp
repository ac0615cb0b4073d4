#include "scene/prescribed_motion_reader.h"

#include <cmath>

#include "base/number_text.h"
#include "scene/scene_limits.h"

namespace contactlab {
namespace {

constexpr std::size_t kMaxPrescribed = 64;  // per articulation, one per joint at most
const NumberRange kFrequencyRange{0, 1e4, true, true, "rad/s"};
const NumberRange kPhaseRange{-1e3, 1e3, true, true, "rad"};

// The entry's joint: a revolute or prismatic joint of this articulation, free of
// anything else that would set its rate.
Status read_driven_joint(const FieldReader& entry, const std::map<std::string, int>& link_index,
                         const std::string& articulation_path, const Articulation& articulation, int& link) {
  CONTACTLAB_RETURN_IF_ERROR(entry.require("joint"));
  std::string name;
  CONTACTLAB_RETURN_IF_ERROR(entry.identifier("joint", name));
  const std::string path = entry.path_of("joint");
  const auto found = link_index.find(name);
  if (found == link_index.end()) {
    return Status::failure(path + ": no link \"" + name + "\" in " + articulation_path +
                           "; a prescribed motion drives the joint of one of its own links");
  }
  link = found->second;
  const Joint& joint = articulation.tree.link(link).joint;
  if (joint.type != JointType::Revolute && joint.type != JointType::Prismatic) {
    return Status::failure(path + ": the joint of \"" + name +
                           "\" has no single coordinate; a prescribed motion drives a revolute or prismatic joint");
  }
  const char* conflict = nullptr;
  if (articulation.actuators[link].present) conflict = "an actuator";
  if (articulation.joint_friction[link].coulomb > 0) conflict = "Coulomb friction";
  if (std::isfinite(joint.lower) || std::isfinite(joint.upper)) conflict = "finite limits";
  if (conflict != nullptr) {
    return Status::failure(path + ": the joint of \"" + name + "\" has " + conflict +
                           "; a driven joint's rate is imposed, so it may have no actuator, Coulomb friction or "
                           "finite limits (remove them, or the prescribed motion)");
  }
  for (const PrescribedMotion& other : articulation.prescribed) {
    if (other.link == link) {
      return Status::failure(path + ": \"" + name + "\" is driven by an earlier entry already");
    }
  }
  return Status::success();
}

}  // namespace

Status read_prescribed_motions(const FieldReader& fields, const std::string& articulation_path,
                               const std::map<std::string, int>& link_index, Articulation& articulation) {
  if (!fields.has("prescribed_motion")) return Status::success();
  const std::string path = fields.path_of("prescribed_motion");
  const Json& values = fields.at("prescribed_motion");
  CONTACTLAB_RETURN_IF_ERROR(expect_array(values, path, 0, kMaxPrescribed, "prescribed motions"));
  for (std::size_t k = 0; k < values.size(); ++k) {
    const std::string entry_path = element_path(path, k);
    CONTACTLAB_RETURN_IF_ERROR(expect_object(values[k], entry_path));
    const FieldReader entry(values[k], entry_path);
    CONTACTLAB_RETURN_IF_ERROR(
        entry.check_fields({"joint", "velocity", "amplitude", "frequency", "phase"}, "a prescribed motion"));
    PrescribedMotion motion;
    CONTACTLAB_RETURN_IF_ERROR(read_driven_joint(entry, link_index, articulation_path, articulation, motion.link));
    const bool revolute = articulation.tree.link(motion.link).joint.type == JointType::Revolute;
    const NumberRange rate_range = revolute ? kAngularVelocityRange : kLinearVelocityRange;
    CONTACTLAB_RETURN_IF_ERROR(entry.require("velocity"));
    CONTACTLAB_RETURN_IF_ERROR(entry.number("velocity", rate_range, motion.velocity));
    CONTACTLAB_RETURN_IF_ERROR(entry.number("amplitude", rate_range, motion.amplitude));
    CONTACTLAB_RETURN_IF_ERROR(entry.number("frequency", kFrequencyRange, motion.frequency));
    CONTACTLAB_RETURN_IF_ERROR(entry.number("phase", kPhaseRange, motion.phase));
    if (std::abs(motion.velocity) + std::abs(motion.amplitude) > kMaxSpeed) {
      return Status::failure(entry.path_of("amplitude") + ": the profile's peak |velocity| + |amplitude| must be at most " +
                             describe_number(kMaxSpeed) + " " + rate_range.unit + ", got " +
                             describe_number(std::abs(motion.velocity) + std::abs(motion.amplitude)));
    }
    articulation.prescribed.push_back(motion);
  }
  return Status::success();
}

}  // namespace contactlab

#include "dynamics/articulation/kinematic_tree.h"

#include <cmath>
#include <sstream>
#include <utility>

#include "geometry/mass_properties.h"

namespace contactlab {
namespace {

constexpr double kUnitTolerance = 1e-9;      // unit axes, rotation matrices
constexpr double kInertiaTolerance = 1e-9;   // relative to the inertia's scale

std::string link_label(const TreeLink& link, int index) {
  std::ostringstream label;
  label << "link " << index;
  if (!link.name.empty()) label << " \"" << link.name << "\"";
  return label.str();
}

Status link_failure(const TreeLink& link, int index, const std::string& what) {
  return Status::failure(link_label(link, index) + ": " + what);
}

bool is_finite(const Vec3& vector) { return vector.allFinite(); }

bool is_rotation(const Mat3& rotation) {
  if (!rotation.allFinite()) return false;
  const Mat3 gram = rotation.transpose() * rotation;
  if ((gram - Mat3::Identity()).cwiseAbs().maxCoeff() > kUnitTolerance) return false;
  return std::abs(rotation.determinant() - 1) <= kUnitTolerance;
}

// Positive definite by Sylvester's criterion (leading principal minors > 0).
bool is_positive_definite(const Mat3& a, double scale) {
  const double tolerance = kInertiaTolerance * scale;
  if (a(0, 0) <= tolerance) return false;
  if (a(0, 0) * a(1, 1) - a(0, 1) * a(1, 0) <= tolerance * scale) return false;
  return a.determinant() > tolerance * scale * scale;
}

Status validate_joint(const TreeLink& link, int index) {
  const Joint& joint = link.joint;
  const bool has_axis =
      joint.type == JointType::Revolute || joint.type == JointType::Prismatic;
  const bool unit_axis =
      is_finite(joint.axis) && std::abs(joint.axis.norm() - 1) <= kUnitTolerance;
  if (has_axis && !unit_axis) {
    std::ostringstream what;
    what << "joint.axis must be a unit vector (norm " << joint.axis.norm() << ")";
    return link_failure(link, index, what.str());
  }
  if (!is_finite(joint.origin.position)) {
    return link_failure(link, index, "joint.origin.position must be finite");
  }
  if (!is_rotation(joint.origin.rotation)) {
    return link_failure(link, index, "joint.origin.rotation must be a rotation matrix");
  }
  if (std::isnan(joint.lower) || std::isnan(joint.upper) || joint.lower > joint.upper) {
    std::ostringstream what;
    what << "joint limits must satisfy lower <= upper (lower " << joint.lower << ", upper "
         << joint.upper << ")";
    return link_failure(link, index, what.str());
  }
  if (joint.type == JointType::Free) {
    if (link.parent != -1) {
      return link_failure(link, index,
                          "a free joint must connect a root link (parent -1) to the world");
    }
    const bool identity_origin =
        joint.origin.position.cwiseAbs().maxCoeff() <= kUnitTolerance &&
        (joint.origin.rotation - Mat3::Identity()).cwiseAbs().maxCoeff() <= kUnitTolerance;
    if (!identity_origin) {
      return link_failure(link, index,
                          "joint.origin must be the identity for a free joint (its pose is q)");
    }
  }
  return Status::success();
}

Status validate_inertial(const TreeLink& link, int index) {
  if (!std::isfinite(link.mass) || link.mass <= 0) {
    std::ostringstream what;
    what << "mass must be > 0 kg (got " << link.mass << ")";
    return link_failure(link, index, what.str());
  }
  if (!is_finite(link.com)) return link_failure(link, index, "com must be finite");
  const Mat3& inertia = link.inertia;
  if (!inertia.allFinite()) return link_failure(link, index, "inertia must be finite");
  const double scale = inertia.cwiseAbs().maxCoeff();
  if ((inertia - inertia.transpose()).cwiseAbs().maxCoeff() > kInertiaTolerance * scale) {
    return link_failure(link, index, "inertia must be symmetric");
  }
  if (!has_rigid_body_moments(inertia, kInertiaTolerance)) {
    return link_failure(link, index,
                        "inertia must have principal moments >= 0 that satisfy the triangle "
                        "inequality");
  }
  if (link.joint.type == JointType::Free && !is_positive_definite(inertia, scale)) {
    return link_failure(link, index, "inertia must be positive definite on a free joint");
  }
  return Status::success();
}

}  // namespace

KinematicTree::KinematicTree(std::vector<TreeLink> links) {
  for (TreeLink& link : links) add_link(std::move(link));
}

int KinematicTree::add_link(TreeLink link) {
  position_offsets_.push_back(position_size_);
  velocity_offsets_.push_back(velocity_size_);
  position_size_ += link.joint.position_size();
  velocity_size_ += link.joint.velocity_size();
  links_.push_back(std::move(link));
  return link_count() - 1;
}

Status KinematicTree::validate() const {
  for (int i = 0; i < link_count(); ++i) {
    const TreeLink& link = links_[i];
    if (link.parent < -1 || link.parent >= i) {
      std::ostringstream what;
      what << "parent must be -1 (the world) or an earlier link index < " << i << " (got "
           << link.parent << ")";
      return link_failure(link, i, what.str());
    }
    for (int j = 0; j < i; ++j) {
      if (!link.name.empty() && links_[j].name == link.name) {
        return link_failure(link, i,
                            "name must be unique (also used by link " + std::to_string(j) + ")");
      }
    }
    Status joint_status = validate_joint(link, i);
    if (!joint_status.ok()) return joint_status;
    Status inertial_status = validate_inertial(link, i);
    if (!inertial_status.ok()) return inertial_status;
  }
  return Status::success();
}

Eigen::VectorXd KinematicTree::neutral_positions() const {
  Eigen::VectorXd q = Eigen::VectorXd::Zero(position_size_);
  for (int i = 0; i < link_count(); ++i) {
    if (links_[i].joint.type == JointType::Free) q[position_offsets_[i] + 3] = 1;
  }
  return q;
}

}  // namespace contactlab

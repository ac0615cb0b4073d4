// A kinematic tree in generalised coordinates (seed 004, "The Manipulator
// Equations"): links connected by joints, each link the child of an earlier link or of
// the world. q and v concatenate the joints' coordinates in link order (joint.h).
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "base/status.h"
#include "dynamics/articulation/joint.h"

namespace contactlab {

struct TreeLink {
  std::string name;
  int parent = -1;  // index of the parent link, -1 for a root (a child of the world)
  Joint joint;      // connects this link to its parent
  double mass = 0;  // [kg], > 0
  Vec3 com = Vec3::Zero();       // centre of mass in the link frame [m]
  // About the centre of mass, link-frame axes [kg m^2]: symmetric with principal
  // moments >= 0 that satisfy the triangle inequality. Zero is allowed (a point mass)
  // except on a free joint, which needs a positive definite inertia.
  Mat3 inertia = Mat3::Zero();
};

// Links in topological order: every parent index is smaller than its child's.
class KinematicTree {
 public:
  KinematicTree() = default;
  explicit KinematicTree(std::vector<TreeLink> links);

  // Appends a link; returns its index. Call validate() once the tree is complete.
  int add_link(TreeLink link);

  int link_count() const { return static_cast<int>(links_.size()); }
  const TreeLink& link(int index) const { return links_[index]; }
  const std::vector<TreeLink>& links() const { return links_; }

  int position_size() const { return position_size_; }  // length of q
  int velocity_size() const { return velocity_size_; }  // length of v
  // Index of the link's first joint coordinate in q and in v.
  int position_offset(int link) const { return position_offsets_[link]; }
  int velocity_offset(int link) const { return velocity_offsets_[link]; }

  // Checks parent order, joint axes, origins, limits, free joints (roots only,
  // identity origin), masses, centres of mass and inertias. The message names the
  // link and the field.
  Status validate() const;

  // q with every revolute and prismatic coordinate at 0 and every free joint at the
  // world origin with the identity orientation.
  Eigen::VectorXd neutral_positions() const;

 private:
  std::vector<TreeLink> links_;
  std::vector<int> position_offsets_;
  std::vector<int> velocity_offsets_;
  int position_size_ = 0;
  int velocity_size_ = 0;
};

}  // namespace contactlab

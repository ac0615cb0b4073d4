#include "dynamics/articulation/maximal_joints.h"

#include <algorithm>
#include <cmath>

#include "base/portable_log_atan2.h"
#include "dynamics/articulation/loop_closure.h"

namespace contactlab {
namespace {

constexpr double kTwoPi = 6.283185307179586;
constexpr int kLinkVelocities = 6;  // a free joint's (v of the frame origin, w)
constexpr int kLinkPositions = 7;   // its (x y z qw qx qy qz)

// The two frames a joint holds together, world: the joint frame as the parent carries
// it (parent link frame * origin; the world's origin for a root) and the child's link
// frame.
struct JointFrames {
  Pose parent;
  Pose child;
};

JointFrames joint_frames(const KinematicTree& tree, const TreeKinematics& kinematics, int link) {
  const TreeLink& child = tree.link(link);
  JointFrames frames;
  frames.parent = child.parent >= 0 ? kinematics.link_pose[child.parent].compose(child.joint.origin)
                                    : child.joint.origin;
  frames.child = kinematics.link_pose[link];
  return frames;
}

// One row of the link velocities' coefficients: a row of a column-major matrix (its
// entries `stride` apart) or a vector.
struct RowRef {
  double* first;
  Eigen::Index stride;
  double& operator[](int j) const { return first[j * stride]; }
};

RowRef row_of(Eigen::MatrixXd& matrix, int r) { return {&matrix(r, 0), matrix.rows()}; }

// row += sign * (the velocity of world point `point` on `link`, along `direction`):
// d . (v_o + w x (x - o)) = d . v_o + w . ((x - o) x d).
void add_point_row(const TreeKinematics& kinematics, int link, const Vec3& point, const Vec3& direction,
                   double sign, RowRef row) {
  if (link < 0) return;
  const Vec3 lever = (point - kinematics.link_pose[link].position).cross(direction);
  for (int k = 0; k < 3; ++k) {
    row[kLinkVelocities * link + k] += sign * direction[k];
    row[kLinkVelocities * link + 3 + k] += sign * lever[k];
  }
}

// row += sign * (the angular velocity of `link` along `direction`).
void add_turn_row(int link, const Vec3& direction, double sign, RowRef row) {
  if (link < 0) return;
  for (int k = 0; k < 3; ++k) row[kLinkVelocities * link + 3 + k] += sign * direction[k];
}

// row += scale * l, l the rate row of a revolute or prismatic joint (qdot = l v).
void add_rate_row(const Articulation& articulation, const TreeKinematics& kinematics, int link, double scale,
                  RowRef row) {
  const TreeLink& child = articulation.tree.link(link);
  const JointFrames frames = joint_frames(articulation.tree, kinematics, link);
  const Vec3 axis = frames.parent.rotation * child.joint.axis;
  if (child.joint.type == JointType::Revolute) {
    add_turn_row(link, axis, scale, row);
    add_turn_row(child.parent, axis, -scale, row);
  } else if (child.joint.type == JointType::Prismatic) {
    add_point_row(kinematics, link, frames.child.position, axis, scale, row);
    add_point_row(kinematics, child.parent, frames.child.position, axis, -scale, row);
  }
}

// The rows of a joint's type: 5 revolute and prismatic, 6 fixed, none free.
int joint_row_count(JointType type) {
  switch (type) {
    case JointType::Revolute:
    case JointType::Prismatic:
      return 5;
    case JointType::Fixed:
      return 6;
    case JointType::Free:
      return 0;
  }
  return 0;
}

// Writes the rows one joint after another into `rows` (sized before: its jacobian
// zero, rows x 6n), with their errors and links.
class RowWriter {
 public:
  explicit RowWriter(MaximalJointRows& rows) : rows_(rows) {}

  // The next row, joining `child` and `parent` (-1: the world), with its error.
  int add(double error, int child, int parent) {
    const int r = next_++;
    rows_.error[r] = error;
    rows_.row_links[r] = {child, parent, -1, -1};
    return r;
  }
  // One row per relative velocity of the point joined (world axes): the child's frame
  // origin `child_point` on the child, `parent_point` on the parent.
  void add_point(const TreeKinematics& kinematics, int child, int parent, const Vec3& child_point,
                 const Vec3& parent_point) {
    const Vec3 gap = child_point - parent_point;
    for (int k = 0; k < 3; ++k) {
      const int r = add(gap[k], child, parent);
      add_point_row(kinematics, child, child_point, Vec3::Unit(k), 1, row_of(rows_.jacobian, r));
      add_point_row(kinematics, parent, parent_point, Vec3::Unit(k), -1, row_of(rows_.jacobian, r));
    }
  }
  // Three rows holding the child's frame turned as the parent's joint frame: the
  // rotation vector of R_c R_p^T, taken as 1/2 vee(R - R^T) (the angle for small
  // errors), and its rate w_c - w_p.
  void add_rotation(int child, int parent, const Mat3& child_rotation, const Mat3& parent_rotation) {
    const Mat3 relative = child_rotation * parent_rotation.transpose();
    const Vec3 turned(relative(2, 1) - relative(1, 2), relative(0, 2) - relative(2, 0),
                      relative(1, 0) - relative(0, 1));
    for (int k = 0; k < 3; ++k) {
      const int r = add(0.5 * turned[k], child, parent);
      add_turn_row(child, Vec3::Unit(k), 1, row_of(rows_.jacobian, r));
      add_turn_row(parent, Vec3::Unit(k), -1, row_of(rows_.jacobian, r));
    }
  }

 private:
  MaximalJointRows& rows_;
  int next_ = 0;
};

void add_joint_rows(const Articulation& articulation, const TreeKinematics& kinematics, int link,
                    RowWriter& writer, Eigen::MatrixXd& rows) {
  const TreeLink& child = articulation.tree.link(link);
  const Joint& joint = child.joint;
  const int parent = child.parent;
  const JointFrames frames = joint_frames(articulation.tree, kinematics, link);
  switch (joint.type) {
    case JointType::Free:
      return;
    case JointType::Fixed:
      writer.add_point(kinematics, link, parent, frames.child.position, frames.parent.position);
      writer.add_rotation(link, parent, frames.child.rotation, frames.parent.rotation);
      return;
    case JointType::Revolute: {
      writer.add_point(kinematics, link, parent, frames.child.position, frames.parent.position);
      const Vec3 parent_axis = frames.parent.rotation * joint.axis;
      const Vec3 child_axis = frames.child.rotation * joint.axis;
      const Vec3 misalignment = parent_axis.cross(child_axis);
      for (const Vec3& normal : hinge_normals(joint.axis)) {
        const Vec3 across = frames.parent.rotation * normal;
        const int r = writer.add(across.dot(misalignment), link, parent);
        add_turn_row(link, across, 1, row_of(rows, r));
        add_turn_row(parent, across, -1, row_of(rows, r));
      }
      return;
    }
    case JointType::Prismatic: {
      writer.add_rotation(link, parent, frames.child.rotation, frames.parent.rotation);
      const Vec3 offset = frames.child.position - frames.parent.position;
      for (const Vec3& normal : hinge_normals(joint.axis)) {
        const Vec3 across = frames.parent.rotation * normal;
        // d/dt u . (o_c - x_p), u turning with the parent: u . (the child's velocity
        // at o_c less the parent's at o_c).
        const int r = writer.add(across.dot(offset), link, parent);
        add_point_row(kinematics, link, frames.child.position, across, 1, row_of(rows, r));
        add_point_row(kinematics, parent, frames.child.position, across, -1, row_of(rows, r));
      }
      return;
    }
  }
}

// Sizes `rows` for the articulation's joints (and couplings), its jacobian zero.
void size_rows(const Articulation& articulation, bool couplings, MaximalJointRows& rows) {
  const KinematicTree& tree = articulation.tree;
  int count = couplings ? static_cast<int>(articulation.couplings.size()) : 0;
  for (int link = 0; link < tree.link_count(); ++link) count += joint_row_count(tree.link(link).joint.type);
  rows.jacobian.setZero(count, kLinkVelocities * tree.link_count());
  rows.error.resize(count);
  rows.row_links.resize(count);
}

}  // namespace

KinematicTree free_link_tree(const KinematicTree& tree) {
  KinematicTree free;
  for (const TreeLink& link : tree.links()) {
    TreeLink root = link;
    root.parent = -1;
    root.joint = Joint{};
    root.joint.type = JointType::Free;
    free.add_link(root);
  }
  return free;
}

void maximal_joint_rows(const Articulation& articulation, const TreeKinematics& kinematics,
                        const Eigen::VectorXd& positions, MaximalJointRows& rows) {
  const KinematicTree& tree = articulation.tree;
  size_rows(articulation, true, rows);
  RowWriter writer(rows);
  for (int link = 0; link < tree.link_count(); ++link) {
    add_joint_rows(articulation, kinematics, link, writer, rows.jacobian);
  }
  for (const JointCoupling& coupling : articulation.couplings) {
    const double error = positions[tree.position_offset(coupling.follower)] -
                         coupling.ratio * positions[tree.position_offset(coupling.leader)] - coupling.offset;
    const int r = writer.add(error, coupling.follower, tree.link(coupling.follower).parent);
    rows.row_links[r][2] = coupling.leader;
    rows.row_links[r][3] = tree.link(coupling.leader).parent;
    add_rate_row(articulation, kinematics, coupling.follower, 1, row_of(rows.jacobian, r));
    add_rate_row(articulation, kinematics, coupling.leader, -coupling.ratio, row_of(rows.jacobian, r));
  }
}

void joint_rate_row(const Articulation& articulation, const TreeKinematics& kinematics, int link,
                    Eigen::VectorXd& rate_row) {
  rate_row.setZero(kLinkVelocities * articulation.tree.link_count());
  add_rate_row(articulation, kinematics, link, 1, RowRef{rate_row.data(), 1});
}

void joint_coordinates(const Articulation& articulation, const TreeKinematics& kinematics,
                       const Eigen::VectorXd& link_positions, const Eigen::VectorXd& link_velocities,
                       const Eigen::VectorXd& previous, Eigen::VectorXd& positions,
                       Eigen::VectorXd& velocities) {
  const KinematicTree& tree = articulation.tree;
  positions.resize(tree.position_size());
  velocities.resize(tree.velocity_size());
  for (int link = 0; link < tree.link_count(); ++link) {
    const TreeLink& child = tree.link(link);
    const int p = tree.position_offset(link);
    const int v = tree.velocity_offset(link);
    if (child.joint.type == JointType::Free) {
      positions.segment(p, kLinkPositions) = link_positions.segment(kLinkPositions * link, kLinkPositions);
      velocities.segment(v, kLinkVelocities) = link_velocities.segment(kLinkVelocities * link, kLinkVelocities);
      continue;
    }
    if (child.joint.velocity_size() != 1) continue;
    const JointFrames frames = joint_frames(tree, kinematics, link);
    const Vec3 axis = frames.parent.rotation * child.joint.axis;
    if (child.joint.type == JointType::Revolute) {
      // The child's frame turns the joint frame's normal b by q about the axis:
      // b_c = cos q b_p + sin q (a x b_p).
      const Vec3 normal = hinge_normals(child.joint.axis)[0];
      const Vec3 parent_normal = frames.parent.rotation * normal;
      const Vec3 child_normal = frames.child.rotation * normal;
      const double angle =
          portable_atan2(axis.cross(parent_normal).dot(child_normal), parent_normal.dot(child_normal));
      positions[p] = angle + kTwoPi * std::nearbyint((previous[p] - angle) / kTwoPi);
    } else {
      positions[p] = axis.dot(frames.child.position - frames.parent.position);
    }
    // qdot = l v: the relative angular velocity about the axis, or the relative
    // velocity along it at the child's frame origin.
    const Vec3 spin = link_velocities.segment<3>(kLinkVelocities * link + 3);
    const Vec3 parent_spin =
        child.parent >= 0 ? Vec3(link_velocities.segment<3>(kLinkVelocities * child.parent + 3)) : Vec3::Zero();
    if (child.joint.type == JointType::Revolute) {
      velocities[v] = axis.dot(spin - parent_spin);
    } else {
      const Vec3 at_child = link_velocities.segment<3>(kLinkVelocities * link);
      Vec3 parent_there = Vec3::Zero();
      if (child.parent >= 0) {
        parent_there = link_velocities.segment<3>(kLinkVelocities * child.parent) +
                       parent_spin.cross(frames.child.position - kinematics.link_pose[child.parent].position);
      }
      velocities[v] = axis.dot(at_child - parent_there);
    }
  }
}

void joint_frame_pairs(const Articulation& articulation, const TreeKinematics& kinematics,
                       const Eigen::VectorXd& positions, std::vector<Pose>& frames) {
  const KinematicTree& tree = articulation.tree;
  frames.clear();
  for (int link = 0; link < tree.link_count(); ++link) {
    const Joint& joint = tree.link(link).joint;
    if (joint.type == JointType::Free) continue;
    const JointFrames pair = joint_frames(tree, kinematics, link);
    const Pose motion = joint_motion(joint, positions.data() + tree.position_offset(link));
    const Mat3 back = motion.rotation.transpose();
    frames.push_back(pair.parent);
    frames.push_back(pair.child.compose(Pose{-(back * motion.position), back}));
  }
}

double largest_joint_violation(const Articulation& articulation, const TreeKinematics& kinematics) {
  MaximalJointRows rows;
  size_rows(articulation, false, rows);
  RowWriter writer(rows);
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    add_joint_rows(articulation, kinematics, link, writer, rows.jacobian);
  }
  double largest = 0;
  for (Eigen::Index r = 0; r < rows.error.size(); ++r) largest = std::max(largest, std::abs(rows.error[r]));
  return largest;
}

}  // namespace contactlab

#include "dynamics/articulation/loop_closure.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

// The loop's point on `link`, from the link's reference point o (tree_kinematics.h:
// its root's, so the same for links under one root).
Vec3 point_from_reference(const TreeKinematics& kinematics, int link, const Vec3& local) {
  return kinematics.origin_from_reference[link] + kinematics.link_pose[link].rotation * local;
}

// x_B - x_A for the loop's two points; the links' reference points differ only when
// they hang from different roots.
Vec3 loop_gap(const TreeKinematics& kinematics, const LoopClosure& loop, const Vec3& point_a,
              const Vec3& point_b) {
  return point_b - point_a + (kinematics.reference_point[loop.link_b] - kinematics.reference_point[loop.link_a]);
}

// rows += sign * (the velocity of the point r - o on `link`, or with `angular` the
// link's angular velocity, along `direction`) per joint coordinate: column k of the
// motion subspace S_k = (s_v, s_w) moves the point at s_v + s_w x r.
void add_row(const KinematicTree& tree, const TreeKinematics& kinematics, int link,
             const Vec3& from_reference, const Vec3& direction, bool angular, double sign,
             Eigen::MatrixXd& jacobian, int row) {
  for (int j = link; j >= 0; j = tree.link(j).parent) {
    const int offset = tree.velocity_offset(j);
    for (int k = offset; k < offset + tree.link(j).joint.velocity_size(); ++k) {
      const Vec6 motion = kinematics.motion_subspace.col(k);
      const Vec3 spin = motion.tail<3>();
      const Vec3 velocity = angular ? spin : Vec3(motion.head<3>() + spin.cross(from_reference));
      jacobian(row, k) += sign * direction.dot(velocity);
    }
  }
}

}  // namespace

std::array<Vec3, 2> hinge_normals(const Vec3& axis) {
  int least = 0;
  for (int k = 1; k < 3; ++k) {
    if (std::abs(axis[k]) < std::abs(axis[least])) least = k;
  }
  const Vec3 first = axis.cross(Vec3::Unit(least));
  const Vec3 unit = first / std::sqrt(first.dot(first));
  return {unit, axis.cross(unit)};
}

int loop_row_count(const std::vector<LoopClosure>& loops) {
  int rows = 0;
  for (const LoopClosure& loop : loops) rows += loop.row_count();
  return rows;
}

void loop_closure_rows(const KinematicTree& tree, const TreeKinematics& kinematics,
                       const std::vector<LoopClosure>& loops, Eigen::MatrixXd& jacobian,
                       Eigen::VectorXd& error) {
  const int rows = loop_row_count(loops);
  jacobian.setZero(rows, tree.velocity_size());
  error.resize(rows);
  int row = 0;
  for (const LoopClosure& loop : loops) {
    const Vec3 point_a = point_from_reference(kinematics, loop.link_a, loop.point_a);
    const Vec3 point_b = point_from_reference(kinematics, loop.link_b, loop.point_b);
    // h = x_B - x_A; H v = its rate, world axes.
    const Vec3 gap = loop_gap(kinematics, loop, point_a, point_b);
    for (int k = 0; k < 3; ++k, ++row) {
      error[row] = gap[k];
      const Vec3 direction = Vec3::Unit(k);
      add_row(tree, kinematics, loop.link_b, point_b, direction, false, 1, jacobian, row);
      add_row(tree, kinematics, loop.link_a, point_a, direction, false, -1, jacobian, row);
    }
    if (loop.type != LoopType::Hinge) continue;
    // h_k = u_k . (a_A x a_B), H_k v = u_k . (w_B - w_A).
    const Mat3& rotation_a = kinematics.link_pose[loop.link_a].rotation;
    const Vec3 misalignment =
        (rotation_a * loop.axis_a).cross(kinematics.link_pose[loop.link_b].rotation * loop.axis_b);
    for (const Vec3& normal : loop.normals_a) {
      const Vec3 direction = rotation_a * normal;
      error[row] = direction.dot(misalignment);
      add_row(tree, kinematics, loop.link_b, Vec3::Zero(), direction, true, 1, jacobian, row);
      add_row(tree, kinematics, loop.link_a, Vec3::Zero(), direction, true, -1, jacobian, row);
      ++row;
    }
  }
}

void loop_rows_times(const Eigen::MatrixXd& jacobian, const Eigen::VectorXd& velocities,
                     Eigen::VectorXd& rate) {
  rate.resize(jacobian.rows());
  for (int r = 0; r < jacobian.rows(); ++r) {
    double sum = 0;
    for (int j = 0; j < jacobian.cols(); ++j) sum += jacobian(r, j) * velocities[j];
    rate[r] = sum;
  }
}

double largest_loop_gap(const TreeKinematics& kinematics, const std::vector<LoopClosure>& loops) {
  double largest = 0;
  for (const LoopClosure& loop : loops) {
    const Vec3 gap = loop_gap(kinematics, loop, point_from_reference(kinematics, loop.link_a, loop.point_a),
                              point_from_reference(kinematics, loop.link_b, loop.point_b));
    largest = std::max(largest, std::sqrt(gap.dot(gap)));
  }
  return largest;
}

}  // namespace contactlab

#include "dynamics/articulation/tree_kinematics.h"

#include "dynamics/integrate.h"

namespace contactlab {

void forward_kinematics(const KinematicTree& tree, const Eigen::VectorXd& q,
                        TreeKinematics& out) {
  const int link_count = tree.link_count();
  out.link_pose.resize(link_count);
  out.com_position.resize(link_count);
  out.joint_axis.resize(link_count);
  out.joint_anchor.resize(link_count);
  out.reference_point.resize(link_count);
  out.origin_from_reference.resize(link_count);
  out.com_from_reference.resize(link_count);
  out.spatial_inertia.resize(link_count);
  out.motion_subspace.resize(6, tree.velocity_size());

  for (int i = 0; i < link_count; ++i) {
    const TreeLink& link = tree.link(i);
    const Joint& joint = link.joint;
    const Pose motion = joint_motion(joint, q.data() + tree.position_offset(i));
    // parent => joint frame => link frame, X_link = X_parent origin motion(q), as poses
    // relative to o.
    Pose joint_frame, link_frame;
    if (link.parent < 0) {
      // A root is its own reference: o = the world origin of its link frame.
      const Pose world_link_frame = joint.origin.compose(motion);
      out.reference_point[i] = world_link_frame.position;
      joint_frame = Pose{joint.origin.position - world_link_frame.position, joint.origin.rotation};
      link_frame = Pose{Vec3::Zero(), world_link_frame.rotation};
    } else {
      out.reference_point[i] = out.reference_point[link.parent];
      const Pose parent{out.origin_from_reference[link.parent],
                        out.link_pose[link.parent].rotation};
      joint_frame = parent.compose(joint.origin);
      link_frame = joint_frame.compose(motion);
    }
    const Vec3& reference = out.reference_point[i];
    out.origin_from_reference[i] = link_frame.position;
    out.com_from_reference[i] = link_frame.to_world(link.com);
    out.link_pose[i] = Pose{link_frame.position + reference, link_frame.rotation};
    out.com_position[i] = out.com_from_reference[i] + reference;
    out.joint_anchor[i] = joint_frame.position + reference;
    out.joint_axis[i] = joint.type == JointType::Revolute || joint.type == JointType::Prismatic
                            ? Vec3(joint_frame.rotation * joint.axis)
                            : Vec3::Zero();
    const Mat3 world_inertia = link_frame.rotation * link.inertia * link_frame.rotation.transpose();
    out.spatial_inertia[i] =
        SpatialInertia::of_body(link.mass, out.com_from_reference[i], world_inertia);

    // Motion subspace S of the joint about o.
    const int column = tree.velocity_offset(i);
    switch (joint.type) {
      case JointType::Revolute: {
        // Rotation about the axis a through the anchor p: w = a, v_o = (p - o) x a.
        const Vec3& axis = out.joint_axis[i];
        out.motion_subspace.col(column) << joint_frame.position.cross(axis), axis;
        break;
      }
      case JointType::Prismatic:
        out.motion_subspace.col(column) << out.joint_axis[i], Vec3::Zero();
        break;
      case JointType::Fixed:
        break;
      case JointType::Free: {
        // v = (velocity of the link origin p, w): v_o = v_p + (p - o) x w.
        for (int k = 0; k < 3; ++k) {
          const Vec3 unit = Vec3::Unit(k);
          out.motion_subspace.col(column + k) << unit, Vec3::Zero();
          out.motion_subspace.col(column + 3 + k) << link_frame.position.cross(unit), unit;
        }
        break;
      }
    }
  }
}

void link_spatial_velocities(const KinematicTree& tree, const TreeKinematics& kinematics,
                             const Eigen::VectorXd& v, std::vector<Vec6>& out) {
  out.resize(tree.link_count());
  for (int i = 0; i < tree.link_count(); ++i) {
    const TreeLink& link = tree.link(i);
    Vec6 velocity = link.parent < 0 ? Vec6::Zero() : out[link.parent];
    const int offset = tree.velocity_offset(i);
    for (int k = 0; k < link.joint.velocity_size(); ++k) {
      velocity += kinematics.motion_subspace.col(offset + k) * v[offset + k];
    }
    out[i] = velocity;
  }
}

void link_com_velocities(const KinematicTree& tree, const TreeKinematics& kinematics,
                         const Eigen::VectorXd& v, std::vector<Vec6>& out) {
  link_spatial_velocities(tree, kinematics, v, out);
  for (int i = 0; i < tree.link_count(); ++i) {
    // v_c = v_o + w x (c - o)
    const Vec3 angular = out[i].tail<3>();
    out[i].head<3>() += angular.cross(kinematics.com_from_reference[i]);
  }
}

void com_jacobian(const KinematicTree& tree, const TreeKinematics& kinematics, int link,
                  Eigen::Matrix<double, 6, Eigen::Dynamic>& jacobian) {
  jacobian.setZero(6, tree.velocity_size());
  const Vec3& com_offset = kinematics.com_from_reference[link];
  // Every joint on the path from the link to its root moves it: column k of J is S_k
  // moved from o to the centre of mass, (s_v + s_w x (c - o), s_w).
  for (int j = link; j >= 0; j = tree.link(j).parent) {
    const int offset = tree.velocity_offset(j);
    for (int k = offset; k < offset + tree.link(j).joint.velocity_size(); ++k) {
      const Vec6 motion = kinematics.motion_subspace.col(k);
      const Vec3 angular = motion.tail<3>();
      jacobian.col(k) << motion.head<3>() + angular.cross(com_offset), angular;
    }
  }
}

void integrate_tree_positions(const KinematicTree& tree, const Eigen::VectorXd& v, double h,
                              Eigen::VectorXd& q) {
  for (int i = 0; i < tree.link_count(); ++i) {
    const int position = tree.position_offset(i);
    const int velocity = tree.velocity_offset(i);
    switch (tree.link(i).joint.type) {
      case JointType::Revolute:
      case JointType::Prismatic:
        q[position] += h * v[velocity];
        break;
      case JointType::Fixed:
        break;
      case JointType::Free: {
        Vec3 origin(q[position], q[position + 1], q[position + 2]);
        Quat orientation(q[position + 3], q[position + 4], q[position + 5], q[position + 6]);
        integrate_pose(h, v.segment<3>(velocity), v.segment<3>(velocity + 3), origin,
                       orientation);
        q.segment<3>(position) = origin;
        q[position + 3] = orientation.w();
        q[position + 4] = orientation.x();
        q[position + 5] = orientation.y();
        q[position + 6] = orientation.z();
        break;
      }
    }
  }
}

}  // namespace contactlab

#include "dynamics/articulation/tree_dynamics.h"

namespace contactlab {
namespace {

Vec6 motion_column(const TreeKinematics& kinematics, int column) {
  return kinematics.motion_subspace.col(column);
}

// S' v of one joint: the spatial acceleration its velocity produces at v' = 0.
// Revolute and prismatic axes are fixed in the parent, so S' = V_parent x S; the free
// joint's v_o = v_p + (p - o) x w changes with p' = v_p: S' v = (v_p x w, 0).
Vec6 velocity_product_acceleration(const Joint& joint, const Vec6& parent_velocity,
                                   const Vec6& joint_velocity, const Eigen::VectorXd& v,
                                   int offset) {
  switch (joint.type) {
    case JointType::Revolute:
    case JointType::Prismatic:
      return motion_cross_motion(parent_velocity, joint_velocity);
    case JointType::Fixed:
      return Vec6::Zero();
    case JointType::Free: {
      const Vec3 linear = v.segment<3>(offset), angular = v.segment<3>(offset + 3);
      Vec6 out;
      out << linear.cross(angular), Vec3::Zero();
      return out;
    }
  }
  return Vec6::Zero();
}

void resize_workspace(int link_count, TreeDynamicsWorkspace& workspace) {
  workspace.velocity.resize(link_count);
  workspace.acceleration.resize(link_count);
  workspace.force.resize(link_count);
  workspace.composite_inertia.resize(link_count);
}

// Recursive Newton-Euler; a null `acceleration` stands for v' = 0.
void recursive_newton_euler(const KinematicTree& tree, const TreeKinematics& kinematics,
                            const Eigen::VectorXd& v, const Eigen::VectorXd* acceleration,
                            const Vec3& gravity, Eigen::VectorXd& tau,
                            TreeDynamicsWorkspace& workspace) {
  const int link_count = tree.link_count();
  resize_workspace(link_count, workspace);
  // Gravity enters as an upward acceleration of the world: A_world = (-g, 0).
  Vec6 world_acceleration;
  world_acceleration << -gravity, Vec3::Zero();

  // (v, v') => V_i = V_parent + S_i v_i, A_i = A_parent + S_i v'_i + S'_i v_i,
  //            f_i = I_i A_i + V_i x* I_i V_i
  for (int i = 0; i < link_count; ++i) {
    const TreeLink& link = tree.link(i);
    const Vec6 parent_velocity = link.parent < 0 ? Vec6::Zero() : workspace.velocity[link.parent];
    const Vec6 parent_acceleration =
        link.parent < 0 ? world_acceleration : workspace.acceleration[link.parent];
    const int offset = tree.velocity_offset(i);
    Vec6 joint_velocity = Vec6::Zero(), joint_acceleration = Vec6::Zero();
    for (int k = offset; k < offset + link.joint.velocity_size(); ++k) {
      joint_velocity += motion_column(kinematics, k) * v[k];
      if (acceleration) joint_acceleration += motion_column(kinematics, k) * (*acceleration)[k];
    }
    const Vec6 velocity = parent_velocity + joint_velocity;
    const Vec6 link_acceleration =
        parent_acceleration + joint_acceleration +
        velocity_product_acceleration(link.joint, parent_velocity, joint_velocity, v, offset);
    const SpatialInertia& inertia = kinematics.spatial_inertia[i];
    workspace.velocity[i] = velocity;
    workspace.acceleration[i] = link_acceleration;
    workspace.force[i] =
        inertia.apply(link_acceleration) + motion_cross_force(velocity, inertia.apply(velocity));
  }
  // (f_i) => tau_i = S_i . f_i, leaves to root, each link's force passed to its parent
  tau.resize(tree.velocity_size());
  for (int i = link_count - 1; i >= 0; --i) {
    const TreeLink& link = tree.link(i);
    const int offset = tree.velocity_offset(i);
    for (int k = offset; k < offset + link.joint.velocity_size(); ++k) {
      tau[k] = motion_column(kinematics, k).dot(workspace.force[i]);
    }
    if (link.parent >= 0) workspace.force[link.parent] += workspace.force[i];
  }
}

}  // namespace

void mass_matrix(const KinematicTree& tree, const TreeKinematics& kinematics,
                 Eigen::MatrixXd& mass, TreeDynamicsWorkspace& workspace) {
  const int link_count = tree.link_count();
  resize_workspace(link_count, workspace);
  std::vector<SpatialInertia>& composite = workspace.composite_inertia;
  // (spatial inertias) => composite inertias I^c_i = I_i + sum over children I^c_j
  for (int i = 0; i < link_count; ++i) composite[i] = kinematics.spatial_inertia[i];
  for (int i = link_count - 1; i >= 0; --i) {
    const int parent = tree.link(i).parent;
    if (parent >= 0) composite[parent] += composite[i];
  }
  // (composite inertias, S) => M: with F = I^c_i S_a for a column a of joint i,
  // M_ba = S_b . F for every column b of joint i and of the joints above it.
  const int size = tree.velocity_size();
  mass.setZero(size, size);
  for (int i = 0; i < link_count; ++i) {
    const int offset = tree.velocity_offset(i);
    const int end = offset + tree.link(i).joint.velocity_size();
    for (int a = offset; a < end; ++a) {
      const Vec6 force = composite[i].apply(motion_column(kinematics, a));
      for (int b = offset; b <= a; ++b) {
        mass(a, b) = mass(b, a) = motion_column(kinematics, b).dot(force);
      }
      for (int j = tree.link(i).parent; j >= 0; j = tree.link(j).parent) {
        const int ancestor_offset = tree.velocity_offset(j);
        const int ancestor_end = ancestor_offset + tree.link(j).joint.velocity_size();
        for (int b = ancestor_offset; b < ancestor_end; ++b) {
          mass(a, b) = mass(b, a) = motion_column(kinematics, b).dot(force);
        }
      }
    }
  }
}

void mass_matrix(const KinematicTree& tree, const TreeKinematics& kinematics,
                 Eigen::MatrixXd& mass) {
  TreeDynamicsWorkspace workspace;
  mass_matrix(tree, kinematics, mass, workspace);
}

void inverse_dynamics(const KinematicTree& tree, const TreeKinematics& kinematics,
                      const Eigen::VectorXd& v, const Eigen::VectorXd& acceleration,
                      const Vec3& gravity, Eigen::VectorXd& tau,
                      TreeDynamicsWorkspace& workspace) {
  recursive_newton_euler(tree, kinematics, v, &acceleration, gravity, tau, workspace);
}

void bias_forces(const KinematicTree& tree, const TreeKinematics& kinematics,
                 const Eigen::VectorXd& v, const Vec3& gravity, Eigen::VectorXd& bias,
                 TreeDynamicsWorkspace& workspace) {
  recursive_newton_euler(tree, kinematics, v, nullptr, gravity, bias, workspace);
}

void bias_forces(const KinematicTree& tree, const TreeKinematics& kinematics,
                 const Eigen::VectorXd& v, const Vec3& gravity, Eigen::VectorXd& bias) {
  TreeDynamicsWorkspace workspace;
  bias_forces(tree, kinematics, v, gravity, bias, workspace);
}

double kinetic_energy(const KinematicTree& tree, const TreeKinematics& kinematics,
                      const Eigen::VectorXd& v) {
  std::vector<Vec6> velocities;
  link_spatial_velocities(tree, kinematics, v, velocities);
  double energy = 0;
  for (int i = 0; i < tree.link_count(); ++i) {
    energy += 0.5 * velocities[i].dot(kinematics.spatial_inertia[i].apply(velocities[i]));
  }
  return energy;
}

double potential_energy(const KinematicTree& tree, const TreeKinematics& kinematics,
                        const Vec3& gravity) {
  double energy = 0;
  for (int i = 0; i < tree.link_count(); ++i) {
    energy -= tree.link(i).mass * gravity.dot(kinematics.com_position[i]);
  }
  return energy;
}

}  // namespace contactlab

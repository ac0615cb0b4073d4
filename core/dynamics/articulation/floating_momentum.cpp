#include "dynamics/articulation/floating_momentum.h"

#include <algorithm>
#include <cmath>

#include "dynamics/articulation/spatial.h"

namespace contactlab {
namespace {

// The most one step may scale the internal motion up by: a step's drift is O(h^2) of
// the energy, so a larger deficit is not the drift's, and scaling up a motion that is
// nearly nothing would amplify rounding.
constexpr double kMaxInternalScale = 2;

int root_of(const KinematicTree& tree, int link) {
  while (tree.link(link).parent >= 0) link = tree.link(link).parent;
  return link;
}

bool is_free_root(const KinematicTree& tree, int link) {
  return tree.link(link).parent < 0 && tree.link(link).joint.type == JointType::Free;
}

// The subtree of a free root as one locked rigid body about the root's o (the root
// frame origin, where the free joint's S is the identity), with its momentum and
// kinetic energy at the link velocities V.
struct Subtree {
  SpatialInertia inertia;       // sum of the links' spatial inertias about o
  Vec6 momentum = Vec6::Zero();  // (P, L_o) = sum of I_i V_i
  double energy = 0;             // sum of 1/2 V_i . I_i V_i

  Vec3 com_from_origin() const { return inertia.first_moment / inertia.mass; }  // c = G - o
  // About the centre of mass: L_G = L_o - c x P and I_G = I_o - m (|c|^2 E - c c^T).
  Vec3 angular_momentum_about_com() const {
    return momentum.tail<3>() - com_from_origin().cross(momentum.head<3>());
  }
  Mat3 inertia_about_com() const {
    const Vec3 c = com_from_origin();
    return inertia.rotational - inertia.mass * (c.squaredNorm() * Mat3::Identity() - c * c.transpose());
  }
};

Subtree subtree_of(const KinematicTree& tree, const TreeKinematics& kinematics,
                   const std::vector<Vec6>& velocities, int root) {
  Subtree subtree;
  for (int i = root; i < tree.link_count(); ++i) {
    if (root_of(tree, i) != root) continue;
    const SpatialInertia& inertia = kinematics.spatial_inertia[i];
    const Vec6 momentum = inertia.apply(velocities[i]);
    subtree.inertia += inertia;
    subtree.momentum += momentum;
    subtree.energy += 0.5 * velocities[i].dot(momentum);
  }
  return subtree;
}

Vec3 subtree_com(const KinematicTree& tree, const TreeKinematics& kinematics, int root) {
  double mass = 0;
  Vec3 first_moment = Vec3::Zero();
  for (int i = root; i < tree.link_count(); ++i) {
    if (root_of(tree, i) != root) continue;
    mass += kinematics.spatial_inertia[i].mass;
    first_moment += kinematics.spatial_inertia[i].first_moment;
  }
  return kinematics.reference_point[root] + first_moment / mass;
}

}  // namespace

bool has_floating_root(const KinematicTree& tree) {
  for (int i = 0; i < tree.link_count(); ++i) {
    if (is_free_root(tree, i)) return true;
  }
  return false;
}

void floating_targets(const KinematicTree& tree, const TreeKinematics& start,
                      const Eigen::VectorXd& start_velocity, const Eigen::VectorXd& coriolis,
                      const Eigen::VectorXd& end_velocity, double h,
                      std::vector<FloatingTarget>& targets) {
  targets.clear();
  std::vector<Vec6> velocities;
  link_spatial_velocities(tree, start, end_velocity, velocities);
  for (int root = 0; root < tree.link_count(); ++root) {
    if (!is_free_root(tree, root)) continue;
    const Subtree subtree = subtree_of(tree, start, velocities, root);
    FloatingTarget target;
    target.root = root;
    // A(q^l) v^{l+1} + h (C v^l)_base: the free joint's rows of C v are the subtree's
    // spatial force about o.
    const Vec6 momentum = subtree.momentum + h * coriolis.segment<6>(tree.velocity_offset(root));
    target.linear_momentum = momentum.head<3>();
    target.angular_momentum =
        momentum.tail<3>() - subtree.com_from_origin().cross(momentum.head<3>());
    // T(q^l, v^{l+1}) + h/2 (C v^l) . (v^l + v^{l+1}) over the subtree's coordinates.
    double energy = subtree.energy;
    for (int i = root; i < tree.link_count(); ++i) {
      if (root_of(tree, i) != root) continue;
      const int offset = tree.velocity_offset(i);
      for (int k = offset; k < offset + tree.link(i).joint.velocity_size(); ++k) {
        energy += 0.5 * h * coriolis[k] * (start_velocity[k] + end_velocity[k]);
      }
    }
    target.kinetic_energy = energy;
    // G^{l+1} = G^l + h P^{l+1} / m, eq. (12) for the centre of mass.
    target.com = start.reference_point[root] + subtree.com_from_origin() +
                 h * target.linear_momentum / subtree.inertia.mass;
    targets.push_back(target);
  }
}

void keep_floating_momentum(const KinematicTree& tree, const std::vector<FloatingTarget>& targets,
                            Eigen::VectorXd& positions, Eigen::VectorXd& velocity,
                            TreeKinematics& kinematics) {
  // The centre of mass to its target: the subtree translated with its free root.
  forward_kinematics(tree, positions, kinematics);
  for (const FloatingTarget& target : targets) {
    const Vec3 com = subtree_com(tree, kinematics, target.root);
    positions.segment<3>(tree.position_offset(target.root)) += target.com - com;
  }
  forward_kinematics(tree, positions, kinematics);

  std::vector<Vec6> velocities;
  for (const FloatingTarget& target : targets) {
    const int root = target.root;
    const int base = tree.velocity_offset(root);
    link_spatial_velocities(tree, kinematics, velocity, velocities);
    const Subtree before = subtree_of(tree, kinematics, velocities, root);
    const double mass = before.inertia.mass;
    const Vec3 c = before.com_from_origin();
    const Mat3 inverse_inertia = before.inertia_about_com().inverse();  // I_G^-1

    // The least M-norm change to the centroidal target: a rigid twist of the base.
    const Vec3 turn = inverse_inertia * (target.angular_momentum - before.angular_momentum_about_com());
    const Vec3 shift = (target.linear_momentum - before.momentum.head<3>()) / mass;
    velocity.segment<3>(base) += shift - turn.cross(c);
    velocity.segment<3>(base + 3) += turn;

    // The energy to its target through the internal motion v - v_m alone.
    link_spatial_velocities(tree, kinematics, velocity, velocities);
    const double energy = subtree_of(tree, kinematics, velocities, root).energy;
    const Vec3 locked_angular = inverse_inertia * target.angular_momentum;  // w_m
    const Vec3 locked_linear = target.linear_momentum / mass;                // v_G
    const double locked_energy =
        0.5 * (locked_linear.dot(target.linear_momentum) + locked_angular.dot(target.angular_momentum));
    const double internal_energy = energy - locked_energy;
    if (!(internal_energy > 0) || energy == target.kinetic_energy) continue;
    const double scale = std::min(
        kMaxInternalScale,
        std::sqrt(std::max(0.0, target.kinetic_energy - locked_energy) / internal_energy));
    Vec6 locked_twist;  // v_m's base twist about o
    locked_twist << locked_linear - locked_angular.cross(c), locked_angular;
    velocity.segment<6>(base) = locked_twist + scale * (velocity.segment<6>(base) - locked_twist);
    for (int i = root + 1; i < tree.link_count(); ++i) {
      if (root_of(tree, i) != root) continue;
      const int offset = tree.velocity_offset(i);
      for (int k = offset; k < offset + tree.link(i).joint.velocity_size(); ++k) velocity[k] *= scale;
    }
  }
}

}  // namespace contactlab

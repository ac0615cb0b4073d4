#include "dynamics/articulation/floating_momentum.h"

#include <algorithm>
#include <cmath>

#include "dynamics/articulation/energy_turn.h"
#include "dynamics/articulation/spatial.h"

namespace contactlab {
namespace {

// The most one step may scale the internal motion up by: a step's drift is O(h^2) of
// the energy, so a larger deficit is not the drift's, and scaling up a motion that is
// nearly nothing would amplify rounding.
constexpr double kMaxInternalScale = 2;
// A shape's locked-energy floor is met to this fraction of the goal (energy_turn's
// tolerance, with room for the sums' rounding).
constexpr double kShapeTolerance = 1e-12;
// Bisections of the joints' advance: the cut-back shape is within 2^-24 of the step's.
constexpr int kShapeBisections = 24;

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

SpatialInertia subtree_inertia(const KinematicTree& tree, const TreeKinematics& kinematics, int root) {
  SpatialInertia inertia;
  for (int i = root; i < tree.link_count(); ++i) {
    if (root_of(tree, i) == root) inertia += kinematics.spatial_inertia[i];
  }
  return inertia;
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

// True when a contact joins a link of the root's subtree to something outside it
// (contacts between its own links move with it when it turns rigidly).
bool touched_from_outside(const KinematicTree& tree, int root,
                          const std::vector<std::pair<int, int>>& contact_links) {
  auto inside = [&](int link) { return link >= 0 && root_of(tree, link) == root; };
  for (const auto& [a, b] : contact_links) {
    if (inside(a) != inside(b)) return true;
  }
  return false;
}

// True when the subtree of a free root has joints that move: motion that carries no
// momentum, whose energy the projection can set.
bool has_internal_motion(const KinematicTree& tree, int root) {
  for (int i = root + 1; i < tree.link_count(); ++i) {
    if (root_of(tree, i) == root && tree.link(i).joint.velocity_size() > 0) return true;
  }
  return false;
}

// The subtree turned rigidly by `turn` about its centre of mass `com`, its velocity
// turned with it: the free root's pose and base twist (v_o, w) rotate, the joints keep
// their coordinates and rates, so the internal motion and its energy are unchanged.
void turn_subtree(const KinematicTree& tree, int root, const Quat& turn, const Vec3& com,
                  Eigen::VectorXd& positions, Eigen::VectorXd& velocity) {
  const int position = tree.position_offset(root);
  const int base = tree.velocity_offset(root);
  const Mat3 rotation = turn.toRotationMatrix();
  const Vec3 origin = positions.segment<3>(position);
  positions.segment<3>(position) = com + rotation * (origin - com);
  Quat orientation(positions[position + 3], positions[position + 4], positions[position + 5],
                   positions[position + 6]);
  orientation = turn * orientation;
  orientation.normalize();
  positions[position + 3] = orientation.w();
  positions[position + 4] = orientation.x();
  positions[position + 5] = orientation.y();
  positions[position + 6] = orientation.z();
  velocity.segment<3>(base) = rotation * velocity.segment<3>(base).eval();
  velocity.segment<3>(base + 3) = rotation * velocity.segment<3>(base + 3).eval();
}

// The subtree's joints at the fraction s of the step's motion, q^l + s (q^{l+1} - q^l),
// its free root where the step left it.
void set_joint_fraction(const KinematicTree& tree, int root, const Eigen::VectorXd& start,
                        const Eigen::VectorXd& end, double s, Eigen::VectorXd& positions) {
  for (int i = root + 1; i < tree.link_count(); ++i) {
    if (root_of(tree, i) != root) continue;
    const int offset = tree.position_offset(i);
    for (int k = offset; k < offset + tree.link(i).joint.position_size(); ++k) {
      positions[k] = start[k] + s * (end[k] - start[k]);
    }
  }
}

// Some orientation gives the subtree's locked motion no more than `goal` of rotational
// energy: min over R of 1/2 L_G . (R I_G R^T)^-1 L_G, i.e. |L_G|^2 / 2 lambda_max(I_G).
bool locked_energy_can_meet(const KinematicTree& tree, const TreeKinematics& kinematics,
                            const FloatingTarget& target, double goal) {
  Subtree subtree;
  subtree.inertia = subtree_inertia(tree, kinematics, target.root);
  const Mat3 inertia = subtree.inertia_about_com();
  const Vec3& momentum = target.angular_momentum;
  const double tolerance = kShapeTolerance * std::abs(goal);
  if (0.5 * momentum.dot(inertia.ldlt().solve(momentum)) <= goal + tolerance) return true;
  return energy_turn(inertia, momentum, goal).energy <= goal + tolerance;
}

// The step's change of shape cut back so the momentum and the energy can both be kept.
// With L_G fixed the kinetic energy is at least |P|^2 / 2m + |L_G|^2 / 2 lambda_max(I_G),
// and I_G depends on the shape alone. At q^l that floor is at most the target (the
// energy the tree started the step with, plus the work of the forces); at a spin the
// step cannot follow, the joints' explicit advance to q^{l+1} can fold the tree so
// that the floor rises above it, and no velocity then has the target's momentum
// without more energy. The joints go back to the largest fraction s of their advance
// where the floor is met (bisection; s = 0 always meets it).
void cut_back_shape(const KinematicTree& tree, const FloatingTarget& target,
                    const Eigen::VectorXd& start_positions, Eigen::VectorXd& positions,
                    TreeKinematics& kinematics) {
  if (!has_internal_motion(tree, target.root)) return;
  const double mass = subtree_inertia(tree, kinematics, target.root).mass;
  const double goal = target.kinetic_energy - 0.5 * target.linear_momentum.squaredNorm() / mass;
  if (locked_energy_can_meet(tree, kinematics, target, goal)) return;
  const Eigen::VectorXd end_positions = positions;
  double met = 0, missed = 1;
  for (int i = 0; i < kShapeBisections; ++i) {
    const double s = 0.5 * (met + missed);
    set_joint_fraction(tree, target.root, start_positions, end_positions, s, positions);
    forward_kinematics(tree, positions, kinematics);
    (locked_energy_can_meet(tree, kinematics, target, goal) ? met : missed) = s;
  }
  set_joint_fraction(tree, target.root, start_positions, end_positions, met, positions);
  forward_kinematics(tree, positions, kinematics);
  positions.segment<3>(tree.position_offset(target.root)) +=
      target.com - subtree_com(tree, kinematics, target.root);
  forward_kinematics(tree, positions, kinematics);
}

// The turn that gives the subtree's locked motion the rotational energy
// 1/2 L_G . I_G^-1 L_G it must carry at the end of the step. The internal motion takes
// the difference to the target (keep_floating_momentum) while it can: scaled by at most
// kMaxInternalScale, down to rest. Past that, and always for a subtree with no internal
// motion (a single floating link), the orientation takes it: the turn brings the
// locked energy to the target less the internal motion's energy, which then stays as
// it was, or, where no orientation gives that, at most to the target
// (cut_back_shape made that possible).
Quat locked_energy_turn(const KinematicTree& tree, const FloatingTarget& target, const Subtree& now) {
  const double mass = now.inertia.mass;
  const double rotational_target =
      target.kinetic_energy - 0.5 * target.linear_momentum.squaredNorm() / mass;
  const Mat3 inertia = now.inertia_about_com();
  const Mat3 inverse_inertia = inertia.inverse();
  const Vec3& momentum = target.angular_momentum;
  const Vec3 own_angular = now.angular_momentum_about_com();
  const double own_locked = 0.5 * (now.momentum.head<3>().squaredNorm() / mass +
                                   own_angular.dot(inverse_inertia * own_angular));
  const double internal = has_internal_motion(tree, target.root) ? std::max(0.0, now.energy - own_locked) : 0;
  const double locked = 0.5 * momentum.dot(inverse_inertia * momentum);
  const bool internal_can_take = locked <= rotational_target &&
                                 locked + kMaxInternalScale * kMaxInternalScale * internal >= rotational_target;
  if (internal_can_take) return Quat::Identity();
  const EnergyTurn keeping_internal = energy_turn(inertia, momentum, rotational_target - internal);
  if (keeping_internal.energy <= rotational_target + kShapeTolerance * std::abs(rotational_target)) {
    return keeping_internal.rotation;
  }
  return energy_turn(inertia, momentum, rotational_target).rotation;
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
                      const std::vector<std::pair<int, int>>& contact_links,
                      std::vector<FloatingTarget>& targets) {
  targets.clear();
  std::vector<Vec6> velocities;
  link_spatial_velocities(tree, start, end_velocity, velocities);
  for (int root = 0; root < tree.link_count(); ++root) {
    if (!is_free_root(tree, root)) continue;
    const Subtree subtree = subtree_of(tree, start, velocities, root);
    FloatingTarget target;
    target.root = root;
    target.touching = touched_from_outside(tree, root, contact_links);
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
                            const Eigen::VectorXd& start_positions, Eigen::VectorXd& positions,
                            Eigen::VectorXd& velocity, TreeKinematics& kinematics) {
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
    Subtree before = subtree_of(tree, kinematics, velocities, root);

    // Free of outside contact: the shape and the orientation to where the momentum and
    // the energy can both be met (energy_turn.h).
    if (!target.touching) {
      cut_back_shape(tree, target, start_positions, positions, kinematics);
      link_spatial_velocities(tree, kinematics, velocity, velocities);
      before = subtree_of(tree, kinematics, velocities, root);
      const Quat turn = locked_energy_turn(tree, target, before);
      if (turn.coeffs() != Quat::Identity().coeffs()) {
        turn_subtree(tree, root, turn, target.com, positions, velocity);
        forward_kinematics(tree, positions, kinematics);
        link_spatial_velocities(tree, kinematics, velocity, velocities);
        before = subtree_of(tree, kinematics, velocities, root);
      }
    }
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
    if (!has_internal_motion(tree, root) || !(internal_energy > 0) || energy == target.kinetic_energy) {
      continue;
    }
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

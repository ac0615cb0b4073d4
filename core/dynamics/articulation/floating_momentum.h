// Momentum and energy of a floating-base tree kept through the step: a projection onto
// the invariants (Hairer, Lubich, Wanner, "Geometric Numerical Integration", 2nd ed.,
// Springer 2006, Sect. IV.4).
//
// Eq. (15) takes the bias C(q, v) v explicitly: the free joint's rows of
//   M(q^l) (v^{l+1} - v^l) = -h C v^l + (every other impulse)
// keep the momentum only at the fixed q^l, and q^{l+1} = q^l + h G v^{l+1} then
// changes it by O(h^2) a step, so a tumbling tree's angular momentum drifts and its
// kinetic energy can grow. Those rows are the tree's spatial momentum about the root
// origin o (its S is the identity there), so with A = the free joint's rows of M,
//
//   target momentum   = A(q^l) v^{l+1} + h (C v^l)_base
//                     = A v^l + h (gravity wrench) + (contact impulses about o),
//   target energy     = T(q^l, v^{l+1}) + h/2 (C v^l) . (v^l + v^{l+1})
//                     = T(q^l, v^l) + the work of every force but C v,
//
// the bias force being internal and workless (Mdot - 2C skew). The momentum goes to
// the centre of mass G^l (gravity then changes only its linear part). After the
// position update the tree is translated to put its centre of mass at
// G^l + h P^{l+1} / m (eq. 12 for the centre of mass, so that the angular momentum
// about a fixed point, L_G + G x P, is kept too), and v^{l+1} is changed the least in
// the M-norm to give the tree that centroidal momentum at q^{l+1}: M^-1 A^T = E^T
// (A = E M), so the change is a rigid twist of the base alone,
//
//   dw = I_G^-1 dL_G,   dv_G = dP / m,   dv_o = dv_G - dw x (G - o),
//
// joint velocities untouched. Then the velocity splits M-orthogonally into the locked
// rigid motion v_m (base twist (P/m - w_m x (G - o), w_m), w_m = I_G^-1 L_G, joints at
// rest), whose energy the momentum fixes, and the internal motion v - v_m, which
// carries no momentum; the internal motion is scaled to bring the kinetic energy to
// its target (up by at most kMaxInternalScale a step, down to rest if it must), so the
// momentum stays and the force-free drift neither gains nor loses energy.
//
// The locked energy |P|^2 / 2m + 1/2 L_G . I_G^-1 L_G is fixed by the momentum and the
// tree's pose, so where the internal motion cannot take the difference the pose does,
// in a subtree nothing outside it touches (a turn would move its links into what they
// touch): a single floating link, whose energy is all locked; and a spin the step
// cannot follow (radians a step), where the locked energy alone can exceed the
// target. The subtree is turned rigidly about G (energy_turn.h) to bring the locked
// energy to the target less the internal energy. That is possible only while
// |P|^2 / 2m + |L_G|^2 / (2 lambda_max(I_G)) is at most the target, and at q^l it is
// (the tree had at least that energy); if the joints' explicit advance folded the
// tree past it, they go back to the largest fraction of their advance that meets it.
//
// Applies to every root with a free joint and the links below it; other roots are
// joined to the world and keep no momentum.
#pragma once

#include <utility>
#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "dynamics/articulation/kinematic_tree.h"
#include "dynamics/articulation/tree_kinematics.h"

namespace contactlab {

// What one floating subtree must have at the end of the step.
struct FloatingTarget {
  int root = -1;                        // link index of the free root
  Vec3 linear_momentum = Vec3::Zero();  // P [kg m/s]
  Vec3 angular_momentum = Vec3::Zero(); // L_G, about the centre of mass [kg m^2/s]
  double kinetic_energy = 0;            // T the step ends with [J]
  Vec3 com = Vec3::Zero();              // G^{l+1} = G^l + h P / m, world [m]
  bool touching = false;  // something outside the subtree touches it: its orientation stays
};

// True when some root of the tree has a free joint.
bool has_floating_root(const KinematicTree& tree);

// (q^l kinematics, v^l, C(q^l, v^l) v^l, v^{l+1}, h, the step's contacts on the
// tree as pairs of link indices, -1 for a body not in the tree) => per free root, the
// target momentum and energy of the header comment.
void floating_targets(const KinematicTree& tree, const TreeKinematics& start,
                      const Eigen::VectorXd& start_velocity, const Eigen::VectorXd& coriolis,
                      const Eigen::VectorXd& end_velocity, double h,
                      const std::vector<std::pair<int, int>>& contact_links,
                      std::vector<FloatingTarget>& targets);

// (q^l, q^{l+1}, v^{l+1}, targets) => each floating subtree translated to put its
// centre of mass at the target, v^{l+1} changed to meet the momentum and energy (header
// comment); free of outside contact, its shape and orientation moved where both can
// be met; and the kinematics at the new q.
void keep_floating_momentum(const KinematicTree& tree, const std::vector<FloatingTarget>& targets,
                            const Eigen::VectorXd& start_positions, Eigen::VectorXd& positions,
                            Eigen::VectorXd& velocity, TreeKinematics& kinematics);

}  // namespace contactlab

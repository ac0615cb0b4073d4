// Seed 004's hybrid model between events ("Putting it all together"): the free bodies'
// and the articulations' motion (a tree's M(q) by CRBA, its C q_dot - tau_g by RNEA,
// dynamics/articulation/tree_dynamics.h) with the active contacts as constraints,
//   M q_ddot = tau_g - C + J_c^T lambda,   J_c q_ddot + J_c_dot q_dot = 0,
// seed 004's equation of motion with lambda acting only at active contacts. A sticking
// contact constrains its normal and both tangent rows ([n; t1; t2] q_ddot-level, so it
// neither lifts off nor slips); a sliding one only its normal row, and its friction
// pushes against the slip with Coulomb's mu_k lambda_n: the force column is
// n^T - mu_k s^T, s the row of the unit slip direction (seed 004, "Compliant Contact
// Models": |f_t| = mu_dynamic f_n opposing the motion). lambda solves
//   (J_c M^-1 W) lambda = -(J_c M^-1 (tau_g - C) + J_c_dot q_dot)
// in the least-norm sense (the seed's pseudoinverse #: a box's four corners on the
// ground are redundant). J_c_dot q_dot, the rows' rate along the motion, is a central
// difference of J_c(q) q_dot over q moved by +-1e-6 s of the motion, with the contact
// geometry found again there: a sphere's contact point stays under its centre, a
// box's corner moves with the box.
//
// A tree's joints add smooth torques to tau_g - C: each motor's explicit PD law with
// its torque limit (dynamics/pd_controller.h pd_torque, at the set points held through
// the reported step) and the viscous joint friction -v q_dot (seed 002 eq. 14). An
// active joint limit is one more constrained row, sign e_j (frictionless), its force
// lambda_l >= 0 while it holds the joint off the limit's far side; a joint coupling
// (HybridJointCoupling) a bilateral row, always active.
//
// A joint's Coulomb friction c (HybridJointFriction, seed 002 eq. (14)'s c sgn(q_dot))
// has a mode of its own: a sticking joint is one more constrained row e_j (q_ddot_j =
// 0), its torque lambda_j whatever holds it, while |lambda_j| <= c; a sliding joint
// feels the torque -c s, s = sign(q_dot_j) held through the slide (+1 or -1), beside
// tau_g - C. Its guards (hybrid_guards.h) are c - |lambda_j| (stick -> slip) and
// s q_dot_j (slip -> stick).
//
// A loop closure's rows (HybridLoopRows, seed 004's "Bilateral Position Constraints":
// M q_ddot = tau + H^T lambda with h(q) = 0) are always active too, solved with the
// contacts' in the same least-norm system (its pseudoinverse leaves out the rows a
// planar loop makes zero), and ask Baumgarte's stabilisation instead of h_ddot = 0:
//   H q_ddot + H_dot q_dot = -2 alpha H q_dot - beta^2 h(q),
// the seed's "h_ddot = -2 alpha h_dot - alpha^2 h" with Options::baumgarte_alpha and
// baumgarte_beta (the seed's critically damped response when they are equal; 0 and 0:
// the loop is held at the integrator's tolerance only). H_dot q_dot is the same
// central difference as the contacts'.
#pragma once

#include <vector>

#include <Eigen/Cholesky>
#include <Eigen/Core>

#include "base/math_types.h"
#include "base/options.h"
#include "dynamics/articulation/tree_dynamics.h"
#include "dynamics/model.h"
#include "dynamics/rigid_body.h"
#include "formulation/hybrid_bodies.h"
#include "formulation/hybrid_settings.h"

namespace contactlab {

enum class HybridContactMode { Stick, Slip };

// A joint friction's mode (HybridBodies::joint_frictions, in the same order).
struct HybridJointFrictionMode {
  bool sticking = true;
  double direction = 0;  // slip: s, the sign of q_dot_j through the slide (+1 or -1)
};

struct HybridActiveContact {
  HybridContactKey key;
  int pair = -1;  // index into HybridBodies::pairs
  HybridContactMode mode = HybridContactMode::Stick;
  Vec3 slip_direction = Vec3::Zero();  // slip: world, unit, the slip's direction when the mode began
  // slip: its slip is slower than v_b (kHybridSlowSlipSpeeds v_s; a slide that began
  // from rest, or one that slowed to v_b): the friction acts along -slip_direction,
  // the slip's direction when it slowed to v_b or -lambda_t's at a start from rest,
  // not against the slip's own, whose direction so near zero is the integrator's
  // noise or turns the friction too stiffly to integrate (docs/hybrid.md).
  bool slow = false;
  double static_friction = 0;          // mu_s
  double kinetic_friction = 0;         // mu_k
  double restitution = 0;              // e
};

// What the smooth dynamics give at one state, per active contact.
// A tree's smooth joint torques at (q, q_dot): per coordinate, the motors' PD torque
// plus the viscous friction's -v q_dot; `motor` (when given) gets each link's motor
// torque alone (0 without a motor).
Eigen::VectorXd hybrid_joint_torques(const Articulation& articulation, const HybridTree& tree,
                                     const Eigen::VectorXd& positions, const Eigen::VectorXd& velocities,
                                     std::vector<double>* motor = nullptr);

struct HybridContactState {
  bool found = false;  // its point was found at this state
  HybridContactPoint point;
  double normal_force = 0;                 // lambda_n [N]
  Vec3 friction_force = Vec3::Zero();      // world [N], on body_b
  double normal_velocity = 0;              // phi_dot [m/s]
  Vec3 tangential_velocity = Vec3::Zero();  // world [m/s]
};

class HybridSmoothDynamics {
 public:
  HybridSmoothDynamics(const Model& model, const Options& options, HybridBodies& bodies)
      : model_(model),
        options_(options),
        bodies_(bodies),
        stick_speed_(hybrid_stick_speed(options)),
        joint_modes_(bodies.joint_frictions.size()) {}

  std::vector<HybridActiveContact>& active() { return active_; }
  const std::vector<HybridActiveContact>& active() const { return active_; }
  // The active joint limits (indices into HybridBodies::limits), and their forces
  // lambda_l [N m or N] at the last evaluation, in the same order.
  std::vector<int>& active_limits() { return active_limits_; }
  const std::vector<int>& active_limits() const { return active_limits_; }
  const std::vector<double>& limit_forces() const { return limit_forces_; }
  // Each joint friction's mode, and its torque at the last evaluation [N m or N]:
  // lambda_j while it sticks, -c s while it slides.
  std::vector<HybridJointFrictionMode>& joint_modes() { return joint_modes_; }
  const std::vector<HybridJointFrictionMode>& joint_modes() const { return joint_modes_; }
  const std::vector<double>& joint_friction_torques() const { return joint_friction_torques_; }
  // v_s [m/s] (hybrid_stick_speed).
  double stick_speed() const { return stick_speed_; }
  // v_b [m/s] (kHybridSlowSlipSpeeds v_s).
  double slow_slip_speed() const { return kHybridSlowSlipSpeeds * stick_speed_; }

  // (y, active contacts) => y' and, per active contact, lambda, friction and velocity.
  void evaluate(const Eigen::VectorXd& state, Eigen::VectorXd& derivative, std::vector<HybridContactState>& contacts);

  // The work of the evaluations so far: (1 + active contacts)^2 each, a measure of
  // their cost (the constrained rows' products grow with the square) that replays
  // exactly, unlike a clock.
  long long work() const { return work_; }

  // M^-1 at y (6 per slot, world frame; a tree's M(q)^-1 in its q_dot).
  Eigen::MatrixXd inverse_mass(const Eigen::VectorXd& state);

 private:
  // (y) => per tree, M(q) factored and tau_g - C q_dot.
  void factor_tree_masses(const Eigen::VectorXd& state);
  void find_active_points(const Eigen::VectorXd& state, std::vector<HybridContactState>& contacts);
  // The constrained rows (n; t1, t2 when sticking) of the active contacts at y.
  Eigen::MatrixXd constraint_rows(const Eigen::VectorXd& state);

  const Model& model_;
  const Options& options_;
  HybridBodies& bodies_;
  double stick_speed_;
  std::vector<HybridActiveContact> active_;
  std::vector<int> active_limits_;
  std::vector<double> limit_forces_;
  std::vector<HybridJointFrictionMode> joint_modes_;
  std::vector<double> joint_friction_torques_;
  std::vector<HybridContactPoint> points_;
  std::vector<int> active_pairs_;
  std::vector<InverseMass> inverse_blocks_;
  std::vector<Eigen::LLT<Eigen::MatrixXd>> tree_mass_;
  std::vector<Eigen::VectorXd> tree_force_;
  TreeKinematics tree_kinematics_;
  TreeDynamicsWorkspace tree_workspace_;
  Eigen::MatrixXd tree_mass_matrix_;
  Eigen::Matrix<double, 6, Eigen::Dynamic> applied_jacobian_;
  Eigen::VectorXd loop_error_;  // h(q) of the loops' rows at the state constraint_rows saw last
  long long work_ = 0;
  std::vector<HybridContactState> drift_contacts_;
};

// The Coulomb cone of a sticking contact's patch: the sticking contacts of its geom
// pair taken together, |sum lambda_t| <= mu_s sum lambda_n. A rigid patch's forces are
// not unique (the least-norm lambda puts more friction on a box's uphill corners than
// their own lambda_n would allow while the box as a whole holds), so the cone is the
// patch's, as for the box on an incline.
struct HybridPatchFriction {
  double margin = 0;               // mu_s sum lambda_n - |sum lambda_t| [N]
  Vec3 friction = Vec3::Zero();    // sum lambda_t, world [N]
};
HybridPatchFriction hybrid_patch_friction(const std::vector<HybridActiveContact>& active,
                                          const std::vector<HybridContactState>& contacts, int contact);

// Seed 004's relative velocity of the point: body_b's against body_a's, world [m/s].
Vec3 hybrid_relative_velocity(const HybridBodies& bodies, const HybridContactPoint& point,
                              const Eigen::VectorXd& velocity);

}  // namespace contactlab

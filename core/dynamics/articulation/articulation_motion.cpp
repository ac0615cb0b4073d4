#include "dynamics/articulation/articulation_motion.h"

#include "dynamics/articulation/floating_momentum.h"
#include "dynamics/articulation/loop_elimination.h"
#include "dynamics/articulation/maximal_motion.h"
#include "dynamics/articulation/prescribed_elimination.h"

namespace contactlab {
namespace {

// M~ and h (tau - bias) + M v, joint by joint.
void implicit_joint_terms(const Articulation& articulation, const Options& options,
                          const ArticulationState& state, ArticulationMotionWorkspace& ws,
                          ArticulationMotion& motion) {
  Eigen::VectorXd& momentum = ws.momentum;
  const KinematicTree& tree = articulation.tree;
  const double h = options.time_step;
  const int links = tree.link_count();
  motion.motor_terms.assign(links, ImplicitPdTerms{});
  for (int link = 0; link < links; ++link) {
    if (tree.link(link).joint.velocity_size() != 1) continue;
    const int i = tree.velocity_offset(link);
    const double q = state.positions[tree.position_offset(link)];
    const double v = state.velocities[i];
    const JointActuator& actuator = articulation.actuators[link];
    if (actuator.present) {
      const PdSetPoint set_point{state.target_position[link], state.target_velocity[link], 0};
      // Seed 002's step 7 takes the law explicitly (options.position_update).
      const ImplicitPdTerms terms = uses_seed_002_position_update(options)
                                        ? explicit_pd_terms(actuator.gains, set_point, q, v, h)
                                        : implicit_pd_terms(actuator.gains, set_point, q, v, h);
      motion.motor_terms[link] = terms;
      ws.step_mass(i, i) += terms.diagonal;
      momentum[i] += terms.impulse;
    }
    // Eq. (14): viscous friction implicitly (like the PD damping); the Coulomb term
    // is a bounded row solved with the contacts (contact/contact_rows.h).
    ws.step_mass(i, i) += h * articulation.joint_friction[link].viscous;
  }
}

}  // namespace

Status articulation_free_motion(const Articulation& articulation, const Options& options,
                                const ArticulationState& state, double added_damping,
                                ArticulationMotionWorkspace& ws, ArticulationMotion& motion) {
  if (options.coordinates == 1) {
    CONTACTLAB_RETURN_IF_ERROR(eliminate_prescribed_motion(articulation, options, state, ws, motion));
    return maximal_free_motion(articulation, options, state, added_damping, ws, motion);
  }
  const KinematicTree& tree = articulation.tree;
  const int n = tree.velocity_size();
  const double h = options.time_step;
  mass_matrix(tree, state.kinematics, ws.mass, ws.dynamics);
  bias_forces(tree, state.kinematics, state.velocities, options.gravity, ws.bias, ws.dynamics);
  // C(q, v) v alone (gravity apart) for the floating base's momentum and energy.
  motion.start_velocity.resize(0);
  motion.coriolis.resize(0);
  if (has_floating_root(tree)) {
    motion.start_velocity = state.velocities;
    bias_forces(tree, state.kinematics, state.velocities, Vec3::Zero(), motion.coriolis, ws.dynamics);
  }

  // M v + h (tau_explicit - bias), and M~.
  ws.step_mass = ws.mass;
  ws.momentum.resize(n);
  for (int i = 0; i < n; ++i) {
    double sum = 0;
    for (int j = 0; j < n; ++j) sum += ws.mass(i, j) * state.velocities[j];
    ws.momentum[i] = sum - h * ws.bias[i];
  }
  implicit_joint_terms(articulation, options, state, ws, motion);
  // -b v_free on every coordinate, implicitly like the motors' damping: M~ += h b I.
  for (int i = 0; i < n; ++i) ws.step_mass(i, i) += h * added_damping;

  const Status factored = ws.step_mass_factor.factor(ws.step_mass);
  if (!factored.ok()) {
    return Status::failure("articulation \"" + articulation.name +
                           "\": its mass matrix is not positive definite (" + factored.message() + ")");
  }
  motion.free_velocity = ws.momentum;
  ws.step_mass_factor.solve_in_place(motion.free_velocity);
  motion.inverse_mass.setIdentity(n, n);
  ws.step_mass_factor.solve_in_place(motion.inverse_mass);
  CONTACTLAB_RETURN_IF_ERROR(eliminate_couplings(articulation, options, state, ws, motion));
  CONTACTLAB_RETURN_IF_ERROR(eliminate_loop_closures(articulation, options, state, true, ws, motion));
  return eliminate_prescribed_motion(articulation, options, state, ws, motion);
}

// Eq. (17) on the coupling rows: v_free += M~^-1 J^T mu with
// (J M~^-1 J^T) mu = eps_j - J v_free, and M_c^-1 = M~^-1 - M~^-1 J^T (J M~^-1 J^T)^-1 J M~^-1.
Status eliminate_couplings(const Articulation& articulation, const Options& options,
                           const ArticulationState& state, ArticulationMotionWorkspace& ws,
                           ArticulationMotion& motion) {
  const KinematicTree& tree = articulation.tree;
  const int n = tree.velocity_size();
  const int rows = static_cast<int>(articulation.couplings.size());
  if (rows == 0) return Status::success();
  Eigen::MatrixXd& mobility = ws.coupling_mobility;  // Y = M~^-1 J^T
  mobility.resize(n, rows);
  Eigen::VectorXd correction(rows);
  for (int r = 0; r < rows; ++r) {
    const JointCoupling& coupling = articulation.couplings[r];
    const int follower = tree.velocity_offset(coupling.follower);
    const int leader = tree.velocity_offset(coupling.leader);
    for (int i = 0; i < n; ++i) {
      mobility(i, r) = motion.inverse_mass(i, follower) - coupling.ratio * motion.inverse_mass(i, leader);
    }
    // Eq. (16): Delta p = q_follower - ratio q_leader - offset, eps_j = -gamma Delta p / h.
    const double drift = state.positions[tree.position_offset(coupling.follower)] -
                         coupling.ratio * state.positions[tree.position_offset(coupling.leader)] -
                         coupling.offset;
    const double target = -options.error_reduction * drift / options.time_step;
    correction[r] = target - (motion.free_velocity[follower] -
                              coupling.ratio * motion.free_velocity[leader]);
  }
  Eigen::MatrixXd& gram = ws.coupling_gram;  // J Y
  gram.resize(rows, rows);
  for (int r = 0; r < rows; ++r) {
    const JointCoupling& coupling = articulation.couplings[r];
    const int follower = tree.velocity_offset(coupling.follower);
    const int leader = tree.velocity_offset(coupling.leader);
    for (int s = 0; s < rows; ++s) gram(r, s) = mobility(follower, s) - coupling.ratio * mobility(leader, s);
  }
  const Status factored = ws.coupling_factor.factor(gram);
  if (!factored.ok()) {
    return Status::failure("articulation \"" + articulation.name +
                           "\": its coupled joints cannot move as the couplings ask (" +
                           factored.message() + ")");
  }
  ws.coupling_factor.solve_in_place(correction);  // mu
  for (int i = 0; i < n; ++i) {
    for (int r = 0; r < rows; ++r) motion.free_velocity[i] += mobility(i, r) * correction[r];
  }
  Eigen::MatrixXd& solved = ws.coupling_solved;  // (J Y)^-1 Y^T
  solved = mobility.transpose();
  ws.coupling_factor.solve_in_place(solved);
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      double removed = 0;
      for (int r = 0; r < rows; ++r) removed += mobility(i, r) * solved(r, j);
      motion.inverse_mass(i, j) -= removed;
    }
  }
  return Status::success();
}

}  // namespace contactlab

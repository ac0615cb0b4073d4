#include "formulation/quasistatic_motion.h"

#include <algorithm>
#include <cmath>

#include "dynamics/articulation/loop_elimination.h"
#include "dynamics/articulation/prescribed_elimination.h"

namespace contactlab {
namespace {

// A coupling's follower: its gravity is compensated with its leader's.
bool is_coupling_follower(const Articulation& articulation, int link) {
  for (const JointCoupling& coupling : articulation.couplings) {
    if (coupling.follower == link) return true;
  }
  return false;
}

// A joint driven through a prescribed motion (prescribed_motion.h).
bool is_prescribed(const Articulation& articulation, int link) {
  for (const PrescribedMotion& motion : articulation.prescribed) {
    if (motion.link == link) return true;
  }
  return false;
}

}  // namespace

bool quasistatic_actuated(const Articulation& articulation, int link) {
  const JointActuator& actuator = articulation.actuators[link];
  return articulation.tree.link(link).joint.velocity_size() == 1 && actuator.present &&
         actuator.gains.stiffness > 0;
}

Status pure_balance_supported(const Articulation& articulation) {
  const KinematicTree& tree = articulation.tree;
  for (int link = 0; link < tree.link_count(); ++link) {
    if (tree.link(link).joint.velocity_size() == 0 || quasistatic_actuated(articulation, link)) continue;
    if (is_prescribed(articulation, link)) continue;
    return Status::failure("articulation \"" + articulation.name + "\": quasistatic_model pure needs every joint " +
                           "held by an impedance (an actuator with stiffness > 0) or a prescribed_motion, and link \"" +
                           tree.link(link).name + "\"'s joint is not (allowed for it: quasistatic_model regularised)");
  }
  return Status::success();
}

void classify_coordinates(const Articulation& articulation, std::vector<double>& stiffness,
                          std::vector<char>& feels_gravity) {
  const KinematicTree& tree = articulation.tree;
  stiffness.assign(tree.velocity_size(), 0.0);
  feels_gravity.assign(tree.velocity_size(), 1);
  for (int link = 0; link < tree.link_count(); ++link) {
    const int first = tree.velocity_offset(link);
    const int size = tree.link(link).joint.velocity_size();
    const bool actuated = quasistatic_actuated(articulation, link);
    const bool compensated = actuated || is_coupling_follower(articulation, link);
    for (int i = first; i < first + size; ++i) {
      if (actuated) stiffness[i] = articulation.actuators[link].gains.stiffness;
      if (compensated) feels_gravity[i] = 0;
    }
  }
}

void quasistatic_free_body(const Body& body, const Options& options, const Quat& orientation,
                           InverseMass& inverse_mass, Vec6& free_velocity) {
  // M_q^-1 = (eps_q M)^-1; v_q = h M_q^-1 (m g, 0), the body starting from rest.
  const double scale = 1.0 / options.quasistatic_mass_scale;
  inverse_mass = inverse_mass_at(body, orientation);
  inverse_mass.inverse_mass *= scale;
  inverse_mass.inverse_inertia *= scale;
  const Vec6 weight = external_force(body, options);  // (m g, 0)
  free_velocity = options.time_step * inverse_mass.apply(weight);
}

Status quasistatic_articulation_motion(const Articulation& articulation, const Options& options,
                                       const ArticulationState& state,
                                       ArticulationMotionWorkspace& ws, ArticulationMotion& motion) {
  const KinematicTree& tree = articulation.tree;
  const int n = tree.velocity_size();
  const double h = options.time_step;

  // (q) => M(q) and tau_g(q) = -bias(q, v = 0).
  ws.momentum.setZero(n);
  mass_matrix(tree, state.kinematics, ws.mass, ws.dynamics);
  bias_forces(tree, state.kinematics, ws.momentum, options.gravity, ws.bias, ws.dynamics);

  // M_q = blockdiag(eps_q M_uu, h^2 K) and M_q v_q = -b = (h tau_u, h K (q_cmd - q)):
  // every coordinate unactuated first, then each actuated joint's row and column
  // replaced by its spring, and gravity taken off the compensated ones.
  ws.step_mass = options.quasistatic_mass_scale * ws.mass;
  for (int i = 0; i < n; ++i) ws.momentum[i] = -h * ws.bias[i];
  motion.motor_terms.assign(tree.link_count(), ImplicitPdTerms{});
  for (int link = 0; link < tree.link_count(); ++link) {
    const int i = tree.velocity_offset(link);
    if (!quasistatic_actuated(articulation, link)) {
      if (!is_coupling_follower(articulation, link)) continue;
      for (int k = i; k < i + tree.link(link).joint.velocity_size(); ++k) ws.momentum[k] = 0;
      continue;
    }
    const double stiffness = articulation.actuators[link].gains.stiffness;  // K
    const double q = state.positions[tree.position_offset(link)];
    ImplicitPdTerms& spring = motion.motor_terms[link];
    spring.diagonal = h * h * stiffness;
    spring.impulse = h * stiffness * (state.target_position[link] - q);
    ws.step_mass.row(i).setZero();
    ws.step_mass.col(i).setZero();
    ws.step_mass(i, i) = spring.diagonal;
    ws.momentum[i] = spring.impulse;
  }

  const Status factored = ws.step_mass_factor.factor(ws.step_mass);
  if (!factored.ok()) {
    return Status::failure("articulation \"" + articulation.name +
                           "\": its quasi-static matrix eps_q M_uu + h^2 K is not positive definite (" +
                           factored.message() + ")");
  }
  motion.free_velocity = ws.momentum;
  ws.step_mass_factor.solve_in_place(motion.free_velocity);
  motion.inverse_mass.setIdentity(n, n);
  ws.step_mass_factor.solve_in_place(motion.inverse_mass);
  // Every step starts at rest: no momentum to keep (floating_momentum.h).
  motion.start_velocity.resize(0);
  motion.coriolis.resize(0);
  CONTACTLAB_RETURN_IF_ERROR(eliminate_couplings(articulation, options, state, ws, motion));
  // Every step starts at rest: the loops' rows carry no rate either.
  CONTACTLAB_RETURN_IF_ERROR(eliminate_loop_closures(articulation, options, state, false, ws, motion));
  // A driven joint's displacement over the step is h qdot_ref.
  return eliminate_prescribed_motion(articulation, options, state, ws, motion);
}

}  // namespace contactlab

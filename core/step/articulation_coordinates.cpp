#include "step/articulation_coordinates.h"

#include <utility>
#include <vector>

#include "dynamics/articulation/floating_momentum.h"
#include "dynamics/articulation/loop_elimination.h"
#include "dynamics/articulation/maximal_motion.h"
#include "dynamics/articulation/tree_kinematics.h"
#include "dynamics/pd_controller.h"

namespace contactlab {
namespace {

// The torque (force) each motor applied, now that v^{l+1} is known (implicit PD), and
// each prescribed motion's drive, lambda / h (prescribed_efforts.h).
void record_motor_efforts(const Articulation& articulation, const ArticulationMotion& motion,
                          const ArticulationMotionWorkspace& workspace, double time_step, ArticulationState& state) {
  const KinematicTree& tree = articulation.tree;
  for (int link = 0; link < tree.link_count(); ++link) {
    state.motor_effort[link] = 0;
    if (!articulation.actuators[link].present || motion.motor_terms.empty()) continue;
    state.motor_effort[link] = implicit_pd_torque(motion.motor_terms[link], time_step,
                                                  state.velocities[tree.velocity_offset(link)]);
  }
  for (size_t k = 0; k < articulation.prescribed.size(); ++k) {
    state.motor_effort[articulation.prescribed[k].link] = workspace.prescribed_impulse[k] / time_step;
  }
}

// The step's contacts on links of the articulation, as pairs of link indices (-1 for
// a body that is not one of its links).
void articulation_contact_links(const Model& model, const std::vector<DetectedContact>& contacts,
                                int articulation, std::vector<std::pair<int, int>>& links) {
  links.clear();
  auto link_of = [&](int body) {
    return body >= 0 && model.bodies[body].articulation == articulation ? model.bodies[body].link : -1;
  };
  for (const DetectedContact& contact : contacts) {
    const int a = link_of(contact.body_a), b = link_of(contact.body_b);
    if (a >= 0 || b >= 0) links.emplace_back(a, b);
  }
}

// The tree's joint coordinates. A tree with a free root also gets the momentum and
// energy the step's impulses give it, at q^{l+1} (floating_momentum.h).
class ReducedCoordinates final : public ArticulationCoordinates {
 public:
  void start(const Articulation&, ArticulationState&) const override {}

  int velocity_size(const Articulation& articulation) const override { return articulation.tree.velocity_size(); }

  void add_to_island(int index, const Articulation& articulation, const ArticulationState& state,
                     const Eigen::MatrixXd& inverse_mass, IslandDynamics& island) const override {
    island.add_articulation(index, articulation.link_body, articulation.tree, state.kinematics, state.velocities,
                            inverse_mass);
  }

  Eigen::VectorXd& velocities(ArticulationState& state) const override { return state.velocities; }

  void integrate(const Model& model, const Options& options, int a, Data& data, StepWorkspace& ws) const override {
    const Articulation& articulation = model.articulations[a];
    ArticulationState& state = data.articulations[a];
    const double h = options.time_step;
    const ArticulationMotion& motion = ws.articulation_motion[a];
    if (!ws.articulation_ready[a]) state.velocities.setZero();
    record_motor_efforts(articulation, motion, ws.articulation_workspace[a], h, state);
    // Seed 002's eq. (12) as written: q^{l+1} = q^l + h G v^l, with the joint rates the
    // step started with (no floating-base correction: that is the lab's own step's).
    if (uses_seed_002_position_update(options)) {
      integrate_tree_positions(articulation.tree, ws.start_joint_velocity[a], h, state.positions);
      update_link_bodies(articulation, state, data.position, data.orientation, data.linear_velocity,
                         data.angular_velocity);
      return;
    }
    // (H(q^l), v^{l+1}) => the loops' rates, for the next step's Baumgarte targets.
    if (ws.articulation_ready[a]) {
      record_loop_rates(articulation, ws.articulation_workspace[a], state);
    } else {
      state.loop_rate.setZero();
    }
    const bool floating = ws.articulation_ready[a] && motion.coriolis.size() > 0;
    if (floating) {
      articulation_contact_links(model, ws.contacts, a, ws.floating_contact_links);
      floating_targets(articulation.tree, state.kinematics, motion.start_velocity, motion.coriolis,
                       state.velocities, h, ws.floating_contact_links, ws.floating_targets);
    }
    if (floating) ws.floating_start_positions = state.positions;
    integrate_tree_positions(articulation.tree, state.velocities, h, state.positions);
    if (floating) {
      keep_floating_momentum(articulation.tree, ws.floating_targets, ws.floating_start_positions,
                             state.positions, state.velocities, state.kinematics);
    }
    update_link_bodies(articulation, state, data.position, data.orientation, data.linear_velocity,
                       data.angular_velocity);
  }
};

// Every link a body with its own 6 velocities (maximal_joints.h): each link moves on its
// own and the joint coordinates follow from the links.
class MaximalCoordinates final : public ArticulationCoordinates {
 public:
  // Its links start from q, v unless they gave them.
  void start(const Articulation& articulation, ArticulationState& state) const override {
    start_maximal_state(articulation, state);
  }

  int velocity_size(const Articulation& articulation) const override { return 6 * articulation.tree.link_count(); }

  void add_to_island(int index, const Articulation& articulation, const ArticulationState& state,
                     const Eigen::MatrixXd& inverse_mass, IslandDynamics& island) const override {
    island.add_articulation(index, articulation.link_body, articulation.free_links, state.maximal.kinematics,
                            state.maximal.velocities, inverse_mass);
  }

  Eigen::VectorXd& velocities(ArticulationState& state) const override { return state.maximal.velocities; }

  void integrate(const Model& model, const Options& options, int a, Data& data, StepWorkspace& ws) const override {
    const Articulation& articulation = model.articulations[a];
    ArticulationState& state = data.articulations[a];
    const double h = options.time_step;
    finish_maximal_step(articulation, ws.articulation_workspace[a], !ws.articulation_ready[a], h, state);
    record_motor_efforts(articulation, ws.articulation_motion[a], ws.articulation_workspace[a], h, state);
    update_maximal_link_bodies(articulation, state, data.position, data.orientation, data.linear_velocity,
                               data.angular_velocity);
  }
};

}  // namespace

const ArticulationCoordinates& articulation_coordinates(const Options& options) {
  static const ReducedCoordinates reduced;
  static const MaximalCoordinates maximal;
  if (options.coordinates == 1) return maximal;
  return reduced;
}

}  // namespace contactlab

#include "dynamics/articulation/articulation_state.h"

namespace contactlab {

ArticulationState initial_articulation_state(const Articulation& articulation) {
  ArticulationState state;
  state.positions = articulation.initial_positions;
  state.velocities = articulation.initial_velocities;
  const int links = articulation.tree.link_count();
  state.target_position.assign(links, 0);
  state.target_velocity.assign(links, 0);
  state.motor_effort.assign(links, 0);
  state.prescribed_velocity.resize(articulation.prescribed.size());
  for (size_t k = 0; k < articulation.prescribed.size(); ++k) {
    state.prescribed_velocity[k] = prescribed_rate(articulation.prescribed[k], 0.0);
  }
  for (int link = 0; link < links; ++link) {
    if (articulation.tree.link(link).joint.velocity_size() == 1) {
      state.target_position[link] = joint_position(articulation, state, link);
    }
  }
  forward_kinematics(articulation.tree, state.positions, state.kinematics);
  update_loop_rates(articulation, state);
  return state;
}

void update_loop_rates(const Articulation& articulation, ArticulationState& state) {
  if (articulation.loops.empty()) return;
  Eigen::MatrixXd jacobian;
  Eigen::VectorXd error;
  loop_closure_rows(articulation.tree, state.kinematics, articulation.loops, jacobian, error);
  loop_rows_times(jacobian, state.velocities, state.loop_rate);
}

void update_link_bodies(const Articulation& articulation, ArticulationState& state,
                        std::vector<Vec3>& position, std::vector<Quat>& orientation,
                        std::vector<Vec3>& linear_velocity, std::vector<Vec3>& angular_velocity) {
  const KinematicTree& tree = articulation.tree;
  forward_kinematics(tree, state.positions, state.kinematics);
  std::vector<Vec6> twists;
  link_com_velocities(tree, state.kinematics, state.velocities, twists);
  for (int link = 0; link < tree.link_count(); ++link) {
    const int body = articulation.link_body[link];
    position[body] = state.kinematics.com_position[link];
    orientation[body] = Quat(state.kinematics.link_pose[link].rotation);
    linear_velocity[body] = twists[link].head<3>();
    angular_velocity[body] = twists[link].tail<3>();
  }
}

double joint_position(const Articulation& articulation, const ArticulationState& state, int link) {
  return state.positions[articulation.tree.position_offset(link)];
}

double joint_velocity(const Articulation& articulation, const ArticulationState& state, int link) {
  return state.velocities[articulation.tree.velocity_offset(link)];
}

}  // namespace contactlab

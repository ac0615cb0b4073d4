#include "contact/joint_rows.h"

#include <cmath>

#include "dynamics/articulation/maximal_joints.h"

namespace contactlab {
namespace {

// A joint's rate row on its articulation's member: in maximal coordinates l with
// qdot = l v (maximal_joints.h); in reduced ones empty (the coordinate itself).
void joint_direction(const Articulation& articulation, const ArticulationState& state, const Options& options,
                     int link, Eigen::VectorXd& direction) {
  if (options.coordinates == 1) {
    joint_rate_row(articulation, state.maximal.kinematics, link, direction);
  } else {
    direction.resize(0);
  }
}

// qdot of the joint at the island's velocity.
double joint_rate(const IslandDynamics& island, int coordinate, int offset, const Eigen::VectorXd& direction) {
  if (direction.size() == 0) return island.velocity[coordinate];
  double rate = 0;
  for (Eigen::Index j = 0; j < direction.size(); ++j) rate += direction[j] * island.velocity[offset + j];
  return rate;
}

// How near a limit a joint gets a row [rad] or [m].
constexpr double kLimitMargin = 1e-3;

// Calls visit(m, member, articulation, state, link) for every 1-dof joint of the
// island's articulations, member m of the island holding the articulation.
template <typename Visit>
void for_each_one_dof_joint(const Model& model, const std::vector<ArticulationState>& articulations,
                            const IslandDynamics& island, Visit&& visit) {
  for (int m = 0; m < static_cast<int>(island.members().size()); ++m) {
    const IslandMember& member = island.members()[m];
    if (member.articulation < 0) continue;
    const Articulation& articulation = model.articulations[member.articulation];
    const ArticulationState& state = articulations[member.articulation];
    for (int link = 0; link < articulation.tree.link_count(); ++link) {
      if (articulation.tree.link(link).joint.velocity_size() != 1) continue;
      visit(m, member, articulation, state, link);
    }
  }
}

}  // namespace

void add_joint_limit_rows(const Model& model, const Options& options,
                          const std::vector<ArticulationState>& articulations, const IslandDynamics& island,
                          IslandRows& rows, Eigen::VectorXd& scratch) {
  for_each_one_dof_joint(model, articulations, island,
                         [&](int m, const IslandMember& member, const Articulation& articulation,
                             const ArticulationState& state, int link) {
    const KinematicTree& tree = articulation.tree;
    const Joint& joint = tree.link(link).joint;
    const int coordinate = member.offset + tree.velocity_offset(link);
    const double q = state.positions[tree.position_offset(link)];
    joint_direction(articulation, state, options, link, scratch);
    const double reach =
        options.time_step * std::abs(joint_rate(island, coordinate, member.offset, scratch)) + kLimitMargin;
    const double to_limit[2] = {q - joint.lower, joint.upper - q};
    for (int side = 0; side < 2; ++side) {
      if (!(to_limit[side] <= reach)) continue;  // also skips infinite limits
      LimitRow limit;
      limit.articulation = member.articulation;
      limit.link = link;
      limit.sign = side == 0 ? 1.0 : -1.0;
      limit.member = m;
      limit.offset = member.offset;
      limit.coordinate = coordinate;
      limit.target_velocity = limit_target_velocity(to_limit[side], options);
      limit.direction = scratch;
      add_limit_row(island, limit, rows);
    }
  });
}

void add_joint_friction_rows(const Model& model, const Options& options,
                             const std::vector<ArticulationState>& articulations, const IslandDynamics& island,
                             IslandRows& rows) {
  for_each_one_dof_joint(model, articulations, island,
                         [&](int m, const IslandMember& member, const Articulation& articulation,
                             const ArticulationState& state, int link) {
    const double coulomb = articulation.joint_friction[link].coulomb;
    if (!(coulomb > 0)) return;
    JointFrictionRow row;
    row.articulation = member.articulation;
    row.link = link;
    row.member = m;
    row.offset = member.offset;
    row.coordinate = member.offset + articulation.tree.velocity_offset(link);
    row.bound = coulomb * options.time_step;
    joint_direction(articulation, state, options, link, row.direction);
    add_joint_friction_row(island, row, rows);
  });
}

}  // namespace contactlab

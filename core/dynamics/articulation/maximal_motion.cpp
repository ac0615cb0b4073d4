#include "dynamics/articulation/maximal_motion.h"

#include <array>
#include <vector>

#include "dynamics/articulation/loop_closure.h"
#include "dynamics/articulation/loop_elimination.h"
#include "dynamics/articulation/maximal_joints.h"
#include "dynamics/articulation/tree_elimination.h"

namespace contactlab {
namespace {

constexpr int kLink = 6;  // a link's velocities: (velocity of its frame origin, w)

bool same_values(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  if (a.size() != b.size()) return false;
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    if (!(a[i] == b[i])) return false;
  }
  return true;
}

// The k-th link a row moves, unless none or one listed before it (-1 then).
int listed_link(const std::array<int, 4>& links, int k) {
  if (links[k] < 0) return -1;
  for (int earlier = 0; earlier < k; ++earlier) {
    if (links[earlier] == links[k]) return -1;
  }
  return links[k];
}

// The row's part on one link, dotted with a column's part there.
double link_dot(const Eigen::MatrixXd& rows, int r, const Eigen::VectorXd& column, int link) {
  double sum = 0;
  for (int k = 0; k < kLink; ++k) sum += rows(r, kLink * link + k) * column[kLink * link + k];
  return sum;
}

// The motors' PD forces and viscous joint friction along each joint's rate l v: the
// explicit part of the impulse into the momentum (l^T i), the implicit part as a row
// of compliance 1 / d for the elimination.
void motor_rows(const Articulation& articulation, const Options& options, const ArticulationState& state,
                ArticulationMotionWorkspace& ws, ArticulationMotion& motion) {
  const KinematicTree& tree = articulation.tree;
  const double h = options.time_step;
  const int links = tree.link_count();
  motion.motor_terms.assign(links, ImplicitPdTerms{});
  // Per joint: d and i, and how many rows of d > 0.
  ws.motor_stiffness.setZero(links);
  ws.motor_impulse.setZero(links);
  int count = 0;
  for (int link = 0; link < links; ++link) {
    if (tree.link(link).joint.velocity_size() != 1) continue;
    ws.motor_stiffness[link] = h * articulation.joint_friction[link].viscous;
    const JointActuator& actuator = articulation.actuators[link];
    if (actuator.present) {
      const PdSetPoint set_point{state.target_position[link], state.target_velocity[link], 0};
      const double q = state.positions[tree.position_offset(link)];
      const double v = state.velocities[tree.velocity_offset(link)];
      // Seed 002's step 7 takes the law explicitly (options.position_update).
      const ImplicitPdTerms terms = uses_seed_002_position_update(options)
                                        ? explicit_pd_terms(actuator.gains, set_point, q, v, h)
                                        : implicit_pd_terms(actuator.gains, set_point, q, v, h);
      motion.motor_terms[link] = terms;
      ws.motor_stiffness[link] += terms.diagonal;
      ws.motor_impulse[link] = terms.impulse;
    }
    if (ws.motor_stiffness[link] > 0) ++count;
  }
  const int n = kLink * links;
  ws.motor_rows.setZero(count, n);
  ws.motor_compliance.resize(count);
  ws.motor_row_link.resize(count);
  int r = 0;
  for (int link = 0; link < links; ++link) {
    const double stiffness = ws.motor_stiffness[link];
    const double impulse = ws.motor_impulse[link];
    if (!(stiffness > 0) && impulse == 0) continue;
    joint_rate_row(articulation, state.maximal.kinematics, link, ws.rate_row);
    for (int j = 0; j < n; ++j) ws.momentum[j] += ws.rate_row[j] * impulse;
    if (!(stiffness > 0)) continue;
    for (int j = 0; j < n; ++j) ws.motor_rows(r, j) = ws.rate_row[j];
    ws.motor_compliance[r] = 1 / stiffness;
    ws.motor_row_link[r] = link;
    ++r;
  }
}

// eps_j - J v_free of a joint's or coupling's row r, J v = eps_j = -gamma Delta p / h
// (eq. 16), over the links the row moves.
double joint_row_correction(const Options& options, const ArticulationMotionWorkspace& ws,
                            const ArticulationMotion& motion, int r) {
  double moving = 0;
  for (int k = 0; k < 4; ++k) {
    const int link = listed_link(ws.joint_rows.row_links[r], k);
    if (link >= 0) moving += link_dot(ws.joint_rows.jacobian, r, motion.free_velocity, link);
  }
  return -options.error_reduction * ws.joint_rows.error[r] / options.time_step - moving;
}

// Eqs. (20)-(21) on the joints' and couplings' rows (ws.joint_rows) and the motors'
// soft rows at once, along the tree (tree_elimination.h): a joint's rows and its
// motor's are eliminated in the order of their child link from the last, the
// couplings after them. False, nothing changed, when the rows are left to the dense
// path (dependent rows).
bool eliminate_rows_on_tree(const Articulation& articulation, const Options& options,
                            ArticulationMotionWorkspace& ws, ArticulationMotion& motion) {
  const MaximalJointRows& joints = ws.joint_rows;
  const int joint_count = static_cast<int>(joints.jacobian.rows());
  const int coupling_count = static_cast<int>(articulation.couplings.size());
  const int motor_count = static_cast<int>(ws.motor_rows.rows());
  const int m = joint_count + motor_count;
  const int n = static_cast<int>(motion.free_velocity.size());
  const KinematicTree& tree = articulation.tree;
  ws.tree_rows.resize(m, n);
  ws.tree_rows.topRows(joint_count) = joints.jacobian;
  ws.tree_rows.bottomRows(motor_count) = ws.motor_rows;
  ws.tree_row_links.resize(m);
  ws.tree_compliance.setZero(m);
  ws.tree_key.resize(m);
  ws.tree_correction.resize(m);
  for (int r = 0; r < joint_count; ++r) {
    ws.tree_row_links[r] = joints.row_links[r];
    // A joint's rows move its child link first; the couplings are the last rows.
    ws.tree_key[r] = r < joint_count - coupling_count ? joints.row_links[r][0] : -1;
    ws.tree_correction[r] = joint_row_correction(options, ws, motion, r);
  }
  for (int s = 0; s < motor_count; ++s) {
    const int r = joint_count + s;
    const int link = ws.motor_row_link[s];
    ws.tree_row_links[r] = {link, tree.link(link).parent, -1, -1};
    ws.tree_compliance[r] = ws.motor_compliance[s];
    ws.tree_key[r] = link;
    // The motor's target is 0: its impulse is in v_free already.
    double moving = 0;
    for (int j = 0; j < n; ++j) {
      if (ws.motor_rows(s, j) != 0) moving += ws.motor_rows(s, j) * motion.free_velocity[j];
    }
    ws.tree_correction[r] = -moving;
  }
  return eliminate_rows_along_tree(ws.tree_rows, ws.tree_row_links, ws.tree_compliance, ws.tree_key,
                                   ws.tree_correction, ws.tree_elimination, motion.free_velocity,
                                   motion.inverse_mass);
}

// Eqs. (20)-(21) on the joints' and couplings' rows J v = eps_j = -gamma Delta p / h
// (eq. 16), with M^-1 still block-diagonal, densely: each row moves one or two links,
// so Y and G are sums over those links only, but G is factored whole.
Status eliminate_joint_rows(const Articulation& articulation, const Options& options,
                            ArticulationMotionWorkspace& ws, ArticulationMotion& motion) {
  const Eigen::MatrixXd& jacobian = ws.joint_rows.jacobian;
  const std::vector<std::array<int, 4>>& row_links = ws.joint_rows.row_links;
  const int m = static_cast<int>(jacobian.rows());
  const int n = static_cast<int>(jacobian.cols());
  if (m == 0) return Status::success();
  Eigen::MatrixXd& mobility = ws.joint_mobility;
  mobility.setZero(n, m);
  for (int r = 0; r < m; ++r) {
    for (int k = 0; k < 4; ++k) {
      const int link = listed_link(row_links[r], k);
      if (link < 0) continue;
      for (int i = kLink * link; i < kLink * link + kLink; ++i) {
        double sum = 0;
        for (int j = kLink * link; j < kLink * link + kLink; ++j) sum += motion.inverse_mass(i, j) * jacobian(r, j);
        mobility(i, r) = sum;
      }
    }
  }
  Eigen::MatrixXd& gram = ws.joint_gram;
  gram.resize(m, m);
  Eigen::VectorXd& correction = ws.joint_correction;
  correction.resize(m);
  for (int r = 0; r < m; ++r) {
    for (int s = 0; s < m; ++s) {
      double sum = 0;
      for (int k = 0; k < 4; ++k) {
        const int link = listed_link(row_links[r], k);
        if (link < 0) continue;
        for (int j = kLink * link; j < kLink * link + kLink; ++j) sum += jacobian(r, j) * mobility(j, s);
      }
      gram(r, s) = sum;
    }
    correction[r] = joint_row_correction(options, ws, motion, r);
  }
  const Status eliminated = eliminate_equality_rows(mobility, gram, correction, ws.joint_elimination,
                                                    motion.free_velocity, motion.inverse_mass);
  if (!eliminated.ok()) {
    return Status::failure("articulation \"" + articulation.name + "\": its joints cannot be kept (" +
                           eliminated.message() + ")");
  }
  return Status::success();
}

// The motors' rows of compliance 1 / d and target 0 (their impulse is in v_free
// already), on the M_c^-1 the joints leave: M~ = M + d l^T l by Woodbury's identity.
Status eliminate_motor_rows(const Articulation& articulation, ArticulationMotionWorkspace& ws,
                            ArticulationMotion& motion) {
  const Eigen::MatrixXd& rows = ws.motor_rows;
  const int m = static_cast<int>(rows.rows());
  if (m == 0) return Status::success();
  const int n = static_cast<int>(rows.cols());
  Eigen::MatrixXd& mobility = ws.motor_mobility;
  mobility.resize(n, m);
  for (int r = 0; r < m; ++r) {
    for (int i = 0; i < n; ++i) {
      double sum = 0;
      for (int j = 0; j < n; ++j) {
        if (rows(r, j) != 0) sum += motion.inverse_mass(i, j) * rows(r, j);
      }
      mobility(i, r) = sum;
    }
  }
  Eigen::MatrixXd& gram = ws.motor_gram;
  gram.resize(m, m);
  Eigen::VectorXd& correction = ws.motor_correction;
  correction.resize(m);
  for (int r = 0; r < m; ++r) {
    double moving = 0;
    for (int s = 0; s < m; ++s) {
      double sum = 0;
      for (int j = 0; j < n; ++j) sum += rows(r, j) * mobility(j, s);
      gram(r, s) = sum;
    }
    gram(r, r) += ws.motor_compliance[r];
    for (int j = 0; j < n; ++j) moving += rows(r, j) * motion.free_velocity[j];
    correction[r] = -moving;
  }
  const Status eliminated = eliminate_equality_rows(mobility, gram, correction, ws.motor_elimination,
                                                    motion.free_velocity, motion.inverse_mass);
  if (!eliminated.ok()) {
    return Status::failure("articulation \"" + articulation.name + "\": its motors' matrix is not positive definite (" +
                           eliminated.message() + ")");
  }
  return Status::success();
}

}  // namespace

bool maximal_state_current(const ArticulationState& state) {
  return state.maximal.positions.size() > 0 && same_values(state.maximal.joint_positions, state.positions) &&
         same_values(state.maximal.joint_velocities, state.velocities);
}

void start_maximal_state(const Articulation& articulation, ArticulationState& state) {
  if (maximal_state_current(state)) return;
  const KinematicTree& tree = articulation.tree;
  MaximalState& maximal = state.maximal;
  forward_kinematics(tree, state.positions, state.kinematics);
  std::vector<Vec6> twists;
  link_com_velocities(tree, state.kinematics, state.velocities, twists);
  const int links = tree.link_count();
  maximal.positions.resize(7 * links);
  maximal.velocities.resize(kLink * links);
  for (int link = 0; link < links; ++link) {
    const Pose& pose = state.kinematics.link_pose[link];
    if (tree.link(link).joint.type == JointType::Free) {
      // A free root's q is its link frame's pose already.
      maximal.positions.segment<7>(7 * link) = state.positions.segment<7>(tree.position_offset(link));
    } else {
      const Quat turn(pose.rotation);
      maximal.positions.segment<3>(7 * link) = pose.position;
      maximal.positions.segment<4>(7 * link + 3) << turn.w(), turn.x(), turn.y(), turn.z();
    }
    const Vec3 spin = twists[link].tail<3>();
    const Vec3 origin_velocity =
        twists[link].head<3>() + spin.cross(pose.position - state.kinematics.com_position[link]);
    maximal.velocities.segment<3>(kLink * link) = origin_velocity;
    maximal.velocities.segment<3>(kLink * link + 3) = spin;
  }
  forward_kinematics(articulation.free_links, maximal.positions, maximal.kinematics);
  maximal.loop_rate.resize(0);
  if (!articulation.loops.empty()) {
    Eigen::MatrixXd jacobian;
    Eigen::VectorXd error;
    loop_closure_rows(articulation.free_links, maximal.kinematics, articulation.loops, jacobian, error);
    loop_rows_times(jacobian, maximal.velocities, maximal.loop_rate);
  }
  maximal.joint_positions = state.positions;
  maximal.joint_velocities = state.velocities;
}

Status maximal_free_motion(const Articulation& articulation, const Options& options,
                           const ArticulationState& state, double added_damping,
                           ArticulationMotionWorkspace& ws, ArticulationMotion& motion,
                           JointElimination elimination) {
  const KinematicTree& links = articulation.free_links;
  const MaximalState& maximal = state.maximal;
  const int count = links.link_count();
  if (count != articulation.tree.link_count() || maximal.velocities.size() != kLink * count) {
    return Status::failure("articulation \"" + articulation.name + "\": has no links in maximal coordinates");
  }
  const int n = kLink * count;
  const double h = options.time_step;
  mass_matrix(links, maximal.kinematics, ws.mass, ws.dynamics);
  bias_forces(links, maximal.kinematics, maximal.velocities, options.gravity, ws.bias, ws.dynamics);
  motion.start_velocity.resize(0);
  motion.coriolis.resize(0);

  // Eq. (15) per link: M v + h k, then the motors' explicit impulses.
  ws.momentum.resize(n);
  for (int link = 0; link < count; ++link) {
    for (int i = kLink * link; i < kLink * link + kLink; ++i) {
      double sum = 0;
      for (int j = kLink * link; j < kLink * link + kLink; ++j) sum += ws.mass(i, j) * maximal.velocities[j];
      ws.momentum[i] = sum - h * ws.bias[i];
    }
  }
  motor_rows(articulation, options, state, ws, motion);

  // M^-1 block by block (with the soft formulation's h b on the diagonal), v_free.
  motion.inverse_mass.setZero(n, n);
  motion.free_velocity.setZero(n);
  for (int link = 0; link < count; ++link) {
    ws.link_mass = ws.mass.block(kLink * link, kLink * link, kLink, kLink);
    for (int k = 0; k < kLink; ++k) ws.link_mass(k, k) += h * added_damping;
    const Status factored = ws.link_factor.factor(ws.link_mass);
    if (!factored.ok()) {
      return Status::failure("articulation \"" + articulation.name + "\": link \"" + links.link(link).name +
                             "\" needs a positive definite inertia in maximal coordinates (" +
                             factored.message() + ")");
    }
    ws.link_inverse.setIdentity(kLink, kLink);
    ws.link_factor.solve_in_place(ws.link_inverse);
    ws.link_velocity = ws.momentum.segment(kLink * link, kLink);
    ws.link_factor.solve_in_place(ws.link_velocity);
    motion.inverse_mass.block(kLink * link, kLink * link, kLink, kLink) = ws.link_inverse;
    motion.free_velocity.segment(kLink * link, kLink) = ws.link_velocity;
  }

  // The joints', couplings' and motors' rows: along the tree, or densely.
  maximal_joint_rows(articulation, maximal.kinematics, state.positions, ws.joint_rows);
  ws.joints_along_tree =
      elimination == JointElimination::AlongTree && eliminate_rows_on_tree(articulation, options, ws, motion);
  if (!ws.joints_along_tree) {
    CONTACTLAB_RETURN_IF_ERROR(eliminate_joint_rows(articulation, options, ws, motion));
    CONTACTLAB_RETURN_IF_ERROR(eliminate_motor_rows(articulation, ws, motion));
  }
  return eliminate_loop_rows(articulation, links, maximal.kinematics, &maximal.loop_rate, options, ws, motion);
}

void finish_maximal_step(const Articulation& articulation, const ArticulationMotionWorkspace& ws,
                         bool held_still, double time_step, ArticulationState& state) {
  MaximalState& maximal = state.maximal;
  if (held_still) {
    maximal.velocities.setZero();
    maximal.loop_rate.setZero();
  } else if (!articulation.loops.empty()) {
    loop_rows_times(ws.loop_jacobian, maximal.velocities, maximal.loop_rate);
  }
  integrate_tree_positions(articulation.free_links, maximal.velocities, time_step, maximal.positions);
  forward_kinematics(articulation.free_links, maximal.positions, maximal.kinematics);
  joint_coordinates(articulation, maximal.kinematics, maximal.positions, maximal.velocities, state.positions,
                    maximal.joint_positions, maximal.joint_velocities);
  state.positions = maximal.joint_positions;
  state.velocities = maximal.joint_velocities;
  forward_kinematics(articulation.tree, state.positions, state.kinematics);
  // The joint coordinates' loop rates, for a switch back to reduced coordinates.
  update_loop_rates(articulation, state);
}

void update_maximal_link_bodies(const Articulation& articulation, const ArticulationState& state,
                                std::vector<Vec3>& position, std::vector<Quat>& orientation,
                                std::vector<Vec3>& linear_velocity, std::vector<Vec3>& angular_velocity) {
  const MaximalState& maximal = state.maximal;
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    const int body = articulation.link_body[link];
    const Eigen::VectorXd& q = maximal.positions;
    const Vec3 spin = maximal.velocities.segment<3>(kLink * link + 3);
    const Vec3& com = maximal.kinematics.com_position[link];
    position[body] = com;
    orientation[body] = Quat(q[7 * link + 3], q[7 * link + 4], q[7 * link + 5], q[7 * link + 6]);
    linear_velocity[body] = maximal.velocities.segment<3>(kLink * link) +
                            spin.cross(com - maximal.kinematics.link_pose[link].position);
    angular_velocity[body] = spin;
  }
}

}  // namespace contactlab

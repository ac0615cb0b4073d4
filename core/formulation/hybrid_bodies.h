// The bodies of seed 004's hybrid model as one state vector for the integrator
// (dynamics/dormand_prince.h), and the contact geometry at such a state.
//
// Per dynamic free body (a slot): y = [p (3), quaternion w x y z (4), v (3), w (3)],
// world frame; its generalised velocity is u = [v, w] (6 per slot). After the slots,
// per articulation in reduced coordinates (a tree): y = [q (n), q_dot (n)], its joint
// coordinates and rates (revolute and prismatic joints, so q_dot = v), and u = [q_dot].
// A contact's row in u is seed 004's J: the relative velocity of body_b's contact point
// against body_a's along a world direction d, [.. -d, -(p - x_a) x d .. d, (p - x_b) x
// d ..] for free bodies, and for a link (d, (p - x) x d) . J_x(q), J_x its centre of
// mass's Jacobian (dynamics/articulation/tree_kinematics.h): the contact Jacobian
// through the articulation, n = d^T dp/dq.
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "base/options.h"
#include "collision/contact_point.h"
#include "dynamics/articulation/articulation_state.h"
#include "dynamics/model.h"

namespace contactlab {

constexpr int kHybridSlotState = 13;     // p, quaternion, v, w
constexpr int kHybridSlotVelocity = 6;   // v, w

// Which contact: the geoms and the narrow phase's feature (collision/contact_point.h).
struct HybridContactKey {
  int geom_a = -1;
  int geom_b = -1;
  int feature = 0;
  bool operator==(const HybridContactKey& other) const {
    return geom_a == other.geom_a && geom_b == other.geom_b && feature == other.feature;
  }
};

struct HybridContactPoint {
  HybridContactKey key;
  int pair = -1;  // index into HybridBodies::pairs
  int body_a = -1;
  int body_b = -1;
  Vec3 position = Vec3::Zero();  // world [m]
  Vec3 normal = Vec3::UnitZ();   // from a to b
  double distance = 0;           // phi [m]
};

// An articulation's block of y and u.
struct HybridTree {
  int articulation = -1;    // index into Model::articulations
  int state_offset = 0;     // q's first entry in y; q_dot follows at + size
  int velocity_offset = 0;  // q_dot's first entry in u
  int size = 0;             // n, the tree's coordinates
  // Per link, its motor's set point (q_ref, qd_ref) held through the reported step:
  // what the time-stepping step samples for its end (step/robot_commands.h).
  std::vector<double> target_position;
  std::vector<double> target_velocity;
};

// One side of a joint's position limit, a unilateral constraint like a contact:
// distance sign (q - bound) >= 0, its row sign e_j in u (frictionless).
struct HybridJointLimit {
  int tree = -1;            // index into HybridBodies::trees
  int link = -1;            // the limited joint's link
  int body = -1;            // the link's model body
  int coordinate = -1;      // q_j's index in y
  int velocity = -1;        // q_dot_j's index in u
  double sign = 1;          // +1 the lower limit, -1 the upper
  double bound = 0;         // [rad] or [m]
};

// A joint coupling (seed 002 eqs. 7-8, a URDF <mimic>): the bilateral row
// q_dot_follower - ratio q_dot_leader = 0 in u, active through every step and every
// impact. Its position form, q_follower - ratio q_leader - offset = 0, is held by
// the integrator to its tolerance from the state the step starts at (no drift
// correction: a violation at the start stays as it is).
struct HybridJointCoupling {
  int tree = -1;      // index into HybridBodies::trees
  int leader = -1;    // q_dot_leader's index in u
  int follower = -1;  // q_dot_follower's index in u
  double ratio = 1;
};

// A joint's Coulomb friction c (seed 002 eq. (14), dynamics/joint_friction.h) on a
// revolute or prismatic joint: a stick/slip mode of its own between events
// (hybrid_smooth_dynamics.h), its row e_j in u while it sticks.
struct HybridJointFriction {
  int tree = -1;       // index into HybridBodies::trees
  int link = -1;       // the joint's link
  int body = -1;       // the link's model body
  int velocity = -1;   // q_dot_j's index in u
  int rate = -1;       // q_dot_j's index in y
  double coulomb = 0;  // c [N m or N], > 0
};

// A tree's loop closures (dynamics/articulation/loop_closure.h, seed 004's "Bilateral
// Position Constraints"): h(q) = 0 with H = dh/dq, its rows H q_dot in u held between
// events and through every impact, always active (hybrid_loop_rows).
struct HybridLoopRows {
  int tree = -1;       // index into HybridBodies::trees
  int first_row = 0;   // its first row among every tree's loop rows
  int row_count = 0;   // loop_row_count of its articulation's loops
};

struct HybridBodies {
  std::vector<int> body;          // the model body of each slot
  std::vector<int> slot_of_body;  // per model body, -1 when not a slot
  std::vector<HybridTree> trees;
  std::vector<HybridJointLimit> limits;  // every finite side of a moving joint's limits
  std::vector<HybridJointCoupling> couplings;  // every coupling of every tree
  std::vector<HybridJointFriction> joint_frictions;  // every joint with c > 0
  std::vector<HybridLoopRows> loops;           // per tree with loop closures
  int loop_row_count = 0;                      // the rows of every tree's loops
  std::vector<int> tree_of_body;  // per model body, the tree of a link that moves, else -1
  // Per tree, the kinematics at the state last unpacked, and per link body the
  // Jacobian of its centre of mass and angular velocity in the tree's q_dot (6 x n).
  std::vector<TreeKinematics> tree_kinematics;
  std::vector<Eigen::Matrix<double, 6, Eigen::Dynamic>> link_jacobian;
  std::vector<std::pair<int, int>> pairs;  // geom pairs that may touch: on two bodies, one a slot
  // The pairs the broad phase lets through (hybrid_broad_phase.h), ascending; all at first.
  std::vector<int> near_pairs;
  // Per slot, the broad phase's reference pose, bounding radius and allowance [m].
  std::vector<Vec3> sweep_position;
  std::vector<Quat> sweep_orientation;
  std::vector<double> sweep_radius;
  std::vector<double> sweep_allowance;
  // Poses of every model body at the state last unpacked (static bodies keep theirs).
  std::vector<Vec3> position;
  std::vector<Quat> orientation;
  std::vector<Pose> geom_pose;
  std::vector<ContactPoint> pair_points;
  // A wrench held on one slot or one tree's link through the reported step (a drag:
  // dynamics/drag_spring.h), and a bound on the acceleration it gives any point of that
  // body [m/s^2], which the broad phase and the guards' reach add to gravity's. On a
  // link it acts on its tree as J_x(q)^T (F, tau), J_x the link's com_jacobian.
  int applied_slot = -1;
  int applied_tree = -1;  // index into trees; applied_link its link
  int applied_link = -1;
  Vec6 applied_wrench = Vec6::Zero();
  double applied_acceleration = 0;

  int slot_count() const { return static_cast<int>(body.size()); }
  int state_size() const { return state_size_; }
  int velocity_size() const { return velocity_size_; }
  int state_size_ = 0;
  int velocity_size_ = 0;
};

// Whether the body moves in y: a slot or a link of a tree that is not welded.
inline bool hybrid_body_moves(const HybridBodies& bodies, int body) {
  return bodies.slot_of_body[body] >= 0 || bodies.tree_of_body[body] >= 0;
}

// Why the model's articulations are beyond this formulation, or "" when every one is a
// tree it moves: reduced coordinates, revolute, prismatic or fixed joints, with or
// without limits, motors, joint friction (viscous and Coulomb), couplings and loop
// closures, but no prescribed motions (a driven joint's rate would be imposed on the
// smooth dynamics and through every reset map).
std::string hybrid_articulation_limit(const Model& model, const Options& options);

// (model, poses) => slots for the dynamic free bodies, trees for the articulations and
// the geom pairs (a tree's links as moving bodies, its welded links as static ones).
void make_hybrid_bodies(const Model& model, const std::vector<Vec3>& position, const std::vector<Quat>& orientation,
                        HybridBodies& bodies);

// Data's state <=> y; unpacking also poses the links' bodies (update_link_bodies) and
// sets the loops' rates (update_loop_rates).
Eigen::VectorXd pack_hybrid_state(const HybridBodies& bodies, const std::vector<Vec3>& position,
                                  const std::vector<Quat>& orientation, const std::vector<Vec3>& linear_velocity,
                                  const std::vector<Vec3>& angular_velocity,
                                  const std::vector<ArticulationState>& articulations);
void unpack_hybrid_state(const Model& model, const HybridBodies& bodies, const Eigen::VectorXd& state,
                         std::vector<Vec3>& position, std::vector<Quat>& orientation,
                         std::vector<Vec3>& linear_velocity, std::vector<Vec3>& angular_velocity,
                         std::vector<ArticulationState>& articulations);
// Each tree's set points from the articulations' states, held through the step.
void hold_hybrid_set_points(const std::vector<ArticulationState>& articulations, HybridBodies& bodies);
// A joint limit's distance sign (q - bound) at y, and its row in u.
double hybrid_limit_distance(const HybridJointLimit& limit, const Eigen::VectorXd& state);
Eigen::RowVectorXd hybrid_limit_row(const HybridBodies& bodies, const HybridJointLimit& limit);
// A joint's unit row e_j in u (its friction's while it sticks).
Eigen::RowVectorXd hybrid_joint_row(const HybridBodies& bodies, int velocity);
// A coupling's row in u: +1 at the follower, -ratio at the leader.
Eigen::RowVectorXd hybrid_coupling_row(const HybridBodies& bodies, const HybridJointCoupling& coupling);
// Every tree's loop rows at y: H(q) in u (bodies.loop_row_count rows, each tree's
// block at its q_dot) and h(q) [m, or rad for a hinge's axis rows], in the order of
// bodies.loops.
void hybrid_loop_rows(const Model& model, const HybridBodies& bodies, const Eigen::VectorXd& state,
                      Eigen::MatrixXd& rows, Eigen::VectorXd& error);
// y with u replaced.
void set_hybrid_velocity(const HybridBodies& bodies, const Eigen::VectorXd& velocity, Eigen::VectorXd& state);
// (y) => bodies.tree_kinematics, the links' poses in bodies.position and
// bodies.orientation, and their Jacobians.
void pose_hybrid_trees(const Model& model, const Eigen::VectorXd& state, HybridBodies& bodies);
// The largest speed of any point of a moving body at y [m/s]: |v| + |w| r per slot and
// per link (r the body's bounding radius).
double hybrid_point_speed(const Model& model, const HybridBodies& bodies, const Eigen::VectorXd& state);

// A slot's unit quaternion in y.
Quat hybrid_orientation(const Eigen::VectorXd& state, int slot);
// u of y.
Eigen::VectorXd hybrid_velocity(const HybridBodies& bodies, const Eigen::VectorXd& state);
// The free slots' rates in `derivative` (sized as `state`): p' = v, q' = 1/2 (0, w) q
// (dynamics/integrate.h) and (v, w)' = `acceleration`'s 6 entries per slot.
void write_hybrid_slot_rates(const HybridBodies& bodies, const Eigen::VectorXd& state,
                             const Eigen::VectorXd& acceleration, Eigen::VectorXd& derivative);
// y with its positions moved by `duration` at its velocities (quaternion exponential).
Eigen::VectorXd hybrid_drift(const HybridBodies& bodies, const Eigen::VectorXd& state, double duration);

// (y) => every contact point of the near pairs within margin, in pair then feature
// order; the poses are left in bodies.position, bodies.orientation.
void hybrid_contact_points(const Model& model, const Eigen::VectorXd& state, double margin, HybridBodies& bodies,
                           std::vector<HybridContactPoint>& points);
// The same over the listed pairs only (ascending indices into bodies.pairs).
void hybrid_pair_points(const Model& model, const Eigen::VectorXd& state, double margin,
                        const std::vector<int>& pair_list, HybridBodies& bodies,
                        std::vector<HybridContactPoint>& points);

// J's row of the point along world direction d.
Eigen::RowVectorXd hybrid_contact_row(const HybridBodies& bodies, const HybridContactPoint& point, const Vec3& direction);

}  // namespace contactlab

// An articulated body of a scene: a kinematic tree whose links are bodies of the
// model (they collide, render and appear in the output like any body), with what
// seed 002 adds to the joints: passive couplings (§2.2, eqs. 7-8), joint friction
// (eq. 14) and PD-controlled actuators (§5), and the loop closures that make closed
// kinematic chains of it (seed 004, loop_closure.h), and the joints driven through a
// prescribed motion (seed 004's bilateral velocity constraints, prescribed_motion.h).
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

#include "dynamics/articulation/kinematic_tree.h"
#include "dynamics/articulation/loop_closure.h"
#include "dynamics/articulation/prescribed_motion.h"
#include "dynamics/joint_friction.h"
#include "dynamics/pd_controller.h"

namespace contactlab {

// A follower joint kept at ratio times its leader plus an offset (the Barrett finger's
// distal joint follows the proximal one; a URDF <mimic>): the bilateral row
// q_follower - ratio q_leader - offset = 0 of seed 002 eqs. (7)-(8), with drift
// corrected by eq. (16). The offset does not enter the rates.
struct JointCoupling {
  int leader = -1;    // link index of the leading joint
  int follower = -1;  // link index of the following joint
  double ratio = 1;
  double offset = 0;  // [rad] or [m], the follower's
};

// A PD-controlled motor on one joint (seed 002 §5): its gains and torque limit
// (control/pd_controller.h), and the limits its trajectories respect. In the
// quasi-static model (seed 003) the joint is an impedance: K_p is the stiffness K of
// the zero-rest-length spring K (q_cmd - q) that pulls it to its set point, and a
// joint is actuated there when K_p > 0 (formulation/quasistatic_motion.h).
struct JointActuator {
  bool present = false;
  PdGains gains;                // K_p (the quasi-static K), K_d, tau_max
  double max_velocity = 1;      // [rad/s] or [m/s], for trajectories
  double max_acceleration = 5;  // [rad/s^2] or [m/s^2], for trajectories
  // Auto-grasp (seed 002 §6) closes the joint toward its limit on this side: +1 the
  // upper, -1 the lower, 0 not a finger joint.
  int close_direction = 0;
};

struct Articulation {
  std::string name;
  KinematicTree tree;
  std::vector<int> link_body;  // per link: its index in Model::bodies
  Eigen::VectorXd initial_positions;   // q at t = 0 (tree order)
  Eigen::VectorXd initial_velocities;  // v at t = 0
  std::vector<JointFriction> joint_friction;  // per link (its joint), seed 002 eq. (14)
  std::vector<JointActuator> actuators;       // per link (its joint)
  std::vector<JointCoupling> couplings;
  std::vector<LoopClosure> loops;
  // Joints whose rate is imposed (at most one entry per joint; such a joint has no
  // actuator, no Coulomb friction and no finite limits).
  std::vector<PrescribedMotion> prescribed;
  // Whether two links of this articulation that are not adjacent collide with each
  // other (an imported robot whose collision meshes overlap at rest turns it off).
  bool self_collision = true;
  // Maximal coordinates (maximal_joints.h): the same links, each a root on a free
  // joint, so that every link is a rigid body with its own 6 velocities.
  KinematicTree free_links;
};

// A link welded to the world: every joint from it to the root is fixed, so no
// coordinate moves it (a robot's base plate). Collision treats it as static.
inline bool link_is_welded(const Articulation& articulation, int link) {
  for (int i = link; i >= 0; i = articulation.tree.link(i).parent) {
    if (articulation.tree.link(i).joint.type != JointType::Fixed) return false;
  }
  return true;
}

// Links joined by a joint or a loop closure overlap where the joint is: they are not
// checked against each other (GraspIt! skips adjacent links too).
inline bool links_are_adjacent(const Articulation& articulation, int first, int second) {
  if (articulation.tree.link(first).parent == second || articulation.tree.link(second).parent == first) {
    return true;
  }
  for (const LoopClosure& loop : articulation.loops) {
    if ((loop.link_a == first && loop.link_b == second) || (loop.link_a == second && loop.link_b == first)) {
      return true;
    }
  }
  return false;
}

// Whether contacts between these two links are looked for: never between adjacent
// links, and between others only when the articulation has self-collision.
inline bool links_may_touch(const Articulation& articulation, int first, int second) {
  return articulation.self_collision && !links_are_adjacent(articulation, first, second);
}

}  // namespace contactlab

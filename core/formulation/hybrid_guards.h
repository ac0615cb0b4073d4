// The guards of seed 004's hybrid model ("Putting it all together") as one vector of
// functions of the state, each crossing zero from above at its event:
//   per geom pair:  the least phi_i of its inactive points (phi_i > 0 -> 0: closing);
//                   `reach` when it has none within reach;
//   per active contact:  lambda_n,i - its release force (hybrid_release_force: -f_idle
//                        against a static body, +f_idle between two moving ones;
//                        lambda_i > 0 -> 0: opening), and
//     sticking:  mu_s sum lambda_n - |sum lambda_t| over the sticking contacts of its
//                geom pair (the patch's friction reaching its cone,
//                hybrid_patch_friction), or
//     sliding, slip faster than v_b = kHybridSlowSlipSpeeds v_s:  |v_t| - v_b (the slip
//                slowing to v_b: its friction's direction is held from there; no
//                event is recorded);
//     sliding, slower (`slow`):  min(v_t . s0 - v_s, v_b - |v_t|) (the slip along its
//                held direction s0 falling to v_s, hybrid_stick_speed, or reversing:
//                slip -> stick; or its speed passing v_b again: the friction turns
//                back against the slip itself, no event recorded). A slide from rest
//                starts at -v_s and is armed once its slip along s0 passes v_s.
//   per joint limit:  its distance sign (q - bound) while inactive (closing), 1 while
//                     active; per active limit, lambda_l + f_idle (opening).
//   per joint friction (HybridJointFrictionMode): sticking, c - |lambda_j| (its torque
//                     reaching c: stick -> slip); sliding, s q_dot_j (its rate reaching
//                     zero: slip -> stick).
// A guard fires only from strictly positive to <= 0, so one that starts at 0 (a
// contact just opened, a slip just begun) is not an event until it has been positive.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "formulation/hybrid_event.h"
#include "formulation/hybrid_smooth_dynamics.h"

namespace contactlab {

// What a guard's index stands for.
struct HybridGuardMeaning {
  HybridEventKind kind = HybridEventKind::Impact;  // Impact for a pair's closing guard
  int pair = -1;                                   // closing: the geom pair
  int active = -1;                                 // otherwise: the active contact
  int limit = -1;  // a joint limit's guard: its index in HybridBodies::limits (closing
                   // when `pair` and `active` are -1 and kind is Impact, else opening)
  int joint_friction = -1;  // a joint friction's guard: its index in HybridBodies::joint_frictions
};

class HybridGuards {
 public:
  HybridGuards(const Model& model, HybridSmoothDynamics& dynamics, HybridBodies& bodies)
      : model_(model), dynamics_(dynamics), bodies_(bodies) {}

  // (y) => g(y), the pairs' guards looking `reach` [m] ahead.
  void evaluate(const Eigen::VectorXd& state, double reach, Eigen::VectorXd& guards);
  HybridGuardMeaning meaning(int index) const;

 private:
  const Model& model_;
  HybridSmoothDynamics& dynamics_;
  HybridBodies& bodies_;
  std::vector<HybridContactPoint> points_;
  std::vector<HybridContactState> contacts_;
  Eigen::VectorXd derivative_;
};

}  // namespace contactlab

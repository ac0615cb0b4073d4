// What happens at an event of seed 004's hybrid model: the impulsive reset at closing
// contacts (impact_reset_map.h) with the Zeno rule, then the choice of the active
// contacts and their modes for the smooth dynamics that follow.
//
// Touching: phi <= delta (Options::hybrid_contact_tolerance). Closing: touching with
// v_n < -kHybridRestingSpeed. At closing contacts the reset map applies, over them and
// the other touching contacts that are not separating (e = 0 there: they stay put).
// Zeno rule: when every closing contact is slower than v_z (Options::hybrid_zeno_speed),
// e = 0 at all of them, so they stay in contact: an infinite sequence of ever smaller
// bounces (a ball with e < 1 makes infinitely many before t1 + 2 e v1 / (g (1 - e)))
// ends in sustained contact, each later bounce of height <= v_z^2 / (2 g) given up.
// There every touching contact is held at zero normal speed (a bilateral row of the
// impact, impulses of either sign, no friction in that instant): a box rocking on two
// edges, whose plastic impacts at one edge lift the other, comes to rest too.
//
// Modes: every touching contact that is not separating starts active, sticking when
// its slip speed is at most v_s (HybridSettings::stick_speed) and sliding along its slip otherwise. Then, one change at a
// time, until the smooth dynamics agree with the modes: of the contacts whose lambda_n
// is below their release force (hybrid_release_force), the one with the least lets
// go; else the sticking contacts of a geom pair whose friction is outside the patch's
// cone (|sum lambda_t| > mu_s sum lambda_n, hybrid_patch_friction) slide, along
// -sum lambda_t. With no agreement after 4 (contacts + limits + 1) changes the active
// set is inconsistent (Painleve's kind of problem): reported, never looped on.
//
// Joint Coulomb friction (HybridBodies::joint_frictions): a joint whose rate is at most
// v_s starts sticking, a faster one sliding with s = sign(q_dot_j); a sticking joint
// whose torque |lambda_j| exceeds c slides along -sign(lambda_j) (after the contacts'
// changes, one joint at a time). It takes no part in an impact's map: a torque bounded
// by c gives no impulse in an instant, so the joint is free through the impact, and
// its mode is chosen from the rate the impact leaves.
//
// Joint limits (HybridBodies::limits) take part like frictionless contacts: touching
// when sign (q - bound) <= delta, closing when sign q_dot < -kHybridRestingSpeed, in the
// same reset map (e from hybrid_limit_restitution, the Zeno rule on the joint's rate in
// its own units), active while not separating, let go (first) when lambda_l < -f_idle.
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

#include "formulation/hybrid_event.h"
#include "formulation/hybrid_settings.h"
#include "formulation/hybrid_smooth_dynamics.h"

namespace contactlab {

// A joint limit's e: Options::restitution when set (>= 0), else 0 (a plastic stop).
double hybrid_limit_restitution(const Options& options);

// An event at a joint limit: body_b the limited link's body, body_a and the geoms -1,
// feature 0 at the lower limit, 1 at the upper.
HybridEvent hybrid_joint_limit_event(const HybridBodies& bodies, int limit, HybridEventKind kind, double time);

// The normal force below which an active contact lets go [N]: +f_idle
// (kHybridIdleContactForce) between two moving bodies (they move alike without it: a
// cradle's struck balls), -f_idle against a static body. A contact at rest with no load
// (lcp_wall's cart against the wall without gravity) has lambda_n = 0 up to rounding of
// either sign; it stays active instead of opening and touching again at once. A real
// pull passes -f_idle at once and opens it. Joint limits let go below -f_idle too.
double hybrid_release_force(const Model& model, const HybridBodies& bodies, const HybridContactKey& key);

enum class ImpactResolution {
  NoneClosing,  // no touching contact or limit was closing: y unchanged
  Resolved,     // the reset map applied
  Failed,       // the impact's LCP found no certified answer (`why`): y unchanged
};

// (y) => y with the impacts' velocity jumps; their events appended.
ImpactResolution resolve_impacts(const Model& model, const Options& options, const HybridSettings& settings,
                                 double time, HybridSmoothDynamics& dynamics, HybridBodies& bodies,
                                 Eigen::VectorXd& state, std::vector<HybridEvent>& events, std::string& why);

// An event of a joint's friction (stick_to_slip, slip_to_stick): body_b the joint's
// link's body, body_a and the geoms -1.
HybridEvent hybrid_joint_friction_event(const HybridBodies& bodies, int joint, HybridEventKind kind, double time);

// (y at a slip -> stick event of joint friction `joint`) => y with the joint's rate set
// to zero by the plastic map over the active rows and the joint's row e_j (the other
// rows held at rest): the residual rate is the slide's deceleration times at most the
// event's tolerance, so the impulse is of that order times the joint's inertia.
void end_joint_slip(const Model& model, int joint, HybridSmoothDynamics& dynamics, HybridBodies& bodies,
                    Eigen::VectorXd& state);

// (y at a slip -> stick event of active contact `contact`) => y with its residual
// slip set to zero by the plastic infinite-friction map over the active rows (the
// other rows held at rest): at most v_s along its held direction and below v_b
// sideways (hybrid_settings.h), an impulse of at most m_eff v_b.
void end_residual_slip(const Model& model, int contact, HybridSmoothDynamics& dynamics, HybridBodies& bodies,
                       Eigen::VectorXd& state);

// (y) => dynamics.active(): the active contacts and their modes. False (with a reason
// in `why`) when no consistent set was found.
bool select_contact_modes(const Model& model, const Options& options, const HybridSettings& settings,
                          const Eigen::VectorXd& state, HybridSmoothDynamics& dynamics, HybridBodies& bodies,
                          std::string& why);

}  // namespace contactlab

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
//
// Modes: every touching contact that is not separating starts active, sticking when
// its slip speed is at rest and sliding along its slip otherwise. Then, one change at a
// time, until the smooth dynamics agree with the modes: the contact with the most
// negative lambda_n lets go (between two moving bodies, one with lambda_n below
// kHybridIdleContactForce: bodies that move alike need no force between them); else the sticking contacts of a geom pair whose friction is
// outside the patch's cone (|sum lambda_t| > mu_s sum lambda_n, hybrid_patch_friction)
// slide, along -sum lambda_t. With no agreement after
// 4 (contacts + 1) changes the active set is inconsistent (Painleve's kind of problem):
// reported, never looped on.
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

#include "formulation/hybrid_event.h"
#include "formulation/hybrid_settings.h"
#include "formulation/hybrid_smooth_dynamics.h"

namespace contactlab {

// (y) => y with the impacts' velocity jumps; their events appended. False when no
// touching contact was closing.
bool resolve_impacts(const Model& model, const Options& options, const HybridSettings& settings, double time,
                     HybridSmoothDynamics& dynamics, HybridBodies& bodies, Eigen::VectorXd& state,
                     std::vector<HybridEvent>& events);

// (y) => dynamics.active(): the active contacts and their modes. False (with a reason
// in `why`) when no consistent set was found.
bool select_contact_modes(const Model& model, const Options& options, const HybridSettings& settings,
                          const Eigen::VectorXd& state, HybridSmoothDynamics& dynamics, HybridBodies& bodies,
                          std::string& why);

}  // namespace contactlab

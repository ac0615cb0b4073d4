#include "formulation/hybrid_transitions.h"

#include <algorithm>
#include <cmath>

#include "contact/friction_coefficient.h"
#include "contact/friction_cone.h"
#include "contact/restitution.h"

namespace contactlab {
namespace {

struct HybridTouchingContact {
  HybridContactPoint point;
  Vec3 relative_velocity = Vec3::Zero();
  double normal_velocity() const { return relative_velocity.dot(point.normal); }
};

std::vector<HybridTouchingContact> hybrid_touching_contacts(const Model& model, const HybridSettings& settings,
                                               const Eigen::VectorXd& state, HybridBodies& bodies) {
  std::vector<HybridContactPoint> points;
  hybrid_contact_points(model, state, settings.contact_tolerance, bodies, points);
  const Eigen::VectorXd velocity = hybrid_velocity(bodies, state);
  std::vector<HybridTouchingContact> touching;
  for (const HybridContactPoint& point : points) {
    touching.push_back({point, hybrid_relative_velocity(bodies, point, velocity)});
  }
  return touching;
}

// A joint limit within delta of its bound, and its rate toward it (negative closing).
struct HybridTouchingLimit {
  int limit = -1;
  double rate = 0;  // sign q_dot [rad/s or m/s]
};

std::vector<HybridTouchingLimit> hybrid_touching_limits(const HybridSettings& settings, const Eigen::VectorXd& state,
                                                        const HybridBodies& bodies) {
  std::vector<HybridTouchingLimit> touching;
  const Eigen::VectorXd velocity = hybrid_velocity(bodies, state);
  for (int l = 0; l < static_cast<int>(bodies.limits.size()); ++l) {
    const HybridJointLimit& limit = bodies.limits[l];
    if (hybrid_limit_distance(limit, state) > settings.contact_tolerance) continue;
    touching.push_back({l, limit.sign * velocity[limit.velocity]});
  }
  return touching;
}

// A frictionless row of an impact map (a joint limit's or a coupling's): only its normal
// impulse, with restitution e.
ImpactContactRows frictionless_row(const Eigen::RowVectorXd& normal, double restitution = 0) {
  ImpactContactRows row;
  row.normal = normal;
  row.tangent1 = Eigen::RowVectorXd::Zero(normal.size());
  row.tangent2 = row.tangent1;
  row.restitution = restitution;
  row.frictionless = true;
  return row;
}

// Couplings (mimic joints) and loop closures: bilateral rows that keep q_dot_follower =
// ratio q_dot_leader and H(q) q_dot+ = 0 through the impact (e = 0, the impulse of
// either sign).
void append_equality_rows(const Model& model, const HybridBodies& bodies, const Eigen::VectorXd& state,
                          std::vector<ImpactContactRows>& rows) {
  for (const HybridJointCoupling& coupling : bodies.couplings) {
    rows.push_back(frictionless_row(hybrid_coupling_row(bodies, coupling)));
    rows.back().bilateral = true;
  }
  Eigen::MatrixXd loop_rows;
  Eigen::VectorXd loop_error;
  hybrid_loop_rows(model, bodies, state, loop_rows, loop_error);
  for (Eigen::Index r = 0; r < loop_rows.rows(); ++r) {
    rows.push_back(frictionless_row(loop_rows.row(r)));
    rows.back().bilateral = true;
  }
}

}  // namespace

double hybrid_limit_restitution(const Options& options) {
  return options.restitution >= 0 ? options.restitution : 0.0;
}

HybridEvent hybrid_joint_limit_event(const HybridBodies& bodies, int limit, HybridEventKind kind, double time) {
  HybridEvent event;
  event.time = time;
  event.kind = kind;
  event.body_b = bodies.limits[limit].body;
  event.feature = bodies.limits[limit].sign > 0 ? 0 : 1;
  return event;
}

double hybrid_release_force(const Model& model, const HybridBodies& bodies, const HybridContactKey& key) {
  const bool both_move = hybrid_body_moves(bodies, model.geoms[key.geom_a].body) &&
                         hybrid_body_moves(bodies, model.geoms[key.geom_b].body);
  return both_move ? kHybridIdleContactForce : -kHybridIdleContactForce;
}

ImpactResolution resolve_impacts(const Model& model, const Options& options, const HybridSettings& settings,
                                 double time, HybridSmoothDynamics& dynamics, HybridBodies& bodies,
                                 Eigen::VectorXd& state, std::vector<HybridEvent>& events, std::string& why) {
  const std::vector<HybridTouchingContact> touching = hybrid_touching_contacts(model, settings, state, bodies);
  const std::vector<HybridTouchingLimit> touching_limits = hybrid_touching_limits(settings, state, bodies);
  double fastest = 0;
  for (const HybridTouchingContact& contact : touching) fastest = std::max(fastest, -contact.normal_velocity());
  for (const HybridTouchingLimit& limit : touching_limits) fastest = std::max(fastest, -limit.rate);
  if (!(fastest > kHybridRestingSpeed)) return ImpactResolution::NoneClosing;
  const bool zeno = fastest < settings.zeno_speed;
  std::vector<ImpactContactRows> rows;
  for (const HybridTouchingContact& contact : touching) {
    const double normal_velocity = contact.normal_velocity();
    if (normal_velocity > kHybridRestingSpeed) continue;  // separating: no impulse
    const bool closing = normal_velocity < -kHybridRestingSpeed;
    const HybridContactKey& key = contact.point.key;
    ImpactContactRows row;
    Vec3 t1, t2;
    tangent_basis(contact.point.normal, t1, t2);
    row.normal = hybrid_contact_row(bodies, contact.point, contact.point.normal);
    row.tangent1 = hybrid_contact_row(bodies, contact.point, t1);
    row.tangent2 = hybrid_contact_row(bodies, contact.point, t2);
    row.restitution = closing && !zeno ? contact_restitution(model, options, key.geom_a, key.geom_b) : 0.0;
    row.friction = contact_friction(model, options, key.geom_a, key.geom_b).static_coefficient;
    // Zeno: every touching contact held at rest along its normal (sustained contact),
    // an impulse of either sign of order m v_z; contacts that only push would let a
    // rocking box's other edge lift at each plastic impact, forever.
    row.bilateral = zeno;
    rows.push_back(row);
    if (!closing) continue;
    HybridEvent event;
    event.time = time;
    event.kind = zeno ? HybridEventKind::Zeno : HybridEventKind::Impact;
    event.body_a = contact.point.body_a;
    event.body_b = contact.point.body_b;
    event.geom_a = key.geom_a;
    event.geom_b = key.geom_b;
    event.feature = key.feature;
    event.normal_velocity = normal_velocity;
    events.push_back(event);
  }
  // Joint limits: frictionless rows with the limits' e (Newton's law on the joint rate).
  for (const HybridTouchingLimit& limit : touching_limits) {
    if (limit.rate > kHybridRestingSpeed) continue;
    const bool closing = limit.rate < -kHybridRestingSpeed;
    rows.push_back(frictionless_row(hybrid_limit_row(bodies, bodies.limits[limit.limit]),
                                    closing && !zeno ? hybrid_limit_restitution(options) : 0.0));
    if (!closing) continue;
    HybridEvent event =
        hybrid_joint_limit_event(bodies, limit.limit, zeno ? HybridEventKind::Zeno : HybridEventKind::Impact, time);
    event.normal_velocity = limit.rate;
    events.push_back(event);
  }
  append_equality_rows(model, bodies, state, rows);
  const ImpactResult result =
      impact_reset(dynamics.inverse_mass(state), rows, settings.impact_friction, hybrid_velocity(bodies, state));
  if (!result.solved) {
    why = result.failure + " at t = " + std::to_string(time) + " s";
    return ImpactResolution::Failed;
  }
  set_hybrid_velocity(bodies, result.velocity, state);
  return ImpactResolution::Resolved;
}

HybridEvent hybrid_joint_friction_event(const HybridBodies& bodies, int joint, HybridEventKind kind, double time) {
  HybridEvent event;
  event.time = time;
  event.kind = kind;
  event.body_b = bodies.joint_frictions[joint].body;
  return event;
}

namespace {

// The active rows at y for a residual map (e = 0): every sticking contact's [n; t1; t2]
// and `slipping_contact`'s (-1: none), the other sliding contacts' normals, the active
// limits, the sticking joints, the couplings and the loops, all of which are at rest
// to the integrator's tolerance, so only the residual slip changes.
std::vector<ImpactContactRows> residual_map_rows(const Model& model, int slipping_contact,
                                                 const std::vector<HybridContactState>& states,
                                                 const HybridSmoothDynamics& dynamics, const HybridBodies& bodies,
                                                 const Eigen::VectorXd& state) {
  const std::vector<HybridActiveContact>& active = dynamics.active();
  const Eigen::RowVectorXd no_tangent = Eigen::RowVectorXd::Zero(bodies.velocity_size());
  std::vector<ImpactContactRows> rows;
  for (size_t c = 0; c < active.size(); ++c) {
    if (!states[c].found) continue;
    const HybridContactPoint& point = states[c].point;
    ImpactContactRows row;
    Vec3 t1, t2;
    tangent_basis(point.normal, t1, t2);
    row.normal = hybrid_contact_row(bodies, point, point.normal);
    row.frictionless = active[c].mode == HybridContactMode::Slip && static_cast<int>(c) != slipping_contact;
    row.tangent1 = row.frictionless ? no_tangent : hybrid_contact_row(bodies, point, t1);
    row.tangent2 = row.frictionless ? no_tangent : hybrid_contact_row(bodies, point, t2);
    rows.push_back(row);
  }
  for (const int limit : dynamics.active_limits()) {
    rows.push_back(frictionless_row(hybrid_limit_row(bodies, bodies.limits[limit])));
  }
  for (size_t j = 0; j < dynamics.joint_modes().size(); ++j) {
    if (!dynamics.joint_modes()[j].sticking) continue;
    rows.push_back(frictionless_row(hybrid_joint_row(bodies, bodies.joint_frictions[j].velocity)));
  }
  append_equality_rows(model, bodies, state, rows);
  return rows;
}

}  // namespace

void end_residual_slip(const Model& model, int contact, HybridSmoothDynamics& dynamics, HybridBodies& bodies,
                       Eigen::VectorXd& state) {
  Eigen::VectorXd derivative;
  std::vector<HybridContactState> states;
  dynamics.evaluate(state, derivative, states);
  if (!states[contact].found) return;
  // The plastic, infinite-friction map (e = 0) over the active rows.
  const std::vector<ImpactContactRows> rows = residual_map_rows(model, contact, states, dynamics, bodies, state);
  const ImpactResult result =
      impact_reset(dynamics.inverse_mass(state), rows, ImpactFriction::Infinite, hybrid_velocity(bodies, state));
  set_hybrid_velocity(bodies, result.velocity, state);
}

void end_joint_slip(const Model& model, int joint, HybridSmoothDynamics& dynamics, HybridBodies& bodies,
                    Eigen::VectorXd& state) {
  Eigen::VectorXd derivative;
  std::vector<HybridContactState> states;
  dynamics.evaluate(state, derivative, states);
  // The plastic map over the active rows and the joint's own, q_dot_j+ = 0.
  std::vector<ImpactContactRows> rows = residual_map_rows(model, -1, states, dynamics, bodies, state);
  rows.push_back(frictionless_row(hybrid_joint_row(bodies, bodies.joint_frictions[joint].velocity)));
  const ImpactResult result =
      impact_reset(dynamics.inverse_mass(state), rows, ImpactFriction::Infinite, hybrid_velocity(bodies, state));
  set_hybrid_velocity(bodies, result.velocity, state);
}

bool select_contact_modes(const Model& model, const Options& options, const HybridSettings& settings,
                          const Eigen::VectorXd& state, HybridSmoothDynamics& dynamics, HybridBodies& bodies,
                          std::string& why) {
  std::vector<HybridActiveContact>& active = dynamics.active();
  active.clear();
  for (const HybridTouchingContact& contact : hybrid_touching_contacts(model, settings, state, bodies)) {
    const double normal_velocity = contact.normal_velocity();
    if (normal_velocity > kHybridRestingSpeed) continue;
    const Vec3 slip = contact.relative_velocity - normal_velocity * contact.point.normal;
    const FrictionPair friction = contact_friction(model, options, contact.point.key.geom_a, contact.point.key.geom_b);
    HybridActiveContact candidate;
    candidate.key = contact.point.key;
    candidate.pair = contact.point.pair;
    candidate.static_friction = friction.static_coefficient;
    candidate.kinetic_friction = friction.kinetic_coefficient;
    if (slip.norm() > settings.stick_speed) {
      candidate.mode = HybridContactMode::Slip;
      candidate.slip_direction = slip.normalized();
      candidate.slow = slip.norm() < kHybridSlowSlipSpeeds * settings.stick_speed;
    }
    active.push_back(candidate);
  }
  std::vector<int>& active_limits = dynamics.active_limits();
  active_limits.clear();
  for (const HybridTouchingLimit& limit : hybrid_touching_limits(settings, state, bodies)) {
    if (limit.rate <= kHybridRestingSpeed) active_limits.push_back(limit.limit);
  }
  // A joint at rest sticks; a moving one slides against its rate.
  std::vector<HybridJointFrictionMode>& joint_modes = dynamics.joint_modes();
  const Eigen::VectorXd velocity = hybrid_velocity(bodies, state);
  for (size_t j = 0; j < joint_modes.size(); ++j) {
    const double rate = velocity[bodies.joint_frictions[j].velocity];
    joint_modes[j].sticking = std::abs(rate) <= settings.stick_speed;
    joint_modes[j].direction = joint_modes[j].sticking ? 0.0 : (rate > 0 ? 1.0 : -1.0);
  }
  Eigen::VectorXd derivative;
  std::vector<HybridContactState> contacts;
  const int limit = 4 * (static_cast<int>(active.size() + active_limits.size() + joint_modes.size()) + 1);
  for (int change = 0; change < limit; ++change) {
    dynamics.evaluate(state, derivative, contacts);
    // A joint limit that pulls lets go first, the most negative.
    int pulling_limit = -1;
    for (int l = 0; l < static_cast<int>(active_limits.size()); ++l) {
      if (dynamics.limit_forces()[l] < -kHybridIdleContactForce &&
          (pulling_limit < 0 || dynamics.limit_forces()[l] < dynamics.limit_forces()[pulling_limit])) {
        pulling_limit = l;
      }
    }
    if (pulling_limit >= 0) {
      active_limits.erase(active_limits.begin() + pulling_limit);
      continue;
    }
    // Lets go: a pulling contact, or one between two moving bodies that carries no
    // force (hybrid_release_force).
    int pulling = -1;
    for (int c = 0; c < static_cast<int>(active.size()); ++c) {
      if (contacts[c].normal_force < hybrid_release_force(model, bodies, active[c].key) &&
          (pulling < 0 || contacts[c].normal_force < contacts[pulling].normal_force)) {
        pulling = c;
      }
    }
    if (pulling >= 0) {
      active.erase(active.begin() + pulling);
      continue;
    }
    int outside_cone = -1;
    HybridPatchFriction patch;
    for (int c = 0; c < static_cast<int>(active.size()) && outside_cone < 0; ++c) {
      if (active[c].mode != HybridContactMode::Stick) continue;
      patch = hybrid_patch_friction(active, contacts, c);
      if (patch.margin < -1e-12 * patch.friction.norm()) outside_cone = c;
    }
    if (outside_cone < 0) {
      // A sticking joint whose torque exceeds c slides against it, the most loaded first.
      int slipping_joint = -1;
      double most = 1 + 1e-12;
      for (size_t j = 0; j < joint_modes.size(); ++j) {
        const double load = std::abs(dynamics.joint_friction_torques()[j]) / bodies.joint_frictions[j].coulomb;
        if (joint_modes[j].sticking && load > most) {
          slipping_joint = static_cast<int>(j);
          most = load;
        }
      }
      if (slipping_joint < 0) return true;
      joint_modes[slipping_joint].sticking = false;
      joint_modes[slipping_joint].direction = dynamics.joint_friction_torques()[slipping_joint] > 0 ? -1.0 : 1.0;
      continue;
    }
    // The whole patch slides, against its friction.
    const HybridContactKey key = active[outside_cone].key;
    for (HybridActiveContact& contact : active) {
      if (contact.mode != HybridContactMode::Stick || contact.key.geom_a != key.geom_a ||
          contact.key.geom_b != key.geom_b) {
        continue;
      }
      contact.mode = HybridContactMode::Slip;
      contact.slip_direction = -patch.friction.normalized();
      contact.slow = true;
    }
  }
  why = "no consistent active set of " + std::to_string(active.size()) + " contacts, " +
        std::to_string(active_limits.size()) + " joint limits and " + std::to_string(joint_modes.size()) +
        " joints with Coulomb friction after " + std::to_string(limit) + " changes";
  return false;
}

}  // namespace contactlab

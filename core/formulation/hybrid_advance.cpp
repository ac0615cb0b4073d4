#include "formulation/hybrid_advance.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include <Eigen/Eigenvalues>

#include "contact/anisotropic_friction.h"
#include "contact/torsional_friction.h"
#include "dynamics/dormand_prince.h"
#include "dynamics/guard_root.h"
#include "dynamics/rigid_body.h"
#include "formulation/hybrid_broad_phase.h"
#include "formulation/hybrid_guards.h"
#include "formulation/hybrid_transitions.h"

namespace contactlab {
namespace {

// How far any surface may move in `duration` at the state's speeds under gravity and
// the applied wrench [m],
// plus delta: the closing guards look this far.
double hybrid_reach(const Model& model, const Options& options, const HybridBodies& bodies,
                    const Eigen::VectorXd& state, double duration, double contact_tolerance) {
  const double speed = hybrid_point_speed(model, bodies, state);
  const double acceleration = options.gravity.norm() + bodies.applied_acceleration;
  return contact_tolerance + 2 * (speed * duration + 0.5 * acceleration * duration * duration) + 1e-3;
}

void report_hybrid_contacts(const HybridSmoothDynamics& dynamics, const std::vector<HybridContactState>& states,
                     std::vector<HybridContactReport>& reports) {
  reports.clear();
  for (size_t c = 0; c < states.size(); ++c) {
    if (!states[c].found) continue;
    const HybridActiveContact& active = dynamics.active()[c];
    HybridContactReport report;
    report.point = states[c].point;
    report.mode = active.mode;
    report.normal_force = states[c].normal_force;
    report.friction_force = states[c].friction_force;
    report.friction_coefficient =
        active.mode == HybridContactMode::Stick ? active.static_friction : active.kinetic_friction;
    report.normal_velocity = states[c].normal_velocity;
    report.tangential_velocity = states[c].tangential_velocity;
    reports.push_back(report);
  }
}

// The first sustained contact between two free bodies or two links, as "A and B", or
// "" when every active contact has a static side or is between an articulation's link
// and a free body (a robot pushing or holding an object: the link's rows run through
// its tree's Jacobian, the body's through its own 6 coordinates). Stacks and piles keep
// such contacts coupled, and their modes chatter through thousands of events a step,
// so this formulation stops there instead (docs/hybrid.md, "Where it applies").
std::string hybrid_moving_pair_in_contact(const Model& model, const HybridBodies& bodies,
                                          const HybridSmoothDynamics& dynamics) {
  for (const HybridActiveContact& contact : dynamics.active()) {
    const int a = model.geoms[contact.key.geom_a].body, b = model.geoms[contact.key.geom_b].body;
    if (!hybrid_body_moves(bodies, a) || !hybrid_body_moves(bodies, b)) continue;
    const bool link_and_free_body = (bodies.tree_of_body[a] >= 0) != (bodies.tree_of_body[b] >= 0);
    if (!link_and_free_body) return model.bodies[a].name + " and " + model.bodies[b].name;
  }
  return "";
}

// The applied wrench on its slot or link, and its bound: |F| / m + |tau| / I_min times
// the body's radius (a link's joints and the links it carries only slow its own
// point's response, seed 004's constrained M^-1).
void hold_applied_wrench(const Model& model, const BodyWrench& applied, HybridBodies& bodies) {
  if (applied.body < 0) return;
  if (bodies.slot_of_body[applied.body] >= 0) {
    bodies.applied_slot = bodies.slot_of_body[applied.body];
  } else if (bodies.tree_of_body[applied.body] >= 0) {
    const int tree = bodies.tree_of_body[applied.body];
    const std::vector<int>& link_body = model.articulations[bodies.trees[tree].articulation].link_body;
    bodies.applied_tree = tree;
    bodies.applied_link =
        static_cast<int>(std::find(link_body.begin(), link_body.end(), applied.body) - link_body.begin());
  } else {
    return;  // a static body or a welded link
  }
  const Body& body = model.bodies[applied.body];
  bodies.applied_wrench = applied.wrench;
  const double smallest_inertia =
      Eigen::SelfAdjointEigenSolver<Mat3>(body.inertia, Eigen::EigenvaluesOnly).eigenvalues().minCoeff();
  bodies.applied_acceleration = applied.wrench.head<3>().norm() / body.mass +
                                applied.wrench.tail<3>().norm() / smallest_inertia * bounding_radius(model, body);
}

void report_hybrid_limits(const HybridBodies& bodies, const HybridSmoothDynamics& dynamics,
                          std::vector<HybridLimitReport>& reports) {
  reports.clear();
  for (size_t l = 0; l < dynamics.active_limits().size(); ++l) {
    const HybridJointLimit& limit = bodies.limits[dynamics.active_limits()[l]];
    HybridLimitReport report;
    report.articulation = bodies.trees[limit.tree].articulation;
    report.link = limit.link;
    report.sign = limit.sign;
    report.force = dynamics.limit_forces()[l];
    reports.push_back(report);
  }
}

void report_hybrid_joint_frictions(const HybridBodies& bodies, const HybridSmoothDynamics& dynamics,
                                   std::vector<HybridJointFrictionReport>& reports) {
  reports.clear();
  for (size_t j = 0; j < bodies.joint_frictions.size(); ++j) {
    const HybridJointFriction& friction = bodies.joint_frictions[j];
    reports.push_back({bodies.trees[friction.tree].articulation, friction.link, dynamics.joint_modes()[j].sticking,
                       dynamics.joint_friction_torques()[j]});
  }
}

// Each motor's torque at y, as the time-stepping step reports what its motors applied.
void record_motor_efforts(const Model& model, const HybridBodies& bodies, const Eigen::VectorXd& state,
                          std::vector<ArticulationState>& articulations) {
  for (const HybridTree& tree : bodies.trees) {
    ArticulationState& articulation = articulations[tree.articulation];
    hybrid_joint_torques(model.articulations[tree.articulation], tree, state.segment(tree.state_offset, tree.size),
                         state.segment(tree.state_offset + tree.size, tree.size), &articulation.motor_effort);
  }
}

}  // namespace

HybridStepResult advance_hybrid(const Model& model, const Options& options, double time, std::vector<Vec3>& position,
                                std::vector<Quat>& orientation, std::vector<Vec3>& linear_velocity,
                                std::vector<Vec3>& angular_velocity, std::vector<ArticulationState>& articulations,
                                const BodyWrench& applied) {
  if (const std::string limit = hybrid_articulation_limit(model, options); !limit.empty()) {
    return unsupported_step(time, limit + ": the event-driven formulation moves free bodies and trees in reduced "
                                          "coordinates (with motors, joint friction, joint limits, couplings and "
                                          "loop closures) only");
  }
  if (has_anisotropic_friction(model, options)) {
    return unsupported_step(time, "the scene has anisotropic friction; the event-driven formulation poses "
                                  "isotropic Coulomb friction only");
  }
  if (has_torsional_friction(model, options)) {
    return unsupported_step(time, "the scene has torsional friction (mu_t > 0); the event-driven formulation's "
                                  "contacts are points, with no moment about the normal");
  }
  HybridStepResult result;
  result.reached = time;
  const HybridSettings settings = hybrid_settings(options);
  HybridBodies bodies;
  make_hybrid_bodies(model, position, orientation, bodies);
  hold_hybrid_set_points(articulations, bodies);
  hold_applied_wrench(model, applied, bodies);
  HybridSmoothDynamics dynamics(model, options, bodies);
  HybridGuards guards(model, dynamics, bodies);
  Eigen::VectorXd state = pack_hybrid_state(bodies, position, orientation, linear_velocity, angular_velocity, articulations);
  const double end = time + options.time_step;
  double now = time;
  const OdeRightHandSide rate = [&](double, const Eigen::VectorXd& y, Eigen::VectorXd& dy) {
    std::vector<HybridContactState> unused;
    dynamics.evaluate(y, dy, unused);
  };
  auto finish = [&](HybridOutcome outcome, std::string detail) {
    result.outcome = outcome;
    result.detail = std::move(detail);
    result.reached = now;
    unpack_hybrid_state(model, bodies, state, position, orientation, linear_velocity, angular_velocity,
                        articulations);
    Eigen::VectorXd derivative;
    std::vector<HybridContactState> states;
    dynamics.evaluate(state, derivative, states);
    report_hybrid_contacts(dynamics, states, result.contacts);
    report_hybrid_limits(bodies, dynamics, result.limits);
    report_hybrid_joint_frictions(bodies, dynamics, result.joint_frictions);
    record_motor_efforts(model, bodies, state, articulations);
    return result;
  };
  // (y at an event) => impacts, then the modes; false when no consistent set exists.
  // The broad phase is swept again after the impacts, at their new velocities.
  std::string why;
  const double sweep_margin = settings.contact_tolerance + kHybridSweepMargin;
  auto transition = [&]() {
    if (resolve_impacts(model, options, settings, now, dynamics, bodies, state, result.events, why) ==
        ImpactResolution::Failed) {
      return HybridOutcome::ImpactFailed;
    }
    sweep_hybrid_pairs(model, options, state, end - now, sweep_margin, bodies);
    return select_contact_modes(model, options, settings, state, dynamics, bodies, why)
               ? HybridOutcome::Completed
               : HybridOutcome::InconsistentContacts;
  };
  const std::string moving_pair_note =
      ": sustained contact between two free bodies (a stack or a pile) or two links is beyond this "
      "event-driven formulation, which moves free bodies and links against static bodies and links against "
      "free bodies; held still from t = ";
  sweep_hybrid_pairs(model, options, state, end - now, sweep_margin, bodies);
  if (const HybridOutcome outcome = transition(); outcome != HybridOutcome::Completed) return finish(outcome, why);
  if (const std::string pair = hybrid_moving_pair_in_contact(model, bodies, dynamics); !pair.empty()) {
    return finish(HybridOutcome::Unsupported, pair + moving_pair_note + std::to_string(now) + " s");
  }

  double reach = hybrid_reach(model, options, bodies, state, end - now, settings.contact_tolerance);
  Eigen::VectorXd guard_now, guard_next, derivative;
  guards.evaluate(state, reach, guard_now);
  rate(now, state, derivative);
  double trial = end - now;
  DormandPrinceStep step;
  double reselected_at = -1;
  // After an event: the modes, then the guards and the rate at the new state; false
  // (with `result` finished) when the step ends there.
  auto restart_after_event = [&]() {
    if (const HybridOutcome outcome = transition(); outcome != HybridOutcome::Completed) {
      finish(outcome, why);
      return false;
    }
    if (const std::string pair = hybrid_moving_pair_in_contact(model, bodies, dynamics); !pair.empty()) {
      finish(HybridOutcome::Unsupported, pair + moving_pair_note + std::to_string(now) + " s");
      return false;
    }
    reach = hybrid_reach(model, options, bodies, state, end - now, settings.contact_tolerance);
    guards.evaluate(state, reach, guard_now);
    rate(now, state, derivative);
    trial = std::max(trial, settings.event_tolerance);
    return true;
  };
  while (now < end) {
    if (static_cast<int>(result.events.size()) >= settings.max_events) {
      return finish(HybridOutcome::EventLimit, std::to_string(result.events.size()) +
                                                   " events in one step (hybrid_max_events); stopped at t = " +
                                                   std::to_string(now) + " s");
    }
    if (result.integrator_steps >= kHybridMaxIntegratorSteps || dynamics.work() >= kHybridWorkBudget) {
      return finish(HybridOutcome::IntegratorLimit,
                    std::to_string(result.integrator_steps) + " integrator steps and " +
                        std::to_string(dynamics.work()) + " units of work in one reported step, past the budget of " +
                        std::to_string(kHybridMaxIntegratorSteps) + " steps or " + std::to_string(kHybridWorkBudget) +
                        " units; stopped at t = " + std::to_string(now) + " s");
    }
    ++result.integrator_steps;
    if (!dormand_prince_step(rate, now, state, derivative, end - now, kHybridMinStepSize, settings.tolerances, trial,
                             step)) {
      // A jump of the smooth dynamics no guard names: the active set is chosen again
      // here, once per instant; a second failure at the same instant is the step's end.
      if (reselected_at == now) {
        return finish(HybridOutcome::IntegratorFailed, "the integrator's step fell below " +
                                                           std::to_string(kHybridMinStepSize) + " s at t = " +
                                                           std::to_string(now) + " s");
      }
      reselected_at = now;
      HybridEvent event;
      event.time = now;
      event.kind = HybridEventKind::Reselect;
      result.events.push_back(event);
      if (!restart_after_event()) return result;
      continue;
    }
    guards.evaluate(step.end_state, reach, guard_next);
    // The earliest guard that crossed zero in this step, located on the dense output.
    int first = -1;
    GuardBracket earliest;
    for (Eigen::Index g = 0; g < guard_next.size(); ++g) {
      if (!(guard_now[g] > 0 && guard_next[g] <= 0)) continue;
      Eigen::VectorXd probe_state, probe_guards;
      const std::function<double(double)> guard_at = [&](double t) {
        step.interpolate(t, probe_state);
        guards.evaluate(probe_state, reach, probe_guards);
        return probe_guards[g];
      };
      const GuardBracket bracket = locate_guard_root(guard_at, now, guard_now[g], step.end_time(), guard_next[g],
                                                     settings.event_tolerance);
      result.guard_evaluations += bracket.evaluations;
      if (first < 0 || bracket.after < earliest.after) {
        first = static_cast<int>(g);
        earliest = bracket;
      }
    }
    if (first < 0) {
      now = step.end_time() < end ? step.end_time() : end;
      state = step.end_state;
      derivative = step.end_derivative;
      guard_now = guard_next;
      if (hybrid_sweep_exceeded(bodies, state)) {
        sweep_hybrid_pairs(model, options, state, end - now, sweep_margin, bodies);
        guards.evaluate(state, reach, guard_now);
      }
      continue;
    }
    // The event. An active contact's guard: the state just past the crossing, so that
    // the modes see it crossed (lambda_n <= 0, ...). A closing guard: just before it, phi
    // > 0 by at most the tolerance's travel, so that the contact's guard is armed again
    // after a bounce and the next closing is not lost within one long free-flight step.
    const HybridGuardMeaning meaning = guards.meaning(first);
    // A sliding contact's second guard: its slip slowing to v_b or leaving it again
    // (its friction's direction held or freed; no event), or slip -> stick.
    if (meaning.joint_friction >= 0) {
      // A joint's friction: stick -> slip (its modes chosen again below), or slip ->
      // stick with its residual rate ended.
      now = earliest.after;
      step.interpolate(now, state);
      if (meaning.kind == HybridEventKind::SlipToStick) {
        end_joint_slip(model, meaning.joint_friction, dynamics, bodies, state);
      }
      result.events.push_back(hybrid_joint_friction_event(bodies, meaning.joint_friction, meaning.kind, now));
      if (!restart_after_event()) return result;
      continue;
    }
    if (meaning.kind == HybridEventKind::SlipToStick) {
      std::vector<HybridContactState> states;
      Eigen::VectorXd probe_derivative, probe_state;
      step.interpolate(earliest.after, probe_state);
      dynamics.evaluate(probe_state, probe_derivative, states);
      HybridActiveContact& contact = dynamics.active()[meaning.active];
      const Vec3& slip = states[meaning.active].tangential_velocity;
      const double held_margin = slip.dot(contact.slip_direction) - dynamics.stick_speed();
      if (!contact.slow || dynamics.slow_slip_speed() - slip.norm() < held_margin) {
        now = earliest.after;
        state = probe_state;
        contact.slow = !contact.slow;
        if (contact.slow && slip.norm() > 0) contact.slip_direction = slip.normalized();
        guards.evaluate(state, reach, guard_now);
        rate(now, state, derivative);
        continue;
      }
    }
    // A closing guard that finds nothing closing (a touch at rest speed): the state just
    // past the crossing instead, where the guard is <= 0, so that a contact let go at
    // once (its lambda_n pulling while its rate is a rounding's closing) is not armed
    // until it has been positive, instead of touching again at the same instant.
    auto touch_past_the_crossing = [&](const GuardBracket& bracket) {
      now = bracket.after;
      step.interpolate(now, state);
    };
    const bool closing = meaning.pair >= 0 || (meaning.limit >= 0 && meaning.kind == HybridEventKind::Impact);
    now = closing ? earliest.before : earliest.after;
    step.interpolate(now, state);
    if (meaning.limit >= 0 && !closing) {
      result.events.push_back(hybrid_joint_limit_event(bodies, meaning.limit, HybridEventKind::Open, now));
    } else if (meaning.limit >= 0) {
      const size_t before = result.events.size();
      const ImpactResolution impact =
          resolve_impacts(model, options, settings, now, dynamics, bodies, state, result.events, why);
      if (impact == ImpactResolution::Failed) return finish(HybridOutcome::ImpactFailed, why);
      if (impact == ImpactResolution::NoneClosing && result.events.size() == before) {
        touch_past_the_crossing(earliest);
        result.events.push_back(hybrid_joint_limit_event(bodies, meaning.limit, HybridEventKind::Touch, now));
      }
    } else if (meaning.pair < 0) {
      if (meaning.kind == HybridEventKind::SlipToStick) {
        end_residual_slip(model, meaning.active, dynamics, bodies, state);
      }
      const HybridActiveContact& contact = dynamics.active()[meaning.active];
      HybridEvent event;
      event.time = now;
      event.kind = meaning.kind;
      event.geom_a = contact.key.geom_a;
      event.geom_b = contact.key.geom_b;
      event.feature = contact.key.feature;
      event.body_a = model.geoms[event.geom_a].body;
      event.body_b = model.geoms[event.geom_b].body;
      result.events.push_back(event);
    } else {
      const size_t before = result.events.size();
      const ImpactResolution impact =
          resolve_impacts(model, options, settings, now, dynamics, bodies, state, result.events, why);
      if (impact == ImpactResolution::Failed) return finish(HybridOutcome::ImpactFailed, why);
      if (impact == ImpactResolution::NoneClosing && result.events.size() == before) {
        touch_past_the_crossing(earliest);
        HybridEvent event;
        event.time = now;
        event.kind = HybridEventKind::Touch;
        event.geom_a = bodies.pairs[meaning.pair].first;
        event.geom_b = bodies.pairs[meaning.pair].second;
        event.body_a = model.geoms[event.geom_a].body;
        event.body_b = model.geoms[event.geom_b].body;
        result.events.push_back(event);
      }
    }
    if (!restart_after_event()) return result;
  }
  return finish(HybridOutcome::Completed, "");
}

}  // namespace contactlab

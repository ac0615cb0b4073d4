#include "step/event_driven_step.h"

#include "dynamics/drag_spring.h"

namespace contactlab {
namespace {

ContactRecord record_of_hybrid_contact(const Model& model, const HybridContactReport& report) {
  ContactRecord record;
  record.geom_a = report.point.key.geom_a;
  record.geom_b = report.point.key.geom_b;
  record.body_a = model.geoms[record.geom_a].body;
  record.body_b = model.geoms[record.geom_b].body;
  record.position = report.point.position;
  record.normal = report.point.normal;
  record.distance = report.point.distance;
  record.normal_force = report.normal_force;
  record.friction_force = report.friction_force;
  record.friction_coefficient = report.friction_coefficient;
  record.slip_speed = report.tangential_velocity.norm();
  record.normal_velocity = report.normal_velocity;
  record.tangential_velocity = report.tangential_velocity;
  record.mode = report.mode == HybridContactMode::Stick ? ContactMode::Sticking : ContactMode::Sliding;
  return record;
}

// An early end as the step's status and fallback, with the formulation's account.
void note_hybrid_outcome(const HybridStepResult& result, SolverStats& stats) {
  if (result.outcome == HybridOutcome::Completed) return;
  FallbackReason reason = FallbackReason::HybridUnsupported;
  SolverStatus status = SolverStatus::Unsupported;
  switch (result.outcome) {
    case HybridOutcome::EventLimit:
      reason = FallbackReason::HybridEventLimit;
      status = SolverStatus::EventLimit;
      break;
    case HybridOutcome::IntegratorFailed:
      reason = FallbackReason::HybridIntegratorFailed;
      status = SolverStatus::NumericalFailure;
      break;
    case HybridOutcome::IntegratorLimit:
      reason = FallbackReason::HybridIntegratorLimit;
      status = SolverStatus::IntegratorLimit;
      break;
    case HybridOutcome::InconsistentContacts: reason = FallbackReason::HybridInconsistent; break;
    case HybridOutcome::ImpactFailed:
      reason = FallbackReason::HybridImpactFailed;
      status = SolverStatus::NumericalFailure;
      break;
    case HybridOutcome::Unsupported:
    case HybridOutcome::Completed: break;
  }
  SolverFallback fallback{reason};
  fallback.detail = result.detail;
  stats.status = status;
  stats.fallbacks.push_back(fallback);
}

}  // namespace

void advance_event_driven_step(const Model& model, const Options& options, ContactFormulation& formulation,
                               Data& data) {
  // (q, v at t, the drag's wrench at t held through the step) => events, active
  // contacts, (q, v at t + h or where the step stopped)
  BodyWrench drag;
  if (data.drag.body >= 0) {
    const int b = data.drag.body;
    drag.body = b;
    drag.wrench = drag_wrench(data.drag, options, data.position[b], data.orientation[b], data.linear_velocity[b],
                              data.angular_velocity[b]);
  }
  const HybridStepResult result = formulation.advance_events(model, options, data.time, data.position,
                                                             data.orientation, data.linear_velocity,
                                                             data.angular_velocity, data.articulations, drag);
  data.events = result.events;
  data.contacts.clear();
  for (const HybridContactReport& report : result.contacts) {
    data.contacts.push_back(record_of_hybrid_contact(model, report));
  }
  data.limits.clear();
  for (const HybridLimitReport& limit : result.limits) {
    data.limits.push_back({limit.articulation, limit.link, limit.sign, limit.force});
  }
  data.joint_frictions.clear();
  for (const HybridJointFrictionReport& friction : result.joint_frictions) {
    data.joint_frictions.push_back({friction.articulation, friction.link, friction.sticking, friction.torque});
  }
  SolverStats& stats = data.solver;
  stats.status = data.contacts.empty() && data.events.empty() ? SolverStatus::NoContacts : SolverStatus::Solved;
  stats.events = static_cast<int>(result.events.size());
  stats.iterations = result.integrator_steps;
  note_hybrid_outcome(result, stats);
  data.time += options.time_step;
}

}  // namespace contactlab

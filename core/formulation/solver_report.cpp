#include "formulation/solver_report.h"

#include <utility>

#include "base/number_text.h"
#include "formulation/convex_newton.h"
#include "formulation/island_size.h"
#include "formulation/soft_newton.h"

namespace contactlab {
namespace {

// "Lemke: ray termination (12 pivots)"
std::string lemke_outcome(const SolverFallback& fallback) {
  return std::string("Lemke: ") + lcp_status_name(fallback.lemke) + " (" +
         std::to_string(fallback.pivots) + " pivots)";
}

// "the interior-point method: primal infeasible (...)"
std::string interior_point_outcome(const SolverFallback& fallback) {
  return std::string("the interior-point method: ") + conic_status_name(fallback.interior_point) +
         " (" + fallback.detail + ")";
}

// "ray termination: ray termination after 12 pivots"
std::string lemke_account(const SolverFallback& fallback) {
  return std::string(lcp_status_name(fallback.lemke)) + ": " + fallback.detail;
}

}  // namespace

const char* solver_status_name(SolverStatus status) {
  switch (status) {
    case SolverStatus::NoContacts: return "no contacts";
    case SolverStatus::Solved: return "solved";
    case SolverStatus::RayTermination: return "ray termination";
    case SolverStatus::PivotLimit: return "pivot limit";
    case SolverStatus::Cycling: return "cycling";
    case SolverStatus::NumericalFailure: return "numerical failure";
    case SolverStatus::InvalidInput: return "invalid input";
    case SolverStatus::Diverged: return "diverged";
    case SolverStatus::TooLarge: return "too large";
    case SolverStatus::EventLimit: return "event limit";
    case SolverStatus::IntegratorLimit: return "integrator limit";
    case SolverStatus::Unsupported: return "unsupported";
    case SolverStatus::Infeasible: return "infeasible";
  }
  return "unknown";
}

SolverStatus solver_status_of(LcpStatus status) {
  switch (status) {
    case LcpStatus::Solved: return SolverStatus::Solved;
    case LcpStatus::RayTermination: return SolverStatus::RayTermination;
    case LcpStatus::PivotLimit: return SolverStatus::PivotLimit;
    case LcpStatus::Cycling: return SolverStatus::Cycling;
    case LcpStatus::NumericalFailure: return SolverStatus::NumericalFailure;
    case LcpStatus::InvalidInput: return SolverStatus::InvalidInput;
  }
  return SolverStatus::NumericalFailure;
}

const char* fallback_name(FallbackReason reason) {
  switch (reason) {
    case FallbackReason::ArticulationHeldStill: return "articulation held still";
    case FallbackReason::LcpRowsNotFinite: return "non-finite rows: held still";
    case FallbackReason::LcpRegularised: return "regularised";
    case FallbackReason::LcpWithoutFriction: return "without friction";
    case FallbackReason::LcpHeldStill: return "held still";
    case FallbackReason::EdgeRowsNotFinite: return "non-finite rows: held still";
    case FallbackReason::EdgeLemkeRegularised: return "regularised";
    case FallbackReason::EdgeInteriorPoint: return "interior point";
    case FallbackReason::EdgeWithoutFriction: return "without friction";
    case FallbackReason::EdgeHeldStill: return "held still";
    case FallbackReason::EllipticToPyramid: return "pyramidal cone";
    case FallbackReason::CompliantLimitsUnsolved: return "limits not enforced";
    case FallbackReason::CompliantStateNotFinite: return "non-finite state: held still";
    case FallbackReason::CompliantVelocityNotFinite: return "non-finite velocity: held still";
    case FallbackReason::StepDiverged: return "diverged: step undone";
    case FallbackReason::EnergyJump: return "energy jump";
    case FallbackReason::SoftNewtonHeldStill: return "newton failed: held still";
    case FallbackReason::EllipticNewtonToPyramid: return "pyramidal cone";
    case FallbackReason::ConvexNewtonHeldStill: return "newton failed: held still";
    case FallbackReason::IslandTooLarge: return "too large: held still";
    case FallbackReason::HybridEventLimit: return "event limit: step cut short";
    case FallbackReason::HybridIntegratorFailed: return "integrator failed: step cut short";
    case FallbackReason::HybridIntegratorLimit: return "integrator limit: step cut short";
    case FallbackReason::HybridInconsistent: return "inconsistent contacts: step cut short";
    case FallbackReason::HybridImpactFailed: return "impact failed: step cut short";
    case FallbackReason::HybridUnsupported: return "unsupported: held still";
    case FallbackReason::QuasistaticInfeasible: return "infeasible: held still";
    case FallbackReason::QuasistaticPureUnsupported: return "unsupported: held still";
  }
  return "unknown";
}

std::string fallback_message(const SolverFallback& fallback) {
  switch (fallback.reason) {
    case FallbackReason::ArticulationHeldStill:
      return fallback.detail + " (held still this step)";
    case FallbackReason::LcpRowsNotFinite:
      return "the contact rows hold a non-finite number (island held still this step)";
    case FallbackReason::LcpRegularised:
      return fallback.detail;
    case FallbackReason::LcpWithoutFriction:
      return lemke_account(fallback) + " (this step's island solved without friction)";
    case FallbackReason::LcpHeldStill:
      return lemke_account(fallback) + " (island held still this step)";
    case FallbackReason::EdgeRowsNotFinite:
      return "the contact rows or their offsets hold a non-finite number (island held still "
             "this step)";
    case FallbackReason::EdgeLemkeRegularised:
      return "Lemke: " + fallback.detail;
    case FallbackReason::EdgeInteriorPoint:
      return lemke_outcome(fallback) + "; solved by the interior-point method instead";
    case FallbackReason::EdgeWithoutFriction:
      return lemke_outcome(fallback) + "; " + interior_point_outcome(fallback) +
             " (this step's island solved without friction)";
    case FallbackReason::EdgeHeldStill:
      return lemke_outcome(fallback) + "; " + interior_point_outcome(fallback) +
             " (island held still this step)";
    case FallbackReason::EllipticToPyramid:
      return interior_point_outcome(fallback) + "; solved with the pyramidal cone instead";
    case FallbackReason::CompliantLimitsUnsolved:
      return "compliant: the joint-limit rows have no answer (" + fallback.detail +
             "); limits not enforced this substep";
    case FallbackReason::CompliantStateNotFinite:
      return "compliant: a contact's state, its force or v_free is not finite (island held "
             "still this substep)";
    case FallbackReason::CompliantVelocityNotFinite:
      return "compliant: v^{l+1} is not finite (island held still this substep)";
    case FallbackReason::StepDiverged:
      return "diverged: " + fallback.detail + " (step undone, bodies stopped)";
    case FallbackReason::EnergyJump:
      return "diverged: " + fallback.detail;
    case FallbackReason::SoftNewtonHeldStill:
      return "soft: Newton's method did not converge in " + std::to_string(kSoftNewtonIterations) +
             " iterations or met a non-finite number (island held still this step)";
    case FallbackReason::EllipticNewtonToPyramid:
      return "soft: Newton's method with the elliptic cone did not converge in " +
             std::to_string(kSoftNewtonIterations) +
             " iterations or met a non-finite number; solved with the pyramidal cone instead";
    case FallbackReason::ConvexNewtonHeldStill:
      return "convex: the method of multipliers did not bring its KKT residual under " +
             describe_number(kConvexNewtonTolerance) + " m/s in " + std::to_string(kConvexNewtonRounds) +
             " rounds or met a non-finite number (island held still this step)";
    case FallbackReason::IslandTooLarge:
      return "the island's problem has " + std::to_string(fallback.problem_size) +
             " unknowns, more than the cap of " + std::to_string(fallback.size_cap) +
             " (island held still this step)";
    case FallbackReason::HybridEventLimit:
    case FallbackReason::HybridIntegratorFailed:
    case FallbackReason::HybridIntegratorLimit:
    case FallbackReason::HybridInconsistent:
    case FallbackReason::HybridImpactFailed:
      return "hybrid: " + fallback.detail + " (the rest of this step not simulated)";
    case FallbackReason::HybridUnsupported:
      return "hybrid: " + fallback.detail + " (held still)";
    case FallbackReason::QuasistaticInfeasible:
      return "quasistatic, pure: no contact forces within the friction cones balance the island's "
             "forces (" + lemke_outcome(fallback) + ") (island held still this step)";
    case FallbackReason::QuasistaticPureUnsupported:
      return "quasistatic, pure: " + fallback.detail + " (island held still this step)";
  }
  return fallback.detail;
}

std::string fallback_message(const std::vector<SolverFallback>& fallbacks) {
  std::string message;
  for (const SolverFallback& fallback : fallbacks) {
    if (!message.empty()) message += "; ";
    message += fallback_message(fallback);
  }
  return message;
}

void IslandSolveReport::reset() {
  status = SolverStatus::Solved;
  fallbacks.clear();
  problem_size = 0;
  pivots = 0;
  iterations = 0;
  warm_start_used = false;
}

void IslandSolveReport::fall_back(SolverStatus failure, SolverFallback fallback) {
  if (failure != SolverStatus::Solved) status = failure;
  fallbacks.push_back(std::move(fallback));
}

}  // namespace contactlab

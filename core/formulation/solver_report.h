// How a contact solve went: a status, and each fallback the solve took as data (why,
// and the numbers that go with it). Words are made from them only at the output
// (solver_status_name, fallback_message): the CLI's CSV and summary, the page.
//
// A fallback's `detail` carries the account the failed lower solver gave in its own
// words (LcpSolution::message of lcp/, ConicSolution::message of conic/, an
// articulation's failed factorisation): those layers report in text, and it is passed
// on verbatim.
#pragma once

#include <string>
#include <vector>

#include "conic/conic_status.h"
#include "formulation/island_size.h"
#include "lcp/lcp_status.h"

namespace contactlab {

// The outcome of a step's (or an island's) contact solve: solved, or the kind of the
// first failure, whatever fallback then gave the step its answer.
enum class SolverStatus {
  NoContacts,        // no island had a contact or limit row
  Solved,
  RayTermination,    // Lemke's method ended on a secondary ray (lcp/lemke.h)
  PivotLimit,        // Lemke's method reached its pivot limit
  Cycling,           // Lemke's path came back to a basis it had left
  NumericalFailure,  // a non-finite or singular computation (Lemke, an articulation, compliant)
  InvalidInput,      // the rows handed to the solver hold a non-finite number
  Diverged,          // the step's state ran away or its energy jumped (step/divergence.h)
  TooLarge,          // an island's problem was past kMaxIslandUnknowns (island_size.h)
  EventLimit,        // hybrid: the events of one step reached hybrid_max_events (hybrid_advance.h)
  IntegratorLimit,   // hybrid: one step spent its budget of integrator steps (hybrid_advance.h)
  Unsupported,       // hybrid: the scene or its state is outside what the method handles
  Infeasible,        // quasistatic, pure: no contact forces balance the island (seed 003)
};

// The words of each status, as the CSV's solver_status column and the page show them.
const char* solver_status_name(SolverStatus status);

// A Lemke outcome as a solver status (Solved stays Solved).
SolverStatus solver_status_of(LcpStatus status);

// Why a solve fell back, and what it did instead.
enum class FallbackReason {
  // An articulation's matrices failed (detail): held still this step.
  ArticulationHeldStill,
  // Seed 002's LCP (lcp, quasistatic "lcp"):
  LcpRowsNotFinite,       // the rows hold a non-finite number: island held still
  LcpRegularised,         // Lemke solved only M + eps I (detail)
  LcpWithoutFriction,     // Lemke failed (lemke, detail): the frictionless LCP solved
  LcpHeldStill,           // Lemke failed (lemke, detail), the frictionless LCP too
  // The cone-edge LCP (convex, quasistatic "qp", soft pyramidal; edge_lcp.h):
  EdgeRowsNotFinite,      // the rows or offsets hold a non-finite number: held still
  EdgeLemkeRegularised,   // Lemke solved only M + eps I (detail)
  EdgeInteriorPoint,      // Lemke failed (lemke, pivots): the interior-point method solved
  EdgeWithoutFriction,    // Lemke and the interior-point method (interior_point, detail)
                          // failed: the frictionless LCP solved
  EdgeHeldStill,          // all three failed: island held still
  // The soft elliptic cone (soft_elliptic.h):
  EllipticToPyramid,      // the interior-point method failed (interior_point, detail):
                          // solved with the pyramidal cone
  // Compliant contact (compliant_island.h), per substep:
  CompliantLimitsUnsolved,     // Lemke found no limit impulses (lemke, detail)
  CompliantStateNotFinite,     // a contact's state, force or v_free: island held still
  CompliantVelocityNotFinite,  // v^{l+1}: island held still
  // The step (step/divergence.h): its state ran away (detail names the body and why);
  // the step was undone and the bodies stopped.
  StepDiverged,
  // The step's free bodies gained more energy than gravity and the recovery pushes can
  // give (detail); the state was kept.
  EnergyJump,
  // Soft's sparse Newton solve (soft_newton.h): no convergence within its iterations
  // or a non-finite number: held still.
  SoftNewtonHeldStill,
  // Its elliptic cone (soft_newton_elliptic.h): no convergence or a non-finite number:
  // solved with the pyramidal cone.
  EllipticNewtonToPyramid,
  // Convex's sparse solve (convex_newton.h): its rounds did not reach their KKT residual,
  // or a non-finite number: held still.
  ConvexNewtonHeldStill,
  // Any formulation (island_size.h):
  IslandTooLarge,         // more unknowns (problem_size) than its cap (size_cap): held still
  // The event-driven formulation (hybrid_advance.h), with its account in detail:
  HybridEventLimit,         // too many events: the rest of the step not simulated
  HybridIntegratorFailed,   // the integrator's step underflowed: the rest not simulated
  HybridIntegratorLimit,    // the integrator's budget spent: the rest not simulated
  HybridInconsistent,       // no consistent active set: the rest not simulated
  HybridImpactFailed,       // an impact's LCP found no certified answer: the rest not simulated
  HybridUnsupported,        // articulations in the scene: held still
  // Pure quasi-static force balance (quasistatic_pure.h): no contact forces in the
  // cones balance the island's forces (lemke, pivots, detail): held still.
  QuasistaticInfeasible,
  // Pure quasi-static force balance with rows it does not pose (detail): held still.
  QuasistaticPureUnsupported,
};

struct SolverFallback {
  SolverFallback() = default;
  explicit SolverFallback(FallbackReason why) : reason(why) {}

  FallbackReason reason = FallbackReason::LcpHeldStill;
  LcpStatus lemke = LcpStatus::Solved;                  // how Lemke's method ended
  int pivots = 0;                                       // its pivots
  ConicStatus interior_point = ConicStatus::Solved;     // how the interior-point method ended
  int problem_size = 0;                                 // IslandTooLarge: the island's unknowns
  int size_cap = kMaxIslandUnknowns;                    // IslandTooLarge: the cap it passed
  std::string detail;                                   // the failed solver's own account
};

// What was done instead, in a few words without commas, e.g. "without friction" (the
// CSV's solver_status column).
const char* fallback_name(FallbackReason reason);

// One fallback in words, e.g. "ray termination: ray termination after 12 pivots
// (this step's island solved without friction)".
std::string fallback_message(const SolverFallback& fallback);
// All of them, in order, joined by "; "; empty when there is none.
std::string fallback_message(const std::vector<SolverFallback>& fallbacks);

// What one island's solve reports to the step.
struct IslandSolveReport {
  SolverStatus status = SolverStatus::Solved;  // Solved, or the failure's kind
  std::vector<SolverFallback> fallbacks;       // in the order they were taken
  int problem_size = 0;     // unknowns of the island's problem
  int pivots = 0;           // Lemke pivots of seed 002's LCP
  int iterations = 0;       // convex solvers: active-set, Lemke or interior-point iterations
  bool warm_start_used = false;

  // Solved with nothing to say, keeping the fallbacks' storage.
  void reset();
  // Records a fallback; `status` becomes the report's status unless it is Solved.
  void fall_back(SolverStatus failure, SolverFallback fallback);
};

}  // namespace contactlab

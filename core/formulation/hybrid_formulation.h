// Seed 004's second approach to rigid contact, "Rigid Contact with Event Detection"
// and "Putting it all together", as a formulation: a hybrid, event-driven simulation
// of the free bodies and passive articulations (hybrid_advance.h, docs/hybrid.md). It does not pose per-island
// impulse problems: it takes the whole reported step itself (event_driven(options)), and the
// step hands it the bodies' state instead of calling solve_island. Newton's law is its
// reset map's, not the rows' targets; the step-size search has nothing to shorten.
#pragma once

#include "formulation/formulation.h"

namespace contactlab {

class HybridFormulation : public ContactFormulation {
 public:
  const char* name() const override { return "hybrid"; }
  bool allows_step_size_search() const override { return false; }
  bool folds_restitution_into_targets() const override { return false; }
  bool event_driven(const Options&) const override { return true; }
  HybridStepResult advance_events(const Model& model, const Options& options, double time,
                                  std::vector<Vec3>& position, std::vector<Quat>& orientation,
                                  std::vector<Vec3>& linear_velocity,
                                  std::vector<Vec3>& angular_velocity, std::vector<ArticulationState>& articulations,
                                  const BodyWrench& applied) override {
    return advance_hybrid(model, options, time, position, orientation, linear_velocity, angular_velocity,
                          articulations, applied);
  }
  // Never called: the step advances an event-driven formulation by advance_events.
  void solve_island(const Options&, const IslandRows&, const IslandContactState&, SolverMemory&, IslandDynamics&,
                    IslandSolution& solution) override {
    solution.report.fall_back(SolverStatus::Unsupported, SolverFallback{FallbackReason::HybridUnsupported});
  }
};

}  // namespace contactlab

// Compliant contact (seed 004, "Compliant Contact Models") as a formulation: explicit
// spring-damper forces from each contact's state at the start of the substep and
// Stribeck friction linearly implicit in the slip (compliant_island.h,
// implicit_friction.h), in compliant_substep_count passes of h / n per step, or
// (compliant_integration error_controlled) integrated over the step with error control
// (compliant_adaptive.h).
// The contacts are meant to overlap, so seed 002's step-size search does not apply.
// Nor does torsional friction: the explicit contact force has Stribeck friction in the
// tangent plane only, and the rows' torsion rows (contact_rows.h) are left unused, so a
// scene's mu_t acts as 0 here (docs/torsional_friction.md).
#pragma once

#include "formulation/compliant_adaptive.h"
#include "formulation/compliant_island.h"
#include "formulation/formulation.h"

namespace contactlab {

class CompliantFormulation : public ContactFormulation {
 public:
  const char* name() const override { return "compliant"; }
  bool allows_step_size_search() const override { return false; }
  // e sets each contact's damping ratio instead (compliant_island.h); under Hunt and
  // Crossley's damping the bounce follows from d_hc and the impact speed.
  bool folds_restitution_into_targets() const override { return false; }
  // With compliant_integration error_controlled it takes each whole step itself, by
  // Dormand-Prince with error control (compliant_adaptive.h), as the hybrid formulation does.
  bool event_driven(const Options& options) const override { return options.compliant_integration == 1; }
  HybridStepResult advance_events(const Model& model, const Options& options, double time,
                                  std::vector<Vec3>& position, std::vector<Quat>& orientation,
                                  std::vector<Vec3>& linear_velocity, std::vector<Vec3>& angular_velocity,
                                  std::vector<ArticulationState>& articulations, const BodyWrench& applied) override {
    return advance_compliant_adaptive(model, options, time, position, orientation, linear_velocity,
                                      angular_velocity, articulations, applied);
  }
  int substep_count(const Model& model, const Options& options) const override {
    return compliant_substep_count(model, options, substep_damping_ratios_);
  }

  // Every island from the rows' sparse parts: the explicit forces need only each
  // contact's own W_cc and the joint rows' Gram, never the k x k blocks, so an island is
  // capped by kMaxSparseIslandUnknowns alone (island_size.h).
  bool solves_sparse(const Options&, const IslandShape&) const override { return true; }

  // (phi, J v^l, v_free) => h_s f, v^{l+1}: options.time_step is the substep here.
  void solve_island(const Options& options, const IslandRows& rows,
                    const IslandContactState& contacts, SolverMemory&, IslandDynamics& island,
                    IslandSolution& solution) override {
    compliant_island_impulses(rows, contacts, options, options.time_step, workspace_, island,
                              solution.impulses, solution.report);
    classify_by_velocity(rows, island.velocity, solution);
  }

 private:
  CompliantIslandWorkspace workspace_;
  // What the const substep_count remembers: damping ratios, a pure function of e.
  mutable DampingRatioTable substep_damping_ratios_;
};

}  // namespace contactlab

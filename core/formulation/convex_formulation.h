// Anitescu's convex relaxation (seed 004, seed 003) as a formulation: the QP of
// convex_island.h over the cone's extreme rays: an island of free bodies without
// torsion rows, at every size, by the method of multipliers over a sparse Hessian
// (convex_newton.h, island_size.h); the others (articulations, torsion rows) by its
// dense dual, warm-started from the active sets of earlier steps
// (SolverMemory::convex_warm_starts). Free bodies and articulations move by eq. (15) as
// in seed 002.
#pragma once

#include "formulation/convex_island.h"
#include "formulation/convex_newton.h"
#include "formulation/formulation.h"
#include "formulation/posed_problem_copy.h"

namespace contactlab {

class ConvexFormulation : public ContactFormulation {
 public:
  const char* name() const override { return "convex"; }

  bool solves_sparse(const Options&, const IslandShape& shape) const override {
    return shape.only_free_bodies && !shape.torsional_friction;
  }

  // (rows, v_free) => beta, v^{l+1}; the modes from v^{l+1}.
  void solve_island(const Options&, const IslandRows& rows, const IslandContactState& contacts,
                    SolverMemory& memory, IslandDynamics& island,
                    IslandSolution& solution) override {
    if (rows.dense_gram) {
      solve_convex_island(rows, memory.convex_warm_starts, workspace_, island, solution.impulses,
                          solution.report);
    } else if (!solve_convex_newton(rows, contacts, memory.convex_contacts, sparse_workspace_, island,
                                    solution.impulses, solution.report)) {
      solution.impulses.reset(rows.contact_count, rows.limit_count, rows.joint_friction_count);
      island.velocity.setZero();
      solution.report.fall_back(SolverStatus::NumericalFailure,
                                SolverFallback{FallbackReason::ConvexNewtonHeldStill});
    }
    classify_by_velocity(rows, island.velocity, solution);
  }

  // The QP over the cone's rays with r = 0 (convex_island.h), posed densely or sparsely.
  bool copy_last_problem(const Options&, const IslandRows& rows, long long entries_left,
                         IslandProblem& problem) const override {
    if (!rows.dense_gram) return copy_convex_newton_problem(rows, sparse_workspace_, entries_left, problem);
    return copy_edge_problem(rows, workspace_.lcp, workspace_.solver, entries_left, problem);
  }

 private:
  ConvexIslandWorkspace workspace_;
  ConvexNewtonWorkspace sparse_workspace_;
};

}  // namespace contactlab

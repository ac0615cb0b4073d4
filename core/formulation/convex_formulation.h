// Anitescu's convex relaxation (seed 004, seed 003) as a formulation: the QP of
// convex_island.h over the cone's extreme rays, warm-started from the active sets of
// earlier steps (SolverMemory::convex_warm_starts). Free bodies and articulations move
// by eq. (15) as in seed 002.
#pragma once

#include "formulation/convex_island.h"
#include "formulation/formulation.h"

namespace contactlab {

class ConvexFormulation : public ContactFormulation {
 public:
  const char* name() const override { return "convex"; }
  // (rows, v_free) => beta, v^{l+1}; the modes from v^{l+1}.
  void solve_island(const Options&, const IslandRows& rows, const IslandContactState&,
                    SolverMemory& memory, IslandDynamics& island,
                    IslandSolution& solution) override {
    solve_convex_island(rows, memory.convex_warm_starts, workspace_, island, solution.impulses,
                        solution.report);
    classify_by_velocity(rows, island.velocity, solution);
  }

 private:
  ConvexIslandWorkspace workspace_;
};

}  // namespace contactlab

#include "formulation/convex_island.h"

#include "formulation/cone_edge_problem.h"

namespace contactlab {

void solve_convex_island(const IslandRows& rows, EdgeWarmStarts& warm_starts,
                         ConvexIslandWorkspace& workspace, IslandDynamics& island,
                         IslandImpulses& impulses, IslandSolveReport& report) {
  // (rows, v_free) => q = J_beta v_free - target, no regularisation.
  EdgeLcp& lcp = workspace.lcp;
  const int u = rows.friction_edges;
  edge_row_velocities(rows, island.velocity, lcp.offset);
  for (int c = 0; c < rows.contact_count; ++c) {
    for (int j = 0; j < u; ++j) lcp.offset[c * u + j] -= rows.target_velocity[c];
  }
  for (int l = 0; l < rows.limit_count; ++l) {
    lcp.offset[rows.contact_count * u + l] -= rows.limits[l].target_velocity;
  }
  lcp.regularisation.setZero(lcp.offset.size());
  // (q) => beta, v^{l+1}
  solve_edge_lcp(rows, lcp, warm_starts, workspace.solver, island, impulses, report);
}

}  // namespace contactlab

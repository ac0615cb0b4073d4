// The lcp_wall scene (assets/scenes/lcp_wall.json): seed 004's first time-stepping LCP,
// "Time-stepping LCP: Normal force", with its numbers m = 1, h = 0.1, u[n] = 0. Each
// step solves q[n+1] = q[n] + h v[n] + h^2/m (u + f[n]), 0 <= q[n+1] _|_ f[n] >= 0,
// whose solution is q[n+1] = max(0, q[n] + h v[n]), f[n] = max(0, -m (q[n] + h v[n]) / h^2).
// Checked for every step from the command line's state and contacts CSV.
#include <algorithm>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "cli_result.h"
#include "csv_table.h"
#include "temp_path.h"

namespace contactlab {
// A namespace of its own: test files are compiled in unity batches.
namespace lcp_wall_scene {

constexpr double kMass = 1;        // m [kg]
constexpr double kTimeStep = 0.1;  // h [s]
constexpr double kHalfWidth = 0.1; // the cart's half extent along x: q = x - 0.1 [m]

TEST(LcpWallScene, EveryStepIsTheClosedFormOfSeed004sLcp) {
  const std::string state_path = temp_path("lcp_wall_state.csv");
  const std::string contacts_path = temp_path("lcp_wall_contacts.csv");
  const CommandResult run = run_scene_command({std::string(CONTACTLAB_SCENES_DIR) + "/lcp_wall.json", "--csv",
                                               state_path, "--contacts", contacts_path});
  ASSERT_EQ(run.code, 0) << run.err;
  const CsvTable state = read_csv_table(state_path);
  const CsvTable contacts = read_csv_table(contacts_path);
  ASSERT_EQ(state.rows.size(), 11u);  // t = 0 and ten steps of 0.1 s

  // f[n]: the wall's force on the cart summed over the face's corner contacts, by step.
  std::map<std::string, double> wall_force;
  for (std::size_t row = 0; row < contacts.rows.size(); ++row) {
    wall_force[contacts.rows[row][contacts.column("t")]] += contacts.number(row, "fn");
  }

  int pushing_steps = 0;
  for (std::size_t n = 0; n + 1 < state.rows.size(); ++n) {
    const double q = state.number(n, "cart.x") - kHalfWidth;
    const double v = state.number(n, "cart.vx");
    const double q_next = state.number(n + 1, "cart.x") - kHalfWidth;
    const double free_position = q + kTimeStep * v;  // q[n] + h v[n] + h^2/m u, u = 0
    const std::string t_next = state.rows[n + 1][state.column("t")];
    const double f = wall_force.count(t_next) ? wall_force.at(t_next) : 0.0;
    EXPECT_NEAR(q_next, std::max(0.0, free_position), 1e-12) << "step " << n;
    EXPECT_NEAR(f, std::max(0.0, -kMass * free_position / (kTimeStep * kTimeStep)), 1e-9) << "step " << n;
    // Complementarity as the seed states it: q[n+1] f[n] = 0.
    EXPECT_NEAR(q_next * f, 0, 1e-12) << "step " << n;
    if (f > 1e-9) ++pushing_steps;  // above the rounding of a resting contact
  }
  // Three free steps; a push of m 0.02 / h^2 = 2 N that leaves q[n+1] = 0 with
  // v[n+1] = -0.1 m/s, then one of m 0.01 / h^2 = 1 N that stops the cart.
  EXPECT_EQ(pushing_steps, 2);
  EXPECT_NEAR(wall_force.at(state.rows[4][state.column("t")]), 2.0, 1e-9);
  EXPECT_NEAR(state.number(4, "cart.vx"), -0.1, 1e-12);
  EXPECT_NEAR(wall_force.at(state.rows[5][state.column("t")]), 1.0, 1e-9);
  EXPECT_NEAR(state.number(10, "cart.vx"), 0, 1e-12);
}

}  // namespace lcp_wall_scene
}  // namespace contactlab

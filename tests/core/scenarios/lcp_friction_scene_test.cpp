// The lcp_friction scene (assets/scenes/lcp_friction.json): seed 004's "Time-stepping
// LCP: Coulomb Friction", the brick with f = f+ - f- and v_abs, posed with two friction
// edges (+x for f+, -x for f-) and the slip speed lambda as v_abs. Checked step by step
// from the command line's state CSV and the LCPs it dumps (--lcp-dump): while the brick
// slides, f+ = 0, v_abs = v[n+1] and f- = mu m g; at the stopping step v[n+1] = 0,
// v_abs = 0 and f+ - f- = -m v[n] / h inside |f| <= mu m g.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_result.h"
#include "csv_table.h"
#include "temp_path.h"
#include "text_file.h"

namespace contactlab {
// A namespace of its own: test files are compiled in unity batches.
namespace lcp_friction_scene {

constexpr double kMass = 1;         // m [kg]
constexpr double kTimeStep = 0.1;   // h [s]
constexpr double kFriction = 0.5;   // mu
constexpr double kGravity = 9.81;   // g [m/s^2]
constexpr int kEdges = 2;           // d_0 = +x (f+), d_1 = -x (f-)

// The numbers after `label` up to the end of its line in a dump file's comment.
std::vector<double> numbers_after(const std::string& text, const std::string& label) {
  const std::size_t start = text.find(label);
  if (start == std::string::npos) return {};
  const std::size_t from = start + label.size();
  std::istringstream line(text.substr(from, text.find('\n', from) - from));
  std::vector<double> values;
  for (double value; line >> value;) values.push_back(value);
  return values;
}

std::string dump_path(const std::string& directory, int step) {
  char name[64];
  std::snprintf(name, sizeof(name), "/step_%06d_island_0.lcp", step);
  return directory + name;
}

TEST(LcpFrictionScene, TheBrickSlidesAndStopsAsSeed004sComplementaritySays) {
  const std::string directory = temp_path("lcp_friction_dump");
  std::filesystem::remove_all(directory);
  const std::string state_path = temp_path("lcp_friction_state.csv");
  const CommandResult run = run_scene_command({std::string(CONTACTLAB_SCENES_DIR) + "/lcp_friction.json",
                                               "--csv", state_path, "--lcp-dump", directory});
  ASSERT_EQ(run.code, 0) << run.err;
  const CsvTable state = read_csv_table(state_path);
  ASSERT_EQ(state.rows.size(), 11u);

  const double limit = kFriction * kMass * kGravity;  // mu m g [N]
  int sliding_steps = 0, stopping_steps = 0;
  for (int n = 0; n + 1 < static_cast<int>(state.rows.size()); ++n) {
    const double v = state.number(n, "brick.vx");
    const double v_next = state.number(n + 1, "brick.vx");
    // z = [c_n (k); beta (k x 2); lambda (k)] over the brick's k corner contacts (the
    // patch's corners, 4 or 8 as the box meets the plane); forces are impulses / h.
    const std::string dump = read_text_file(dump_path(directory, n + 1));
    const std::vector<double> z = numbers_after(dump, "\n# z:");
    const std::vector<double> k = numbers_after(dump, "k = ");
    ASSERT_FALSE(k.empty()) << "step " << n + 1;
    const int corners = static_cast<int>(k[0]);
    ASSERT_GE(corners, 4) << "step " << n + 1;
    ASSERT_EQ(z.size(), static_cast<std::size_t>(corners * (2 + kEdges))) << "step " << n + 1;
    double f_plus = 0, f_minus = 0, normal = 0;
    for (int c = 0; c < corners; ++c) {
      normal += z[c] / kTimeStep;
      f_plus += z[corners + c * kEdges] / kTimeStep;
      f_minus += z[corners + c * kEdges + 1] / kTimeStep;
    }
    EXPECT_NEAR(normal, kMass * kGravity, 1e-6) << "step " << n + 1;
    EXPECT_NEAR(v_next, std::max(0.0, v - kFriction * kGravity * kTimeStep), 1e-9) << "step " << n + 1;
    for (int c = 0; c < corners; ++c) {
      const double v_abs = z[corners + corners * kEdges + c];
      EXPECT_NEAR(v_abs, v_next, 1e-9) << "step " << n + 1 << ", corner " << c;  // v_abs = |v[n+1]|
    }
    if (v_next > 0) {
      ++sliding_steps;
      EXPECT_NEAR(f_plus, 0, 1e-9) << "step " << n + 1;
      EXPECT_NEAR(f_minus, limit, 1e-6) << "step " << n + 1;
    } else if (v > 0) {
      ++stopping_steps;
      EXPECT_NEAR(f_plus - f_minus, -kMass * v / kTimeStep, 1e-9) << "the stopping step " << n + 1;
      EXPECT_LE(f_plus + f_minus, limit + 1e-9) << "the stopping step " << n + 1;
      EXPECT_GT(f_plus + f_minus, 0) << "the stopping step " << n + 1;
    } else {
      EXPECT_NEAR(f_plus - f_minus, 0, 1e-9) << "at rest, step " << n + 1;
    }
  }
  // v: 1, 0.5095, 0.019 m/s, then the stop.
  EXPECT_EQ(sliding_steps, 2);
  EXPECT_EQ(stopping_steps, 1);
  std::filesystem::remove_all(directory);
}

}  // namespace lcp_friction_scene
}  // namespace contactlab

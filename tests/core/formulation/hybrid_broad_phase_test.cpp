// The hybrid guards' broad phase: pairs whose swept boxes cannot overlap within the
// step are left out, pairs that close within it are kept, planes always, and the sweep
// is flagged as exceeded once a body has moved past its allowance.
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "formulation/hybrid_broad_phase.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

// Ground (geom 0) and two balls of radius 0.1 m, a at x = 0 (geom 1) and b at x = 1
// (geom 2), b moving along x at `speed`: a gap of 0.8 m between the balls.
Model broad_phase_scene(double speed) {
  const std::string text = R"({"name": "broad_phase", "bodies": [
      {"name": "ground", "static": true, "geoms": [{"type": "plane"}]},
      {"name": "a", "mass": 1.0, "position": [0, 0, 1], "geoms": [{"type": "sphere", "radius": 0.1}]},
      {"name": "b", "mass": 1.0, "position": [1, 0, 1], "linear_velocity": [)" +
                           std::to_string(speed) + R"(, 0, 0], "geoms": [{"type": "sphere", "radius": 0.1}]}]})";
  Model model;
  const Status status = load_scene(text, model);
  EXPECT_TRUE(status.ok()) << status.message();
  return model;
}

std::vector<int> near_pairs_after(const Model& model, double duration, HybridBodies& bodies, Eigen::VectorXd& state) {
  std::vector<Vec3> position, linear, angular;
  std::vector<Quat> orientation;
  for (const Body& body : model.bodies) {
    position.push_back(body.initial_position);
    orientation.push_back(body.initial_orientation);
    linear.push_back(body.initial_linear_velocity);
    angular.push_back(body.initial_angular_velocity);
  }
  make_hybrid_bodies(model, position, orientation, bodies);
  state = pack_hybrid_state(bodies, position, orientation, linear, angular, {});
  Options options = model.options;
  options.gravity = Vec3(0, 0, -9.81);
  sweep_hybrid_pairs(model, options, state, duration, 1e-3, bodies);
  return bodies.near_pairs;
}

TEST(HybridBroadPhase, KeepsPlanesAndClosingPairsOnly) {
  HybridBodies bodies;
  Eigen::VectorXd state;
  // At rest: the balls' pair (index 2) is out, the ground's pairs (0, 1) are in.
  EXPECT_EQ(near_pairs_after(broad_phase_scene(0), 0.01, bodies, state), (std::vector<int>{0, 1}));
  ASSERT_EQ(bodies.pairs[2], (std::pair<int, int>{1, 2}));
  // b at -60 m/s: 0.3 m in 5 ms (allowance 0.6 m < the 0.8 m gap): out; it meets a
  // within 20 ms: in.
  EXPECT_EQ(near_pairs_after(broad_phase_scene(-60), 0.005, bodies, state), (std::vector<int>{0, 1}));
  EXPECT_EQ(near_pairs_after(broad_phase_scene(-60), 0.02, bodies, state), (std::vector<int>{0, 1, 2}));
}

TEST(HybridBroadPhase, FlagsABodyPastItsAllowance) {
  HybridBodies bodies;
  Eigen::VectorXd state;
  near_pairs_after(broad_phase_scene(-60), 0.005, bodies, state);
  EXPECT_FALSE(hybrid_sweep_exceeded(bodies, state));
  Eigen::VectorXd moved = state;
  moved[kHybridSlotState * 1] -= 0.5 * bodies.sweep_allowance[1];  // b, half its allowance
  EXPECT_FALSE(hybrid_sweep_exceeded(bodies, moved));
  moved[kHybridSlotState * 1] -= bodies.sweep_allowance[1];  // 1.5 times it
  EXPECT_TRUE(hybrid_sweep_exceeded(bodies, moved));
}

}  // namespace
}  // namespace contactlab

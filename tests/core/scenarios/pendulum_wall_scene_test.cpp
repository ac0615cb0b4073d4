// The pendulum_wall scene (assets/scenes/pendulum_wall.json) in the hybrid formulation:
// a 1 kg bob on a 1 m rod let go from theta0 = -1 rad strikes a frictionless stop at
// theta_c = -0.2 rad with e = 0.7. Seed 004's frictionless map in the pendulum's one
// coordinate sends theta_dot to -e theta_dot, so the swing's energy above U(theta_c)
// keeps e^2 at every impact: between the k-th impact and the next, E = U(theta_c) +
// e^(2k) (E0 - U(theta_c)), with no time step in it. Gravity leans the pendulum onto
// the stop, so the bounces accumulate (Zeno) and it ends resting there, pressed by
// lambda = m g tan(-theta_c).
#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "dynamics/articulation/tree_dynamics.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

TEST(PendulumWallScene, HybridBouncesKeepEToTheTwoKOfTheSwingAndEndAtRest) {
  const Model model = load_builtin_scene("pendulum_wall");
  Options options = model.options;
  options.formulation = Formulation::Hybrid;
  const double g = -options.gravity.z(), theta0 = -1.0, theta_c = -0.2, e = 0.7, pivot = 1.2;
  const Articulation& pendulum = model.articulations[0];
  ASSERT_DOUBLE_EQ(pendulum.initial_positions[0], theta0);
  const auto material = [&](const std::string& name) {
    return static_cast<int>(std::find(model.material_names.begin(), model.material_names.end(), name) -
                            model.material_names.begin());
  };
  ASSERT_DOUBLE_EQ(model.friction(material("bob"), material("stop")).restitution, e);
  // Heights of the bob's centre: E = m g z + T, the bob's tiny inertia aside.
  const double rest_energy = g * (pivot - std::cos(theta_c));
  const double start_energy = g * (pivot - std::cos(theta0));

  Data data = make_data(model);
  int impacts = 0;
  bool rested = false;
  double worst = 0;
  while (data.time < model.duration && !rested) {
    step(model, options, data);
    expect_step_solved(data);
    for (const HybridEvent& event : data.events) {
      if (event.kind == HybridEventKind::Impact) ++impacts;
      if (event.kind == HybridEventKind::Zeno) rested = true;
    }
    if (rested) break;
    const ArticulationState& state = data.articulations[0];
    const double energy = kinetic_energy(pendulum.tree, state.kinematics, state.velocities) +
                          potential_energy(pendulum.tree, state.kinematics, options.gravity);
    const double expected = rest_energy + std::pow(e, 2 * impacts) * (start_energy - rest_energy);
    worst = std::max(worst, std::abs(energy - expected));
  }
  ASSERT_TRUE(rested);
  // v_k = e^(k-1) v_1 above v_z = 0.005 m/s: v_1 = sqrt(2 (E0 - U_c)) cos(theta_c) about 2.88 m/s.
  const double first_normal_speed = std::sqrt(2 * (start_energy - rest_energy)) * std::cos(theta_c);
  const int expected_impacts =
      1 + static_cast<int>(std::floor(std::log(options.hybrid_zeno_speed / first_normal_speed) / std::log(e)));
  EXPECT_EQ(impacts, expected_impacts);
  // The bob's inertia (1e-6 kg m^2 in 1 kg m^2) and the integrator's tolerance.
  EXPECT_LT(worst, 1e-6 * start_energy);

  // At rest against the stop, held by the contact: lambda L cos(theta_c) = m g L sin(-theta_c).
  run_for(model, options, data, 0.1);
  EXPECT_NEAR(data.articulations[0].positions[0], theta_c, 1e-6);
  EXPECT_NEAR(data.articulations[0].velocities[0], 0, 1e-6);
  ASSERT_EQ(data.contacts.size(), 1u);
  EXPECT_NEAR(data.contacts[0].normal_force, g * std::tan(-theta_c), 1e-5);
}

}  // namespace
}  // namespace contactlab

// The anisotropic_friction scene (assets/scenes/anisotropic_friction.json): seed 002's
// anisotropic Coulomb friction (contact/anisotropic_friction.h) against its analytic
// result. A ski launched at v0 along its friction direction brakes at mu_1 g and stops
// after v0^2 / (2 mu_1 g); one turned 90 degrees slides across it, brakes at mu_2 g and
// stops after v0^2 / (2 mu_2 g). One launched at 45 degrees to its length feels the
// ellipse's force -(mu_1^2 v_1, mu_2^2 v_2) f_n / |(mu_1 v_1, mu_2 v_2)|, which slows its
// sideways motion faster than its motion along the ski, so its path turns toward its
// length.
//
// Soft contact is left out: its regularised friction brakes a sliding box below
// mu m g, and by an amount that depends on the box's orientation even with isotropic
// friction (docs/seed_examples.md gives the figures).
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "formulation_params.h"
#include "scene_fixture.h"

namespace contactlab {
// A namespace of its own: test files are compiled in unity batches.
namespace anisotropic_friction_scene {

class AnisotropicFrictionScene : public ::testing::TestWithParam<FormulationSetting> {};

// At h = 1 ms each ski stops within 0.5 % of v0^2 / (2 mu_i g), without drifting off its
// line, and the diagonal ski's heading turns toward its length.
TEST_P(AnisotropicFrictionScene, EachSkiStopsAtItsDirectionsDistance) {
  const Model model = load_builtin_scene("anisotropic_friction");
  Options options = model.options;
  GetParam().apply(options);
  options.time_step = 1e-3;
  Data data = make_data(model);
  const double g = -options.gravity.z();
  const int along = body_index(model, "ski_along");
  const int across = body_index(model, "ski_across");
  const int diagonal = body_index(model, "ski_diagonal");
  const FrictionPair& pair = model.friction_table[1];  // ski with default
  ASSERT_TRUE(pair.anisotropic());
  const double v0 = model.bodies[along].initial_linear_velocity.x();
  ASSERT_EQ(model.bodies[across].initial_linear_velocity.x(), v0);
  const double distance_along = v0 * v0 / (2 * pair.kinetic_coefficient * g);
  const double distance_across = v0 * v0 / (2 * pair.kinetic_across * g);
  // The numbers the scene's description gives.
  ASSERT_NEAR(distance_along, 3.058, 1e-3);
  ASSERT_NEAR(distance_across, 0.7645, 1e-4);

  const Vec3 start_along = data.position[along];
  const Vec3 start_across = data.position[across];
  bool diagonal_turned = false;
  run_for(model, options, data, 2.5, [&](const Data& d) {
    expect_step_solved(d);
    const Vec3& v = d.linear_velocity[diagonal];
    // Its heading was -45 degrees; once sliding it is closer to its length, x.
    if (v.norm() > 0.2 && std::abs(v.y()) < 0.5 * std::abs(v.x())) diagonal_turned = true;
  });
  const Vec3 travel_along = data.position[along] - start_along;
  const Vec3 travel_across = data.position[across] - start_across;
  EXPECT_NEAR(travel_along.x(), distance_along, 0.005 * distance_along);
  EXPECT_NEAR(travel_across.x(), distance_across, 0.005 * distance_across);
  EXPECT_LT(std::abs(travel_along.y()), 1e-6);
  EXPECT_LT(std::abs(travel_across.y()), 1e-6);
  EXPECT_LT(data.linear_velocity[along].norm(), 1e-3);
  EXPECT_LT(data.linear_velocity[across].norm(), 1e-3);
  EXPECT_TRUE(diagonal_turned);
}

INSTANTIATE_TEST_SUITE_P(Formulations, AnisotropicFrictionScene,
                         ::testing::Values(FormulationSetting{Formulation::Lcp, 0, "lcp"},
                                           FormulationSetting{Formulation::Convex, 0, "convex"},
                                           FormulationSetting{Formulation::Compliant, 0, "compliant"}),
                         setting_test_name);

// The event-driven formulation poses isotropic friction only: it says so and moves nothing.
TEST(AnisotropicFrictionSceneHybrid, ReportsUnsupported) {
  const Model model = load_builtin_scene("anisotropic_friction");
  Options options = model.options;
  options.formulation = Formulation::Hybrid;
  Data data = make_data(model);
  const Vec3 start = data.position[body_index(model, "ski_along")];
  step(model, options, data);
  EXPECT_EQ(data.solver.status, SolverStatus::Unsupported);
  EXPECT_NE(fallback_message(data.solver.fallbacks).find("anisotropic friction"), std::string::npos)
      << fallback_message(data.solver.fallbacks);
  EXPECT_EQ(data.position[body_index(model, "ski_along")], start);
}

}  // namespace anisotropic_friction_scene
}  // namespace contactlab

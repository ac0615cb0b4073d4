// The spinning_disc scene (assets/scenes/spinning_disc.json): torsional friction
// (contact/torsional_friction.h) against its analytic result. A disc of mass m and
// radius r (I = m r^2 / 2 about its axis) spinning at w0 flat on a frictionless floor
// (mu = 0) feels the friction moment mu_t sum f_n = mu_t m g, however its weight spreads
// over its eight contact points, so its spin falls at the constant rate mu_t m g / I
// and stops at
//   t_stop = I w0 / (mu_t m g),
// after which it stays stopped; a disc without torsional friction spins on.
//
// Soft contact (soft_island.h) brakes at mu_t m g only while that is less than what its
// regularised row asks, I w 2 / kappa (one contact's answer, J v' + R p = v*): below
// w_s = a kappa / 2, with a = mu_t m g / I, the spin decays as exp(-2 t / kappa) instead
// of falling linearly, so it reaches a small w_e only after
//   t_stop - kappa / 2 + kappa / 2 ln(w_s / w_e).
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "contact/torsional_friction.h"
#include "formulation_params.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

const char* const kDiscs[] = {"disc_5mm", "disc_10mm", "disc_20mm"};

// mu_t between the disc and the ground, as the scene's materials give it.
double torsional_friction_of(const Model& model, const Options& options, const char* disc) {
  return contact_torsional_friction(model, options, model.bodies[body_index(model, disc)].geoms[0],
                                    model.bodies[body_index(model, "ground")].geoms[0]);
}

class SpinningDisc : public ::testing::TestWithParam<FormulationSetting> {};

// At h = 1 ms each disc slows to 1e-3 w0 within 0.5 % of I w0 / (mu_t m g) (soft: of
// the time with its exponential tail), turns at half its speed at half that time, and
// stays stopped; the disc without torsional friction keeps its spin.
TEST_P(SpinningDisc, StopsAtTheAnalyticTime) {
  const Model model = load_builtin_scene("spinning_disc");
  Options options = model.options;
  GetParam().apply(options);
  options.time_step = 1e-3;
  Data data = make_data(model);
  const double g = -options.gravity.z();
  const int hard = body_index(model, "hard_disc");
  const double spin = model.bodies[hard].initial_angular_velocity.z();  // w0

  double stop_time[3] = {-1, -1, -1};
  double half_time_spin[3] = {0, 0, 0};
  double largest_spin_after_stop[3] = {0, 0, 0};
  const double stopped = 1e-3 * spin;  // w_e
  double t_stop[3];
  double expected[3];
  for (int i = 0; i < 3; ++i) {
    const Body& disc = model.bodies[body_index(model, kDiscs[i])];
    const double mu_t = torsional_friction_of(model, options, kDiscs[i]);
    const double braking = mu_t * disc.mass * g / disc.inertia(2, 2);  // a
    t_stop[i] = spin / braking;
    expected[i] = t_stop[i];
    if (options.formulation == Formulation::Soft) {
      const double kappa = options.soft_time_constant;
      expected[i] += 0.5 * kappa * (std::log(0.5 * braking * kappa / stopped) - 1);
    }
  }
  // 1/2 r^2 w0 / (mu_t g) for mu_t = 5, 10, 20 mm, as the scene's description says
  ASSERT_NEAR(t_stop[0], 2.0387, 1e-4);
  ASSERT_NEAR(t_stop[1], 1.0194, 1e-4);
  ASSERT_NEAR(t_stop[2], 0.5097, 1e-4);
  run_for(model, options, data, 2.1, [&](const Data& d) {
    expect_step_solved(d);
    for (int i = 0; i < 3; ++i) {
      const double w = d.angular_velocity[body_index(model, kDiscs[i])].z();
      if (stop_time[i] < 0 && w < stopped) stop_time[i] = d.time;
      if (stop_time[i] >= 0) {
        largest_spin_after_stop[i] = std::max(largest_spin_after_stop[i], std::abs(w));
      }
      if (std::abs(d.time - 0.5 * t_stop[i]) < 0.5 * options.time_step) half_time_spin[i] = w;
    }
  });
  for (int i = 0; i < 3; ++i) {
    SCOPED_TRACE(kDiscs[i]);
    EXPECT_NEAR(stop_time[i], expected[i], 0.005 * t_stop[i]);
    EXPECT_NEAR(half_time_spin[i], 0.5 * spin, 0.005 * spin);
    EXPECT_LT(largest_spin_after_stop[i], stopped);
  }
  EXPECT_NEAR(data.angular_velocity[hard].z(), spin, 1e-6 * spin);
}

INSTANTIATE_TEST_SUITE_P(Formulations, SpinningDisc,
                         ::testing::Values(FormulationSetting{Formulation::Lcp, 0, "lcp"},
                                           FormulationSetting{Formulation::Convex, 0, "convex"},
                                           FormulationSetting{Formulation::Soft, 0, "soft_pyramidal"},
                                           FormulationSetting{Formulation::Soft, 1, "soft_elliptic"}),
                         setting_test_name);

// The event-driven formulation's contacts are points: it says so and moves nothing,
// rather than letting the discs spin on as if mu_t were 0. With mu_t set to 0 for every
// pair the same scene runs.
TEST(SpinningDiscHybrid, ReportsTorsionalFrictionUnsupported) {
  const Model model = load_builtin_scene("spinning_disc");
  Options options = model.options;
  options.formulation = Formulation::Hybrid;
  Data data = make_data(model);
  const int disc = body_index(model, "disc_10mm");
  const Vec3 start = data.angular_velocity[disc];
  step(model, options, data);
  EXPECT_EQ(data.solver.status, SolverStatus::Unsupported);
  EXPECT_NE(fallback_message(data.solver.fallbacks).find("torsional friction"), std::string::npos)
      << fallback_message(data.solver.fallbacks);
  EXPECT_EQ(data.angular_velocity[disc], start);

  options.torsional_friction = 0;
  Data point_contacts = make_data(model);
  step(model, options, point_contacts);
  EXPECT_NE(point_contacts.solver.status, SolverStatus::Unsupported);
  EXPECT_NE(point_contacts.position[disc], data.position[disc]) << "the disc settles on the floor";
}

}  // namespace
}  // namespace contactlab

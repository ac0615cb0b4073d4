// The newtons_cradle scene (assets/scenes/newtons_cradle.json): four steel pendulums
// whose balls touch, and four hung 1 cm apart, each row struck by its first ball, with
// e = 1 between the balls (contact/restitution.h). What Newton's law in a time step
// gives (docs/restitution.md): every impact keeps the row's momentum and gains no
// energy; touching balls are struck in one step together, so the three at rest leave
// as one body at (1 + e) / 4 of the striker's speed and the striker goes back at
// (1 - 3 e) / 4 of it, while balls apart are struck one after another, and the last
// one leaves alone at the striker's speed.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "formulation_params.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

constexpr int kBallCount = 4;

// A row's pendulums, in the order the striker meets them.
struct Row {
  std::vector<int> articulations;  // indices into Model::articulations
  std::vector<int> bodies;         // the balls' link bodies
};

Row row_of(const Model& model, const std::string& prefix) {
  Row row;
  for (int i = 1; i <= kBallCount; ++i) {
    const std::string name = prefix + std::to_string(i);
    for (std::size_t a = 0; a < model.articulations.size(); ++a) {
      if (model.articulations[a].name == name) row.articulations.push_back(static_cast<int>(a));
    }
    row.bodies.push_back(body_index(model, prefix + "_ball" + std::to_string(i)));
  }
  EXPECT_EQ(row.articulations.size(), static_cast<std::size_t>(kBallCount)) << prefix;
  return row;
}

// The pendulums' joint rates [rad/s] (all swing about the same axis, and all have the
// same inertia about their pivots, so their sum is the row's angular momentum over it).
std::vector<double> rates(const Row& row, const Data& data) {
  std::vector<double> out;
  for (int a : row.articulations) out.push_back(data.articulations[a].velocities[0]);
  return out;
}

double sum(const std::vector<double>& values) {
  double total = 0;
  for (double value : values) total += value;
  return total;
}

// The row's kinetic and potential energy [J].
double row_energy(const Model& model, const Options& options, const Row& row, const Data& data) {
  double energy = 0;
  for (int b : row.bodies) {
    const Body& body = model.bodies[b];
    const Mat3 rotation = data.orientation[b].toRotationMatrix();
    const Vec3 body_omega = rotation.transpose() * data.angular_velocity[b];
    energy += 0.5 * body.mass * data.linear_velocity[b].squaredNorm() +
              0.5 * body_omega.dot(body.inertia * body_omega) - body.mass * options.gravity.dot(data.position[b]);
  }
  return energy;
}

bool pushes(const Data& data, int body, int other) {
  return std::any_of(data.contacts.begin(), data.contacts.end(), [&](const ContactRecord& c) {
    return ((c.body_a == body && c.body_b == other) || (c.body_a == other && c.body_b == body)) &&
           c.normal_force > 0;
  });
}

class Cradle : public ::testing::TestWithParam<Formulation> {};

TEST_P(Cradle, TouchingBallsLeaveTogetherAndBallsApartOneByOne) {
  const Model model = load_builtin_scene("newtons_cradle");
  Options options = model.options;
  options.formulation = GetParam();
  const Row touching = row_of(model, "touching");
  const Row spaced = row_of(model, "spaced");
  const double e = model.friction(1, 1).restitution;
  ASSERT_EQ(e, 1.0);

  Data data = make_data(model);
  bool struck = false;  // the touching row's impact seen
  double spaced_striker = 0;  // the spaced row's first ball's fastest swing before its impact
  double spaced_last = 0;     // the spaced row's last ball's fastest swing
  std::vector<double> spaced_after_last;  // the rates when the last ball was hit
  const long steps = static_cast<long>(0.45 / options.time_step);
  for (long s = 0; s < steps; ++s) {
    const Data before = data;
    step(model, options, data);
    expect_step_solved(data);

    if (!struck && pushes(data, touching.bodies[0], touching.bodies[1])) {
      struck = true;
      // One step takes the whole impact: momentum kept (up to gravity's torque over
      // the step), no energy gained, and the row of three leaves as one body. The
      // semi-implicit step itself moves a swinging pendulum's energy by about 5e-5 J
      // per step near the bottom; the spaced row's striker, in the same state and
      // still swinging freely in this step, shows how much.
      const std::vector<double> in = rates(touching, before);
      const std::vector<double> out = rates(touching, data);
      const double striker = in[0];
      EXPECT_LT(striker, -3.0);  // about 3.4 rad/s towards the others
      EXPECT_NEAR(sum(out), sum(in), 1e-3 * std::abs(striker));
      ASSERT_FALSE(pushes(data, spaced.bodies[0], spaced.bodies[1]));
      const double free_step = row_energy(model, options, spaced, data) - row_energy(model, options, spaced, before);
      EXPECT_LE(row_energy(model, options, touching, data) - row_energy(model, options, touching, before),
                free_step + 1e-5);
      EXPECT_NEAR(out[0], (1 - 3 * e) / 4 * striker, 0.01 * std::abs(striker));
      for (int i = 1; i < kBallCount; ++i) {
        EXPECT_NEAR(out[i], (1 + e) / 4 * striker, 0.01 * std::abs(striker)) << "ball " << i + 1;
      }
    }

    const std::vector<double> spaced_rates = rates(spaced, data);
    if (!pushes(data, spaced.bodies[0], spaced.bodies[1]) && spaced_rates[1] == 0) {
      spaced_striker = std::min(spaced_striker, spaced_rates[0]);
    }
    if (spaced_rates[3] < spaced_last) {
      spaced_last = spaced_rates[3];
      spaced_after_last = spaced_rates;
    }
  }
  ASSERT_TRUE(struck);
  // Each impact of two balls apart exchanges their speeds (e = 1, equal pendulums): the
  // last ball swings out as fast as the first came in, less the little that rising 1 cm
  // along the arc between impacts costs, and the others are left almost still.
  ASSERT_LT(spaced_striker, -3.0);
  EXPECT_NEAR(spaced_last, spaced_striker, 0.01 * std::abs(spaced_striker));
  for (int i = 0; i < kBallCount - 1; ++i) {
    EXPECT_NEAR(spaced_after_last[i], 0, 0.05 * std::abs(spaced_striker)) << "ball " << i + 1;
  }
}

INSTANTIATE_TEST_SUITE_P(Formulations, Cradle, ::testing::Values(Formulation::Lcp, Formulation::Convex),
                         formulation_test_name);

// The event-driven formulation (hybrid) sees the front row's 50 um gaps as gaps at its
// default contact tolerance (delta = 1 um), and sees them closed with delta = 0.1 mm.
// Then the striker meets a row of touching balls, and its law for simultaneous impacts
// is one frictionless map over every closing and touching contact at once
// (formulation/impact_reset_map.h): balls 2..4 leave as one at (1 + e) / 4 of the
// striker's rate and the striker at (1 - 3 e) / 4, the same as Newton's law in one LCP
// step, here at the impact's instant. The step is cut to end 1 ns after the impact
// (found by a first pass), so gravity adds nothing measurable. The striker meets ball 2
// 0.17 mrad before the bottom, where its lever is cos(1.7e-4) = 1 - 1.4e-8 of the
// others': the closed form holds to 1e-7 relative there, and exactly in
// impact_reset_map_test. Momentum (the sum of the rates, equal pendulums) is the
// striker's, and the row's energy is the start's less the law's loss, (1 - e^2) / 2 of
// the normal part: 3 (1 + e)^2 / 16 + ((1 - 3 e) / 4)^2 of the striker's energy remains.
TEST(CradleHybrid, TouchingRowTakesTheSimultaneousFrictionlessMap) {
  const Model model = load_builtin_scene("newtons_cradle");
  const Row touching = row_of(model, "touching");
  const double inertia = 0.5 * 0.3 * 0.3 + 0.000125;  // each pendulum about its pivot [kg m^2]
  for (double e : {1.0, 0.5}) {
    Options options = model.options;
    options.formulation = Formulation::Hybrid;
    options.hybrid_contact_tolerance = 1e-4;
    options.restitution = e;
    Data data = make_data(model);
    const double start_energy = row_energy(model, options, touching, data);
    Data before = data;
    double impact_time = -1;
    while (impact_time < 0 && data.time < 0.4) {
      before = data;
      step(model, options, data);
      expect_step_solved(data);
      for (const HybridEvent& event : data.events) {
        if (event.kind == HybridEventKind::Impact && event.body_a == touching.bodies[0]) impact_time = event.time;
      }
    }
    ASSERT_GT(impact_time, 0) << "e = " << e;
    Options cut = options;
    cut.time_step = impact_time - before.time + 1e-9;
    data = before;
    step(model, cut, data);
    expect_step_solved(data);
    ASSERT_FALSE(data.events.empty());
    const std::vector<double> out = rates(touching, data);
    // The striker's rate on arrival, from the energy it brought: E0 - U(now).
    double potential = 0;
    for (int b : touching.bodies) potential -= model.bodies[b].mass * options.gravity.dot(data.position[b]);
    const double striker = -std::sqrt(2 * (start_energy - potential) / inertia);
    EXPECT_NEAR(out[0], (1 - 3 * e) / 4 * striker, 1e-7 * std::abs(striker)) << "e = " << e;
    for (int i = 1; i < kBallCount; ++i) {
      EXPECT_NEAR(out[i], (1 + e) / 4 * striker, 1e-7 * std::abs(striker)) << "e = " << e << ", ball " << i + 1;
      EXPECT_NEAR(out[i], out[1], 1e-12) << "e = " << e << ", ball " << i + 1;
    }
    EXPECT_NEAR(sum(out), striker, 1e-7 * std::abs(striker)) << "e = " << e;
    const double kept = 3 * (1 + e) * (1 + e) / 16 + (1 - 3 * e) * (1 - 3 * e) / 16;
    EXPECT_NEAR(row_energy(model, options, touching, data) - potential, kept * (start_energy - potential),
                1e-7 * start_energy)
        << "e = " << e;
  }
}

// At the default delta the same row's gaps are resolved one by one: each impact of two
// equal pendulums with e = 1 exchanges their rates, and the last ball leaves with the
// striker's rate while the first three hang still, one ball out.
TEST(CradleHybrid, GappedRowPassesTheStrikeOnBallByBall) {
  const Model model = load_builtin_scene("newtons_cradle");
  const Row touching = row_of(model, "touching");
  Options options = model.options;
  options.formulation = Formulation::Hybrid;
  Data data = make_data(model);
  int impacts = 0;
  double striker = 0;
  while (impacts < kBallCount - 1 && data.time < 0.4) {
    const Data before = data;
    step(model, options, data);
    expect_step_solved(data);
    for (const HybridEvent& event : data.events) {
      if (event.kind != HybridEventKind::Impact || event.body_a != touching.bodies[impacts]) continue;
      if (impacts == 0) striker = rates(touching, before)[0];
      ++impacts;
    }
  }
  ASSERT_EQ(impacts, kBallCount - 1);
  const std::vector<double> out = rates(touching, data);
  EXPECT_NEAR(out[3], striker, 0.01 * std::abs(striker));
  for (int i = 0; i < kBallCount - 1; ++i) EXPECT_NEAR(out[i], 0, 0.01 * std::abs(striker)) << "ball " << i + 1;
}

}  // namespace
}  // namespace contactlab

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
                         [](const ::testing::TestParamInfo<Formulation>& info) {
                           return std::string(formulation_name(info.param));
                         });

}  // namespace
}  // namespace contactlab

// The hybrid formulation (formulation/hybrid_formulation.h, seed 004's "Rigid Contact
// with Event Detection" and "Putting it all together") through the step, against
// closed forms: a dropped ball's impact times and apexes and its Zeno time, a box
// sliding to rest, a box on an incline that holds or slides, the spinning ball's
// post-impact velocities, and its statuses: an event cap that ends a step, and a
// stack, which it does not simulate; a contact at rest with no load
// (lcp_wall) and a block leaving a ramp for the floor (stick_slip).
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "formulation/impact_reset_map.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

constexpr double kHybridTestG = 9.81;

// A ground plane and one body: a sphere of radius 0.1 m or a cube of half-size 0.1 m,
// 1 kg, at `position` with velocity `velocity`.
Model hybrid_test_scene(const std::string& geom, const std::string& position, const std::string& velocity,
                 const std::string& extra = "") {
  const std::string text = R"({"name": "hybrid_test", "materials": ["floor", "thing"],
    "friction": {"default": {"static": 0.5, "kinetic": 0.5},
                 "pairs": [{"materials": ["floor", "thing"], "static": 0.5, "kinetic": 0.5, "restitution": 0.5}]},
    "bodies": [
      {"name": "ground", "static": true, "geoms": [{"type": "plane", "material": "floor"}]},
      {"name": "thing", "mass": 1.0, "position": )" + position + R"(, "linear_velocity": )" + velocity + extra +
                           R"(, "geoms": [)" + geom + R"(]}]})";
  Model model;
  const Status status = load_scene(text, model);
  EXPECT_TRUE(status.ok()) << status.message();
  return model;
}

const char* const kHybridTestBall = R"({"type": "sphere", "radius": 0.1, "material": "thing"})";
const char* const kHybridTestCube = R"({"type": "box", "half_extents": [0.1, 0.1, 0.1], "material": "thing"})";

Options hybrid_test_options(const Model& model, double report_interval) {
  Options options = model.options;
  options.formulation = Formulation::Hybrid;
  options.time_step = report_interval;
  options.gravity = Vec3(0, 0, -kHybridTestG);
  return options;
}

// A ball's lowest point dropped from H = 1 m, e = 0.5: the k-th impact at
// t1 + sum_{j<k} 2 e^j v1 / g (t1 = sqrt(2 H / g), v1 = sqrt(2 g H)) and, between
// impacts, its apex z - r + vz^2 / (2 g) (exact in free flight) at e^(2k) H, both to
// 1e-9 relative for the first five bounces; the bouncing ends at the first impact
// slower than v_z in sustained contact (a "zeno" event), at most
// 2 e v_z / (g (1 - e)) before the Zeno time t1 + 2 e v1 / (g (1 - e)), after
// exactly as many impacts as e^(k-1) v1 >= v_z allows.
TEST(HybridFormulation, DroppedBallImpactsApexesAndZenoTime) {
  const double height = 1.0, e = 0.5, radius = 0.1;
  const Model model = hybrid_test_scene(kHybridTestBall, "[0, 0, 1.1]", "[0, 0, 0]");
  Options options = hybrid_test_options(model, 0.01);
  options.hybrid_event_tolerance = 1e-14;
  Data data = make_data(model);
  const int ball = body_index(model, "thing");
  std::vector<HybridEvent> events;
  std::vector<double> apexes;  // one per impact, from the first step in flight after it
  int impacts = 0;
  while (data.time < 3.0) {
    step(model, options, data);
    expect_step_solved(data);
    events.insert(events.end(), data.events.begin(), data.events.end());
    for (const HybridEvent& event : data.events) impacts += event.kind == HybridEventKind::Impact ? 1 : 0;
    if (data.events.empty() && impacts > static_cast<int>(apexes.size()) && apexes.size() < 5) {
      const double vz = data.linear_velocity[ball].z();
      apexes.push_back(data.position[ball].z() - radius + vz * vz / (2 * kHybridTestG));
    }
  }
  const double t1 = std::sqrt(2 * height / kHybridTestG), v1 = std::sqrt(2 * kHybridTestG * height);
  ASSERT_GE(events.size(), 6u);
  double expected_time = t1;
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(events[k].kind, HybridEventKind::Impact);
    EXPECT_NEAR(events[k].time, expected_time, 1e-9 * expected_time) << "impact " << k + 1;
    expected_time += 2 * std::pow(e, k + 1) * v1 / kHybridTestG;
  }
  ASSERT_EQ(apexes.size(), 5u);
  for (int k = 1; k <= 5; ++k) {
    const double expected = std::pow(e, 2 * k) * height;
    EXPECT_NEAR(apexes[k - 1], expected, 1e-9 * expected) << "apex " << k;
  }
  int expected_bounces = 1;
  while (std::pow(e, expected_bounces) * v1 >= options.hybrid_zeno_speed) ++expected_bounces;
  ASSERT_EQ(static_cast<int>(events.size()), expected_bounces + 1);
  EXPECT_EQ(events.back().kind, HybridEventKind::Zeno);
  const double zeno_time = t1 + 2 * e * v1 / (kHybridTestG * (1 - e));
  EXPECT_LE(events.back().time, zeno_time);
  EXPECT_GT(events.back().time, zeno_time - 2 * e * options.hybrid_zeno_speed / (kHybridTestG * (1 - e)));
  // Then it rests on the ground.
  EXPECT_NEAR(data.position[ball].z(), radius, 1e-6);
  EXPECT_NEAR(data.linear_velocity[ball].z(), 0, 1e-9);
}

// A cube sliding at v0 = 2 m/s on the ground with mu = 0.5 stops at v0^2 / (2 mu g)
// at v0 / (mu g), its slip_to_stick event, both to 1e-9, and stays there.
TEST(HybridFormulation, SlidingBoxStopsAtTheClosedForm) {
  const double v0 = 2.0, mu = 0.5;
  const Model model = hybrid_test_scene(kHybridTestCube, "[0, 0, 0.1]", "[2, 0, 0]");
  const Options options = hybrid_test_options(model, 0.01);
  Data data = make_data(model);
  std::vector<HybridEvent> events;
  run_for(model, options, data, 0.6, [&](const Data& d) {
    expect_step_solved(d);
    events.insert(events.end(), d.events.begin(), d.events.end());
  });
  const int box = body_index(model, "thing");
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.front().kind, HybridEventKind::SlipToStick);
  EXPECT_NEAR(events.front().time, v0 / (mu * kHybridTestG), 1e-9);
  EXPECT_NEAR(data.position[box].x(), v0 * v0 / (2 * mu * kHybridTestG), 1e-9);
  EXPECT_NEAR(data.linear_velocity[box].norm(), 0, 1e-9);
  EXPECT_NEAR(data.position[box].z(), 0.1, 1e-9);
}

// The incline as gravity tilted by theta, g (sin theta, 0, -cos theta), with mu = 0.5:
// at tan theta = 0.4 the cube holds (no event, no motion); at tan theta = 0.7 it
// slides from rest with a = g (sin theta - mu cos theta): x = a t^2 / 2 to 1e-9.
TEST(HybridFormulation, InclineHoldsBelowTanThetaAndSlidesAbove) {
  const Model model = hybrid_test_scene(kHybridTestCube, "[0, 0, 0.1]", "[0, 0, 0]");
  const int box = body_index(model, "thing");
  for (double slope : {0.4, 0.7}) {
    const double theta = std::atan(slope);
    Options options = hybrid_test_options(model, 0.01);
    options.gravity = kHybridTestG * Vec3(std::sin(theta), 0, -std::cos(theta));
    Data data = make_data(model);
    int events = 0;
    run_for(model, options, data, 0.5, [&](const Data& d) {
      expect_step_solved(d);
      events += static_cast<int>(d.events.size());
    });
    EXPECT_EQ(events, 0) << "tan theta = " << slope;
    const double acceleration = slope < 0.5 ? 0.0 : kHybridTestG * (std::sin(theta) - 0.5 * std::cos(theta));
    EXPECT_NEAR(data.position[box].x(), 0.5 * acceleration * 0.25, 1e-9) << "tan theta = " << slope;
    EXPECT_NEAR(data.position[box].z(), 0.1, 1e-9);
  }
}

// Seed 004's spinning ball (hollow, I = 2/3 m r^2) landing with xdot = 1 m/s and
// thetadot = 20 rad/s of backspin under the infinite-friction map: after its impact
// (xdot, thetadot) = [3/5, -2/5 r; -3/(5r), 2/5] (xdot, thetadot)-, to 1e-9, and the
// vertical speed -e zdot- (e = 0.5); with e = 0 it stays on the ground and rolls on at
// those speeds (the infinite-friction map leaves no slip).
TEST(HybridFormulation, SpinningBallLeavesWithTheSeedsVelocities) {
  const char* inertia = R"(, "inertia": [[0.006666666666666667, 0, 0], [0, 0.006666666666666667, 0], [0, 0, 0.006666666666666667]], "angular_velocity": [0, -20, 0])";
  const Model model = hybrid_test_scene(kHybridTestBall, "[0, 0, 0.6]", "[1, 0, 0]", inertia);
  const int ball = body_index(model, "thing");
  const double r = 0.1, xdot = 1.0, thetadot = 20.0;
  const double zdot = -std::sqrt(2 * kHybridTestG * 0.5);
  for (double e : {0.0, 0.5}) {
    Options options = hybrid_test_options(model, 0.01);
    options.hybrid_impact_friction = static_cast<int>(ImpactFriction::Infinite);
    options.restitution = e;
    Data data = make_data(model);
    double impact_time = -1;
    while (impact_time < 0 && data.time < 1) {
      step(model, options, data);
      expect_step_solved(data);
      if (!data.events.empty()) impact_time = data.events.front().time;
    }
    ASSERT_GT(impact_time, 0);
    EXPECT_NEAR(data.linear_velocity[ball].x(), 3.0 / 5 * xdot - 2.0 / 5 * r * thetadot, 1e-9) << "e = " << e;
    EXPECT_NEAR(-data.angular_velocity[ball].y(), -3.0 / (5 * r) * xdot + 2.0 / 5 * thetadot, 1e-9) << "e = " << e;
    // e > 0: in flight again; e = 0: the contact stays active, rolling without slip.
    const double vertical = e > 0 ? -e * zdot - kHybridTestG * (data.time - impact_time) : 0.0;
    EXPECT_NEAR(data.linear_velocity[ball].z(), vertical, 1e-9) << "e = " << e;
  }
}

// With no Zeno rule (v_z = 0) a ball with e = 0.5 bounces ever faster: a step of 2 s
// meets the cap of 5 events and ends with status "event limit", the state at the
// fifth event's instant, and the reason in words; never a hang.
TEST(HybridFormulation, EventCapEndsTheStepWithAStatus) {
  const Model model = hybrid_test_scene(kHybridTestBall, "[0, 0, 1.1]", "[0, 0, 0]");
  Options options = hybrid_test_options(model, 2.0);
  options.hybrid_zeno_speed = 0;
  options.hybrid_max_events = 5;
  Data data = make_data(model);
  step(model, options, data);
  EXPECT_EQ(data.solver.status, SolverStatus::EventLimit);
  EXPECT_EQ(data.events.size(), 5u);
  EXPECT_EQ(data.solver.events, 5);
  ASSERT_EQ(data.solver.fallbacks.size(), 1u);
  EXPECT_NE(fallback_message(data.solver.fallbacks).find("hybrid_max_events"), std::string::npos);
  EXPECT_DOUBLE_EQ(data.time, 2.0);
  EXPECT_TRUE(data.position[body_index(model, "thing")].allFinite());
}

// Two boxes stacked on the ground (box_stack's first two): once the upper one lands on
// the lower, sustained contact between two free bodies stops the step with status
// "unsupported" naming the pair, instead of its modes chattering through the event cap,
// and every later step ends there at once, held still and finite.
TEST(HybridFormulation, StacksAreUnsupported) {
  Model model = load_builtin_scene("box_stack");
  Options options = model.options;
  options.formulation = Formulation::Hybrid;
  Data data = make_data(model);
  int unsupported_steps = 0;
  std::vector<Vec3> held;
  for (int s = 0; s < 40; ++s) {
    step(model, options, data);
    if (data.solver.status != SolverStatus::Unsupported) continue;
    const std::string message = fallback_message(data.solver.fallbacks);
    EXPECT_NE(message.find("two free bodies"), std::string::npos) << message;
    EXPECT_NE(message.find("box"), std::string::npos) << message;
    EXPECT_LT(data.solver.events, options.hybrid_max_events);
    if (unsupported_steps++ > 0) {
      EXPECT_EQ(data.position, held);
    }
    held = data.position;
  }
  EXPECT_GT(unsupported_steps, 30);
  for (const Vec3& position : data.position) EXPECT_TRUE(position.allFinite());
}

// lcp_wall without gravity: the cart meets the wall at t = 1/3 s (e = 0) and rests
// against it with no load, lambda_n = 0 up to rounding of either sign. The contacts
// stay active (they let go only below -f_idle), so the 1 s runs with the four
// simultaneous impacts as its only events, every step solved, the cart's face at the
// wall: x = 0.1 m (its half-length) to 1e-12, at rest to 1e-12 m/s.
TEST(HybridFormulation, ContactAtRestWithoutLoadStaysWithoutChatter) {
  const Model model = load_builtin_scene("lcp_wall");
  Options options = model.options;
  options.formulation = Formulation::Hybrid;
  Data data = make_data(model);
  int impacts = 0, others = 0;
  run_for(model, options, data, 1.0, [&](const Data& after) {
    expect_step_solved(after);
    for (const HybridEvent& event : after.events) {
      if (event.kind == HybridEventKind::Impact) {
        EXPECT_NEAR(event.time, 1.0 / 3.0, 1e-12);
        ++impacts;
      } else {
        ++others;
      }
    }
  });
  EXPECT_EQ(impacts, 4);
  EXPECT_EQ(others, 0);
  const int cart = body_index(model, "cart");
  EXPECT_NEAR(data.position[cart].x(), 0.1, 1e-12);
  EXPECT_NEAR(data.linear_velocity[cart].x(), 0, 1e-12);
}

// stick_slip's teflon block (mu_k 0.05 on the steel ramp at 25 degrees) slides down
// the ramp at a = g (sin theta - mu_k cos theta) from the moment it has landed on it:
// after 0.01 s, with its speed v1 along the ramp and its front corners d1 from the
// ramp's lower edge (at floor level), they reach the floor at t1 + (sqrt(v1^2 + 2 a d1)
// - v1) / a, an impact located to 1e-6 s, every step solved. Its patch of four corners
// slides from rest with its friction along the onset's direction (docs/hybrid.md,
// "Slip near zero"); before that rule the friction followed the corners' slip at
// rounding level and the block reached the floor only at 1.386 s. Then across the
// floor (below).
TEST(HybridFormulation, TeflonBlockSlidesDownTheRampAndOnAcrossTheFloor) {
  const Model model = load_builtin_scene("stick_slip");
  Options options = model.options;
  options.formulation = Formulation::Hybrid;
  Data data = make_data(model);
  const int block = body_index(model, "teflon_block"), ramp = body_index(model, "ramp");
  const double g = -options.gravity.z(), theta = 25.0 * std::acos(-1.0) / 180, mu = 0.05;
  const double acceleration = g * (std::sin(theta) - mu * std::cos(theta));
  run_for(model, options, data, 0.01, [&](const Data& after) { expect_step_solved(after); });
  const Mat3 rotation = data.orientation[ramp].toRotationMatrix();
  const Vec3 down = rotation * Vec3::UnitX();
  const Vec3 edge = data.position[ramp] + rotation * Vec3(0.7, 0, 0.1);
  const Vec3 front_corner = data.position[block] + data.orientation[block] * Vec3(0.06, 0, -0.04);
  const double t1 = data.time, v1 = data.linear_velocity[block].dot(down), d1 = (edge - front_corner).dot(down);
  const double arrival = t1 + (std::sqrt(v1 * v1 + 2 * acceleration * d1) - v1) / acceleration;
  double floor_impact = -1;
  run_for(model, options, data, 0.85 - t1, [&](const Data& after) {
    expect_step_solved(after);
    for (const HybridEvent& event : after.events) {
      if (event.kind == HybridEventKind::Impact && event.body_b == block && event.body_a != ramp && floor_impact < 0) {
        floor_impact = event.time;
      }
    }
    if (after.time < arrival - 1e-3) {
      EXPECT_NEAR(after.linear_velocity[block].dot(down), v1 + acceleration * (after.time - t1), 1e-8)
          << "t = " << after.time;
    }
  });
  EXPECT_NEAR(arrival, 0.80, 0.01);
  EXPECT_NEAR(floor_impact, arrival, 1e-6);
  // Past the ramp's foot: the ramp's contacts, which would have to pull to keep the
  // block turning the kink, let go (the impact LCP, impact_lcp.h; the seed's
  // pseudoinverse form held them and stopped the block at x = 0.737 m), the block
  // tips onto the floor (its back corners' impact at 0.8396 s) and slides flat on
  // teflon against the floor's default material, mu_k = 0.12: from its speed v_a at
  // t_a = 0.85 s it slows at mu_k g (1e-9 per step) and stops (slip_to_stick) at
  // t_a + v_a / (mu_k g) (1e-6 s), x_a + v_a^2 / (2 mu_k g) on (1e-6 m), 3.36 m, every
  // step solved. lcp slides it to 3.45 m: its step over the kink keeps more speed.
  const double mu_floor = 0.12, deceleration = mu_floor * g;
  const double t_a = data.time, x_a = data.position[block].x(), v_a = data.linear_velocity[block].x();
  EXPECT_NEAR(data.position[block].z(), 0.04, 1e-9);
  EXPECT_NEAR(std::abs(data.orientation[block].w()), 1, 1e-12);
  const double stop_time = t_a + v_a / deceleration;
  double stopped_at = -1;
  run_for(model, options, data, stop_time + 0.05 - t_a, [&](const Data& after) {
    expect_step_solved(after);
    for (const HybridEvent& event : after.events) {
      if (event.kind == HybridEventKind::SlipToStick && event.body_b == block) stopped_at = event.time;
    }
    if (after.time < stop_time) {
      EXPECT_NEAR(after.linear_velocity[block].x(), v_a - deceleration * (after.time - t_a), 1e-9)
          << "t = " << after.time;
    }
  });
  EXPECT_NEAR(stopped_at, stop_time, 1e-6);
  EXPECT_NEAR(data.position[block].x(), x_a + v_a * v_a / (2 * deceleration), 1e-6);
  EXPECT_NEAR(data.position[block].x(), 3.36, 0.01);
  EXPECT_NEAR(data.linear_velocity[block].norm(), 0, 1e-9);
}

}  // namespace
}  // namespace contactlab

// Seed 003's quasi-static examples as built-in scenes: the parallel gripper
// (pang_gripper), whose forces the seed states, and a robot pushing a box
// (box_push), whose contact modes it describes; in Anitescu's QP and, for
// comparison, the quasi-static LCP. Every step must be in force balance.
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "formulation/quasistatic_motion.h"
#include "scene_fixture.h"
#include "step/quasistatic_balance.h"

namespace contactlab {
namespace {

// Q dq + b - J^T lambda per coordinate, from the recorded forces [N or N m]: the
// solvers certify their answers to about 1e-9 in velocity, far below this.
constexpr double kBalanceTolerance = 1e-6;

// Steps the scene to its end; `after_step` sees each step's data; every step's
// force balance is checked.
void run_in_balance(const Model& model, const Options& options,
                    const std::function<void(const Data&)>& after_step) {
  Data data = make_data(model);
  double worst = 0;
  const long steps = static_cast<long>(model.duration / options.time_step + 0.5);
  for (long s = 0; s < steps; ++s) {
    const Data start = data;
    step(model, options, data);
    ASSERT_EQ(data.solver.status, SolverStatus::Solved)
        << data.time << ": " << fallback_message(data.solver.fallbacks);
    worst = std::max(worst, quasistatic_balance(model, options, start, data).largest);
    after_step(data);
  }
  EXPECT_LT(worst, kBalanceTolerance);
}

// --- pang_gripper: seed 003's "Example: parallel gripper" ------------------------

// The two finger contacts at the end of a step.
struct FingerContacts {
  double normal[2] = {0, 0};    // [N]
  double friction[2] = {0, 0};  // magnitude [N]
  double distance[2] = {0, 0};  // phi at the step's start [m]
  ContactMode mode[2] = {ContactMode::Separating, ContactMode::Separating};
  int found = 0;

  double friction_sum() const { return friction[0] + friction[1]; }
};

FingerContacts finger_contacts(const Model& model, const Data& data) {
  FingerContacts fingers;
  const int ball = body_index(model, "ball");
  const int finger_body[2] = {body_index(model, "finger_left"), body_index(model, "finger_right")};
  for (const ContactRecord& contact : data.contacts) {
    for (int f = 0; f < 2; ++f) {
      const bool pair = (contact.body_a == ball && contact.body_b == finger_body[f]) ||
                        (contact.body_b == ball && contact.body_a == finger_body[f]);
      if (!pair) continue;
      fingers.normal[f] = contact.normal_force;
      fingers.friction[f] = contact.friction_force.norm();
      fingers.distance[f] = contact.distance;
      fingers.mode[f] = contact.mode;
      ++fingers.found;
    }
  }
  return fingers;
}

// Seed 003: K = 1000 N/m, mu = 0.8, r = 0.1 m, the fingers commanded 0.1 r into the
// ball (K 0.1 r = 10 N each) and the carriage down at 0.2 m/s to -0.03 m. Friction
// sticks while its sum K 0.2 t grows to mu 20 N = 16 N (t = 0.08 s), slides at 16 N
// until the command stops (0.15 s), and sticks again at 16 N. Anitescu's rows lift a
// sliding finger by the boundary layer h mu |v_t| (seed 003, "Sliding contact"):
// 0.001 * 0.8 * 0.2 = 1.6e-4 m, which stretches its spring to K (0.1 r + 1.6e-4) =
// 10.16 N, within the seed's numbers' 2%.
TEST(QuasistaticScenes, PangGripperQpFollowsTheSeed) {
  const Model model = load_builtin_scene("pang_gripper");
  const Options options = model.options;
  ASSERT_EQ(options.formulation, Formulation::Quasistatic);
  ASSERT_EQ(options.quasistatic_problem, 0);
  const double h = options.time_step;
  const double boundary_layer = h * 0.8 * 0.2;
  int sliding_steps = 0;
  double previous_gap = 1;
  run_in_balance(model, options, [&](const Data& data) {
    const double t = data.time;
    const FingerContacts fingers = finger_contacts(model, data);
    ASSERT_EQ(fingers.found, 2) << t;
    for (int f = 0; f < 2; ++f) EXPECT_NEAR(fingers.normal[f], 10.0, 0.2) << t;  // 2%
    if (t < 0.08 - 1e-9) {
      EXPECT_NEAR(fingers.friction_sum(), 200 * t, 1e-6) << t;  // K * 0.2 t, sticking
      for (int f = 0; f < 2; ++f) EXPECT_EQ(fingers.mode[f], ContactMode::Sticking) << t;
    } else if (t > 0.0805 && t < 0.15 - 1e-9) {
      EXPECT_NEAR(fingers.friction_sum(), 16.0, 0.32) << t;
      for (int f = 0; f < 2; ++f) EXPECT_EQ(fingers.mode[f], ContactMode::Sliding) << t;
      ++sliding_steps;
      if (t < 0.11) return;  // the layer builds up over the first steps of sliding
      EXPECT_NEAR(fingers.friction_sum(), 2 * 0.8 * 1000 * (0.01 + boundary_layer), 1e-6) << t;
      for (int f = 0; f < 2; ++f) EXPECT_NEAR(fingers.distance[f], boundary_layer, 1e-9) << t;
    } else if (t > 0.15 && t < 0.2) {
      // The seed's "sliding starting to stop": the gap closes step by step.
      EXPECT_LE(fingers.distance[0], previous_gap) << t;
      previous_gap = fingers.distance[0];
    } else if (t >= 0.2) {
      EXPECT_NEAR(fingers.friction_sum(), 16.0, 1e-6) << t;
      for (int f = 0; f < 2; ++f) {
        EXPECT_NEAR(fingers.normal[f], 10.0, 1e-6) << t;
        EXPECT_EQ(fingers.mode[f], ContactMode::Sticking) << t;
      }
    }
  });
  EXPECT_EQ(sliding_steps, 69);  // 0.081 .. 0.149 s
}

// The quasi-static LCP (Stewart-Trinkle friction, seed 003's comparison) gives the
// seed's numbers exactly, and its sliding fingers stay on the ball: no boundary layer.
TEST(QuasistaticScenes, PangGripperLcpHasNoBoundaryLayer) {
  const Model model = load_builtin_scene("pang_gripper");
  Options options = model.options;
  options.quasistatic_problem = 1;
  run_in_balance(model, options, [&](const Data& data) {
    const double t = data.time;
    const FingerContacts fingers = finger_contacts(model, data);
    ASSERT_EQ(fingers.found, 2) << t;
    for (int f = 0; f < 2; ++f) {
      EXPECT_NEAR(fingers.normal[f], 10.0, 1e-6) << t;
      EXPECT_NEAR(fingers.distance[f], 0, 1e-9) << t;
    }
    EXPECT_NEAR(fingers.friction_sum(), std::min(200 * t, 16.0), 1e-6) << t;
    if (t > 0.085 && t < 0.15 - 1e-9) {
      for (int f = 0; f < 2; ++f) EXPECT_EQ(fingers.mode[f], ContactMode::Sliding) << t;
    }
    if (t > 0.152) {
      for (int f = 0; f < 2; ++f) EXPECT_EQ(fingers.mode[f], ContactMode::Sticking) << t;
    }
  });
}

// --- box_push: seed 003's robot pushing a box under gravity ------------------------

// What the box does in one step.
enum class BoxPhase { Stick, Slide, Tilt };

struct BoxStep {
  double time = 0;
  BoxPhase phase = BoxPhase::Stick;
  double tilt = 0;        // angle of the box's vertical axis from upright [rad]
  double friction = 0;    // ground friction on the box, x component [N]
  double normal = 0;      // ground normal force on the box [N]
  double tip_force = 0;   // normal force of the arm's tip [N]
  int loaded = 0;         // ground contacts carrying load
  double x = 0;           // box centre [m]
};

BoxStep box_step(const Model& model, const Data& data) {
  const int box = body_index(model, "box");
  const int ground = body_index(model, "ground");
  const int tip = body_index(model, "tip");
  BoxStep result;
  result.time = data.time;
  result.x = data.position[box].x();
  const Vec3 up = data.orientation[box] * Vec3::UnitZ();
  result.tilt = std::atan2(std::sqrt(up.x() * up.x() + up.y() * up.y()), up.z());
  bool sliding = false;
  for (const ContactRecord& contact : data.contacts) {
    const bool on_box = contact.body_a == box || contact.body_b == box;
    if (!on_box) continue;
    const int other = contact.body_a == box ? contact.body_b : contact.body_a;
    if (other == tip) result.tip_force += contact.normal_force;
    if (other != ground || !(contact.normal_force > 1e-9)) continue;
    ++result.loaded;
    result.friction += contact.friction_force.x();
    result.normal += contact.normal_force;
    sliding = sliding || contact.mode == ContactMode::Sliding;
  }
  result.phase = result.tilt > 1e-3 ? BoxPhase::Tilt : sliding ? BoxPhase::Slide : BoxPhase::Stick;
  return result;
}

// The mode sequence of seed 003's box: stick while the push builds up, slide at
// mu m g, stick when the arm stops, tip about the far edge when pushed high
// (mu * 0.14 m > 0.04 m, half the box's depth) and drop back to the floor once the
// arm loses contact.
TEST(QuasistaticScenes, BoxPushSticksSlidesSticksTipsAndDropsBack) {
  const Model model = load_builtin_scene("box_push");
  const Options options = model.options;
  std::vector<BoxStep> steps;
  run_in_balance(model, options, [&](const Data& data) { steps.push_back(box_step(model, data)); });

  // The phases in order, with how long each lasted. A slide of one or two steps is a
  // blip, not a phase: a box that has stopped rests exactly on the friction limit (it
  // slides until the push falls to mu N), so it slips for a step when the push turns,
  // and the dropped box slides for a step as it lands. Blips move it < 1 mm.
  std::vector<BoxPhase> phases;
  std::vector<int> lengths, starts;
  for (int i = 0; i < static_cast<int>(steps.size()); ++i) {
    if (phases.empty() || phases.back() != steps[i].phase) {
      phases.push_back(steps[i].phase);
      lengths.push_back(0);
      starts.push_back(i);
    }
    ++lengths.back();
  }
  std::vector<BoxPhase> sequence;
  std::vector<int> sequence_start;
  for (size_t p = 0; p < phases.size(); ++p) {
    if (phases[p] == BoxPhase::Slide && lengths[p] <= 2 && p > 0) {
      const int first = starts[p];
      EXPECT_LT(std::abs(steps[first + lengths[p] - 1].x - steps[first - 1].x), 1e-3) << steps[first].time;
      continue;
    }
    if (!sequence.empty() && sequence.back() == phases[p]) continue;
    sequence.push_back(phases[p]);
    sequence_start.push_back(starts[p]);
  }
  const std::vector<BoxPhase> expected = {BoxPhase::Stick, BoxPhase::Slide, BoxPhase::Stick,
                                          BoxPhase::Tilt, BoxPhase::Stick};
  ASSERT_EQ(sequence, expected);
  const int slide_start = sequence_start[1];
  const int stick_end = sequence_start[3];
  EXPECT_GT(sequence_start[2] - slide_start, 500);  // the push slides the box for over a second

  // Stick under load: the tip pushes and the ground holds the box before it slides.
  const BoxStep& loaded_stick = steps[slide_start - 1];
  EXPECT_GT(loaded_stick.tip_force, 2.0);
  EXPECT_LT(loaded_stick.friction, -2.0);
  // Sliding friction is mu N (mu = 0.5), against the push; the box moves ~11 cm.
  const BoxStep& sliding = steps[slide_start + 200];
  EXPECT_EQ(sliding.phase, BoxPhase::Slide);
  EXPECT_NEAR(sliding.friction, -0.5 * sliding.normal, 1e-6);
  EXPECT_GT(steps[stick_end - 1].x, 0.1);

  // Tilted: only the far edge carries the box, and the tilt exceeds 0.2 rad.
  double largest_tilt = 0;
  int dropped_at = -1;
  for (int i = stick_end; i < static_cast<int>(steps.size()); ++i) {
    largest_tilt = std::max(largest_tilt, steps[i].tilt);
    if (steps[i].phase == BoxPhase::Tilt) {
      EXPECT_LE(steps[i].loaded, 2) << steps[i].time;
    }
    const bool let_go = steps[i - 1].tip_force > 0 && steps[i].tip_force == 0;
    if (dropped_at < 0 && let_go && steps[i].tilt > 0.1) dropped_at = i;
  }
  EXPECT_GT(largest_tilt, 0.2);
  // The arm lets go while the box is still tipped; it falls back on its own within
  // 0.1 s and rests on the floor, where it was before it tipped (within 2 mm).
  ASSERT_GE(dropped_at, 0);
  const int landed = dropped_at + static_cast<int>(0.1 / options.time_step);
  ASSERT_LT(landed, static_cast<int>(steps.size()));
  EXPECT_LT(steps[landed].tilt, 1e-6);
  EXPECT_GE(steps[landed].loaded, 2);
  EXPECT_NEAR(steps.back().x, steps[stick_end - 1].x, 2e-3);
  EXPECT_LT(steps.back().tilt, 1e-6);
}

// Seed 003's artefact: its QP run's box "fails to re-establish contact with the ground
// after losing contact with the robot". With the objects' whole inertia as the
// regulariser (eps_q = 1: their force balance sum F = M (v+ - 0) / h, every step
// starting from rest, the quasi-dynamic setting of the seed's model), a box the arm
// lets go of does not fall: nothing carries momentum from step to step, so gravity
// only turns it about its far edge at the creeping rate
//   omega = h tau(theta) / (eps_q I_edge),   tau = m g (a cos theta - c sin theta),
// I_edge = m ((2a)^2 + (2c)^2) / 12 + m (a^2 + c^2), a = 0.04 m its half depth and
// c = 0.08 m its half height: a few degrees a second at h = 2.5 ms, where falling takes
// a tenth of a second. The same setting changes the push: the drag eps_q m v / h
// (32 N at 8 cm/s) outweighs friction (4.9 N), so the low push already tips the box
// and the seed's stick, slide, stick sequence is lost; the scene keeps eps_q = 0.01,
// under which the box falls back (the test above).
TEST(QuasistaticScenes, BoxPushAtFullInertiaCreepsInsteadOfFallingBack) {
  const Model model = load_builtin_scene("box_push");
  Options options = model.options;
  options.quasistatic_mass_scale = 1.0;
  std::vector<BoxStep> steps;
  run_in_balance(model, options, [&](const Data& data) { steps.push_back(box_step(model, data)); });

  constexpr double kMass = 1.0, kHalfDepth = 0.04, kHalfHeight = 0.08;
  const double edge_inertia =
      kMass * (4 * kHalfDepth * kHalfDepth + 4 * kHalfHeight * kHalfHeight) / 12 +
      kMass * (kHalfDepth * kHalfDepth + kHalfHeight * kHalfHeight);
  const double h = options.time_step;
  const double g = -options.gravity.z();
  // Every step in which the box, tipped, touches neither the arm nor (but for its far
  // edge) the floor, and did not in the step before.
  int creeping_steps = 0;
  for (size_t i = 1; i < steps.size(); ++i) {
    const bool left_alone = steps[i - 1].tip_force == 0 && steps[i].tip_force == 0;
    if (!left_alone || steps[i - 1].tilt < 0.1) continue;
    ASSERT_LE(steps[i].loaded, 2) << steps[i].time;
    const double theta = steps[i - 1].tilt;
    const double torque = kMass * g * (kHalfDepth * std::cos(theta) - kHalfHeight * std::sin(theta));
    const double expected_rate = h * torque / (options.quasistatic_mass_scale * edge_inertia);
    EXPECT_NEAR((theta - steps[i].tilt) / h, expected_rate, 1e-3 * expected_rate) << steps[i].time;
    ++creeping_steps;
  }
  // Released twice (2.5 s and 4.8 s), the box creeps for over half a second in all.
  EXPECT_GT(creeping_steps * h, 0.5);
  // At the scene's end it still leans on its far edge, its near edge more than 5 mm off
  // the floor (2a sin theta).
  EXPECT_EQ(steps.back().tip_force, 0);
  EXPECT_GT(steps.back().tilt, 0.1);
  EXPECT_GT(2 * kHalfDepth * std::sin(steps.back().tilt), 5e-3);
}

}  // namespace
}  // namespace contactlab

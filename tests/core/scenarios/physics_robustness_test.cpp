// Honest physics at the edges (docs/physics_robustness.md): static friction for a body
// placed exactly touching, the recovery-speed cap on deep overlaps, a diverging step
// reported and undone, and tunnelling warned about with the bodies named.
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "contact/friction_coefficient.h"
#include "grasp/grasp_monitor.h"
#include "scene_fixture.h"
#include "session/state_csv.h"
#include "step/divergence.h"
#include "step/tunnelling.h"

namespace contactlab {
namespace {

Model scene_from(const std::string& json) {
  Model model;
  const Status status = load_scene(json, model);
  EXPECT_TRUE(status.ok()) << status.message();
  return model;
}

// A 1 kg box on a 20 degree slope (tan 20 deg = 0.364) with mu_s = 0.5 > 0.364 >
// mu_k = 0.2, its face exactly on the slope: gap 0, so eq. (19) pushes it out at
// gamma (threshold / 2) / h = 4 mm/s along the normal, above s_t = 1 mm/s.
Model box_touching_incline() {
  return scene_from(R"({"name": "touching", "duration": 1,
    "friction": {"default": {"static": 0.5, "kinetic": 0.2}},
    "bodies": [
      {"name": "slope", "static": true,
       "geoms": [{"type": "plane", "orientation": [0.98480775301220802, 0, 0.17364817766693036, 0]}]},
      {"name": "box", "mass": 1, "position": [0.017101007166283436, 0, 0.046984631039295418],
       "orientation": [0.98480775301220802, 0, 0.17364817766693036, 0],
       "geoms": [{"type": "box", "half_extents": [0.1, 0.1, 0.05]}]}]})");
}

// Seed 002 eq. (13) on the tangential slip only: the push out of the touching start
// does not make the contact kinetic, and the box sticks (with mu_k it would slide
// down at g (sin 20 - 0.2 cos 20) = 1.5 m/s^2, 0.75 m in 1 s).
TEST(PhysicsRobustness, BoxPlacedExactlyTouchingAnInclineSticks) {
  const Model model = box_touching_incline();
  const int box = body_index(model, "box");
  for (Formulation formulation : {Formulation::Lcp, Formulation::Convex}) {
    Options options = model.options;
    options.formulation = formulation;
    Data data = make_data(model);
    const Vec3 start = data.position[box];
    run_for(model, options, data, 1.0, [&](const Data& d) {
      for (const ContactRecord& contact : d.contacts) {
        EXPECT_EQ(contact.friction_coefficient, 0.5) << "t = " << d.time;
      }
    });
    const Vec3 down_slope(-std::cos(20 * M_PI / 180), 0, -std::sin(20 * M_PI / 180));
    EXPECT_LT((data.position[box] - start).dot(down_slope), 1e-4) << formulation_name(formulation);
  }
}

// The slip rule itself: the normal part of a relative velocity plays no part.
TEST(PhysicsRobustness, FrictionCoefficientDependsOnTangentialSlipOnly) {
  Options options;
  const FrictionPair pair{0.5, 0.2};
  EXPECT_EQ(friction_coefficient(pair, tangential_slip(Vec3(10, 0, 0)), options), 0.5);
  EXPECT_EQ(friction_coefficient(pair, tangential_slip(Vec3(0, 0.6e-3, 0.6e-3)), options), 0.5);
  EXPECT_EQ(friction_coefficient(pair, tangential_slip(Vec3(0, 0.8e-3, 0.8e-3)), options), 0.2);
}

// A 0.2 m cube started half inside another that rests on the ground.
Model overlapping_cubes() {
  return scene_from(R"({"name": "overlap", "duration": 1,
    "bodies": [
      {"name": "ground", "static": true, "geoms": [{"type": "plane"}]},
      {"name": "lower", "mass": 8, "position": [0, 0, 0.10005],
       "geoms": [{"type": "box", "half_extents": [0.1, 0.1, 0.1]}]},
      {"name": "upper", "mass": 8, "position": [0, 0, 0.2],
       "geoms": [{"type": "box", "half_extents": [0.1, 0.1, 0.1]}]}]})");
}

// The push out of the overlap is capped by max_recovery_speed (default 3 m/s; before
// the cap it left at 8 m/s): the upper cube never moves faster than the cap (plus
// what gravity adds in a step), in every formulation, for the default and lower caps.
TEST(PhysicsRobustness, OverlapEjectionSpeedIsBoundedByTheCap) {
  const Model model = overlapping_cubes();
  const int upper = body_index(model, "upper");
  for (double cap : {Options{}.max_recovery_speed, 1.0, 0.3}) {
    for (Formulation formulation : {Formulation::Lcp, Formulation::Convex, Formulation::Soft,
                                    Formulation::Quasistatic, Formulation::Compliant}) {
      Options options = model.options;
      options.formulation = formulation;
      ASSERT_TRUE(set_option(options, "max_recovery_speed", cap).ok());
      Data data = make_data(model);
      double fastest = 0;
      run_for(model, options, data, 1.0, [&](const Data& d) {
        fastest = std::max(fastest, d.linear_velocity[upper].norm());
      });
      EXPECT_LE(fastest, cap + 9.81 * options.time_step) << formulation_name(formulation) << ", cap " << cap;
      EXPECT_GT(fastest, 0.25 * cap) << formulation_name(formulation) << ", cap " << cap;  // it is pushed out
    }
  }
}

// brick_slide in the soft formulation at h = 0.05 (kappa = 0.02 < 2 h: the reference
// velocity overshoots and pumps energy in): the run reports a divergence, never
// "solved" for that step, and its CSV holds no NaN or inf.
TEST(PhysicsRobustness, DivergingStepIsReported) {
  const Model model = load_builtin_scene("brick_slide");
  const int brick = body_index(model, "brick");
  Options options = model.options;
  options.formulation = Formulation::Soft;
  options.time_step = 0.05;
  Data data = make_data(model);
  std::ostringstream csv;
  StateRowFormat format(model);
  std::vector<double> row(format.size());
  format.write_header(model, csv);
  int diverged = 0;
  double fastest = 0;
  std::string message;
  run_for(model, options, data, 2.0, [&](const Data& d) {
    format.capture(model, d, GraspReport{}, row.data());
    format.write_row(model, row.data(), csv);
    fastest = std::max(fastest, d.linear_velocity[brick].norm());
    if (d.solver.status != SolverStatus::Diverged) return;
    if (diverged++ == 0) message = fallback_message(d.solver.fallbacks);
  });
  EXPECT_GT(diverged, 0);
  EXPECT_NE(message.find("diverged: "), std::string::npos) << message;
  EXPECT_NE(message.find("\"brick\""), std::string::npos) << message;
  EXPECT_LT(fastest, kDivergedSpeed);
  const std::string text = csv.str();
  for (const char* word : {"nan", "inf", "NaN", "Inf"}) EXPECT_EQ(text.find(word), std::string::npos) << word;
  EXPECT_NE(text.find(",diverged (fallback: "), std::string::npos);  // with the reason's short name
  EXPECT_STREQ(solver_status_name(SolverStatus::Diverged), "diverged");
}

// A step that leaves a non-finite velocity is undone: the body goes back to its pose
// before the step, at rest, and the reason names it.
TEST(PhysicsRobustness, NonFiniteStateIsUndoneWithTheBodyNamed) {
  const Model model = overlapping_cubes();
  const int upper = body_index(model, "upper");
  Data data = make_data(model);
  StepStart start;
  start.take(data);
  data.position[upper].z() += 0.01;
  data.linear_velocity[upper].x() = std::numeric_limits<double>::quiet_NaN();
  std::vector<char> weighed;
  mark_weighed_bodies(model, Islands{}, true, weighed);
  EXPECT_TRUE(check_divergence(model, model.options, start, weighed, data));
  EXPECT_EQ(data.solver.status, SolverStatus::Diverged);
  EXPECT_EQ(data.position[upper], start.position[upper]);
  EXPECT_EQ(data.linear_velocity[upper], Vec3::Zero());
  EXPECT_EQ(fallback_message(data.solver.fallbacks),
            "diverged: body \"upper\": its velocity is not finite (step undone, bodies stopped)");
  // An ordinary step is left alone.
  Data calm = make_data(model);
  start.take(calm);
  EXPECT_FALSE(check_divergence(model, model.options, start, weighed, calm));
}

// An energy jump is reported and the state kept; a body in an island with an
// articulation, or in a formulation that starts at rest, is not weighed.
TEST(PhysicsRobustness, EnergyJumpIsReportedWithTheBodyNamed) {
  const Model model = overlapping_cubes();
  const int upper = body_index(model, "upper");
  Islands islands;
  find_islands({0, 1, 1}, {}, islands);
  std::vector<char> weighed;
  mark_weighed_bodies(model, islands, true, weighed);
  EXPECT_EQ(weighed, (std::vector<char>{0, 1, 1}));
  Data data = make_data(model);
  StepStart start;
  start.take(data);
  // 144 J from rest; the allowance is 72 J (8 kg at the 3 m/s cap, for each cube).
  data.linear_velocity[upper] = Vec3(6, 0, 0);
  EXPECT_TRUE(check_divergence(model, model.options, start, weighed, data));
  EXPECT_EQ(data.solver.status, SolverStatus::Diverged);
  EXPECT_EQ(data.linear_velocity[upper], Vec3(6, 0, 0));
  EXPECT_EQ(fallback_message(data.solver.fallbacks),
            "diverged: kinetic energy jumped from 0 J to 144 J in one step (most in body \"upper\")");
  data.linear_velocity[upper] = Vec3(4, 0, 0);  // 64 J: within the capped pushes
  data.solver = SolverStats{};
  EXPECT_FALSE(check_divergence(model, model.options, start, weighed, data));
  data.linear_velocity[upper] = Vec3(6, 0, 0);
  mark_weighed_bodies(model, islands, false, weighed);
  EXPECT_FALSE(check_divergence(model, model.options, start, weighed, data));
}

// A 1 mm sphere at 20 m/s against a 1 mm wall: soft contact and compliant contact in
// one substep per step let it through (the step moves it 50 mm), and the step warns
// naming both bodies; the lcp formulation stops it at the wall without a warning.
TEST(PhysicsRobustness, TunnellingThroughAThinWallIsWarned) {
  const Model model = scene_from(R"({"name": "thin_wall", "duration": 0.1,
    "options": {"gravity": [0, 0, 0]},
    "bodies": [
      {"name": "wall", "static": true, "position": [0.02, 0, 0],
       "geoms": [{"type": "box", "half_extents": [0.0005, 0.1, 0.1]}]},
      {"name": "pellet", "mass": 0.001, "position": [0, 0, 0], "linear_velocity": [20, 0, 0],
       "geoms": [{"type": "sphere", "radius": 0.0005}]}]})");
  const int pellet = body_index(model, "pellet");
  for (Formulation formulation : {Formulation::Soft, Formulation::Compliant, Formulation::Lcp}) {
    Options options = model.options;
    options.formulation = formulation;
    options.compliant_substeps = 1;
    Data data = make_data(model);
    std::string warning;
    run_for(model, options, data, 0.1, [&](const Data& d) {
      if (warning.empty() && !d.solver.tunnelling.empty()) warning = tunnelling_message(model, d.solver.tunnelling[0]);
    });
    const bool passed = data.position[pellet].x() > 0.02;
    if (formulation == Formulation::Lcp) {
      EXPECT_FALSE(passed);
      EXPECT_EQ(warning, "");
      continue;
    }
    EXPECT_TRUE(passed) << formulation_name(formulation);
    EXPECT_NE(warning.find("body \"pellet\" may have passed through body \"wall\""), std::string::npos)
        << formulation_name(formulation) << ": " << warning;
  }
}

}  // namespace
}  // namespace contactlab

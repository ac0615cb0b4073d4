// The restitution rule (contact/restitution.h): the material pair's e or the option's,
// the threshold speed, which contacts Newton's law applies to and how it is folded into
// the normal rows' targets.
#include "contact/restitution.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "scene_fixture.h"

namespace contactlab {
namespace {

// Two materials, "rubber" (1) on "steel" (0) with e = 0.8, steel on steel 0.3, rubber
// on rubber 0; geom 0 steel, geom 1 rubber.
Model two_restitution_materials() {
  Model model;
  model.material_names = {"steel", "rubber"};
  model.friction_table = {FrictionPair{0.5, 0.5, 0.3}, FrictionPair{0.5, 0.5, 0.8},
                          FrictionPair{0.5, 0.5, 0.8}, FrictionPair{0.5, 0.5, 0.0}};
  model.geoms.resize(2);
  model.geoms[1].material = 1;
  return model;
}

TEST(Restitution, MaterialPairUnlessTheOptionReplacesIt) {
  const Model model = two_restitution_materials();
  Options options;  // restitution = -1: the materials
  EXPECT_EQ(contact_restitution(model, options, 0, 1), 0.8);
  EXPECT_EQ(contact_restitution(model, options, 1, 0), 0.8);
  EXPECT_EQ(contact_restitution(model, options, 0, 0), 0.3);
  EXPECT_EQ(contact_restitution(model, options, 1, 1), 0.0);
  for (double e : {0.0, 0.45, 1.0}) {
    options.restitution = e;
    EXPECT_EQ(contact_restitution(model, options, 0, 1), e);
    EXPECT_EQ(contact_restitution(model, options, 1, 1), e);
    EXPECT_EQ(applied_restitution(0.3, options), e);
  }
}

// v_r = max(|g| h, s_t).
TEST(Restitution, ThresholdIsGravitysSpeedPerStepOrTheKineticThreshold) {
  Options options;
  options.time_step = 0.002;
  options.gravity = Vec3(3, 0, -4);  // |g| = 5
  options.kinetic_threshold_speed = 1e-3;
  EXPECT_DOUBLE_EQ(restitution_threshold_speed(options), 0.01);
  options.kinetic_threshold_speed = 0.05;
  EXPECT_EQ(restitution_threshold_speed(options), 0.05);
  options.gravity = Vec3::Zero();
  options.kinetic_threshold_speed = 1e-3;
  EXPECT_EQ(restitution_threshold_speed(options), 1e-3);
}

TEST(Restitution, NewtonsLawOnlyForContactsApproachingFasterThanTheThreshold) {
  Options options;  // v_r = 9.81 * 0.0025 = 0.024525 m/s
  const double threshold = restitution_threshold_speed(options);
  EXPECT_EQ(newton_impact_velocity(0.5, -2.0, options), 1.0);
  EXPECT_EQ(newton_impact_velocity(1.0, -2.0, options), 2.0);
  EXPECT_FALSE(newton_impact_velocity(0.0, -2.0, options));  // e = 0: no law at all
  EXPECT_FALSE(newton_impact_velocity(0.5, -threshold, options));
  EXPECT_TRUE(newton_impact_velocity(0.5, std::nextafter(-threshold, -1.0), options));
  EXPECT_FALSE(newton_impact_velocity(0.5, 0.0, options));
  EXPECT_FALSE(newton_impact_velocity(0.5, 1.0, options));  // separating
  EXPECT_FALSE(newton_impact_velocity(0.5, std::numeric_limits<double>::quiet_NaN(), options));
}

// One contact per case, all of e = 0.5 unless said: the target becomes max(eq. 19's,
// -e v_n^l) where v_n^l already violates eq. 19's bound and approaches fast; every
// other target keeps its bits.
TEST(Restitution, FoldRaisesTheTargetsOfClosingImpactsOnly) {
  Options options;
  const double h = options.time_step;
  IslandRows rows;
  rows.contact_count = 6;
  rows.restitution = {0.5, 0.5, 0.5, 0.5, 0.0, 0.5};
  const double gap = 1e-3;  // Delta p of an open contact
  const double push = 0.05;  // eq. 19's push out of a penetration
  rows.target_velocity = {-gap / h, -gap / h, push, -0.0, -gap / h, push};
  const std::vector<Vec3> start_velocity = {
      Vec3(-2.0, 0.3, 0),   // closes within the step (2 h > 1 mm): bounces at 1 m/s
      Vec3(-0.2, 0, 0),     // fast, but the 1 mm gap stays open this step: unchanged
      Vec3(-1.0, 0, 0),     // penetrating and approaching: max(push, 0.5)
      Vec3(-0.01, 0, 0),    // resting, slower than v_r: unchanged
      Vec3(-2.0, 0, 0),     // e = 0: unchanged
      Vec3(-0.06, 0, 0)};   // penetrating, Newton's 0.03 below the push: the push
  const std::vector<double> before = rows.target_velocity;
  fold_newton_restitution(start_velocity, options, rows);
  EXPECT_EQ(rows.target_velocity[0], 1.0);
  EXPECT_EQ(rows.target_velocity[1], before[1]);
  EXPECT_EQ(rows.target_velocity[2], 0.5);
  EXPECT_EQ(rows.target_velocity[3], before[3]);
  EXPECT_TRUE(std::signbit(rows.target_velocity[3]));
  EXPECT_EQ(rows.target_velocity[4], before[4]);
  EXPECT_EQ(rows.target_velocity[5], push);
}

// Resting contacts meet their support slower than the threshold: box_rest (one box on
// four corners) and box_stack (five boxes) follow the same trajectory with e = 0.9 as
// with e = 0, bit for bit, over 0.4 s (160 steps), in each formulation that poses
// Newton's law in its rows.
TEST(RestitutionStep, RestingContactsDoNotBounce) {
  for (const char* scene : {"box_rest", "box_stack"}) {
    const Model model = load_builtin_scene(scene);
    for (Formulation formulation : {Formulation::Lcp, Formulation::Convex, Formulation::Soft}) {
      Options plastic = model.options;
      plastic.formulation = formulation;
      plastic.restitution = 0;
      Options elastic = plastic;
      elastic.restitution = 0.9;
      Data first = make_data(model);
      Data second = make_data(model);
      run_for(model, plastic, first, 0.4);
      run_for(model, elastic, second, 0.4);
      for (std::size_t b = 0; b < model.bodies.size(); ++b) {
        EXPECT_EQ(first.position[b], second.position[b]) << scene << " " << formulation_name(formulation);
        EXPECT_EQ(first.linear_velocity[b], second.linear_velocity[b]) << scene;
        EXPECT_EQ(first.angular_velocity[b], second.angular_velocity[b]) << scene;
      }
    }
  }
}

// A bouncing ball stops: each bounce returns e of the impact speed, and an impact
// slower than v_r = |g| h is plastic. The leather ball of bouncing_ball (e = 0.5, from
// 1 m) would bounce for t0 (1 + e) / (1 - e) = 3 t0 = 1.35 s with t0 = 0.45 s its fall;
// after 2 s it rests at half the contact threshold, as ball_drop's ball does.
TEST(RestitutionStep, BouncesEndAtTheThresholdSpeed) {
  const Model model = load_builtin_scene("bouncing_ball");
  const int ball = body_index(model, "leather_ball");
  const double radius = model.geoms[model.bodies[ball].geoms[0]].shape.radius;
  Data data = make_data(model);
  int bounces = 0;  // steps in which the ball turned from falling to rising
  double last_vz = 0;
  run_for(model, model.options, data, 2.0, [&](const Data& d) {
    expect_step_solved(d);
    const double vz = d.linear_velocity[ball].z();
    if (last_vz < 0 && vz > 1e-6) ++bounces;  // above rounding noise at rest
    last_vz = vz;
  });
  // Impact k comes at about 4.4 m/s * 0.5^(k-1) (quantised by the step at the end): the
  // eighth at 43 mm/s still bounces, the ninth, at 19 mm/s, is below v_r = 24.5 mm/s.
  EXPECT_EQ(bounces, 8);
  EXPECT_LT(data.linear_velocity[ball].norm(), 1e-9);
  EXPECT_NEAR(data.position[ball].z() - radius, 0.5 * model.options.contact_threshold, 1e-9);
}

}  // namespace
}  // namespace contactlab

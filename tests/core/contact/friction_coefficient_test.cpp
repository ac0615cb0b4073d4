#include "contact/friction_coefficient.h"

#include <limits>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

// Two materials, "rubber" (1) on "steel" (0) with (mu_s, mu_k) = (0.9, 0.7), steel on
// steel (0.3, 0.2); geom 0 steel, geom 1 rubber, geom 2 steel.
Model two_materials() {
  Model model;
  model.material_names = {"steel", "rubber"};
  model.friction_table = {FrictionPair{0.3, 0.2}, FrictionPair{0.9, 0.7},
                          FrictionPair{0.9, 0.7}, FrictionPair{1.1, 1.0}};
  model.geoms.resize(3);
  model.geoms[1].material = 1;
  return model;
}

TEST(FrictionCoefficient, MaterialPairOfTheTwoGeoms) {
  const Model model = two_materials();
  const Options options;  // friction_coefficient = -1: the materials
  const FrictionPair steel_rubber = contact_friction(model, options, 0, 1);
  EXPECT_EQ(steel_rubber.static_coefficient, 0.9);
  EXPECT_EQ(steel_rubber.kinetic_coefficient, 0.7);
  const FrictionPair steel_steel = contact_friction(model, options, 2, 0);
  EXPECT_EQ(steel_steel.static_coefficient, 0.3);
  EXPECT_EQ(steel_steel.kinetic_coefficient, 0.2);
}

// options.friction_coefficient >= 0 replaces both coefficients of every pair, whatever
// the speed; 0 is an override too (frictionless).
TEST(FrictionCoefficient, OverrideReplacesEveryPair) {
  const Model model = two_materials();
  Options options;
  for (double mu : {0.0, 0.45, 2.0}) {
    options.friction_coefficient = mu;
    for (int geom : {0, 2}) {
      const FrictionPair pair = contact_friction(model, options, geom, 1);
      EXPECT_EQ(pair.static_coefficient, mu);
      EXPECT_EQ(pair.kinetic_coefficient, mu);
      for (double speed : {0.0, 1e-4, 5.0}) {
        EXPECT_EQ(friction_coefficient(pair, speed, options), mu);
      }
    }
    const FrictionPair applied = applied_friction(FrictionPair{0.3, 0.2}, options);
    EXPECT_EQ(applied.static_coefficient, mu);
    EXPECT_EQ(applied.kinetic_coefficient, mu);
  }
}

// Seed 002 eq. (13): mu_s below the threshold speed s_t.
TEST(FrictionCoefficient, StaticBelowTheThresholdSpeed) {
  const Model model = two_materials();
  Options options;
  options.kinetic_threshold_speed = 2e-3;
  const FrictionPair pair = contact_friction(model, options, 0, 1);
  for (double speed : {0.0, 1e-3, 1.999e-3}) {
    EXPECT_EQ(friction_coefficient(pair, speed, options), 0.9) << speed;
  }
}

// Seed 002 eq. (13): mu_k at and above s_t; a speed that is not a number slides.
TEST(FrictionCoefficient, KineticAboveTheThresholdSpeed) {
  const Model model = two_materials();
  Options options;
  options.kinetic_threshold_speed = 2e-3;
  const FrictionPair pair = contact_friction(model, options, 0, 1);
  for (double speed : {2e-3, 2.001e-3, 0.5, std::numeric_limits<double>::quiet_NaN()}) {
    EXPECT_EQ(friction_coefficient(pair, speed, options), 0.7) << speed;
  }
}

}  // namespace
}  // namespace contactlab

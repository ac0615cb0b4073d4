// The factory: each Formulation value gives the implementation that reports its own
// name, with the hooks the step asks of it.
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "formulation/formulation.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

constexpr Formulation kAll[] = {Formulation::Lcp, Formulation::Convex, Formulation::Soft,
                                Formulation::Quasistatic, Formulation::Compliant};

TEST(FormulationFactory, EachFormulationReportsItsOwnName) {
  for (Formulation formulation : kAll) {
    Options options;
    options.formulation = formulation;
    const std::unique_ptr<ContactFormulation> made = make_formulation(options);
    ASSERT_NE(made, nullptr);
    EXPECT_STREQ(made->name(), formulation_name(formulation));
  }
}

// Compliant contact alone takes substeps and refuses the step-size search.
TEST(FormulationFactory, StepHooks) {
  const Model model = load_builtin_scene("box_rest");
  for (Formulation formulation : kAll) {
    Options options = model.options;
    options.formulation = formulation;
    const std::unique_ptr<ContactFormulation> made = make_formulation(options);
    const bool compliant = formulation == Formulation::Compliant;
    EXPECT_EQ(made->allows_step_size_search(), !compliant) << made->name();
    EXPECT_EQ(made->substep_count(model, options), compliant ? 7 : 1) << made->name();  // the spring's
  }
}

// A free body's v_free: eq. (15) unless the formulation poses its own (soft's implicit
// damping slows it; quasistatic starts it from rest).
TEST(FormulationFactory, FreeBodyMotion) {
  const Model model = load_builtin_scene("box_rest");
  const int box = body_index(model, "box");
  const Body& body = model.bodies[box];
  Vec6 velocity;
  velocity << 0.5, 0, 0, 0, 0, 0;
  for (Formulation formulation : kAll) {
    Options options = model.options;
    options.formulation = formulation;
    options.soft_damping = 10;
    InverseMass inverse_mass;
    Vec6 free_velocity;
    Vec3 turn_velocity;
    make_formulation(options)->free_body_motion(body, options, Quat::Identity(), velocity,
                                                inverse_mass, free_velocity, turn_velocity);
    const double h = options.time_step;
    double expected = 0.5;
    if (formulation == Formulation::Soft) expected = body.mass * 0.5 / (body.mass + h * 10);
    if (formulation == Formulation::Quasistatic) expected = 0;
    EXPECT_NEAR(free_velocity[0], expected, 1e-15) << formulation_name(formulation);
  }
}

}  // namespace
}  // namespace contactlab

// Quasi-static stepping's "qp" problem posed sparsely (quasistatic_formulation.h past
// kQuasistaticNewtonUnknowns: convex's method of multipliers, convex_newton.h, over M_q
// and v_q) against the dense dual solve it took before (convex_island.h, certified by its
// LCP's certificate), and on islands past the crossover against the force balance a
// resting pile must meet. v' is unique (M_q > 0), the impulses need not be: velocities
// are compared.
#include "formulation/quasistatic_formulation.h"

#include <cmath>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "formulation/island_size.h"
#include "scene/scene_loader.h"
#include "pile_scenes.h"
#include "scene_fixture.h"

namespace contactlab {
namespace quasistatic_formulation_test {

// Velocities (a step's displacement over h) agree to this many m/s (rad/s): the dense
// answer is certified to 1e-9 of its scale and the sparse one to 1e-6 Q on every row,
// Q = max(1 m/s, max |q|) (v_q = h g / eps_q = 2.45 m/s here); a complementarity
// residual eps moves v' by up to about sqrt(eps) (convex_newton_test.cpp).
constexpr double kVelocityTolerance = 1e-4;
// Angular velocities to the same at the cubes' faces, 0.05 m from their centres: a row's
// residual at a contact point turns a cube of eps_q's small inertia by up to this much.
constexpr double kAngularTolerance = kVelocityTolerance / 0.05;

// Quasi-static stepping with every island of free bodies dense (as before the
// crossover), or sparse whatever its size.
class QuasistaticDenseOnly : public QuasistaticFormulation {
 public:
  bool solves_sparse(const Options&, const IslandShape&) const override { return false; }
};

class QuasistaticEverywhereSparse : public QuasistaticFormulation {
 public:
  bool solves_sparse(const Options& options, const IslandShape& shape) const override {
    return options.quasistatic_model == 0 && shape.only_free_bodies && !shape.torsional_friction;
  }
};

void use_formulation(std::unique_ptr<ContactFormulation> formulation, StepWorkspace& workspace) {
  workspace.formulation = std::move(formulation);
  workspace.formulation_made_for = Formulation::Quasistatic;
}

// The ground's vertical force on the bodies [N], from the contacts' recorded forces.
double ground_support(const Model& model, const Data& data) {
  double support = 0;
  for (const ContactRecord& contact : data.contacts) {
    const Vec3 force = contact.normal_force * contact.normal + contact.friction_force;  // on body_b
    if (model.bodies[contact.body_a].is_static) support += force.z();
    if (model.bodies[contact.body_b].is_static) support -= force.z();
  }
  return support;
}

double weight_of(const Model& model) {
  double weight = 0;
  for (const Body& body : model.bodies) {
    if (!body.is_static) weight += body.mass * 9.81;
  }
  return weight;
}

// The 20-cube pile's column of N cubes and a brick pyramid (pile_scenes.h) in
// quasi-static stepping (eps_q = 0.01: they fall at h g / eps_q = 2.45 m/s).
std::string falling_pile_scene(int count) { return contactlab::falling_pile_scene(count, "quasistatic"); }
std::string pyramid_scene(int base) { return brick_pyramid_scene(base, "quasistatic"); }

// The same state stepped once densely and once with every island sparse, at every step
// of `steps` along the dense trajectory: both solved without a fallback (the dense
// answer passes its LCP's certificate, the sparse one its KKT residual), the same
// velocities, and the sparse impulses inside the friction pyramid. Returns the steps
// that had a contact.
int compare_dense_and_sparse(const Model& model, int steps, const std::string& name) {
  const Options options = model.options;
  StepWorkspace dense_workspace;
  StepWorkspace sparse_workspace;
  use_formulation(std::make_unique<QuasistaticDenseOnly>(), dense_workspace);
  use_formulation(std::make_unique<QuasistaticEverywhereSparse>(), sparse_workspace);
  Data data = make_data(model);
  int contact_steps = 0;
  for (int s = 0; s < steps; ++s) {
    Data dense = data;
    Data sparse = data;
    step(model, options, dense, dense_workspace);
    step(model, options, sparse, sparse_workspace);
    EXPECT_TRUE(dense.solver.fallbacks.empty()) << name << " step " << s << ": "
                                                << fallback_message(dense.solver.fallbacks);
    EXPECT_TRUE(sparse.solver.fallbacks.empty()) << name << " step " << s << ": "
                                                 << fallback_message(sparse.solver.fallbacks);
    if (!sparse.contacts.empty()) {
      EXPECT_FALSE(sparse_workspace.rows.dense_gram) << name << " step " << s;
      ++contact_steps;
    }
    for (std::size_t b = 0; b < model.bodies.size(); ++b) {
      EXPECT_LT((sparse.linear_velocity[b] - dense.linear_velocity[b]).norm(), kVelocityTolerance)
          << name << " step " << s << " body " << b;
      EXPECT_LT((sparse.angular_velocity[b] - dense.angular_velocity[b]).norm(), kAngularTolerance)
          << name << " step " << s << " body " << b;
    }
    for (const ContactRecord& contact : sparse.contacts) {
      EXPECT_GE(contact.normal_force, 0) << name << " step " << s;
      EXPECT_LE(contact.friction_force.norm(), contact.friction_coefficient * contact.normal_force * (1 + 1e-12) + 1e-12)
          << name << " step " << s;
    }
    data = std::move(dense);
  }
  return contact_steps;
}

// Small islands, below the crossover, where the step keeps the dense path: a box at
// rest, a stack of five, a box creeping on a slope, over their first 0.25 s.
TEST(QuasistaticFormulation, SparseMatchesTheDenseSolveOnSmallIslands) {
  for (const char* name : {"box_rest", "box_stack", "incline"}) {
    Model model = load_builtin_scene(name);
    model.options.formulation = Formulation::Quasistatic;
    EXPECT_GE(compare_dense_and_sparse(model, 100, name), 90) << name;
  }
}

// A pile of 8 cubes as it falls and lands (its first 0.5 s): contacts open, close and
// slide from step to step, and islands grow past the crossover.
TEST(QuasistaticFormulation, SparseMatchesTheDenseSolveOnAFallingPile) {
  Model model;
  ASSERT_TRUE(load_scene(falling_pile_scene(8), model).ok());
  EXPECT_GE(compare_dense_and_sparse(model, 200, "pile of 8"), 100);
}

// A brick pyramid of 10 cubes (88 contacts at rest: 528 unknowns k (2 + u), past the
// crossover) as the step poses it: one sparse island every step, the cubes stay where
// they were built (within 1 mm), and, force balance being the model, once its rows have
// settled into their contacts (by half the contact threshold, 0.1 s) the ground carries
// the pyramid's weight to 1e-6 of it (each cube's unbalanced force is eps_q m dz / h^2:
// a row solved to 1e-6 m/s leaves 4e-5 N on a cube of 1 kg).
TEST(QuasistaticFormulation, APyramidPastTheCrossoverCarriesItsWeight) {
  Model model;
  ASSERT_TRUE(load_scene(pyramid_scene(4), model).ok());
  const Options options = model.options;
  const double weight = weight_of(model);
  StepWorkspace workspace;
  Data data = make_data(model);
  const std::vector<Vec3> start = data.position;
  for (int s = 0; s < 60; ++s) {
    step(model, options, data, workspace);
    ASSERT_EQ(data.solver.status, SolverStatus::Solved) << "step " << s << ": "
                                                       << fallback_message(data.solver.fallbacks);
    ASSERT_EQ(data.solver.islands, 1);
    EXPECT_GT(island_contact_unknowns(static_cast<long long>(data.contacts.size()), 4), kQuasistaticNewtonUnknowns)
        << "step " << s;
    EXPECT_FALSE(workspace.rows.dense_gram) << "step " << s;
    if (s < 40) continue;  // its rows settle into their contacts first
    EXPECT_NEAR(ground_support(model, data), weight, 1e-6 * weight) << "step " << s;
  }
  for (std::size_t b = 0; b < data.position.size(); ++b) {
    if (model.bodies[b].is_static) continue;
    EXPECT_LT((data.position[b] - start[b]).norm(), 1e-3) << model.bodies[b].name;
  }
}

// The pile of 8 cubes dropped as the step poses it (sparse past the crossover, warm
// started contact by contact) lands and comes to rest within 1 s, and the ground then
// carries its weight to 1e-6 of it; the pure model (seed 003's force balance without
// inertia, quasistatic_pure.h) keeps its dense LCP and balances the landed pile exactly.
TEST(QuasistaticFormulation, AFallenPileCarriesItsWeightInBothModels) {
  Model model;
  ASSERT_TRUE(load_scene(falling_pile_scene(8), model).ok());
  const Options options = model.options;
  const double weight = weight_of(model);
  StepWorkspace workspace;
  Data data = make_data(model);
  bool sparse_seen = false;
  for (int s = 0; s < 400; ++s) {
    step(model, options, data, workspace);
    ASSERT_TRUE(data.solver.fallbacks.empty()) << "step " << s << ": " << fallback_message(data.solver.fallbacks);
    sparse_seen = sparse_seen || !workspace.rows.dense_gram;
  }
  EXPECT_TRUE(sparse_seen);
  EXPECT_GT(data.solver.warm_starts, 0);
  EXPECT_NEAR(ground_support(model, data), weight, 1e-6 * weight);
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    if (model.bodies[b].is_static) continue;
    EXPECT_LT(data.linear_velocity[b].norm(), 1e-3) << model.bodies[b].name;
  }

  Options pure = options;
  ASSERT_TRUE(set_option(pure, "quasistatic_model", 1).ok());
  for (int s = 0; s < 5; ++s) {
    step(model, pure, data, workspace);
    ASSERT_TRUE(data.solver.fallbacks.empty()) << "pure step " << s << ": "
                                               << fallback_message(data.solver.fallbacks);
    EXPECT_TRUE(workspace.rows.dense_gram) << "pure step " << s;
    EXPECT_NEAR(ground_support(model, data), weight, 1e-6 * weight) << "pure step " << s;
  }
}

}  // namespace quasistatic_formulation_test
}  // namespace contactlab

// The soft formulation's Newton method over the sparse Hessian (soft_newton.h) against
// its dense dual solve (edge_lcp.h) on the same islands: the problem is strictly
// convex, so both must find the one answer, to the dense solver's certificate (1e-9 of
// the terms) and round-off. Its Hessian's own test: velocity_hessian_test.cpp.
#include "formulation/soft_newton.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include <gtest/gtest.h>

#include "formulation/soft_formulation.h"
#include "formulation/soft_island.h"
#include "formulation_random_island.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

// Velocities agree to this many m/s (rad/s), and impulses to this fraction of the
// largest impulse of the island.
constexpr double kVelocityTolerance = 1e-8;
constexpr double kImpulseTolerance = 1e-7;

// Soft with every island of free bodies posed sparsely, whatever its size: the step's
// Newton path on islands the step would solve densely.
class SoftEverywhereSparse : public SoftFormulation {
 public:
  bool solves_sparse(const Options& options, const IslandShape& shape) const override {
    return options.soft_cone == 0 && shape.only_free_bodies && !shape.torsional_friction;
  }
};

struct SoftAnswer {
  Eigen::VectorXd velocity;
  IslandImpulses impulses;
  IslandSolveReport report;
};

// The random island's contacts at the start of the step (v^l = its velocity).
IslandContactState start_state(const RandomIsland& random) {
  IslandContactState state;
  const int k = random.rows.contact_count;
  for (int c = 0; c < k; ++c) {
    state.geoms.emplace_back(random.contacts[c].geom_a, random.contacts[c].geom_b);
    state.distance.push_back(random.contacts[c].point.distance);
    state.start_velocity.push_back(random.rows.frame_velocity(c, random.island.velocity));
    state.start_torsion_velocity.push_back(0);
    state.static_friction.push_back(random.rows.friction_coefficient[c]);
    state.kinetic_friction.push_back(random.rows.friction_coefficient[c]);
  }
  return state;
}

// One soft pyramidal solve of the island with v_free = v^l + h g, from rows with the
// Gram blocks `gram`.
SoftAnswer solve(const RandomIsland& random, ContactGram gram) {
  IslandRows rows;
  std::vector<int> island_contacts;
  for (int c = 0; c < random.rows.contact_count; ++c) island_contacts.push_back(c);
  assemble_contact_rows(random.model, random.options, random.contacts, island_contacts, random.position,
                        random.island, random.edges, rows, gram);
  IslandDynamics island = random.island;
  island.start_velocity = island.velocity;
  for (std::size_t m = 0; m < island.members().size(); ++m) {
    island.velocity[6 * m + 2] -= 9.81 * random.options.time_step;
  }
  EdgeWarmStarts warm_starts;
  SoftIslandWorkspace workspace;
  SoftAnswer answer;
  solve_soft_island(rows, start_state(random), random.options, warm_starts, workspace, island,
                    answer.impulses, answer.report);
  answer.velocity = island.velocity;
  return answer;
}

double largest_impulse(const IslandImpulses& impulses) {
  double largest = 1e-12;
  for (const Vec3& p : impulses.contact) largest = std::max(largest, p.cwiseAbs().maxCoeff());
  return largest;
}

// Random islands of 2 to 7 bodies and up to 20 contacts, with 4 and 8 friction edges
// and friction from none to 1: velocities and every contact's impulse agree.
TEST(SoftNewton, MatchesTheDenseSolveOnRandomIslands) {
  int compared = 0;
  for (int seed = 1; seed <= 40; ++seed) {
    const int bodies = 2 + seed % 6;
    const int contacts = 3 + (seed * 7) % 18;
    const double mu = (seed % 5) * 0.25;
    RandomIsland random(seed, bodies, contacts, mu, seed % 2 == 0 ? 4 : 8);
    random.options.soft_cone = 0;
    const SoftAnswer dense = solve(random, ContactGram::Dense);
    if (!dense.report.fallbacks.empty()) continue;  // compare against certified answers only
    const SoftAnswer sparse = solve(random, ContactGram::SelfBlocksOnly);
    ASSERT_TRUE(sparse.report.fallbacks.empty()) << "seed " << seed << ": " << fallback_message(sparse.report.fallbacks);
    EXPECT_GT(sparse.report.iterations + (sparse.report.warm_start_used ? 1 : 0), 0) << seed;
    EXPECT_LT((sparse.velocity - dense.velocity).cwiseAbs().maxCoeff(), kVelocityTolerance) << "seed " << seed;
    const double scale = largest_impulse(dense.impulses);
    for (int c = 0; c < contacts; ++c) {
      EXPECT_LT((sparse.impulses.contact[c] - dense.impulses.contact[c]).cwiseAbs().maxCoeff(),
                kImpulseTolerance * scale)
          << "seed " << seed << " contact " << c;
      // In the cone: p_n >= 0 and |p_t| <= mu p_n (the pyramid inside the circle).
      EXPECT_GE(sparse.impulses.contact[c].x(), 0);
      EXPECT_LE(sparse.impulses.contact[c].tail<2>().norm(), mu * sparse.impulses.contact[c].x() + 1e-15);
    }
    ++compared;
  }
  EXPECT_GE(compared, 30);
}

// Built-in scenes through the step in soft with the pyramid: at every step of their
// first second (bouncing_ball: 3 s, to see its balls land and bounce), the same state
// stepped once densely and once with every island sparse gives the same velocities,
// contact forces and modes. A box at rest, a stack of five, a brick sliding to a stop,
// a box creeping on a slope, and four balls bouncing (restitution: Newton's law in v*).
TEST(SoftNewton, MatchesTheDenseSolveThroughTheStep) {
  struct Run {
    const char* name;
    int steps;
    int contact_steps;  // at least this many steps with contacts
  };
  for (const Run& run : {Run{"box_rest", 400, 400}, Run{"box_stack", 400, 400}, Run{"brick_slide", 400, 300},
                         Run{"incline", 400, 400}, Run{"bouncing_ball", 1200, 8}}) {
    const char* name = run.name;
    const Model model = load_builtin_scene(name);
    Options options = model.options;
    ASSERT_TRUE(set_option(options, "formulation", static_cast<double>(Formulation::Soft)).ok());
    ASSERT_TRUE(set_option(options, "soft_cone", 0).ok());
    StepWorkspace dense_workspace;
    StepWorkspace sparse_workspace;
    sparse_workspace.formulation = std::make_unique<SoftEverywhereSparse>();
    sparse_workspace.formulation_made_for = Formulation::Soft;
    Data data = make_data(model);
    int sparse_steps = 0;
    for (int s = 0; s < run.steps; ++s) {
      Data dense = data;
      Data sparse = data;
      step(model, options, dense, dense_workspace);
      step(model, options, sparse, sparse_workspace);
      ASSERT_TRUE(sparse.solver.fallbacks.empty()) << name << " step " << s << ": "
                                                   << fallback_message(sparse.solver.fallbacks);
      if (!sparse.contacts.empty()) {
        EXPECT_FALSE(sparse_workspace.rows.dense_gram) << name;
        ++sparse_steps;
      }
      for (std::size_t b = 0; b < model.bodies.size(); ++b) {
        EXPECT_LT((sparse.linear_velocity[b] - dense.linear_velocity[b]).norm(), kVelocityTolerance)
            << name << " step " << s << " body " << b;
        EXPECT_LT((sparse.angular_velocity[b] - dense.angular_velocity[b]).norm(), kVelocityTolerance)
            << name << " step " << s << " body " << b;
      }
      ASSERT_EQ(sparse.contacts.size(), dense.contacts.size());
      double scale = 1e-12;
      for (const ContactRecord& record : dense.contacts) scale = std::max(scale, std::abs(record.normal_force));
      for (std::size_t c = 0; c < dense.contacts.size(); ++c) {
        EXPECT_NEAR(sparse.contacts[c].normal_force, dense.contacts[c].normal_force, kImpulseTolerance * scale)
            << name << " step " << s << " contact " << c;
        EXPECT_LT((sparse.contacts[c].friction_force - dense.contacts[c].friction_force).norm(),
                  kImpulseTolerance * scale)
            << name << " step " << s << " contact " << c;
        EXPECT_EQ(sparse.contacts[c].mode, dense.contacts[c].mode) << name << " step " << s << " contact " << c;
      }
      data = std::move(dense);
    }
    EXPECT_GE(sparse_steps, run.contact_steps) << name;
  }
}

// A step's warm start: a box at rest starts Newton's method at v^l, at most one step
// from the answer (the active set it finds there is the answer's; v^l may already be
// the answer to round-off, and then no step is taken).
TEST(SoftNewton, ABoxAtRestTakesOneNewtonStepFromTheLastVelocity) {
  const Model model = load_builtin_scene("box_rest");
  Options options = model.options;
  ASSERT_TRUE(set_option(options, "formulation", static_cast<double>(Formulation::Soft)).ok());
  ASSERT_TRUE(set_option(options, "soft_cone", 0).ok());
  StepWorkspace workspace;
  workspace.formulation = std::make_unique<SoftEverywhereSparse>();
  workspace.formulation_made_for = Formulation::Soft;
  Data data = make_data(model);
  for (int s = 0; s < 800; ++s) step(model, options, data, workspace);
  step(model, options, data, workspace);
  EXPECT_EQ(data.solver.warm_starts, 1);
  EXPECT_LE(data.solver.iterations, 1);
  expect_step_solved(data);
}

}  // namespace
}  // namespace contactlab

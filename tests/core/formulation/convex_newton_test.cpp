// Anitescu's convex QP over a sparse Hessian by the method of multipliers
// (convex_newton.h) against the dense dual solve (convex_island.h, certified by its
// LCP's certificate) on the same islands, and on a pyramid of cubes past the dense
// problems' cap. v' is unique (M > 0), the impulses need not be: velocities are
// compared, and every answer is checked against the QP's own KKT conditions.
#include "formulation/convex_newton.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "formulation/cone_edge_problem.h"
#include "formulation/convex_formulation.h"
#include "formulation/convex_island.h"
#include "formulation_random_island.h"
#include "pile_scenes.h"
#include "scene/scene_loader.h"
#include "scene_fixture.h"

namespace contactlab {
namespace convex_newton_test {

// Velocities agree to this many m/s (rad/s): the dense answer is certified to 1e-9 of
// its scale and the sparse one to kConvexNewtonTolerance Q (1e-6 Q) on every row; the
// objective is strongly convex in v', so a complementarity residual eps moves v' by up
// to about sqrt(eps) (2e-5 m/s seen on these islands).
constexpr double kVelocityTolerance = 1e-4;
// A row's velocity may sit this far below its bound (m/s): the KKT residual allowed
// the rounds (1e-6 of the largest |q|, a few m/s here) and round-off.
constexpr double kRowTolerance = 1e-5;

struct ConvexAnswer {
  Eigen::VectorXd velocity;
  IslandImpulses impulses;
  IslandSolveReport report;
  IslandRows rows;
  bool solved = false;
};

// One convex solve of the island with v_free = v^l - h g, the rows assembled densely
// (the dual LCP) or with their self blocks only (the method of multipliers).
ConvexAnswer solve(const RandomIsland& random, ContactGram gram) {
  ConvexAnswer answer;
  std::vector<int> island_contacts;
  for (int c = 0; c < random.rows.contact_count; ++c) island_contacts.push_back(c);
  assemble_contact_rows(random.model, random.options, random.contacts, island_contacts, random.position,
                        random.island, random.edges, answer.rows, gram);
  IslandDynamics island = random.island;
  island.start_velocity = island.velocity;
  for (std::size_t m = 0; m < island.members().size(); ++m) {
    island.velocity[6 * m + 2] -= 9.81 * random.options.time_step;
  }
  if (gram == ContactGram::Dense) {
    EdgeWarmStarts warm_starts;
    ConvexIslandWorkspace workspace;
    solve_convex_island(answer.rows, warm_starts, workspace, island, answer.impulses, answer.report);
    answer.solved = answer.report.fallbacks.empty();
  } else {
    IslandContactState contacts;
    for (int c = 0; c < answer.rows.contact_count; ++c) {
      const DetectedContact& contact = random.contacts[answer.rows.contacts[c]];
      contacts.geoms.emplace_back(contact.geom_a, contact.geom_b);
      contacts.feature.push_back(contact.point.feature);
      contacts.position.push_back(contact.point.position);
    }
    ContactWarmStart warm_start;
    ConvexNewtonWorkspace workspace;
    answer.solved = solve_convex_newton(answer.rows, contacts, warm_start, workspace, island, answer.impulses,
                                        answer.report);
  }
  answer.velocity = island.velocity;
  return answer;
}

// The QP's KKT conditions at the answer, contact by contact: every ray's row holds,
// (n + mu d_j)^T v' >= target - tol; the impulse lies in the pyramid (sum of rays'
// beta >= 0 along n); and a contact that pushes has a ray at its bound (the
// complementarity of beta_cj and s_cj, which the impulses' pyramid shows per contact).
void expect_kkt(const ConvexAnswer& answer, const std::string& where) {
  const IslandRows& rows = answer.rows;
  for (int c = 0; c < rows.contact_count; ++c) {
    const Vec3 rate = rows.frame_velocity(c, answer.velocity);
    double least = INFINITY;
    for (int j = 0; j < rows.friction_edges; ++j) {
      const double slack = edge_ray(rows, c, j).dot(rate) - rows.target_velocity[c];
      EXPECT_GE(slack, -kRowTolerance) << where << " contact " << c << " ray " << j;
      least = std::min(least, slack);
    }
    const Vec3& impulse = answer.impulses.contact[c];
    EXPECT_GE(impulse.x(), 0) << where << " contact " << c;
    EXPECT_LE(impulse.tail<2>().norm(), rows.friction_coefficient[c] * impulse.x() * (1 + 1e-12) + 1e-15)
        << where << " contact " << c;
    if (impulse.x() > 1e-9) {
      EXPECT_LE(least, kRowTolerance) << where << " contact " << c << " pushes";
    }
  }
}

// Random islands of 2 to 7 bodies and up to 20 contacts, 4 and 8 friction edges, mu
// from 0 to 1: the same v' as the certified dense solve, and the KKT conditions hold.
TEST(ConvexNewton, MatchesTheDenseSolveOnRandomIslands) {
  int compared = 0;
  for (int seed = 1; seed <= 40; ++seed) {
    const int bodies = 2 + seed % 6;
    const int contacts = 3 + (seed * 7) % 18;
    const double mu = (seed % 5) * 0.25;
    const RandomIsland random(seed, bodies, contacts, mu, seed % 2 == 0 ? 4 : 8);
    const ConvexAnswer dense = solve(random, ContactGram::Dense);
    if (!dense.solved) continue;  // compare against certified answers only
    const ConvexAnswer sparse = solve(random, ContactGram::SelfBlocksOnly);
    const std::string where = "seed " + std::to_string(seed);
    ASSERT_TRUE(sparse.solved) << where;
    EXPECT_GT(sparse.report.iterations, 0) << where;
    EXPECT_LT((sparse.velocity - dense.velocity).cwiseAbs().maxCoeff(), kVelocityTolerance) << where;
    expect_kkt(sparse, where);
    ++compared;
  }
  EXPECT_GE(compared, 30);
}

class ConvexEverywhereSparse : public ConvexFormulation {
 public:
  bool solves_sparse(const Options&, const IslandShape& shape) const override {
    return shape.only_free_bodies && !shape.torsional_friction;
  }
};

// Built-in scenes through the step: at every step of their first 0.5 s, the same state
// stepped once densely and once with every island sparse gives the same velocities. A
// box at rest, a stack of five, a brick sliding to a stop (its boundary layer), a box
// creeping on a slope.
TEST(ConvexNewton, MatchesTheDenseSolveThroughTheStep) {
  for (const char* name : {"box_rest", "box_stack", "brick_slide", "incline"}) {
    const Model model = load_builtin_scene(name);
    Options options = model.options;
    ASSERT_TRUE(set_option(options, "formulation", static_cast<double>(Formulation::Convex)).ok());
    StepWorkspace dense_workspace;
    StepWorkspace sparse_workspace;
    sparse_workspace.formulation = std::make_unique<ConvexEverywhereSparse>();
    sparse_workspace.formulation_made_for = Formulation::Convex;
    Data data = make_data(model);
    int sparse_steps = 0;
    for (int s = 0; s < 200; ++s) {
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
      data = std::move(dense);
    }
    EXPECT_GE(sparse_steps, 100) << name;
  }
}

// 21 cubes of 1 kg in a brick pyramid (rows of 6, 5, ..., 1 touching side by side, each
// row on the gaps of the one below), mu = 0.8, u = 4, as the step poses it: one island
// past the dense problems' cap, which convex held still before. Every step is solved,
// the pyramid stays where it was built (each of its six rows settles by half the contact
// threshold, 0.05 mm, onto the one below: within 1 mm; slower than 0.1 mm/s), and from
// 0.1 s on the ground carries its weight to 1e-4 (a row's velocity is solved to 1e-6 m/s, which is
// 4e-4 N on a cube of 1 kg in 2.5 ms, against the pyramid's 206 N).
std::string pyramid_scene(int base) { return brick_pyramid_scene(base, "convex"); }

TEST(ConvexNewton, ABrickPyramidPastTheCapStaysAtRest) {
  Model model;
  ASSERT_TRUE(load_scene(pyramid_scene(6), model).ok());
  const Options options = model.options;
  StepWorkspace workspace;
  double weight = 0;
  for (const Body& body : model.bodies) {
    if (!body.is_static) weight += body.mass * 9.81;
  }
  Data data = make_data(model);
  const std::vector<Vec3> start = data.position;
  for (int s = 0; s < 60; ++s) {
    step(model, options, data, workspace);
    ASSERT_EQ(data.solver.status, SolverStatus::Solved) << "step " << s << ": "
                                                       << fallback_message(data.solver.fallbacks);
    ASSERT_EQ(data.solver.islands, 1);
    EXPECT_GT(island_contact_unknowns(static_cast<long long>(data.contacts.size()), 4), kMaxIslandUnknowns)
        << "step " << s;
    EXPECT_FALSE(workspace.rows.dense_gram) << "step " << s;
    if (s < 40) continue;  // its rows settle into their contacts first (0.1 s)
    double support = 0;  // the ground's vertical force on the cubes
    for (const ContactRecord& contact : data.contacts) {
      const Vec3 force = contact.normal_force * contact.normal + contact.friction_force;  // on body_b
      if (model.bodies[contact.body_a].is_static) support += force.z();
      if (model.bodies[contact.body_b].is_static) support -= force.z();
    }
    EXPECT_NEAR(support, weight, 1e-4 * weight) << "step " << s;
  }
  for (std::size_t b = 0; b < data.position.size(); ++b) {
    if (model.bodies[b].is_static) continue;
    EXPECT_LT(data.linear_velocity[b].norm(), 1e-4) << model.bodies[b].name;
    EXPECT_LT((data.position[b] - start[b]).norm(), 1e-3) << model.bodies[b].name;
  }
}

// N cubes of 1 kg turned about z, in a staggered column 0.12 m apart from 0.1 m up,
// dropped onto the ground and each other (docs/performance.md's 20-cube pile), mu =
// 0.8, u = 4.
std::string falling_pile_scene(int count) { return contactlab::falling_pile_scene(count, "convex"); }

// The falling pile of 8 cubes with every island sparse, over its first 0.75 s as the
// cubes land on each other and their contacts open, close and move: at every step the
// same state stepped once warm (last step's multipliers, contact by contact) and once
// cold (no memory) gives the same velocities, and the warm steps take fewer Newton
// iterations in all.
TEST(ConvexNewton, AWarmStartedStepEqualsAColdOneOnAChangingPile) {
  Model model;
  ASSERT_TRUE(load_scene(falling_pile_scene(8), model).ok());
  const Options options = model.options;
  StepWorkspace warm_workspace;
  StepWorkspace cold_workspace;
  for (StepWorkspace* workspace : {&warm_workspace, &cold_workspace}) {
    workspace->formulation = std::make_unique<ConvexEverywhereSparse>();
    workspace->formulation_made_for = Formulation::Convex;
  }
  Data data = make_data(model);
  long warm_iterations = 0, cold_iterations = 0;
  int changed_steps = 0;  // warm-started steps whose contacts differ from the last step's
  std::size_t last_contacts = 0;
  for (int s = 0; s < 300; ++s) {
    Data cold = data;
    cold.solver_memory.convex_contacts = ContactWarmStart{};
    step(model, options, data, warm_workspace);
    step(model, options, cold, cold_workspace);
    ASSERT_TRUE(data.solver.fallbacks.empty()) << "step " << s << ": " << fallback_message(data.solver.fallbacks);
    ASSERT_TRUE(cold.solver.fallbacks.empty()) << "step " << s;
    warm_iterations += data.solver.iterations;
    cold_iterations += cold.solver.iterations;
    if (data.solver.warm_starts > 0 && data.contacts.size() != last_contacts) ++changed_steps;
    last_contacts = data.contacts.size();
    for (std::size_t b = 0; b < model.bodies.size(); ++b) {
      EXPECT_LT((data.linear_velocity[b] - cold.linear_velocity[b]).norm(), kVelocityTolerance)
          << "step " << s << " body " << b;
      EXPECT_LT((data.angular_velocity[b] - cold.angular_velocity[b]).norm(), kVelocityTolerance)
          << "step " << s << " body " << b;
    }
  }
  EXPECT_GE(changed_steps, 20);
  EXPECT_LT(warm_iterations, cold_iterations);
}

// The same pile of 8 cubes, warm-started from step to step, comes to rest, and the
// ground then carries its weight: the vertical force of the ground's contacts equals
// 8 x 9.81 N to 1e-4 of it (as the pyramid's above), and no cube moves faster than
// 1 mm/s.
TEST(ConvexNewton, AFallenPileAtRestCarriesItsWeight) {
  Model model;
  ASSERT_TRUE(load_scene(falling_pile_scene(8), model).ok());
  const Options options = model.options;
  StepWorkspace workspace;
  workspace.formulation = std::make_unique<ConvexEverywhereSparse>();
  workspace.formulation_made_for = Formulation::Convex;
  const double weight = 8 * 9.81;
  Data data = make_data(model);
  for (int s = 0; s < 800; ++s) {
    step(model, options, data, workspace);
    ASSERT_TRUE(data.solver.fallbacks.empty()) << "step " << s;
  }
  double support = 0;
  for (const ContactRecord& contact : data.contacts) {
    const Vec3 force = contact.normal_force * contact.normal + contact.friction_force;  // on body_b
    if (model.bodies[contact.body_a].is_static) support += force.z();
    if (model.bodies[contact.body_b].is_static) support -= force.z();
  }
  EXPECT_NEAR(support, weight, 1e-4 * weight);
  EXPECT_GT(data.solver.warm_starts, 0);
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    if (model.bodies[b].is_static) continue;
    EXPECT_LT(data.linear_velocity[b].norm(), 1e-3) << model.bodies[b].name;
  }
}

}  // namespace convex_newton_test
}  // namespace contactlab

// The soft formulation's elliptic cone by Newton's method over the sparse Hessian
// (soft_newton_elliptic.h) against its dense solve (soft_elliptic.h: the no-sliding
// guess, else the interior-point method) on the same islands. The problem is strictly
// convex, so both find the one answer, to the interior-point method's accuracy; and on
// the 10 x 10 grid, past the dense cap, the grid rests with its weight on the ground.
#include "formulation/soft_newton_elliptic.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "formulation/soft_formulation.h"
#include "formulation/soft_island.h"
#include "formulation_random_island.h"
#include "scene_fixture.h"
#include "session/simulation.h"

namespace contactlab {
namespace {

// Velocities agree to this many m/s (rad/s), and impulses to this fraction of the
// largest impulse of the island: the interior-point method stops at a duality gap of
// 1e-9 of its terms, which leaves its impulses some 1e-5 of the largest off where a
// contact is near the cone's apex or edge (measured: at most 3e-5 on these islands).
// Newton's answer itself is certified to kEllipticCertificate of the largest impulse.
constexpr double kEllipticVelocityTolerance = 1e-4;
constexpr double kEllipticImpulseTolerance = 1e-4;
constexpr double kEllipticCertificate = 1e-9;
// Through the step, contact forces agree to this fraction of the step's largest: the
// largest difference, 1.6e-3, is at a ball's bounce in bouncing_ball (the impact's
// reference, restitution); everywhere else it is below 1e-4.
constexpr double kEllipticStepForceTolerance = 2e-3;

// Soft with every island of free bodies posed sparsely, whatever its size.
class SoftEllipticEverywhereSparse : public SoftFormulation {
 public:
  bool solves_sparse(const Options&, const IslandShape& shape) const override {
    return shape.only_free_bodies && !shape.torsional_friction;
  }
};

struct EllipticAnswer {
  IslandRows rows;
  Eigen::VectorXd free_velocity;
  Eigen::VectorXd velocity;
  IslandImpulses impulses;
  IslandSolveReport report;
  std::vector<Vec3> regularisation;  // R_c
  std::vector<Vec3> offset;          // J_c v_free - v*_c
};

IslandContactState elliptic_start_state(const RandomIsland& random) {
  IslandContactState state;
  for (int c = 0; c < random.rows.contact_count; ++c) {
    state.geoms.emplace_back(random.contacts[c].geom_a, random.contacts[c].geom_b);
    state.distance.push_back(random.contacts[c].point.distance);
    state.start_velocity.push_back(random.rows.frame_velocity(c, random.island.velocity));
    state.start_torsion_velocity.push_back(0);
    state.static_friction.push_back(random.rows.friction_coefficient[c]);
    state.kinetic_friction.push_back(random.rows.friction_coefficient[c]);
  }
  return state;
}

EllipticAnswer solve_elliptic(const RandomIsland& random, ContactGram gram) {
  EllipticAnswer answer;
  IslandRows& rows = answer.rows;
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
  answer.free_velocity = island.velocity;
  solve_soft_island(rows, elliptic_start_state(random), random.options, warm_starts, workspace, island,
                    answer.impulses, answer.report);
  answer.velocity = island.velocity;
  answer.regularisation = workspace.regularisation;
  answer.offset = workspace.offset;
  return answer;
}

// Random islands of 2 to 7 bodies and up to 20 contacts, friction from none to 1 (many
// contacts slide, so the dense side takes the interior-point method): Newton's answer
// passes the problem's optimality certificate, per contact p in K, w = (A + R) p + c =
// y + R p in K* and p^T w = 0 (y = c + J (v' - v_free), from v' = v_free + M^-1 J^T p),
// and velocities and every contact's impulse agree with the dense solve's.
TEST(SoftNewtonElliptic, MatchesTheDenseSolveOnRandomIslands) {
  int compared = 0;
  for (int seed = 1; seed <= 40; ++seed) {
    const int bodies = 2 + seed % 6;
    const int contacts = 3 + (seed * 7) % 18;
    const double mu = (seed % 5) * 0.25;
    RandomIsland random(seed, bodies, contacts, mu, 4);
    random.options.soft_cone = 1;
    const EllipticAnswer dense = solve_elliptic(random, ContactGram::Dense);
    if (!dense.report.fallbacks.empty()) continue;  // compare against certified answers only
    const EllipticAnswer sparse = solve_elliptic(random, ContactGram::SelfBlocksOnly);
    ASSERT_TRUE(sparse.report.fallbacks.empty()) << "seed " << seed << ": " << fallback_message(sparse.report.fallbacks);
    EXPECT_EQ(sparse.report.problem_size, 3 * contacts);
    EXPECT_LT((sparse.velocity - dense.velocity).cwiseAbs().maxCoeff(), kEllipticVelocityTolerance) << "seed " << seed;
    double scale = 1e-12;
    for (const Vec3& p : dense.impulses.contact) scale = std::max(scale, p.cwiseAbs().maxCoeff());
    for (int c = 0; c < contacts; ++c) {
      const Vec3& p = sparse.impulses.contact[c];
      EXPECT_LT((p - dense.impulses.contact[c]).cwiseAbs().maxCoeff(), kEllipticImpulseTolerance * scale)
          << "seed " << seed << " contact " << c;
      const double allowed = kEllipticCertificate * scale;
      const Vec3 w = sparse.offset[c] +
                     sparse.rows.frame_velocity(c, sparse.velocity - sparse.free_velocity) +
                     sparse.regularisation[c].cwiseProduct(p);
      EXPECT_GE(p.x(), 0);
      EXPECT_LE(p.tail<2>().norm(), mu * p.x() * (1 + 1e-12) + 1e-15);
      const double velocity_scale = std::max(1.0, w.norm());
      EXPECT_GE(w.x() - mu * w.tail<2>().norm(), -1e-9 * velocity_scale) << "seed " << seed << " contact " << c;
      EXPECT_LE(std::abs(p.dot(w)), allowed * velocity_scale) << "seed " << seed << " contact " << c;
    }
    ++compared;
  }
  EXPECT_GE(compared, 30);
}

// Built-in scenes through the step with the elliptic cone: at every step of their first
// second (bouncing_ball: 3 s), the same state stepped once densely and once sparsely
// gives the same velocities and contact forces. A box at rest, a stack of five, a brick sliding to a
// stop (the cone's surface), a box creeping on a slope, balls bouncing.
TEST(SoftNewtonElliptic, MatchesTheDenseSolveThroughTheStep) {
  for (const char* name : {"box_rest", "box_stack", "brick_slide", "incline", "bouncing_ball"}) {
    const Model model = load_builtin_scene(name);
    Options options = model.options;
    ASSERT_TRUE(set_option(options, "formulation", static_cast<double>(Formulation::Soft)).ok());
    ASSERT_TRUE(set_option(options, "soft_cone", 1).ok());
    StepWorkspace dense_workspace;
    StepWorkspace sparse_workspace;
    sparse_workspace.formulation = std::make_unique<SoftEllipticEverywhereSparse>();
    sparse_workspace.formulation_made_for = Formulation::Soft;
    Data data = make_data(model);
    int sparse_steps = 0;
    const int steps = std::string(name) == "bouncing_ball" ? 1200 : 400;  // 3 s to see them land
    for (int s = 0; s < steps; ++s) {
      Data dense = data;
      Data sparse = data;
      step(model, options, dense, dense_workspace);
      step(model, options, sparse, sparse_workspace);
      ASSERT_TRUE(sparse.solver.fallbacks.empty()) << name << " step " << s << ": "
                                                   << fallback_message(sparse.solver.fallbacks);
      if (!dense.solver.fallbacks.empty()) {
        data = std::move(dense);
        continue;
      }
      if (!sparse.contacts.empty()) ++sparse_steps;
      for (std::size_t b = 0; b < model.bodies.size(); ++b) {
        EXPECT_LT((sparse.linear_velocity[b] - dense.linear_velocity[b]).norm(), kEllipticVelocityTolerance)
            << name << " step " << s << " body " << b;
        EXPECT_LT((sparse.angular_velocity[b] - dense.angular_velocity[b]).norm(), kEllipticVelocityTolerance)
            << name << " step " << s << " body " << b;
      }
      ASSERT_EQ(sparse.contacts.size(), dense.contacts.size());
      double scale = 1e-12;
      for (const ContactRecord& record : dense.contacts) scale = std::max(scale, std::abs(record.normal_force));
      for (std::size_t c = 0; c < dense.contacts.size(); ++c) {
        EXPECT_NEAR(sparse.contacts[c].normal_force, dense.contacts[c].normal_force, kEllipticStepForceTolerance * scale)
            << name << " step " << s << " contact " << c;
        EXPECT_LT((sparse.contacts[c].friction_force - dense.contacts[c].friction_force).norm(),
                  kEllipticStepForceTolerance * scale)
            << name << " step " << s << " contact " << c;
      }
      data = std::move(dense);
    }
    EXPECT_GE(sparse_steps, 8) << name;
  }
}

std::string elliptic_test_scene(const std::string& name) {
  std::ifstream file(std::string(CONTACTLAB_TEST_DATA_DIR) + "/" + name + ".json");
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// The 10 x 10 grid of touching boxes (1426 contacts), past the dense cap, with the
// elliptic cone: solved every step (no fallback), at rest after 0.375 s (slower than 1
// mm/s, moved less than 1 mm), and the ground carries the grid's weight m g to 1e-5.
TEST(SoftNewtonElliptic, TheTenByTenGridRestsWithItsWeightOnTheGround) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(elliptic_test_scene("box_grid_10x10")).ok());
  ASSERT_TRUE(simulation.set_option("formulation", static_cast<double>(Formulation::Soft)).ok());
  ASSERT_TRUE(simulation.set_option("soft_cone", 1).ok());
  simulation.reset();
  const Model& model = simulation.model();
  double weight = 0;
  for (const Body& body : model.bodies) {
    if (!body.is_static) weight += body.mass * 9.81;
  }
  const std::vector<Vec3> start = simulation.data().position;
  for (int s = 0; s < 150; ++s) {
    ASSERT_EQ(simulation.step(1), 1) << simulation.step_error();
    const Data& data = simulation.data();
    ASSERT_EQ(data.solver.status, SolverStatus::Solved) << fallback_message(data.solver.fallbacks);
    ASSERT_TRUE(data.solver.fallbacks.empty()) << fallback_message(data.solver.fallbacks);
    EXPECT_EQ(data.solver.islands, 1);
    if (s < 140) continue;
    double support = 0;  // the ground's vertical force on the cubes
    for (const ContactRecord& contact : data.contacts) {
      const Vec3 force = contact.normal_force * contact.normal + contact.friction_force;  // on body_b
      if (model.bodies[contact.body_a].is_static) support += force.z();
      if (model.bodies[contact.body_b].is_static) support -= force.z();
    }
    EXPECT_NEAR(support, weight, 1e-5 * weight) << "step " << s;
  }
  const Data& data = simulation.data();
  for (std::size_t b = 0; b < data.position.size(); ++b) {
    if (model.bodies[b].is_static) continue;
    EXPECT_LT(data.linear_velocity[b].norm(), 1e-3) << model.bodies[b].name;
    EXPECT_LT((data.position[b] - start[b]).norm(), 1e-3) << model.bodies[b].name;
  }
}

}  // namespace
}  // namespace contactlab

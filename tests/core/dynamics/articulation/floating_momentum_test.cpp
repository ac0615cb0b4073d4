// A floating-base tree through the whole step (dynamics/articulation/floating_momentum.h):
// torque-free it keeps its world angular momentum and never gains kinetic energy, in
// every formulation that keeps momentum; at the fastest spins a scene allows it stays
// finite and bounded; under gravity its angular momentum about its centre of mass stays
// and its linear momentum grows by m g t.
#include "dynamics/articulation/floating_momentum.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "dynamics/articulation/tree_dynamics.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

// A 3 kg base (principal moments 0.02, 0.05, 0.06) on a free joint with a two-link arm
// on revolute joints about different axes and a third link on the other side, with
// small spheres at the centres of mass that never meet (nothing collides; a static
// anchor far away makes the scene, or the ground), in the given gravity. The base spins at w [rad/s], the
// joints at `joint_speed` times (2, -3, 1.5) rad/s.
// Without `links`, the base floats alone: a tree of one link.
Model tumbling_tree(const Vec3& w, double joint_speed, const Vec3& gravity = Vec3::Zero(),
                    bool on_ground = false, bool links = true) {
  auto vec = [](const Vec3& v) {
    return "[" + std::to_string(v.x()) + "," + std::to_string(v.y()) + "," + std::to_string(v.z()) + "]";
  };
  const std::string scene = R"({"name": "tumbling_tree", "duration": 10,
    "options": {"gravity": )" + vec(gravity) + R"(},
    "bodies": [)" + (on_ground ? R"({"name": "ground", "static": true, "geoms": [{"type": "plane"}]})"
                                : R"({"name": "anchor", "static": true, "position": [100, 100, 100],
                                     "geoms": [{"type": "sphere", "radius": 0.1}]})") + R"(],
    "articulations": [{"name": "tree", "links": [
      {"name": "base", "joint": {"type": "free", "origin": {"position": [0, 0, 1],
         "orientation": [0.9695, 0.2, 0.1, 0.1]},
         "velocity": [0.1, -0.2, 0.05, )" + std::to_string(w.x()) + "," + std::to_string(w.y()) + "," +
                            std::to_string(w.z()) + R"(]},
       "mass": 3, "geoms": [{"type": "sphere", "radius": 0.01}], "inertia": [[0.02, 0, 0], [0, 0.05, 0], [0, 0, 0.06]]})" +
      (links ? R"(,
      {"name": "upper", "parent": "base",
       "joint": {"type": "revolute", "origin": {"position": [0.2, 0, 0]}, "axis": [0, 0, 1],
                 "position": 0.3, "velocity": )" + std::to_string(2 * joint_speed) + R"(},
       "mass": 0.6, "center_of_mass": [0.1, 0, 0], "geoms": [{"type": "sphere", "radius": 0.01, "position": [0.1, 0, 0]}],
       "inertia": [[0.001, 0, 0], [0, 0.004, 0], [0, 0, 0.0045]]},
      {"name": "lower", "parent": "upper",
       "joint": {"type": "revolute", "origin": {"position": [0.2, 0, 0]}, "axis": [0, 1, 0],
                 "position": -0.4, "velocity": )" + std::to_string(-3 * joint_speed) + R"(},
       "mass": 0.4, "center_of_mass": [0.08, 0, 0], "geoms": [{"type": "sphere", "radius": 0.01, "position": [0.08, 0, 0]}],
       "inertia": [[0.0005, 0, 0], [0, 0.002, 0], [0, 0, 0.0022]]},
      {"name": "tail", "parent": "base",
       "joint": {"type": "revolute", "origin": {"position": [-0.2, 0, 0.05]}, "axis": [1, 0, 0],
                 "velocity": )" + std::to_string(1.5 * joint_speed) + R"(},
       "mass": 0.3, "center_of_mass": [0, 0.06, 0], "geoms": [{"type": "sphere", "radius": 0.01, "position": [0, 0.06, 0]}],
       "inertia": [[0.0008, 0, 0], [0, 0.0003, 0], [0, 0, 0.0009]]})" : "") + R"(]}]})";
  Model model;
  const Status status = load_scene(scene, model);
  EXPECT_TRUE(status.ok()) << status.message();
  return model;
}

struct TreeMomentum {
  Vec3 linear;         // P
  Vec3 angular;        // about the world origin
  Vec3 about_com;      // L_G
  double mass = 0;
  double energy = 0;   // kinetic
};

// Summed link by link from the links' spatial inertias and velocities about the
// tree's reference point o, moved to the world origin and to the centre of mass.
TreeMomentum tree_momentum(const Model& model, const Data& data) {
  const KinematicTree& tree = model.articulations[0].tree;
  const ArticulationState& state = data.articulations[0];
  std::vector<Vec6> velocities;
  link_spatial_velocities(tree, state.kinematics, state.velocities, velocities);
  Vec6 momentum = Vec6::Zero();
  Vec3 first_moment = Vec3::Zero();
  TreeMomentum out;
  for (int i = 0; i < tree.link_count(); ++i) {
    momentum += state.kinematics.spatial_inertia[i].apply(velocities[i]);
    first_moment += state.kinematics.spatial_inertia[i].first_moment;
    out.mass += tree.link(i).mass;
  }
  const Vec3 o = state.kinematics.reference_point[0];
  out.linear = momentum.head<3>();
  out.angular = momentum.tail<3>() + o.cross(out.linear);
  out.about_com = momentum.tail<3>() - (first_moment / out.mass).cross(out.linear);
  out.energy = kinetic_energy(tree, state.kinematics, state.velocities);
  return out;
}

// The base and the links turn about different axes, so the explicit bias force would
// change the tree's momentum here; the check is that this scene is a real test.
TEST(FloatingMomentum, TheTreeFloatsAndItsLinksTurn) {
  const Model model = tumbling_tree(Vec3(3, -5, 2), 1);
  ASSERT_EQ(model.articulations.size(), 1u);
  const KinematicTree& tree = model.articulations[0].tree;
  EXPECT_TRUE(has_floating_root(tree));
  EXPECT_EQ(tree.velocity_size(), 9);
  const Data data = make_data(model);
  const TreeMomentum start = tree_momentum(model, data);
  EXPECT_GT(start.angular.norm(), 0.1);
  EXPECT_NEAR(start.mass, 4.3, 1e-12);
}

// 10 s at h = 2.5 ms, no force: |dL| / |L| < 1e-4 and energy growth < 1e-3 (measured:
// both to rounding, and no loss either), in every formulation that keeps momentum
// (quasistatic starts each step at rest).
void expect_tumble_kept(const Vec3& w, double joint_speed, bool links = true) {
  for (Formulation formulation : {Formulation::Lcp, Formulation::Convex, Formulation::Soft, Formulation::Compliant}) {
    const Model model = tumbling_tree(w, joint_speed, Vec3::Zero(), false, links);
    Options options = model.options;
    options.formulation = formulation;
    Data data = make_data(model);
    const TreeMomentum start = tree_momentum(model, data);
    double worst_momentum = 0, worst_linear = 0, worst_growth = -1, worst_loss = -1;
    run_for(model, options, data, 10.0, [&](const Data& d) {
      const TreeMomentum now = tree_momentum(model, d);
      worst_momentum = std::max(worst_momentum, (now.angular - start.angular).norm() / start.angular.norm());
      worst_linear = std::max(worst_linear, (now.linear - start.linear).norm() / start.linear.norm());
      worst_growth = std::max(worst_growth, now.energy / start.energy - 1);
      worst_loss = std::max(worst_loss, 1 - now.energy / start.energy);
    });
    const char* label = formulation_name(formulation);
    EXPECT_LT(worst_momentum, 1e-4) << label;
    EXPECT_LT(worst_linear, 1e-9) << label;
    EXPECT_LT(worst_growth, 1e-3) << label;
    EXPECT_LT(worst_loss, 1e-6) << label << ": nor damped away";
    EXPECT_NEAR(data.time, 10.0, 1e-9) << label;
  }
}

TEST(FloatingMomentum, TumblingTreeKeepsMomentumAndEnergyOverTenSeconds) {
  expect_tumble_kept(Vec3(3, -5, 2), 1);  // 6 rad/s, joints at 1.5 to 3 rad/s
}

TEST(FloatingMomentum, TreeTumblingAboutItsMiddleAxisKeepsMomentumAndEnergy) {
  expect_tumble_kept(Vec3(0.1, 12, 0.1), 4);  // 12 rad/s, joints at 6 to 12 rad/s
}

// A tree of one floating link has no internal motion to take the energy: its
// orientation does (energy_turn.h), as the free body's midpoint rule does.
TEST(FloatingMomentum, SingleFloatingLinkKeepsMomentumAndEnergy) {
  expect_tumble_kept(Vec3(3, -5, 2), 0, false);
  expect_tumble_kept(Vec3(0.1, 12, 0.1), 0, false);
}

// The fastest spins a scene may start with (1000 rad/s at the base, joints at 100 to
// 150 rad/s), where a step of 2.5 ms turns the base by 2.5 rad and the largest h by
// 100 rad: finite, the momentum kept, and the energy never above its start (at 2.5 ms
// kept both ways: the shape and the orientation take what the internal motion cannot,
// floating_momentum.h). At h = 0.1 s the step's explicit bias force throws the joints'
// energy far off, and the target it leaves may be lower than the start: measured, it
// ends 20 % below.
TEST(FloatingMomentum, FastSpinStaysFiniteAndKeepsItsEnergy) {
  for (double h : {0.0025, 0.1}) {
    for (const Vec3& w : {Vec3(700, 700, 140), Vec3(-577, 577, 577)}) {
      const Model model = tumbling_tree(w, 50);
      Options options = model.options;
      options.time_step = h;
      Data data = make_data(model);
      const TreeMomentum start = tree_momentum(model, data);
      double highest = 0, lowest = 1e300;
      run_for(model, options, data, 1.0, [&](const Data& d) {
        const ArticulationState& state = d.articulations[0];
        ASSERT_TRUE(state.velocities.allFinite()) << "t = " << d.time;
        ASSERT_TRUE(state.positions.allFinite()) << "t = " << d.time;
        EXPECT_NE(d.solver.status, SolverStatus::Diverged) << "t = " << d.time;
        const TreeMomentum now = tree_momentum(model, d);
        EXPECT_LT((now.angular - start.angular).norm(), 1e-9 * start.angular.norm()) << "t = " << d.time;
        highest = std::max(highest, now.energy / start.energy - 1);
        lowest = std::min(lowest, now.energy / start.energy - 1);
      });
      EXPECT_LT(highest, 1e-9) << "h = " << h;
      if (h < 0.01) {
        EXPECT_GT(lowest, -1e-9) << "h = " << h;
      }
    }
  }
}

// A single floating link at those spins: its orientation keeps the energy.
TEST(FloatingMomentum, SingleFloatingLinkAtTheFastestSpinKeepsItsEnergy) {
  const Model model = tumbling_tree(Vec3(700, 700, 140), 0, Vec3::Zero(), false, false);
  Options options = model.options;
  Data data = make_data(model);
  const TreeMomentum start = tree_momentum(model, data);
  double worst = 0, worst_momentum = 0;
  run_for(model, options, data, 1.0, [&](const Data& d) {
    const TreeMomentum now = tree_momentum(model, d);
    worst = std::max(worst, std::abs(now.energy / start.energy - 1));
    worst_momentum = std::max(worst_momentum, (now.angular - start.angular).norm() / start.angular.norm());
  });
  EXPECT_LT(worst, 1e-9);
  EXPECT_LT(worst_momentum, 1e-9);
}

// Under gravity with nothing to touch: L_G stays, P grows by m g t.
TEST(FloatingMomentum, FallingTreeKeepsItsMomentumAboutItsCentreOfMass) {
  const Vec3 gravity(0, 0, -9.81);
  const Model model = tumbling_tree(Vec3(3, -5, 2), 1, gravity);
  Data data = make_data(model);
  const TreeMomentum start = tree_momentum(model, data);
  double worst = 0, worst_linear = 0;
  run_for(model, model.options, data, 2.0, [&](const Data& d) {
    const TreeMomentum now = tree_momentum(model, d);
    worst = std::max(worst, (now.about_com - start.about_com).norm() / start.about_com.norm());
    const Vec3 expected = start.linear + start.mass * gravity * d.time;
    worst_linear = std::max(worst_linear, (now.linear - expected).norm() / expected.norm());
  });
  EXPECT_LT(worst, 1e-9);
  EXPECT_LT(worst_linear, 1e-9);
}

// Dropped 1 m onto the ground, tumbling: the contacts' impulses are in the targets, so
// the tree lands and comes to rest on its spheres, its total energy never above where it
// started.
TEST(FloatingMomentum, TreeDroppedOnTheGroundComesToRest) {
  const Vec3 gravity(0, 0, -9.81);
  const Model model = tumbling_tree(Vec3(3, -5, 2), 1, gravity, true);
  Data data = make_data(model);
  const KinematicTree& tree = model.articulations[0].tree;
  auto total_energy = [&](const Data& d) {
    return tree_momentum(model, d).energy + potential_energy(tree, d.articulations[0].kinematics, gravity);
  };
  const double start = total_energy(data);
  double highest = start;
  run_for(model, model.options, data, 3.0, [&](const Data& d) {
    ASSERT_TRUE(d.solver.fallbacks.empty()) << "t = " << d.time;
    highest = std::max(highest, total_energy(d));
  });
  EXPECT_LT(highest, start + 1e-9 * std::abs(start));
  EXPECT_LT(tree_momentum(model, data).energy, 1e-9);
  for (const Vec3& com : data.articulations[0].kinematics.com_position) EXPECT_NEAR(com.z(), 0.01, 2e-3);
}

}  // namespace
}  // namespace contactlab

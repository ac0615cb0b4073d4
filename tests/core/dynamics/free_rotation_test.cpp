// The torque-free rotation (dynamics/free_rotation.h) through the whole step: a body
// with three different principal moments keeps its world angular momentum and never
// gains kinetic energy, in every formulation that keeps momentum, and stays finite at
// the fastest spin a scene may start with.
#include "dynamics/free_rotation.h"

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "dynamics/integrate.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

// A 2 kg brick 0.2 x 0.1 x 0.05 m (moments 1/12 m (b^2 + c^2) ...: all different),
// alone in zero gravity, spinning at w [rad/s].
Model spinning_brick(const Vec3& w, const Quat& orientation = Quat::Identity()) {
  const std::string scene = R"({"name": "spin", "duration": 10,
    "options": {"gravity": [0, 0, 0]},
    "bodies": [{"name": "brick", "mass": 2, "position": [0, 0, 1],
      "orientation": [)" + std::to_string(orientation.w()) + "," + std::to_string(orientation.x()) + "," +
                            std::to_string(orientation.y()) + "," + std::to_string(orientation.z()) +
                            R"(],
      "angular_velocity": [)" + std::to_string(w.x()) + "," + std::to_string(w.y()) + "," +
                            std::to_string(w.z()) + R"(],
      "geoms": [{"type": "box", "half_extents": [0.1, 0.05, 0.025]}]}]})";
  Model model;
  const Status status = load_scene(scene, model);
  EXPECT_TRUE(status.ok()) << status.message();
  return model;
}

Vec3 world_momentum(const Body& body, const Quat& q, const Vec3& w) {
  return q * (body.inertia * (q.conjugate() * w));
}

double rotational_energy(const Body& body, const Quat& q, const Vec3& w) {
  const Vec3 body_w = q.conjugate() * w;
  return 0.5 * body_w.dot(body.inertia * body_w);
}

// The brick's moments differ, so the explicit gyroscopic term would gain energy here.
TEST(FreeRotation, TheBrickHasThreeDifferentMoments) {
  const Model model = spinning_brick(Vec3(1, 0, 0));
  const Vec3 moments = model.bodies[0].inertia.diagonal();
  EXPECT_GT(std::abs(moments.x() - moments.y()), 1e-4);
  EXPECT_GT(std::abs(moments.y() - moments.z()), 1e-4);
  EXPECT_GT(std::abs(moments.x() - moments.z()), 1e-4);
}

// One call: L kept to rounding and energy to Newton's tolerance when the body turns by
// turn_velocity through eq. (10)-(11); a body at rest does not turn.
TEST(FreeRotation, OneStepKeepsMomentumAndEnergy) {
  const Model model = spinning_brick(Vec3::Zero());
  const Body& body = model.bodies[0];
  const Quat q = Quat(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()));
  for (double speed : {0.5, 10.0, 60.0, 1000.0}) {
    const Vec3 w = speed * Vec3(0.3, 1, -0.4).normalized();
    const FreeRotation rotation = free_rotation(body, q, w, 0.0025);
    Vec3 position = Vec3::Zero();
    Quat end = q;
    integrate_pose(0.0025, Vec3::Zero(), rotation.turn_velocity, position, end);
    const Vec3 before = world_momentum(body, q, w);
    EXPECT_LT((world_momentum(body, end, rotation.angular_velocity) - before).norm(), 1e-12 * before.norm()) << speed;
    const double energy = rotational_energy(body, q, w);
    EXPECT_NEAR(rotational_energy(body, end, rotation.angular_velocity), energy, 1e-11 * energy) << speed;
    EXPECT_GT((rotation.angular_velocity - w).norm(), 0) << speed;  // the gyroscopic change
  }
  const FreeRotation still = free_rotation(body, q, Vec3::Zero(), 0.0025);
  EXPECT_EQ(still.turn_velocity, Vec3::Zero());
  EXPECT_EQ(still.angular_velocity, Vec3::Zero());
  // A body with equal moments turns at its own w, as eq. (10)-(11) alone would.
  Body cube = body;
  cube.inertia = 0.01 * Mat3::Identity();
  const Vec3 w(3, -20, 7);
  const FreeRotation spin = free_rotation(cube, q, w, 0.0025);
  EXPECT_LT((spin.turn_velocity - w).norm(), 1e-12 * w.norm());
  EXPECT_LT((spin.angular_velocity - w).norm(), 1e-12 * w.norm());
}

struct SpinCase {
  Vec3 w;
  const char* about;
};

// 10 s at h = 2.5 ms, no contact: |dL| / |L| < 1e-4 and energy growth < 1e-3 for spins
// near each principal axis (the middle one unstable) and a general one, in every
// formulation that keeps the body's momentum (quasistatic starts each step at rest).
TEST(FreeRotation, StepKeepsWorldMomentumAndNeverGainsEnergyOverTenSeconds) {
  const std::vector<SpinCase> cases = {
      {Vec3(10, 0.1, 0.1), "near the smallest moment"},
      {Vec3(0.1, 10, 0.1), "near the middle moment (tumbles)"},
      {Vec3(0.1, 0.1, 10), "near the largest moment"},
      {Vec3(3, -5, 2), "general, 6 rad/s"},
      {Vec3(20, 25, -15), "general, 35 rad/s"},
  };
  for (Formulation formulation : {Formulation::Lcp, Formulation::Convex, Formulation::Soft, Formulation::Compliant}) {
    for (const SpinCase& spin : cases) {
      const Model model = spinning_brick(spin.w, Quat(Eigen::AngleAxisd(0.3, Vec3(1, 1, 0).normalized())));
      Options options = model.options;
      options.formulation = formulation;
      Data data = make_data(model);
      const Body& body = model.bodies[0];
      const Vec3 momentum = world_momentum(body, data.orientation[0], data.angular_velocity[0]);
      const double energy = rotational_energy(body, data.orientation[0], data.angular_velocity[0]);
      double worst_momentum = 0, worst_growth = -1;
      run_for(model, options, data, 10.0, [&](const Data& d) {
        const Vec3 now = world_momentum(body, d.orientation[0], d.angular_velocity[0]);
        worst_momentum = std::max(worst_momentum, (now - momentum).norm() / momentum.norm());
        worst_growth = std::max(worst_growth, rotational_energy(body, d.orientation[0], d.angular_velocity[0]) / energy - 1);
      });
      const std::string label = std::string(formulation_name(formulation)) + ", " + spin.about;
      EXPECT_LT(worst_momentum, 1e-4) << label;
      EXPECT_LT(worst_growth, 1e-3) << label;
      EXPECT_NEAR(data.time, 10.0, 1e-9) << label;
    }
  }
}

// The tumbling brick of the report: finite and bounded at 60 rad/s and at the fastest
// spin a scene may start with (|w| = 1000 rad/s), also at the largest h.
TEST(FreeRotation, TumblingBrickStaysFiniteAtSixtyAndAThousandRadiansPerSecond) {
  for (double h : {0.0025, 0.1}) {
    for (const Vec3& w : {Vec3(60, 1, 1), Vec3(1, 60, 1), Vec3(700, 700, 140), Vec3(-577, 577, 577)}) {
      const Model model = spinning_brick(w);
      Options options = model.options;
      options.time_step = h;
      Data data = make_data(model);
      const Body& body = model.bodies[0];
      const double momentum = world_momentum(body, data.orientation[0], data.angular_velocity[0]).norm();
      const double energy = rotational_energy(body, data.orientation[0], data.angular_velocity[0]);
      run_for(model, options, data, 1.0, [&](const Data& d) {
        ASSERT_TRUE(d.angular_velocity[0].allFinite()) << "t = " << d.time;
        ASSERT_TRUE(d.orientation[0].coeffs().allFinite()) << "t = " << d.time;
        EXPECT_NE(d.solver.status, SolverStatus::Diverged) << "t = " << d.time;
        EXPECT_NEAR(world_momentum(body, d.orientation[0], d.angular_velocity[0]).norm(), momentum, 1e-9 * momentum);
        EXPECT_LT(rotational_energy(body, d.orientation[0], d.angular_velocity[0]), energy * (1 + 1e-9));
      });
    }
  }
}

}  // namespace
}  // namespace contactlab

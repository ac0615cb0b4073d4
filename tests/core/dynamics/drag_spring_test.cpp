// The drag's spring-damper (dynamics/drag_spring.h): its force and moment, and the
// mass it follows.
#include "dynamics/drag_spring.h"

#include <cmath>

#include <gtest/gtest.h>

#include "scene/scene_loader.h"
#include "text_file.h"

namespace contactlab {
namespace {

TEST(DragSpring, PullsWithStiffnessAndDampingThatFollowTheMass) {
  DragSpring drag;
  drag.body = 0;
  drag.mass = 2.0;
  drag.point = Vec3(0.1, 0, 0);  // body frame
  drag.target = Vec3(1.0, 2.0, 0.5);
  // Turned a quarter about z: the point is at x + (0, 0.1, 0).
  const Quat orientation(Eigen::AngleAxisd(M_PI / 2, Vec3::UnitZ()));
  const Vec3 position(1.0, 1.0, 0.5);
  const Vec3 velocity(0.3, 0, 0);
  const Vec3 spin(0, 0, 2.0);  // the point moves at w x (0, 0.1, 0) = (-0.2, 0, 0)
  const Options options;  // h = 2.5 ms: omega uncapped
  const Vec6 wrench = drag_wrench(drag, options, position, orientation, velocity, spin);

  const double omega = kDragAngularFrequency;
  const double k = 2.0 * omega * omega, c = 2 * 2.0 * omega;
  const Vec3 point(1.0, 1.1, 0.5);
  const Vec3 point_velocity(0.1, 0, 0);
  const Vec3 expected = k * (drag.target - point) - c * point_velocity;
  EXPECT_NEAR((drag_point(drag, position, orientation) - point).norm(), 0, 1e-15);
  EXPECT_NEAR((wrench.head<3>() - expected).norm(), 0, 1e-12 * expected.norm());
  // The moment about the centre of mass is (p - x) x F: here (0, 0.1, 0) x F.
  const Vec3 moment = Vec3(0, 0.1, 0).cross(expected);
  EXPECT_NEAR((wrench.tail<3>() - moment).norm(), 0, 1e-12 * expected.norm());
  // A point on a still body: critically damped, the spring alone, along the pull.
  const Vec6 still = drag_wrench(drag, options, position, orientation, Vec3::Zero(), Vec3::Zero());
  EXPECT_NEAR((still.head<3>() - k * (drag.target - point)).norm(), 0, 1e-12 * k);

  drag.body = -1;
  EXPECT_EQ(drag_wrench(drag, options, position, orientation, velocity, spin), Vec6::Zero());
}

TEST(DragSpring, LongStepsSoftenThePullAndTheQuasistaticModelIsNotDamped) {
  DragSpring drag;
  drag.body = 0;
  drag.mass = 2.0;
  Options options;
  options.time_step = 0.05;  // omega h would be 1: capped at 0.25 / h = 5 rad/s
  DragGains gains = drag_gains(drag, options);
  EXPECT_DOUBLE_EQ(gains.stiffness, 2.0 * 25);
  EXPECT_DOUBLE_EQ(gains.damping, 2 * 2.0 * 5);
  options.formulation = Formulation::Quasistatic;
  options.time_step = 0.0025;
  options.quasistatic_mass_scale = 1e-3;  // eps_q / h^2 = 160 < omega^2 = 400
  gains = drag_gains(drag, options);
  EXPECT_DOUBLE_EQ(gains.stiffness, 2.0 * 1e-3 / (0.0025 * 0.0025));
  EXPECT_EQ(gains.damping, 0);
}

TEST(DragSpring, ARobotLinkPullsTheMassOfItsSubtree) {
  Model model;
  ASSERT_TRUE(load_scene(builtin_scene_text("double_pendulum"), model).ok());
  ASSERT_EQ(model.articulations.size(), 1u);
  const Articulation& pendulum = model.articulations[0];
  ASSERT_EQ(pendulum.tree.link_count(), 2);
  const int upper = pendulum.link_body[0], lower = pendulum.link_body[1];
  ASSERT_EQ(pendulum.tree.link(1).parent, 0);
  const double upper_mass = model.bodies[upper].mass, lower_mass = model.bodies[lower].mass;
  ASSERT_GT(upper_mass, 0);
  EXPECT_EQ(drag_mass(model, upper), upper_mass + lower_mass);
  EXPECT_EQ(drag_mass(model, lower), lower_mass);
}

}  // namespace
}  // namespace contactlab

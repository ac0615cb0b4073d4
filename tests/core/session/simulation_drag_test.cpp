// Drag to perturb through the session (session/simulation.h's drag, release): the pull
// in every formulation, in the contact forces, on a robot link, what is refused, and a
// link whose journal holds a drag replaying the run bit for bit.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "session/link_payload.h"
#include "session/link_replay.h"
#include "session/simulation.h"
#include "text_file.h"

namespace contactlab {
namespace {

constexpr int kDragBox = 1;  // box_rest's box

Simulation resting_box_under(int formulation) {
  Simulation simulation;
  EXPECT_TRUE(simulation.load_scene(builtin_scene_text("box_rest")).ok());
  EXPECT_TRUE(simulation.set_option("formulation", formulation).ok());
  simulation.step(40);
  return simulation;
}

long drag_steps_of(const Simulation& simulation, double seconds) {
  return std::lround(seconds / simulation.options().time_step);
}

TEST(SimulationDrag, PullsARestingBoxAlongTheGroundAndItSettlesAfterRelease) {
  for (int formulation = 0; formulation <= 5; ++formulation) {
    SCOPED_TRACE("formulation " + std::to_string(formulation));
    Simulation simulation = resting_box_under(formulation);
    const Vec3 start = simulation.data().position[kDragBox];
    ASSERT_TRUE(simulation.drag("box", start, start + Vec3(0.1, 0, 0)).ok());
    // Released after 0.5 s: settled on the target by then (4 / omega = 0.2 s), and
    // before hybrid's stick-slip chatter of a box held at the edge of its friction
    // cone costs seconds.
    simulation.step(drag_steps_of(simulation, 0.5));
    simulation.release();
    simulation.step(drag_steps_of(simulation, 1.0));
    const Vec3 settled = simulation.data().position[kDragBox];
    // The pull stops mu g / omega^2 = 12 mm short of the target at most (drag_spring.h).
    EXPECT_NEAR(settled.x() - start.x(), 0.1, 0.015);
    EXPECT_NEAR(settled.y(), start.y(), 1e-3);
    EXPECT_NEAR(settled.z(), start.z(), 1e-3);
    EXPECT_LT(simulation.data().linear_velocity[kDragBox].norm(), 1e-3);
    simulation.step(drag_steps_of(simulation, 0.5));
    EXPECT_LT((simulation.data().position[kDragBox] - settled).norm(), 1e-4) << "still moving after 1 s";
  }
}

TEST(SimulationDrag, APullThatFrictionHoldsShowsInTheContactForces) {
  for (int formulation = 0; formulation <= 4; ++formulation) {
    SCOPED_TRACE("formulation " + std::to_string(formulation));
    Simulation simulation = resting_box_under(formulation);
    const Vec3 start = simulation.data().position[kDragBox];
    // k d = m omega^2 d = 2 N along x, below mu m g = 4.9 N.
    const double reach = 2.0 / (kDragAngularFrequency * kDragAngularFrequency);
    ASSERT_TRUE(simulation.drag("box", start, start + Vec3(reach, 0, 0)).ok());
    simulation.step(drag_steps_of(simulation, 0.5));
    const Data& data = simulation.data();
    const Vec3 pull = drag_wrench(data.drag, simulation.options(), data.position[kDragBox], data.orientation[kDragBox],
                                  data.linear_velocity[kDragBox], data.angular_velocity[kDragBox])
                          .head<3>();
    Vec3 friction = Vec3::Zero();
    for (const ContactRecord& contact : data.contacts) {
      friction += contact.body_b == kDragBox ? contact.friction_force : -contact.friction_force;
    }
    // Held, the ground's friction balances the pull (soft contact's regularised
    // friction lets the box creep at about 1 mm/s).
    EXPECT_GT(pull.x(), 0.1);
    EXPECT_NEAR(friction.x(), -pull.x(), 0.05);
    EXPECT_LT(data.linear_velocity[kDragBox].norm(), 2e-3);
  }
}

TEST(SimulationDrag, PullsARobotLinkInReducedAndMaximalCoordinates) {
  for (int coordinates = 0; coordinates <= 1; ++coordinates) {
    Simulation simulation;
    ASSERT_TRUE(simulation.load_scene(builtin_scene_text("double_pendulum")).ok());
    ASSERT_TRUE(simulation.set_option("coordinates", coordinates).ok());
    const Articulation& pendulum = simulation.model().articulations[0];
    const int lower = pendulum.link_body[1];
    const std::string name = simulation.model().bodies[lower].name;
    const Vec3 grabbed = simulation.data().position[lower];
    // Held where it starts, against gravity and the swing.
    ASSERT_TRUE(simulation.drag(name, grabbed, grabbed).ok());
    Simulation free_swing;
    ASSERT_TRUE(free_swing.load_scene(builtin_scene_text("double_pendulum")).ok());
    ASSERT_TRUE(free_swing.set_option("coordinates", coordinates).ok());
    simulation.step(200);
    free_swing.step(200);
    const double held = (simulation.data().position[lower] - grabbed).norm();
    const double swung = (free_swing.data().position[lower] - grabbed).norm();
    EXPECT_LT(held, 0.2 * swung) << "coordinates " << coordinates;
  }
}

TEST(SimulationDrag, RefusesNamingTheFieldAndChangesNothing) {
  Simulation simulation;
  EXPECT_NE(simulation.drag("box", Vec3::Zero(), Vec3::Zero()).message().find("no scene"), std::string::npos);
  ASSERT_TRUE(simulation.load_scene(builtin_scene_text("box_rest")).ok());
  const double nan = std::nan("");
  struct Case {
    Status status;
    const char* words;
  };
  const Case cases[] = {
      {simulation.drag("crate", Vec3::Zero(), Vec3::Zero()), "body: no body named \"crate\""},
      {simulation.drag("ground", Vec3::Zero(), Vec3::Zero()), "a static body cannot be dragged"},
      {simulation.drag("box", Vec3(0, nan, 0), Vec3::Zero()), "point[1]: must be a finite number"},
      {simulation.drag("box", Vec3::Zero(), Vec3(0, 0, INFINITY)), "target[2]: must be a finite number"},
      {simulation.move_drag_target(Vec3::Zero()), "nothing is grabbed"},
  };
  for (const Case& c : cases) {
    EXPECT_FALSE(c.status.ok());
    EXPECT_NE(c.status.message().find(c.words), std::string::npos) << c.status.message();
  }
  EXPECT_EQ(simulation.data().drag.body, -1);
  ASSERT_TRUE(simulation.drag("box", Vec3(0, 0, 0.2), Vec3(0, 0, 0.3)).ok());
  EXPECT_FALSE(simulation.move_drag_target(Vec3(nan, 0, 0)).ok());
  EXPECT_EQ(simulation.data().drag.target, Vec3(0, 0, 0.3));
}

std::vector<double> drag_poses(const Simulation& simulation) {
  std::vector<double> poses;
  for (std::size_t b = 0; b < simulation.data().position.size(); ++b) {
    const Vec3& x = simulation.data().position[b];
    const Quat& q = simulation.data().orientation[b];
    poses.insert(poses.end(), {x.x(), x.y(), x.z(), q.x(), q.y(), q.z(), q.w()});
  }
  return poses;
}

TEST(SimulationDrag, ALinkWithADragInItsJournalReplaysTheRunBitForBit) {
  for (int formulation = 0; formulation <= 5; ++formulation) {
    SCOPED_TRACE("formulation " + std::to_string(formulation));
    Simulation live = resting_box_under(formulation);
    LinkPayload payload;
    payload.scene.builtin = "box_rest";
    payload.options.emplace_back("formulation", formulation);
    auto act = [&](SessionAction action) {
      action.step = live.data().step_count;
      ASSERT_TRUE(apply_action(live, action).ok());
      payload.journal.push_back(action);
    };
    SessionAction grab;
    grab.kind = SessionActionKind::Drag;
    grab.name = "box";
    grab.point = live.data().position[kDragBox] + Vec3(0.1, 0.03, 0.1 / 3);  // a top edge, off centre
    grab.target = grab.point + Vec3(0.07, -0.02, 0.01);
    act(grab);
    live.step(30);
    SessionAction move;
    move.kind = SessionActionKind::DragTarget;
    move.target = grab.target + Vec3(0.01 / 3, 0.05, 0);
    act(move);
    live.step(30);
    SessionAction release;
    release.kind = SessionActionKind::Release;
    act(release);
    live.step(20);
    payload.step = live.data().step_count;

    LinkPayload read;
    ASSERT_TRUE(read_link_payload(write_link_payload(payload), read).ok());
    Simulation replayed;
    ASSERT_TRUE(start_link(replayed, read, builtin_scene_text("box_rest")).ok());
    long taken = 0;
    std::size_t next = 0;
    ASSERT_TRUE(replay_link(replayed, read, taken, read.step, next).ok());
    EXPECT_EQ(next, 3u);
    EXPECT_EQ(drag_poses(replayed), drag_poses(live));
    EXPECT_GT(std::abs(live.data().position[kDragBox].y()), 1e-3) << "the drag did not move the box";
  }
}

}  // namespace
}  // namespace contactlab

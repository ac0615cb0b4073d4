// Checkpoints of a Simulation (session/checkpoint.h) and their ring
// (session/checkpoint_ring.h): a simulation restored from a checkpoint steps on bit for
// bit as it did after the checkpoint was saved, whatever happened in between (other
// options, robot commands, more steps), in every formulation, with robots driven by
// their timeline and with contacts coming and going.
#include "session/checkpoint_ring.h"

#include <algorithm>
#include <cstring>
#include <ostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "session/simulation.h"
#include "text_file.h"

namespace contactlab {
namespace {

Simulation load(const std::string& scene) {
  Simulation simulation;
  const Status status = simulation.load_scene(builtin_scene_text(scene));
  EXPECT_TRUE(status.ok()) << status.message();
  return simulation;
}

void append(std::vector<double>& record, const Vec3& v) { record.insert(record.end(), {v.x(), v.y(), v.z()}); }

// What a step produced, as doubles: time, every body's pose and velocity, every
// articulation's q, v, set points and motor efforts, every contact with its forces and
// mode, and the solver's statistics.
std::vector<double> state_record(const Simulation& simulation) {
  const Data& data = simulation.data();
  std::vector<double> record{data.time, static_cast<double>(data.step_count)};
  for (std::size_t b = 0; b < data.position.size(); ++b) {
    append(record, data.position[b]);
    const Quat& q = data.orientation[b];
    record.insert(record.end(), {q.w(), q.x(), q.y(), q.z()});
    append(record, data.linear_velocity[b]);
    append(record, data.angular_velocity[b]);
  }
  for (const ArticulationState& articulation : data.articulations) {
    record.insert(record.end(), articulation.positions.data(),
                  articulation.positions.data() + articulation.positions.size());
    record.insert(record.end(), articulation.velocities.data(),
                  articulation.velocities.data() + articulation.velocities.size());
    record.insert(record.end(), articulation.target_position.begin(), articulation.target_position.end());
    record.insert(record.end(), articulation.motor_effort.begin(), articulation.motor_effort.end());
  }
  record.push_back(static_cast<double>(data.contacts.size()));
  for (const ContactRecord& contact : data.contacts) {
    record.insert(record.end(), {static_cast<double>(contact.body_a), static_cast<double>(contact.body_b),
                                 contact.distance, contact.normal_force, contact.friction_coefficient,
                                 static_cast<double>(contact.mode)});
    append(record, contact.position);
    append(record, contact.friction_force);
  }
  record.insert(record.end(), {static_cast<double>(data.solver.status), static_cast<double>(data.solver.lcp_size),
                               static_cast<double>(data.solver.pivots), static_cast<double>(data.solver.iterations)});
  return record;
}

// The records of `steps` steps, one after another; `contact_counts` gets how many
// contacts each step had.
std::vector<double> run(Simulation& simulation, long steps, std::vector<std::size_t>* contact_counts = nullptr) {
  std::vector<double> records;
  for (long s = 0; s < steps; ++s) {
    EXPECT_EQ(simulation.step(1), 1);
    const std::vector<double> record = state_record(simulation);
    records.insert(records.end(), record.begin(), record.end());
    if (contact_counts) contact_counts->push_back(simulation.data().contacts.size());
  }
  return records;
}

bool bit_identical(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

struct ReplayCase {
  const char* scene;
  Formulation formulation;
  long before;  // steps before the checkpoint
  long after;   // steps compared after it
  bool contacts_change;  // contacts come or go in the steps compared
  const char* command;   // a robot command between the two courses, or none
};

void PrintTo(const ReplayCase& c, std::ostream* out) {
  *out << c.scene << " under " << formulation_name(c.formulation) << ", steps " << c.before << " + " << c.after;
}

class CheckpointReplay : public testing::TestWithParam<ReplayCase> {};

// Step, save, step on recording; then change what a user could (another mu, the other
// formulation, a robot command), step further, restore, and step on again: the second
// course equals the first bit for bit (the step's scratch then holds what the other
// course left in it).
TEST_P(CheckpointReplay, StepsOnBitForBitAfterARestore) {
  const ReplayCase& c = GetParam();
  Simulation simulation = load(c.scene);
  const double formulation = static_cast<double>(c.formulation);
  ASSERT_TRUE(simulation.set_option("formulation", formulation).ok());
  simulation.step(c.before);
  Checkpoint checkpoint;
  simulation.save(checkpoint);
  std::vector<std::size_t> contact_counts;
  const std::vector<double> first = run(simulation, c.after, &contact_counts);

  ASSERT_TRUE(simulation.set_option("mu", 0.05).ok());
  ASSERT_TRUE(simulation.set_option("formulation", formulation == 0 ? 1 : 0).ok());
  if (c.command) {
    EXPECT_TRUE(simulation.command(simulation.model().articulations[0].name, c.command).ok());
  }
  simulation.step(c.after / 2);
  ASSERT_TRUE(simulation.restore(checkpoint).ok());
  EXPECT_EQ(simulation.data().step_count, c.before);
  EXPECT_EQ(simulation.option("formulation"), formulation);
  const std::vector<double> second = run(simulation, c.after);
  EXPECT_TRUE(bit_identical(first, second)) << c.scene << " under " << formulation_name(c.formulation);
  if (c.contacts_change) {
    EXPECT_NE(*std::min_element(contact_counts.begin(), contact_counts.end()),
              *std::max_element(contact_counts.begin(), contact_counts.end()));
  }
}

// barrett_phone: the timeline's auto-grasp (from 1.5 s) closes the hand, whose fingers
// reach the phone at step 1172; box_stack: a tower of five boxes held by warm-started
// solves (20 contacts throughout); sphere_modes: a robot pushes spheres that roll, slide and
// stick; ball_drop: the ball lands at step 173 and bounces; pang_gripper: seed 003's
// fingers slide on a ball.
INSTANTIATE_TEST_SUITE_P(
    Scenes, CheckpointReplay,
    testing::Values(ReplayCase{"barrett_phone", Formulation::Lcp, 1140, 80, true, "open"},
                    ReplayCase{"barrett_phone", Formulation::Soft, 1140, 80, true, "open"},
                    ReplayCase{"box_stack", Formulation::Lcp, 20, 120, false, nullptr},
                    ReplayCase{"box_stack", Formulation::Convex, 20, 120, false, nullptr},
                    ReplayCase{"sphere_modes", Formulation::Soft, 30, 120, true, nullptr},
                    ReplayCase{"ball_drop", Formulation::Compliant, 150, 80, true, nullptr},
                    ReplayCase{"pang_gripper", Formulation::Quasistatic, 20, 120, false, nullptr}),
    [](const testing::TestParamInfo<ReplayCase>& info) {
      return std::string(info.param.scene) + "_" + formulation_name(info.param.formulation);
    });

// In maximal coordinates the links' own poses and velocities are state too
// (ArticulationState::maximal): gripper_lift's fingers close and lift the cube; restored
// after a course in reduced coordinates with another gamma, the run steps on as before,
// joint error and all.
TEST(Checkpoint, MaximalCoordinatesStepOnBitForBitAfterARestore) {
  Simulation simulation = load("gripper_lift");
  ASSERT_TRUE(simulation.set_option("coordinates", 1).ok());
  simulation.step(300);
  Checkpoint checkpoint;
  simulation.save(checkpoint);
  const std::vector<double> first = run(simulation, 200);
  const double first_error = joint_error(simulation.model(), simulation.data());
  EXPECT_GT(first_error, 0) << "the links have drifted, so their poses are more than q";

  ASSERT_TRUE(simulation.set_option("coordinates", 0).ok());
  ASSERT_TRUE(simulation.set_option("gamma", 0).ok());
  simulation.step(100);
  ASSERT_TRUE(simulation.restore(checkpoint).ok());
  EXPECT_EQ(simulation.option("coordinates"), 1);
  const std::vector<double> second = run(simulation, 200);
  EXPECT_TRUE(bit_identical(first, second));
  EXPECT_EQ(joint_error(simulation.model(), simulation.data()), first_error);
}
TEST(Checkpoint, AnEmptyCheckpointIsRefusedAndChangesNothing) {
  Simulation simulation = load("ball_drop");
  simulation.step(10);
  const std::vector<double> before = state_record(simulation);
  const Status status = simulation.restore(Checkpoint());
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("checkpoint"), std::string::npos) << status.message();
  EXPECT_TRUE(bit_identical(state_record(simulation), before));
}

TEST(Checkpoint, ResetSceneDropsTheOptionsSetAndRestartKeepsThem) {
  Simulation simulation = load("brick_slide");
  const double scene_mu = simulation.option("mu");
  ASSERT_TRUE(simulation.set_option("mu", 0.25).ok());
  simulation.step(40);
  simulation.reset();
  EXPECT_EQ(simulation.data().step_count, 0);
  EXPECT_EQ(simulation.option("mu"), 0.25);
  simulation.step(40);
  simulation.reset_scene();
  EXPECT_EQ(simulation.data().step_count, 0);
  EXPECT_EQ(simulation.option("mu"), scene_mu);
}

// A ring of three checkpoints of ball_drop taken every 10 steps.
class Ring : public testing::Test {
 protected:
  void save_every_ten_steps(int count) {
    for (int i = 0; i < count; ++i) {
      ring.save(simulation);
      simulation.step(10);
    }
  }

  Simulation simulation = load("ball_drop");
  CheckpointRing ring{3};
};

TEST_F(Ring, KeepsTheNewestCheckpointsAddressedByStep) {
  EXPECT_EQ(ring.oldest_step(), -1);
  EXPECT_EQ(ring.at_or_before(100), nullptr);
  save_every_ten_steps(5);  // steps 0 .. 40; 0 and 10 are dropped
  EXPECT_EQ(ring.size(), 3u);
  EXPECT_EQ(ring.oldest_step(), 20);
  EXPECT_EQ(ring.newest_step(), 40);
  EXPECT_EQ(ring.at_or_before(19), nullptr);
  EXPECT_EQ(ring.at_or_before(20)->data.step_count, 20);
  EXPECT_EQ(ring.at_or_before(39)->data.step_count, 30);
  EXPECT_EQ(ring.at_or_before(1000)->data.step_count, 40);
}

TEST_F(Ring, RestoringAndSteppingMatchesTheRunItWasSavedFrom) {
  save_every_ten_steps(3);  // 0, 10, 20; the simulation is at 30
  const std::vector<double> at_thirty = state_record(simulation);
  ASSERT_TRUE(simulation.restore(*ring.at_or_before(25)).ok());
  EXPECT_EQ(simulation.data().step_count, 20);
  simulation.step(10);
  EXPECT_TRUE(bit_identical(state_record(simulation), at_thirty));
}

TEST_F(Ring, SavingAnEarlierStepDropsTheLaterCourse) {
  save_every_ten_steps(3);  // 0, 10, 20
  ASSERT_TRUE(simulation.restore(*ring.at_or_before(10)).ok());
  ring.save(simulation);  // at 10 again: 20 belonged to the course left
  EXPECT_EQ(ring.size(), 2u);
  EXPECT_EQ(ring.newest_step(), 10);
  ring.discard_after(5);
  EXPECT_EQ(ring.size(), 1u);
  EXPECT_EQ(ring.newest_step(), 0);
}

TEST_F(Ring, ACapacityChangeKeepsTheNewestAndClearEmptiesIt) {
  save_every_ten_steps(3);  // 0, 10, 20
  ring.set_capacity(2);
  EXPECT_EQ(ring.oldest_step(), 10);
  EXPECT_EQ(ring.newest_step(), 20);
  ring.set_capacity(4);
  save_every_ten_steps(2);  // 30, 40
  EXPECT_EQ(ring.size(), 4u);
  EXPECT_EQ(ring.oldest_step(), 10);
  ring.clear();
  EXPECT_EQ(ring.size(), 0u);
  EXPECT_EQ(ring.at_or_before(100), nullptr);
  CheckpointRing none;
  none.save(simulation);
  EXPECT_EQ(none.size(), 0u);
}

}  // namespace
}  // namespace contactlab

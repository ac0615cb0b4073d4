// The state log (session/state_log.h): the rows a Simulation keeps are the state after
// every step, printed as the command line prints them, within the byte budget.
#include "session/state_log.h"

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "scene_fixture.h"
#include "session/checkpoint.h"
#include "session/simulation.h"

namespace contactlab {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

std::string scene_text(const std::string& name) {
  std::string text;
  EXPECT_TRUE(read_scene_file(std::string(CONTACTLAB_SCENES_DIR) + "/" + name + ".json", text).ok());
  return text;
}

std::string kept_rows(const Simulation& simulation) {
  std::ostringstream text;
  simulation.state_log()->write_rows(simulation.model(), 0, simulation.state_log()->rows(), text);
  return text.str();
}

// The rows as a StateRowFormat prints the states of a Data stepped by hand.
std::vector<std::string> rows_by_hand(const Model& model, const Options& options, int steps) {
  Data data = make_data(model);
  StateRowFormat format(model);
  std::vector<double> row(format.size());
  std::ostringstream text;
  for (int s = 0; s <= steps; ++s) {
    if (s > 0) step(model, options, data, test_workspace());
    format.capture(model, data, GraspReport{}, row.data());
    format.write_row(model, row.data(), text);
  }
  return lines_of(text.str());
}

TEST(StateLog, KeepsTheInitialRowAndOneRowPerStep) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(scene_text("brick_slide")).ok());
  EXPECT_EQ(simulation.state_log(), nullptr);
  simulation.keep_state_log(true);
  ASSERT_NE(simulation.state_log(), nullptr);
  EXPECT_EQ(simulation.state_log()->rows(), 1u);
  ASSERT_TRUE(simulation.set_option("friction_coefficient", 0.25).ok());
  EXPECT_EQ(simulation.state_log()->rows(), 1u) << "the initial row is taken again, not added";
  EXPECT_EQ(simulation.step(40), 40);

  Model model = load_builtin_scene("brick_slide");
  Options options = model.options;
  ASSERT_TRUE(set_option(options, "friction_coefficient", 0.25).ok());
  EXPECT_EQ(lines_of(kept_rows(simulation)), rows_by_hand(model, options, 40));
  std::ostringstream header;
  simulation.state_log()->write_header(simulation.model(), header);
  EXPECT_EQ(header.str().rfind("t,brick.x,brick.y,brick.z,brick.qw,", 0), 0u) << header.str();

  simulation.reset();
  EXPECT_EQ(simulation.state_log()->rows(), 1u);
  EXPECT_EQ(lines_of(kept_rows(simulation)), rows_by_hand(model, options, 0));
  simulation.keep_state_log(false);
  EXPECT_EQ(simulation.state_log(), nullptr);
}

TEST(StateLog, DropsTheOldestRowsBeyondItsBudget) {
  const Model model = load_builtin_scene("box_rest");
  StateRowFormat format(model);
  StateLog log(10 * format.size() * sizeof(double));
  log.restart(model, Options());
  EXPECT_EQ(log.capacity(), 10u);
  Data data = make_data(model);
  log.record(model, model.options, data);
  for (int s = 0; s < 25; ++s) {
    step(model, model.options, data, test_workspace());
    log.record(model, model.options, data);
  }
  EXPECT_EQ(log.rows(), 10u);
  EXPECT_EQ(log.dropped(), 16u);
  EXPECT_EQ(log.last_step(), 25);
  std::ostringstream text;
  log.write_rows(model, 0, 100, text);
  const std::vector<std::string> rows = lines_of(text.str());
  const std::vector<std::string> all = rows_by_hand(model, model.options, 25);
  EXPECT_EQ(rows, std::vector<std::string>(all.end() - 10, all.end()));
  std::ostringstream middle;
  log.write_rows(model, 3, 2, middle);
  EXPECT_EQ(lines_of(middle.str()), std::vector<std::string>(all.end() - 7, all.end() - 5));
}

// The page's timeline takes the simulation back to a checkpoint and steps it again:
// the steps already kept are not kept twice; going on from an earlier step drops the
// rows after it, and the rows then are those of a run that never went back, grasp
// columns included (barrett_phone refreshes them every 20 steps).
TEST(StateLog, ATimelineStepBackKeepsEachStepOnce) {
  Simulation straight;
  ASSERT_TRUE(straight.load_scene(scene_text("barrett_phone")).ok());
  straight.keep_state_log(true);
  ASSERT_EQ(straight.step(90), 90);

  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(scene_text("barrett_phone")).ok());
  simulation.keep_state_log(true);
  ASSERT_EQ(simulation.step(20), 20);
  Checkpoint checkpoint;
  simulation.save(checkpoint);
  ASSERT_EQ(simulation.step(50), 50);
  const std::string first_run = kept_rows(simulation);
  ASSERT_TRUE(simulation.restore(checkpoint).ok());
  ASSERT_EQ(simulation.step(25), 25);
  EXPECT_EQ(simulation.state_log()->rows(), 71u);
  EXPECT_EQ(kept_rows(simulation), first_run) << "stepping again over kept steps adds nothing";

  simulation.discard_state_log_after(45);
  EXPECT_EQ(simulation.state_log()->rows(), 46u);
  EXPECT_EQ(simulation.state_log()->last_step(), 45);
  ASSERT_EQ(simulation.step(45), 45);
  EXPECT_EQ(kept_rows(simulation), kept_rows(straight));
}

// barrett_phone has the most columns (251) of the built-in scenes.
TEST(StateLog, TheBudgetHoldsFortySecondsOfTheLargestBuiltInScene) {
  const Model model = load_builtin_scene("barrett_phone");
  StateLog log;
  log.restart(model, Options());
  EXPECT_GE(log.capacity() * model.options.time_step, 40.0) << log.capacity() << " rows";
}

}  // namespace
}  // namespace contactlab

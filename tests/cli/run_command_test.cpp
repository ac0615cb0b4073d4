#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>

#include <gtest/gtest.h>

#include "cli_result.h"
#include "commands.h"
#include "gripper_scene.h"
#include "scene/scene_loader.h"
#include "session/simulation.h"
#include "session/state_csv.h"
#include "temp_path.h"

namespace contactlab {
namespace {

using Result = CommandResult;

const std::string kScene = std::string(CONTACTLAB_SCENES_DIR) + "/box_rest.json";

TEST(RunCommand, BadArgumentsGiveOneLineNamingTheFlagAndExitCode2) {
  struct Case { std::vector<std::string> args; const char* names; };
  const Case cases[] = {
      {{}, "SCENE"},
      {{kScene, "--steps", "0"}, "--steps"},
      {{kScene, "--steps", "ten"}, "--steps"},
      {{kScene, "--duration", "-1"}, "--duration"},
      {{kScene, "--duration", "1", "--steps", "5"}, "--duration, --steps"},
      {{kScene, "--set", "mu"}, "--set"},
      {{kScene, "--set", "mu=3"}, "--set friction_coefficient"},
      {{kScene, "--set", "mu=soft"}, "--set friction_coefficient: must be between 0 and 2, or -1 for the scene's "
                                     "materials (as a word: materials), got \"soft\""},
      {{kScene, "--set", "h=fast"}, "--set time_step: must be between 0.0001 and 0.5 s, got \"fast\""},
      {{kScene, "--set", "warp=1"}, "--set warp"},
      {{kScene, "--set", "autograsp=sideways"}, "--set autograsp"},
      {{kScene, "--set", "autograsp=2"}, "--set autograsp"},
      {{kScene, "--frobnicate"}, "--frobnicate"},
      {{kScene, "--csv"}, "--csv"},
      {{"/nonexistent/scene.json"}, "scene.json"},
  };
  for (const Case& c : cases) {
    const Result result = run_scene_command(c.args);
    EXPECT_EQ(result.code, 2) << result.err;
    EXPECT_NE(result.err.find(c.names), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << "one line: " << result.err;
  }
}

TEST(RunCommand, SetOverridesReachTheStep) {
  const Result result = run_scene_command({kScene, "--steps", "4", "--set", "h=0.001", "--set", "u=4"});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_NE(result.out.find("4 steps of 0.001 s"), std::string::npos) << result.out;
  // 4 contacts x (1 + u + 1) with u = 4.
  EXPECT_NE(result.out.find("largest 24 unknowns"), std::string::npos) << result.out;
}

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream file(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);) lines.push_back(line);
  return lines;
}

TEST(RunCommand, WritesTheDocumentedStateAndContactColumns) {
  const std::string state_path = temp_path("state.csv");
  const std::string contacts_path = temp_path("contacts.csv");
  const Result result = run_scene_command({kScene, "--steps", "10", "--csv", state_path, "--contacts", contacts_path});
  ASSERT_EQ(result.code, 0) << result.err;

  const std::vector<std::string> state = read_lines(state_path);
  ASSERT_EQ(state.size(), 12u);  // header, t = 0, 10 steps
  EXPECT_EQ(state[0],
            "t,box.x,box.y,box.z,box.qw,box.qx,box.qy,box.qz,box.vx,box.vy,box.vz,box.wx,box.wy,"
            "box.wz,contacts,solver_status,solver_pivots");
  EXPECT_EQ(state[1].rfind("0,0,0,0.10005,1,0,0,0,", 0), 0u) << state[1];
  EXPECT_NE(state[11].find(",4,solved,"), std::string::npos) << state[11];

  const std::vector<std::string> contacts = read_lines(contacts_path);
  ASSERT_EQ(contacts.size(), 1u + 10 * 4);  // four corners per step (seed 002 section 3.2)
  EXPECT_EQ(contacts[0], "t,body_a,body_b,px,py,pz,nx,ny,nz,phi,fn,ftx,fty,ftz,mode");
  for (size_t i = 1; i < contacts.size(); ++i) {
    EXPECT_NE(contacts[i].find(",ground,box,"), std::string::npos) << contacts[i];
    EXPECT_EQ(contacts[i].substr(contacts[i].rfind(',') + 1), "sticking") << contacts[i];
  }
}

// A robot scene: LINK.q LINK.v per joint and the grasp columns, and the grasp summary,
// with either kind of auto-grasp.
TEST(RunCommand, RobotScenesWriteJointAndGraspColumns) {
  const std::string scene = temp_path("gripper.json");
  {
    std::ofstream file(scene);
    file << gripper_scene_json(R"([{"time": 0, "command": "autograsp", "articulation": "gripper"}])");
  }
  const std::string csv = temp_path("gripper.csv");
  for (const char* kind : {"dynamic", "static"}) {
    const Result result = run_scene_command({scene, "--duration", "1", "--set", std::string("autograsp=") + kind, "--csv", csv});
    ASSERT_EQ(result.code, 0) << result.err;
    EXPECT_NE(result.out.find("grasp: box, "), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("force closure yes"), std::string::npos) << result.out;
    const std::vector<std::string> lines = read_lines(csv);
    ASSERT_EQ(lines.size(), 402u);
    EXPECT_NE(lines[0].find(",left.q,left.v,right.q,right.v,grasp.object,grasp.force_closure,grasp.epsilon,"),
              std::string::npos) << lines[0];
    EXPECT_NE(lines.back().find(",box,1,"), std::string::npos) << lines.back();
  }
}

// The joints' efforts come last, one LINK.effort per revolute or prismatic joint: the
// driven paddle's is exactly zero while its blade turns freely at constant speed about a
// vertical axis (gravity has no moment about it), and every row's is the effort the step
// reported (ArticulationState::motor_effort), nonzero once the blade pushes the box.
TEST(RunCommand, TheLastColumnsAreTheJointsEffortsAsTheStepReportsThem) {
  const std::string scene = std::string(CONTACTLAB_SCENES_DIR) + "/driven_paddle.json";
  const std::string csv = temp_path("paddle.csv");
  const Result result = run_scene_command({scene, "--steps", "600", "--csv", csv});
  ASSERT_EQ(result.code, 0) << result.err;
  const std::vector<std::string> lines = read_lines(csv);
  ASSERT_EQ(lines.size(), 602u);
  const std::string tail = ",contacts,solver_status,solver_pivots,blade.effort";
  ASSERT_EQ(lines[0].substr(lines[0].size() - tail.size()), tail) << lines[0];

  std::string text;
  ASSERT_TRUE(read_scene_file(scene, text).ok());
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(text).ok());
  int free_rows = 0, pushing_rows = 0;
  for (std::size_t row = 1; row < lines.size(); ++row) {
    if (row > 1) simulation.step(1);
    const double effort = simulation.data().articulations[0].motor_effort[0];
    const std::string written = lines[row].substr(lines[row].rfind(',') + 1);
    ASSERT_EQ(written, exact_number(effort)) << "row " << row;
    if (simulation.data().time < 0.5) {  // the blade reaches the box at about 0.75 rad
      EXPECT_LE(std::abs(effort), 1e-12) << "t = " << simulation.data().time;
      ++free_rows;
    } else if (std::abs(effort) > 0.1) {
      ++pushing_rows;
    }
  }
  EXPECT_GE(free_rows, 200);
  EXPECT_GT(pushing_rows, 100);
}

// The page's export (the Simulation's state log) and the command line print the same
// file for the same run: the gripper's grasp columns, refreshed every 50 ms, included
// (the box is held after 0.7 s).
TEST(RunCommand, TheStateCsvEqualsTheSimulationsStateLog) {
  const std::string text = gripper_scene_json(R"([{"time": 0, "command": "autograsp", "articulation": "gripper"}])");
  const std::string scene = temp_path("log_gripper.json");
  std::ofstream(scene) << text;
  const std::string csv = temp_path("log_gripper.csv");
  const Result result = run_scene_command({scene, "--steps", "280", "--set", "mu=0.8", "--csv", csv});
  ASSERT_EQ(result.code, 0) << result.err;

  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(text).ok());
  simulation.keep_state_log(true);
  ASSERT_TRUE(simulation.set_option("friction_coefficient", 0.8).ok());
  simulation.step(280);
  std::ostringstream logged;
  const StateLog& log = *simulation.state_log();
  log.write_header(simulation.model(), logged);
  log.write_rows(simulation.model(), 0, log.rows(), logged);
  std::ifstream file(csv);
  const std::string written((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  EXPECT_EQ(logged.str(), written);
  EXPECT_NE(read_lines(csv).back().find(",box,1,"), std::string::npos) << "the box is held by the end";
}

// The scene file with the options in force (Simulation::scene_file) runs as the scene
// with those options set.
TEST(RunCommand, TheSceneFileWithOptionsRunsAsTheSceneWithThemSet) {
  const std::string csv = temp_path("brick_set.csv");
  const std::string brick = std::string(CONTACTLAB_SCENES_DIR) + "/brick_slide.json";
  const Result set = run_scene_command({brick, "--steps", "100", "--set", "mu=0.25", "--set", "formulation=soft", "--set", "h=0.002",
                          "--csv", csv});
  ASSERT_EQ(set.code, 0) << set.err;

  std::string text;
  ASSERT_TRUE(read_scene_file(brick, text).ok());
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(text).ok());
  for (const auto& [name, value] : {std::pair<const char*, double>{"mu", 0.25}, {"formulation", 2}, {"h", 0.002}}) {
    ASSERT_TRUE(simulation.set_option(name, value).ok()) << name;
  }
  const std::string exported = temp_path("brick_exported.json");
  std::ofstream(exported) << simulation.scene_file();
  const std::string rerun = temp_path("brick_exported.csv");
  ASSERT_EQ(run_scene_command({exported, "--steps", "100", "--csv", rerun}).code, 0);
  EXPECT_EQ(read_lines(rerun), read_lines(csv));
  EXPECT_EQ(read_lines(csv).size(), 102u);
}

TEST(CheckCommand, SummarisesAValidSceneAndRejectsABadOne) {
  std::ostringstream out, err;
  ASSERT_EQ(run_check_command({kScene}, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("scene box_rest: valid"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("box: mass 1 kg, 1 geom(s): box"), std::string::npos) << out.str();

  const std::string bad_path = temp_path("bad_scene.json");
  std::ofstream(bad_path) << R"({"name": "bad", "bodies": [{"name": "b", "mass": 1,
    "geoms": [{"type": "box", "half_extents": [0.1, 0, 0.1]}]}]})";
  std::ostringstream out2, err2;
  EXPECT_EQ(run_check_command({bad_path}, out2, err2), 2);
  EXPECT_NE(err2.str().find("bodies[0].geoms[0].half_extents[1]"), std::string::npos) << err2.str();
}

// A CSV that cannot be written (here a full device) ends the run with exit code 3 and
// names the flag and the file, instead of a silent success.
TEST(RunCommand, AnUnwritableCsvIsReportedWithExitCode3) {
  const Result state = run_scene_command({kScene, "--steps", "400", "--csv", "/dev/full"});
  EXPECT_EQ(state.code, 3);
  EXPECT_EQ(state.err, "contactlab run: --csv: writing '/dev/full' failed (disk full or file unwritable)\n");
  const Result contacts = run_scene_command({kScene, "--steps", "400", "--contacts", "/dev/full"});
  EXPECT_EQ(contacts.code, 3);
  EXPECT_EQ(contacts.err,
            "contactlab run: --contacts: writing '/dev/full' failed (disk full or file unwritable)\n");
  const Result short_run = run_scene_command({kScene, "--steps", "1", "--csv", "/dev/full"});
  EXPECT_EQ(short_run.code, 3) << "a failure found only when the file is closed counts too";
}

// A step that needed a fallback says which in its solver_status cell, after the status:
// the 10 x 10 grid of cubes is past the island size cap and held still.
TEST(RunCommand, TheStateCsvNamesEachStepsFallbacks) {
  const std::string csv = testing::TempDir() + "/grid.csv";
  const Result result =
      run_scene_command({std::string(CONTACTLAB_TEST_DATA_DIR) + "/box_grid_10x10.json", "--steps", "2", "--csv", csv});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_NE(result.out.find("solver: 2 steps with fallbacks; first: t = 0.0025000000000000001: the "
                            "island's problem has 14260 unknowns"),
            std::string::npos)
      << result.out;
  const std::vector<std::string> lines = read_lines(csv);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_NE(lines[1].find(",0,no contacts,0"), std::string::npos) << lines[1];
  EXPECT_NE(lines[3].find(",too large (fallback: too large: held still),0"), std::string::npos) << lines[3];

  SolverStats stats;
  stats.status = SolverStatus::Solved;
  EXPECT_EQ(solver_status_text(stats), "solved");
  stats.fallbacks = {SolverFallback{FallbackReason::LcpRegularised}};
  EXPECT_EQ(solver_status_text(stats), "solved (fallback: regularised)");
  stats.status = SolverStatus::NumericalFailure;
  stats.fallbacks.push_back(SolverFallback{FallbackReason::LcpWithoutFriction});
  EXPECT_EQ(solver_status_text(stats), "numerical failure (fallback: regularised; without friction)");
}

}  // namespace
}  // namespace contactlab

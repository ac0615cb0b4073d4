// `contactlab link` and `contactlab run --link` (docs/links.md): a link made natively
// runs to the same states, bit for bit, as the scene and options it was made from, and
// a journal replays at its steps exactly as the same calls made by hand.
#include <fstream>

#include <gtest/gtest.h>

#include "builtin_scenes.h"
#include "cli_result.h"
#include "commands.h"
#include "gripper_scene.h"
#include "link_codec.h"
#include "scene/json_fields.h"
#include "session/link_payload.h"
#include "session/simulation.h"
#include "session/state_csv.h"
#include "temp_path.h"
#include "text_file.h"

namespace contactlab {
namespace {

using Result = CommandResult;

Result link(const std::vector<std::string>& args) { return run_subcommand(run_link_command, args); }
LinkPayload decoded(const std::string& line) {
  std::string text;
  LinkPayload payload;
  EXPECT_TRUE(decode_link(line.substr(0, line.size() - 1), text).ok());
  EXPECT_TRUE(read_link_payload(text, payload).ok()) << text;
  return payload;
}

std::string scene_path(const std::string& name) { return std::string(CONTACTLAB_SCENES_DIR) + "/" + name + ".json"; }

TEST(LinkCommand, EveryBuiltinSceneHasAShortLinkThatRunsLikeItsFile) {
  ASSERT_EQ(builtin_scenes().size(), 32u);
  const std::string from_file = temp_path("from_file.csv");
  const std::string from_link = temp_path("from_link.csv");
  for (const BuiltinScene& scene : builtin_scenes()) {
    EXPECT_EQ(read_text_file(scene_path(scene.name)), scene.text) << "the compiled-in copy is the file";
    const Result made = link({scene.name});
    ASSERT_EQ(made.code, 0) << made.err;
    EXPECT_EQ(made.out.rfind("#v1.", 0), 0u);
    EXPECT_LT(made.out.size(), 200u) << scene.name;
    EXPECT_EQ(decoded(made.out).scene.builtin, scene.name);

    ASSERT_EQ(run_scene_command({scene_path(scene.name), "--steps", "60", "--csv", from_file}).code, 0);
    const Result ran = run_scene_command({"--link", made.out.substr(0, made.out.size() - 1), "--steps", "60", "--csv", from_link});
    ASSERT_EQ(ran.code, 0) << ran.err;
    const std::string expected = read_text_file(from_file);
    EXPECT_EQ(read_text_file(from_link), expected) << scene.name;
    EXPECT_GT(expected.size(), 500u);
  }
}

TEST(LinkCommand, CarriesOptionsByTheirCanonicalNamesAndTheTimeAsSteps) {
  const Result made = link({"brick_slide", "--set", "mu=0.25", "--set", "formulation=convex", "--set", "h=0.002",
                            "--time", "1.5"});
  ASSERT_EQ(made.code, 0) << made.err;
  const LinkPayload payload = decoded(made.out);
  // Options are independent of each other, so the link keeps them by name.
  const std::vector<std::pair<std::string, double>> expected = {
      {"formulation", 1}, {"friction_coefficient", 0.25}, {"time_step", 0.002}};
  EXPECT_EQ(payload.options, expected);
  EXPECT_EQ(payload.step, 750);

  const std::string from_file = temp_path("set_file.csv");
  const std::string from_link = temp_path("set_link.csv");
  ASSERT_EQ(run_scene_command({scene_path("brick_slide"), "--steps", "200", "--set", "mu=0.25", "--set", "formulation=convex",
                 "--set", "h=0.002", "--csv", from_file}).code, 0);
  ASSERT_EQ(run_scene_command({"--link", "https://lab.example/" + made.out.substr(0, made.out.size() - 1), "--steps", "200",
                 "--csv", from_link}).code, 0);
  EXPECT_EQ(read_text_file(from_link), read_text_file(from_file));
}

TEST(LinkCommand, ASceneFileTravelsWhole) {
  const std::string path = temp_path("gripper_link.json");
  std::ofstream(path) << gripper_scene_json("[]");
  const Result made = link({path});
  ASSERT_EQ(made.code, 0) << made.err;
  const LinkPayload payload = decoded(made.out);
  EXPECT_TRUE(payload.scene.builtin.empty());
  EXPECT_NE(payload.scene.json.find("\"gripper_test\""), std::string::npos);
}

// A journal of an option change and an auto-grasp: `run --link` applies each after its
// step, as the page does, and lands on the states of the same calls made by hand.
TEST(LinkCommand, AJournalReplaysAtItsSteps) {
  LinkPayload payload;
  payload.scene.json = gripper_scene_json("[]");
  SessionAction soften;
  soften.step = 30;
  soften.kind = SessionActionKind::Option;
  soften.name = "friction_coefficient";
  soften.value = 0.4;
  SessionAction grasp;
  grasp.step = 50;
  grasp.kind = SessionActionKind::Command;
  grasp.articulation = "gripper";
  grasp.name = "autograsp";
  payload.journal = {soften, grasp};
  payload.step = 50;
  std::string encoded;
  ASSERT_TRUE(encode_link(write_link_payload(payload), encoded).ok());

  const std::string csv = temp_path("journal.csv");
  const Result ran = run_scene_command({"--link", encoded, "--steps", "300", "--csv", csv});
  ASSERT_EQ(ran.code, 0) << ran.err;

  Simulation by_hand;
  ASSERT_TRUE(by_hand.load_scene(gripper_scene_json("[]")).ok());
  by_hand.step(30);
  ASSERT_TRUE(by_hand.set_option("friction_coefficient", 0.4).ok());
  by_hand.step(20);
  ASSERT_TRUE(by_hand.command("gripper", "autograsp").ok());
  by_hand.step(250);
  const int box = 1;
  const Vec3& p = by_hand.data().position[box];
  const std::string expected = exact_number(by_hand.data().time) + "," + exact_number(p.x()) + "," +
                               exact_number(p.y()) + "," + exact_number(p.z()) + ",";
  const std::string text = read_text_file(csv);
  const std::string last = text.substr(text.rfind('\n', text.size() - 2) + 1);
  EXPECT_EQ(last.rfind(expected, 0), 0u) << last << "\nexpected " << expected;
  const std::vector<JointReadout>& fingers = by_hand.joint_state(0);
  EXPECT_GT(fingers.at(0).position, 0.02) << "the auto-grasp did not close the fingers";
  const std::string left = exact_number(fingers.at(0).position) + ",";
  EXPECT_NE(last.find("," + left), std::string::npos) << "left finger's q differs: " << last;
}

// The v1 links kept from when v1 was introduced still open and run.
TEST(LinkCommand, TheKeptV1LinksStillOpen) {
  Json kept;
  ASSERT_TRUE(parse_json(read_text_file(std::string(CONTACTLAB_TEST_DATA_DIR) + "/links/v1_links.json"), 8, kept).ok());
  ASSERT_EQ(kept["builtin"].size(), builtin_scenes().size());
  for (const auto& entry : kept["builtin"].items()) {
    const LinkPayload payload = decoded(entry.value().get<std::string>() + "\n");
    EXPECT_EQ(payload.scene.builtin, entry.key());
    const Result ran = run_scene_command({"--link", entry.value().get<std::string>(), "--steps", "5"});
    EXPECT_EQ(ran.code, 0) << entry.key() << ": " << ran.err;
  }
  const LinkPayload with_options = decoded(kept["with_options"]["brick_slide mu=0.25 convex t=1.5"].get<std::string>() + "\n");
  EXPECT_EQ(with_options.scene.builtin, "brick_slide");
  EXPECT_EQ(with_options.options.size(), 2u);
  EXPECT_EQ(with_options.step, 600);  // 1.5 s at the scene's h = 2.5 ms
}

TEST(LinkCommand, BadLinksAndArgumentsSayWhatWasWrong) {
  struct Case { std::vector<std::string> args; const char* says; bool is_run; };
  std::string unknown_builtin, refused_action;
  ASSERT_TRUE(encode_link(R"({"scene":{"builtin":"moon_base"}})", unknown_builtin).ok());
  ASSERT_TRUE(encode_link(R"({"scene":{"builtin":"box_rest"},"step":5,"journal":[[2,"command","hand","autograsp"]]})",
                          refused_action).ok());
  const Case cases[] = {
      {{"--link", "#v1.%%%"}, "link: the data may hold only", true},
      {{"--link", "#v9.AAAA"}, "link: version v9 is not known", true},
      {{"--link", unknown_builtin}, "scene.builtin: unknown built-in scene \"moon_base\" (allowed: anisotropic_friction, ball_drop,", true},
      {{"--link", refused_action, "--steps", "5"}, "link: journal[0]: ", true},
      {{"--link", unknown_builtin, "--set", "mu=0.1"}, "--set: not allowed with --link", true},
      {{"box_rest.json", "--link", unknown_builtin}, "not allowed with --link", true},
      {{"moon_base"}, "nor is it a built-in scene: anisotropic_friction, ball_drop,", false},
      {{"box_rest", "--time", "-1"}, "--time: must be in [0, 3600] s", false},
      {{"box_rest", "--set", "mu=7"}, "--set friction_coefficient", false},
      {{"box_rest", "--speed", "2"}, "--speed: unknown flag", false},
      {{}, "SCENE: missing", false},
  };
  for (const Case& c : cases) {
    const Result result = c.is_run ? run_scene_command(c.args) : link(c.args);
    EXPECT_EQ(result.code, 2) << result.err;
    EXPECT_NE(result.err.find(c.says), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << "one line: " << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
}

}  // namespace
}  // namespace contactlab

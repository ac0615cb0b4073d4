// A built-in scene with a few edits travels as its changes against the built-in
// (docs/links.md): barrett_phone, the largest built-in, with its handset moved and made
// heavier, its friction raised and its duration cut, every option written and a journal
// of actions, fits in one chat message (under 2,000 characters), and its scene runs
// bit for bit as the edited scene's own file.
#include <fstream>

#include <gtest/gtest.h>

#include "builtin_scenes.h"
#include "cli_result.h"
#include "commands.h"
#include "link_codec.h"
#include "scene/json_fields.h"
#include "session/link_payload.h"
#include "session/simulation.h"
#include "temp_path.h"
#include "text_file.h"

namespace contactlab {
namespace {

std::string embedded_scene_text(const std::string& name) {
  const BuiltinScene* scene = find_builtin_scene(name);
  EXPECT_NE(scene, nullptr) << "no built-in scene " << name;
  return scene ? scene->text : "";
}

// barrett_phone's edits: an RFC 7386 merge patch (arrays are replaced whole, so the
// bodies travel as a whole array).
Json barrett_phone_edits() {
  Json scene;
  EXPECT_TRUE(parse_json(embedded_scene_text("barrett_phone"), 64, scene).ok());
  Json bodies = scene["bodies"];
  for (Json& body : bodies) {
    if (body["name"] != "handset") continue;
    body["mass"] = 0.25;
    body["position"][0] = body["position"][0].get<double>() + 0.01;
  }
  Json changes;
  changes["bodies"] = bodies;
  changes["friction"]["default"]["static"] = 0.8;
  changes["duration"] = 2.5;
  return changes;
}

SessionAction option_action(long step, const std::string& name, double value) {
  SessionAction action;
  action.step = step;
  action.kind = SessionActionKind::Option;
  action.name = name;
  action.value = value;
  return action;
}

TEST(LinkEdits, BarrettPhoneWithAFewEditsIsOneChatMessage) {
  LinkPayload payload;
  payload.scene.builtin = "barrett_phone";
  payload.scene.changes = barrett_phone_edits().dump();
  std::string scene_text;
  ASSERT_TRUE(link_scene_text(payload.scene, embedded_scene_text("barrett_phone"), scene_text).ok());
  Simulation edited;
  ASSERT_TRUE(edited.load_scene(scene_text).ok());
  // Every option, as in force in the edited scene.
  for (const std::string& name : option_names()) payload.options.emplace_back(name, edited.option(name));
  SessionAction grasp;
  grasp.step = 400;
  grasp.kind = SessionActionKind::Command;
  grasp.articulation = "arm";
  grasp.name = "autograsp";
  SessionAction bend;
  bend.step = 200;
  bend.kind = SessionActionKind::JointTarget;
  bend.articulation = "arm";
  bend.link = "f1_proximal";
  bend.value = 0.3;
  payload.journal = {option_action(100, "friction_coefficient", 0.45), bend, grasp,
                     option_action(500, "error_reduction", 0.3)};
  payload.step = 600;
  payload.playing = true;
  payload.view.has_camera = true;
  payload.view.camera_position = Vec3(0.412, -0.734, 0.318);
  payload.view.camera_target = Vec3(0.05, 0.02, 0.11);
  payload.view.follow = "handset";
  payload.view.plot = {"handset", "f1_distal"};

  std::string link;
  ASSERT_TRUE(encode_link(write_link_payload(payload), link).ok());
  EXPECT_LT(link.size(), 2000u) << "barrett_phone with a few edits and everything else: " << link.size()
                                << " characters";
  EXPECT_LT(link.size(), scene_text.size() / 4) << "the changes, not the whole scene";

  std::string decoded_text;
  LinkPayload decoded;
  ASSERT_TRUE(decode_link(link, decoded_text).ok());
  ASSERT_TRUE(read_link_payload(decoded_text, decoded).ok());
  ASSERT_EQ(decoded.options.size(), option_names().size());

  // The link's scene runs as the edited scene's own file, bit for bit.
  const std::string file = temp_path("barrett_phone_edited.json");
  std::ofstream(file) << scene_text;
  LinkPayload scene_only;
  scene_only.scene = payload.scene;
  std::string scene_link;
  ASSERT_TRUE(encode_link(write_link_payload(scene_only), scene_link).ok());
  const std::string from_file = temp_path("edited_from_file.csv");
  const std::string from_link = temp_path("edited_from_link.csv");
  const CommandResult by_file = run_subcommand(run_run_command, {file, "--steps", "80", "--csv", from_file});
  ASSERT_EQ(by_file.code, 0) << by_file.err;
  const CommandResult by_link =
      run_subcommand(run_run_command, {"--link", scene_link, "--steps", "80", "--csv", from_link});
  ASSERT_EQ(by_link.code, 0) << by_link.err;
  const std::string expected = read_text_file(from_file);
  EXPECT_GT(expected.size(), 1000u);
  EXPECT_EQ(read_text_file(from_link), expected);

  // That scene is the edited one: the handset 0.25 kg and 1 cm further along x.
  Simulation shipped;
  ASSERT_TRUE(shipped.load_scene(embedded_scene_text("barrett_phone")).ok());
  const int handset = 3;
  ASSERT_EQ(edited.model().bodies.at(handset).name, "handset");
  EXPECT_EQ(edited.model().bodies[handset].mass, 0.25);
  EXPECT_NEAR(edited.data().position[handset].x() - shipped.data().position[handset].x(), 0.01, 1e-12);
}

}  // namespace
}  // namespace contactlab

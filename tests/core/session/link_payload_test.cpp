// The link payload (session/link_payload.h): what it reads back, what it refuses and
// how a built-in's changes merge in.
#include "session/link_payload.h"

#include <string>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

LinkPayload read_ok(const std::string& text) {
  LinkPayload payload;
  const Status status = read_link_payload(text, payload);
  EXPECT_TRUE(status.ok()) << status.message();
  return payload;
}

std::string link_refusal(const std::string& text) {
  LinkPayload payload;
  payload.step = -7;  // untouched on failure
  const Status status = read_link_payload(text, payload);
  EXPECT_FALSE(status.ok()) << text;
  EXPECT_EQ(payload.step, -7) << "the payload changed although the link was refused";
  return status.message();
}

TEST(LinkPayload, ReadsEveryFieldAndWritesItBackTheSame) {
  const std::string text =
      R"({"compare":"soft","journal":[[0,"option","friction_coefficient",0.25],)"
      R"([12,"target","hand","finger1",0.5],[12,"command","hand","autograsp"],)"
      R"([40,"jog","hand","palm",0,0,0.01],[41,"ghost","convex"],[41,"option","formulation","quasistatic"]],)"
      R"("options":{"error_reduction":0.1,"formulation":"convex","time_step":0.001},"playing":true,)"
      R"("scene":{"builtin":"barrett_phone","changes":{"duration":3}},"step":120,)"
      R"("view":{"camera":[1,2,3,0,0,0.5],"follow":"phone","plot":["phone","ground"]}})";
  const LinkPayload payload = read_ok(text);
  EXPECT_EQ(payload.scene.builtin, "barrett_phone");
  EXPECT_EQ(payload.scene.changes, R"({"duration":3})");
  ASSERT_EQ(payload.options.size(), 3u);
  EXPECT_EQ(payload.options[1].first, "formulation");
  EXPECT_EQ(payload.options[1].second, 1.0);  // convex
  EXPECT_EQ(payload.options[2].second, 0.001);
  ASSERT_TRUE(payload.compare.has_value());
  EXPECT_EQ(payload.compare->formulation, "soft");
  EXPECT_TRUE(payload.compare->coordinates.empty());
  ASSERT_EQ(payload.journal.size(), 6u);
  EXPECT_EQ(payload.journal[1].kind, SessionActionKind::JointTarget);
  EXPECT_EQ(payload.journal[1].link, "finger1");
  EXPECT_EQ(payload.journal[3].displacement.z(), 0.01);
  EXPECT_EQ(payload.journal[4].kind, SessionActionKind::Ghost);
  EXPECT_EQ(payload.step, 120);
  EXPECT_TRUE(payload.playing);
  EXPECT_TRUE(payload.view.has_camera);
  EXPECT_EQ(payload.view.camera_target.z(), 0.5);
  EXPECT_EQ(payload.view.plot.size(), 2u);
  EXPECT_EQ(write_link_payload(payload), text);
}

TEST(LinkPayload, ADragItsTargetMovesAndItsReleaseReadBackTheSame) {
  const std::string text =
      R"({"journal":[[3,"drag","box",0.1,-0.05,0.2,0.30000000000000004,0,0.2],[9,"drag_target",0.4,0.1,0.25],)"
      R"([20,"release"]],"scene":{"builtin":"box_rest"},"step":30})";
  const LinkPayload payload = read_ok(text);
  ASSERT_EQ(payload.journal.size(), 3u);
  EXPECT_EQ(payload.journal[0].kind, SessionActionKind::Drag);
  EXPECT_EQ(payload.journal[0].name, "box");
  EXPECT_EQ(payload.journal[0].point, Vec3(0.1, -0.05, 0.2));
  EXPECT_EQ(payload.journal[0].target.x(), 0.1 + 0.2);
  EXPECT_EQ(payload.journal[1].kind, SessionActionKind::DragTarget);
  EXPECT_EQ(payload.journal[1].target, Vec3(0.4, 0.1, 0.25));
  EXPECT_EQ(payload.journal[2].kind, SessionActionKind::Release);
  EXPECT_EQ(payload.journal[2].step, 20);
  EXPECT_EQ(write_link_payload(payload), text);
}

TEST(LinkPayload, TheGhostMayRunUnderOtherCoordinatesAndSwitchThem) {
  const std::string text =
      R"({"compare":{"coordinates":"maximal","formulation":"lcp"},"journal":[[3,"ghost_coordinates","reduced"]],)"
      R"("scene":{"builtin":"four_bar"},"step":5})";
  const LinkPayload payload = read_ok(text);
  ASSERT_TRUE(payload.compare.has_value());
  EXPECT_EQ(payload.compare->formulation, "lcp");
  EXPECT_EQ(payload.compare->coordinates, "maximal");
  ASSERT_EQ(payload.journal.size(), 1u);
  EXPECT_EQ(payload.journal[0].kind, SessionActionKind::GhostCoordinates);
  EXPECT_EQ(payload.journal[0].name, "reduced");
  EXPECT_EQ(write_link_payload(payload), text);
  // Without coordinates the object form is the formulation's word.
  EXPECT_EQ(write_link_payload(read_ok(R"({"compare":{"formulation":"soft"},"scene":{"builtin":"four_bar"}})")),
            R"({"compare":"soft","scene":{"builtin":"four_bar"}})");
}

TEST(LinkPayload, KeepsEveryBitOfANumber) {
  const LinkPayload payload = read_ok(R"({"scene":{"builtin":"box_rest"},"options":{"time_step":0.0025000000000000005}})");
  EXPECT_EQ(payload.options[0].second, 0.0025000000000000005);
  EXPECT_NE(payload.options[0].second, 0.0025);
  const LinkPayload again = read_ok(write_link_payload(payload));
  EXPECT_EQ(again.options[0].second, payload.options[0].second);
}

TEST(LinkPayload, AWholeSceneTravelsAsJson) {
  const LinkPayload payload = read_ok(R"({"scene":{"json":{"name":"mine","bodies":[]}}})");
  EXPECT_TRUE(payload.scene.builtin.empty());
  EXPECT_EQ(payload.scene.json, R"({"bodies":[],"name":"mine"})");
  std::string text;
  ASSERT_TRUE(link_scene_text(payload.scene, "ignored", text).ok());
  EXPECT_EQ(text, payload.scene.json);
}

TEST(LinkPayload, RefusesNamingTheFieldAndWhatIsAllowed) {
  struct Case { const char* text; const char* says; };
  const Case cases[] = {
      {R"([1])", "link: the payload must be a JSON object, got [1]"},
      {R"({"scene":{"builtin":"box_rest"},"colour":1})", "colour: unknown field for a link (allowed: scene, options"},
      {R"({})", "scene: required field is missing"},
      {R"({"scene":{"builtin":"<b>x</b>"}})", "scene.builtin: must be a name of 1 to"},
      {R"({"scene":{"builtin":"box_rest","json":{}}})", "scene.builtin: not allowed beside \"json\""},
      {R"({"scene":{"json":[]}})", "scene.json: must be an object"},
      {R"({"scene":{"builtin":"box_rest"},"options":{"warp":1}})", "options.warp: unknown option \"warp\" (allowed: time_step"},
      {R"({"scene":{"builtin":"box_rest"},"options":{"friction_coefficient":5}})", "options.friction_coefficient: must be"},
      {R"({"scene":{"builtin":"box_rest"},"options":{"formulation":"magic"}})", "options.formulation: must be one of lcp, convex"},
      {R"({"scene":{"builtin":"box_rest"},"options":{"time_step":"fast"}})", "options.time_step: must be between 0.0001 and 0.5 s"},
      {R"({"scene":{"builtin":"box_rest"},"compare":"magic"})", "compare: must be one of"},
      {R"({"scene":{"builtin":"box_rest"},"compare":1})", "compare: must be the ghost's formulation or {\"formulation\": F, \"coordinates\": C}, got 1"},
      {R"({"scene":{"builtin":"box_rest"},"compare":{"coordinates":"maximal"}})", "compare.formulation: required field is missing"},
      {R"({"scene":{"builtin":"box_rest"},"compare":{"formulation":"lcp","coordinates":"cartesian"}})", "compare.coordinates: must be one of reduced, maximal"},
      {R"({"scene":{"builtin":"box_rest"},"compare":{"formulation":"lcp","colour":1}})", "compare.colour: unknown field for compare mode (allowed: formulation, coordinates)"},
      {R"({"scene":{"builtin":"box_rest"},"step":10,"journal":[[5,"ghost_coordinates","lcp"]]})", "journal[0][2]: must be one of reduced, maximal"},
      {R"({"scene":{"builtin":"box_rest"},"step":1.5})", "step: must be a whole number of steps"},
      {R"({"scene":{"builtin":"box_rest"},"step":-1})", "step: must be a finite number in [0, 10000000] steps"},
      {R"({"scene":{"builtin":"box_rest"},"playing":"yes"})", "playing: must be"},
      {R"({"scene":{"builtin":"box_rest"},"step":10,"journal":[[5,"teleport","x"]]})", "journal[0]: must be one of [step, \"option\""},
      {R"({"scene":{"builtin":"box_rest"},"step":10,"journal":[[5,"option","friction_coefficient"]]})", "journal[0]: must be one of"},
      {R"({"scene":{"builtin":"box_rest"},"step":10,"journal":[[5,"command","hand","wave"]]})", "journal[0][3]: must be \"autograsp\" or \"open\""},
      {R"({"scene":{"builtin":"box_rest"},"step":10,"journal":[[5,"jog","hand","palm",0,0,99]]})", "journal[0][6]: must be a finite number in [-10, 10] m"},
      {R"({"scene":{"builtin":"box_rest"},"step":10,"journal":[[5,"drag","box",0,0,"up",0,0,0]]})", "journal[0][5]: must be a finite number in [-10000, 10000] m"},
      {R"({"scene":{"builtin":"box_rest"},"step":10,"journal":[[5,"drag","<b>",0,0,0,0,0,0]]})", "journal[0][2]: must be a name"},
      {R"({"scene":{"builtin":"box_rest"},"step":10,"journal":[[5,"drag","box",0,0,0]]})", "journal[0]: must be one of"},
      {R"({"scene":{"builtin":"box_rest"},"step":10,"journal":[[5,"drag_target",0,1e9,0]]})", "journal[0][3]: must be a finite number in [-10000, 10000] m"},
      {R"({"scene":{"builtin":"box_rest"},"step":10,"journal":[[5,"release",1]]})", "journal[0]: must be one of"},
      {R"({"scene":{"builtin":"box_rest"},"step":10,"journal":[[5,"option","h",0.1],[4,"option","h",0.1]]})", "journal[0][2]: unknown option \"h\""},
      {R"({"scene":{"builtin":"box_rest"},"step":10,"journal":[[5,"option","time_step",0.01],[4,"option","time_step",0.01]]})", "journal[1][0]: must be a finite number in [5, 10000000] steps"},
      {R"({"scene":{"builtin":"box_rest"},"step":10,"journal":[[11,"ghost","soft"]]})", "journal[0][0]: the action's step 11 is after the link's step 10"},
      {R"({"scene":{"builtin":"box_rest"},"view":{"camera":[1,2,3]}})", "view.camera: must be an array of 6"},
      {R"({"scene":{"builtin":"box_rest"},"view":{"plot":["a","b","c"]}})", "view.plot: must be an array of 1 to 2"},
      {R"({"scene":{"builtin":"box_rest"},"view":{"follow":"<img src=x onerror=alert(1)>"}})", "view.follow: must be a name"},
      {R"({"scene":{"builtin":"box_rest"}} trailing)", "link: "},
  };
  for (const Case& c : cases) {
    const std::string message = link_refusal(c.text);
    EXPECT_NE(message.find(c.says), std::string::npos) << c.text << "\n  said: " << message;
    EXPECT_EQ(message.rfind("link: ", 0), 0u) << message;
  }
}

TEST(LinkPayload, MergesABuiltinsChangesAsRfc7386Says) {
  LinkScene scene;
  scene.builtin = "box_rest";
  scene.changes = R"({"duration":3,"options":{"time_step":null},"bodies":[{"name":"only"}]})";
  std::string text;
  ASSERT_TRUE(link_scene_text(scene, R"({"name":"box_rest","duration":1,"options":{"time_step":0.01,"mu":0.5},"bodies":[{"name":"a"},{"name":"b"}]})", text).ok());
  // A member set to null goes, an object merges member by member, an array is replaced.
  EXPECT_EQ(text, R"({"bodies":[{"name":"only"}],"duration":3,"name":"box_rest","options":{"mu":0.5}})");
  scene.changes.clear();
  ASSERT_TRUE(link_scene_text(scene, "{ \"untouched\": 1 }", text).ok());
  EXPECT_EQ(text, "{ \"untouched\": 1 }");
}

}  // namespace
}  // namespace contactlab

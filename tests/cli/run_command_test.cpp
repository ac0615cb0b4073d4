#include <sstream>

#include <gtest/gtest.h>

#include "commands.h"

namespace contactlab {
namespace {

struct Result {
  int code;
  std::string out;
  std::string err;
};

Result run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = run_run_command(args, out, err);
  return {code, out.str(), err.str()};
}

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
      {{kScene, "--set", "warp=1"}, "--set warp"},
      {{kScene, "--frobnicate"}, "--frobnicate"},
      {{kScene, "--csv"}, "--csv"},
      {{"/nonexistent/scene.json"}, "scene.json"},
  };
  for (const Case& c : cases) {
    const Result result = run(c.args);
    EXPECT_EQ(result.code, 2) << result.err;
    EXPECT_NE(result.err.find(c.names), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << "one line: " << result.err;
  }
}

TEST(RunCommand, SetOverridesReachTheStep) {
  const Result result = run({kScene, "--steps", "4", "--set", "h=0.001", "--set", "u=4"});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_NE(result.out.find("4 steps of 0.001 s"), std::string::npos) << result.out;
  // 4 contacts x (1 + u + 1) with u = 4.
  EXPECT_NE(result.out.find("largest 24 unknowns"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace contactlab

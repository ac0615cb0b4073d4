// What the page asks of an import (core/import/import_request.h), read into the options
// `contactlab import` takes as --fingers and --base; a bad field leaves them as they were.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "import/import_request.h"

namespace contactlab {
namespace {

TEST(ImportRequest, FingersAndBaseReadAsTheCommandLineReadsThem) {
  UrdfImportOptions options;
  const nlohmann::json request = nlohmann::json::parse(
      R"({"fingers": [{"joint": "f1"}, {"joint": "f2", "close": "lower"}, {"joint": "f3", "close": "upper"}],
          "base": [0.1, -0.2, 0.3, 0, 0, 1.5707963267948966]})");
  ASSERT_TRUE(read_import_request(request, options).ok());
  ASSERT_EQ(options.fingers.size(), 3u);
  EXPECT_EQ(options.fingers[0].joint, "f1");
  EXPECT_EQ(options.fingers[0].close_direction, 0);
  EXPECT_EQ(options.fingers[1].close_direction, -1);
  EXPECT_EQ(options.fingers[2].close_direction, 1);
  EXPECT_EQ(options.base.position, Vec3(0.1, -0.2, 0.3));
  // A quarter turn about z takes x to y.
  EXPECT_NEAR((options.base.rotation * Vec3::UnitX() - Vec3::UnitY()).norm(), 0, 1e-15);
}

TEST(ImportRequest, ABadFieldIsNamedAndTheOptionsStayAsTheyWere) {
  const auto error = [](const char* text) {
    UrdfImportOptions options;
    options.fingers.push_back({"kept", 1});
    const Status status = read_import_request(nlohmann::json::parse(text), options);
    EXPECT_FALSE(status.ok());
    EXPECT_EQ(options.fingers.size(), 1u);
    EXPECT_EQ(options.fingers[0].joint, "kept");
    return status.message();
  };
  EXPECT_EQ(error(R"({"fingers": [{"joint": ""}]})"), "fingers[0].joint: must name a joint");
  EXPECT_EQ(error(R"({"fingers": [{"joint": "a", "close": "in"}]})"),
            "fingers[0].close: \"in\" (allowed: auto, lower, upper)");
  EXPECT_EQ(error(R"({"base": [0, 0]})"), "base: must be [x, y, z] or [x, y, z, roll, pitch, yaw] (m, rad)");
  EXPECT_EQ(error(R"({"base": [0, 0, 2000]})"), "base: x, y, z must be within [-1000, 1000] m");
  EXPECT_EQ(error(R"({"density": 5})"), "density: unknown field (allowed: fingers, base)");
}

}  // namespace
}  // namespace contactlab

#include "base/bounded_file.h"

#include <cstdio>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "scene/scene_loader.h"
#include "temp_path.h"

namespace contactlab {
namespace {

void write_bytes(const std::string& path, std::size_t count) {
  std::ofstream file(path, std::ios::binary);
  file << std::string(count, 'x');
}

// The cap is inclusive: a file of exactly max_bytes is read whole, one more is refused
// and the text is left as it was.
TEST(ReadBoundedFile, ReadsUpToTheCapAndRefusesOneByteMore) {
  const std::string path = temp_path("bounded_file.txt");
  const std::size_t cap = 70000;  // more than one read chunk
  write_bytes(path, cap);
  std::string text = "before";
  ASSERT_TRUE(read_bounded_file(path, cap, "a thing", text).ok());
  EXPECT_EQ(text, std::string(cap, 'x'));
  write_bytes(path, cap + 1);
  text = "before";
  EXPECT_EQ(read_bounded_file(path, cap, "a thing", text).message(),
            path + ": a thing must be at most 70000 bytes");
  EXPECT_EQ(text, "before");
  std::remove(path.c_str());
}

TEST(ReadBoundedFile, RefusesDirectoriesMissingFilesAndEndlessOnes) {
  std::string text = "before";
  EXPECT_EQ(read_bounded_file(::testing::TempDir(), 10, "a scene file", text).message(),
            ::testing::TempDir() + ": is a directory, not a scene file");
  const std::string missing = temp_path("bounded_file_missing.txt");
  EXPECT_EQ(read_bounded_file(missing, 10, "a scene file", text).message(), missing + ": cannot open the file");
  EXPECT_EQ(read_bounded_file("/dev/zero", 1000, "a scene file", text).message(),
            "/dev/zero: a scene file must be at most 1000 bytes");
  EXPECT_EQ(text, "before");
}

// Scene files go through the same reader: /dev/zero no longer reads as an empty scene.
TEST(ReadBoundedFile, SceneFilesAreCappedAtOneMebibyte) {
  std::string text;
  EXPECT_EQ(read_scene_file("/dev/zero", text).message(), "/dev/zero: a scene file must be at most 1048576 bytes");
}

}  // namespace
}  // namespace contactlab

#include "contact/islands.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

TEST(FindIslands, StaticBodiesDoNotJoinIslands) {
  // Bodies: 0 static ground, 1..4 dynamic. 1-2 touch, 3 and 4 both touch only the ground.
  const std::vector<char> dynamic = {0, 1, 1, 1, 1};
  const std::vector<std::pair<int, int>> links = {{0, 1}, {2, 1}, {0, 3}, {0, 4}};
  Islands islands;
  find_islands(dynamic, links, islands);
  ASSERT_EQ(islands.count(), 3);
  EXPECT_EQ(islands.island_of_body, (std::vector<int>{-1, 0, 0, 1, 2}));
  EXPECT_EQ(islands.bodies, (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(islands.body_start, (std::vector<int>{0, 2, 3, 4}));
}

TEST(FindIslands, ChainsMergeWhateverTheLinkOrder) {
  const std::vector<char> dynamic = {1, 1, 1, 1, 1, 1};
  const std::vector<std::pair<int, int>> links = {{5, 4}, {1, 2}, {4, 2}, {3, 0}};
  Islands islands;
  find_islands(dynamic, links, islands);
  ASSERT_EQ(islands.count(), 2);
  EXPECT_EQ(islands.island_of_body, (std::vector<int>{0, 1, 1, 0, 1, 1}));
  EXPECT_EQ(islands.bodies, (std::vector<int>{0, 3, 1, 2, 4, 5}));
}

}  // namespace
}  // namespace contactlab

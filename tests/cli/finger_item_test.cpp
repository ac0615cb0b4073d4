// One --fingers item (cli/finger_item.h): the side split off at the last ':' only when
// lower or upper follows it, so joint names holding ':' are taken whole or with a side;
// an item without a joint name is refused naming --fingers and the allowed sides.
#include "finger_item.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

TEST(FingerItem, SplitsTheSideAtTheLastColonOnlyWhenASideWordFollows) {
  const struct {
    const char* item;
    const char* joint;
    int close_direction;
  } cases[] = {
      {"finger_joint", "finger_joint", 0},
      {"finger_joint:upper", "finger_joint", 1},
      {"finger_joint:lower", "finger_joint", -1},
      {"hand:finger_joint", "hand:finger_joint", 0},
      {"hand:finger_joint:upper", "hand:finger_joint", 1},
      {"hand:lower:finger_joint", "hand:lower:finger_joint", 0},
      {"hand:upper:lower", "hand:upper", -1},
      {"finger_joint:sideways", "finger_joint:sideways", 0},
      {"finger_joint:Upper", "finger_joint:Upper", 0},
      {"finger_joint:", "finger_joint:", 0},
  };
  for (const auto& c : cases) {
    FingerRequest finger;
    ASSERT_TRUE(parse_finger(c.item, finger).ok()) << c.item;
    EXPECT_EQ(finger.joint, c.joint) << c.item;
    EXPECT_EQ(finger.close_direction, c.close_direction) << c.item;
  }
}

TEST(FingerItem, AnItemWithoutAJointNameNamesTheFieldAndTheSides) {
  for (const std::string item : {"", ":lower", ":upper"}) {
    FingerRequest finger;
    finger.joint = "kept";
    finger.close_direction = 1;
    const Status status = parse_finger(item, finger);
    ASSERT_FALSE(status.ok()) << item;
    EXPECT_EQ(status.message(), "--fingers: \"" + item + "\": expected JOINT, JOINT:lower or JOINT:upper, "
                                "comma-separated (a joint name, then optionally the side it closes toward: lower or "
                                "upper)");
    EXPECT_EQ(finger.joint, "kept");
    EXPECT_EQ(finger.close_direction, 1);
  }
}

}  // namespace
}  // namespace contactlab

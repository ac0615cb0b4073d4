// Per-contact warm starts (contact_warm_start.h): a contact is found again by its geom
// pair and feature, or by the nearest point of its pair when its feature changed; a new
// contact starts at zero; a pass's contacts become the next pass's candidates.
#include "formulation/contact_warm_start.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

struct Contacts {
  std::vector<std::pair<int, int>> geoms;
  std::vector<int> feature;
  std::vector<Vec3> position;

  void add(int a, int b, int id, const Vec3& point) {
    geoms.emplace_back(a, b);
    feature.push_back(id);
    position.push_back(point);
  }
  ContactIdentities identities() const { return {geoms, feature, position}; }
};

// Last pass: pair (1, 2) at two points (features 10, 11), pair (0, 3) at one (feature 5),
// kept out of order; u = 2, multipliers 1..6.
ContactWarmStart last_pass() {
  Contacts kept;
  kept.add(1, 2, 10, Vec3(0, 0, 0));
  kept.add(1, 2, 11, Vec3(0.1, 0, 0));
  kept.add(0, 3, 5, Vec3(1, 0, 0));
  Eigen::VectorXd multiplier(6);
  multiplier << 1, 2, 3, 4, 5, 6;
  ContactWarmStart memory;
  keep_contact_multipliers(kept.identities(), 2, multiplier, memory.current);
  memory.start_pass();
  return memory;
}

TEST(ContactWarmStart, APassSortsItsContactsByPairAndFeatureForTheNext) {
  const ContactWarmStart memory = last_pass();
  EXPECT_EQ(memory.current.size(), 0);
  ASSERT_EQ(memory.previous.size(), 3);
  EXPECT_EQ(memory.previous.geom_a, (std::vector<int>{0, 1, 1}));
  EXPECT_EQ(memory.previous.feature, (std::vector<int>{5, 10, 11}));
  EXPECT_EQ(memory.previous.multiplier, (std::vector<double>{5, 6, 1, 2, 3, 4}));
}

TEST(ContactWarmStart, FindsContactsByFeatureThenByNearestPointAndStartsNewOnesAtZero) {
  const ContactWarmStart memory = last_pass();
  Contacts now;
  now.add(0, 3, 5, Vec3(1.5, 0, 0));      // same feature: found however far it moved
  now.add(1, 2, 12, Vec3(0.1005, 0, 0));  // feature 11's point, renamed: found by its point
  now.add(1, 2, 10, Vec3(0, 0, 0));       // feature 10
  now.add(1, 2, 13, Vec3(0.05, 0, 0));    // new: nothing of its pair left near it
  now.add(2, 4, 10, Vec3(0, 0, 0));       // a pair not in contact last pass
  std::vector<char> taken;
  Eigen::VectorXd multiplier;
  EXPECT_EQ(take_contact_multipliers(memory.previous, now.identities(), 2, taken, multiplier), 3);
  Eigen::VectorXd expected(10);
  expected << 5, 6, 3, 4, 1, 2, 0, 0, 0, 0;
  EXPECT_EQ(multiplier, expected);
}

TEST(ContactWarmStart, APointFartherThanTheMatchDistanceIsNewAndOtherRayCountsStartCold) {
  const ContactWarmStart memory = last_pass();
  Contacts now;
  now.add(1, 2, 12, Vec3(0, 2 * kContactMatchDistance, 0));
  std::vector<char> taken;
  Eigen::VectorXd multiplier;
  EXPECT_EQ(take_contact_multipliers(memory.previous, now.identities(), 2, taken, multiplier), 0);
  EXPECT_EQ(multiplier, Eigen::VectorXd::Zero(2));
  now.feature[0] = 10;  // found by its feature, but last pass had u = 2, not 4
  EXPECT_EQ(take_contact_multipliers(memory.previous, now.identities(), 4, taken, multiplier), 0);
  EXPECT_EQ(multiplier, Eigen::VectorXd::Zero(4));
}

}  // namespace
}  // namespace contactlab

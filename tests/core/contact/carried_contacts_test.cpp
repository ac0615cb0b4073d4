#include "contact/carried_contacts.h"

#include <cmath>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

// Body 0 (below, A) and body 1 (above, B) 10 mm apart at the point (1, 0, 0) along z.
struct TwoBodies {
  std::vector<Vec3> position{Vec3(1, 0, -0.5), Vec3(1, 0, 0.5)};
  std::vector<Quat> orientation{Quat::Identity(), Quat::Identity()};
  std::vector<DetectedContact> start;
  CarriedContacts carried;

  TwoBodies() {
    DetectedContact contact;
    contact.body_a = 0;
    contact.body_b = 1;
    contact.point = ContactPoint{Vec3(1, 0, 0), Vec3::UnitZ(), 0.01, 3};
    start.push_back(contact);
    take_carried_contacts(position, orientation, start, carried);
  }
};

// phi_s = phi_0 + n . (u_B - u_A): B down 4 mm and A up 1 mm close the gap by 5 mm; a
// sideways slide leaves it; the point moves by the mean displacement.
TEST(CarriedContacts, TranslationsChangeTheGapByTheirNormalParts) {
  TwoBodies bodies;
  bodies.position[1] += Vec3(0.2, 0, -0.004);
  bodies.position[0] += Vec3(0, 0, 0.001);
  std::vector<DetectedContact> contacts;
  carry_contacts(bodies.carried, bodies.position, bodies.orientation, contacts);
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_NEAR(contacts[0].point.distance, 0.005, 1e-15);
  EXPECT_TRUE(contacts[0].point.position.isApprox(Vec3(1.1, 0, -0.0015), 1e-15));
  EXPECT_EQ(contacts[0].point.normal, Vec3::UnitZ());
  EXPECT_EQ(contacts[0].point.feature, 3);
}

// A turn of B by 0.1 rad about y through its centre moves its point at p_0 (0.5 m
// below the centre) by 0.5 (-sin 0.1, 0, 1 - cos 0.1): the gap grows by 0.5 (1 - cos 0.1).
TEST(CarriedContacts, TurnsMoveThePointOfTheTurnedBody) {
  TwoBodies bodies;
  bodies.orientation[1] = Quat(Eigen::AngleAxisd(0.1, Vec3::UnitY()));
  std::vector<DetectedContact> contacts;
  carry_contacts(bodies.carried, bodies.position, bodies.orientation, contacts);
  EXPECT_NEAR(contacts[0].point.distance, 0.01 + 0.5 * (1 - std::cos(0.1)), 1e-15);
}

// Carried from the same start, a substep's contacts never depend on the last substep's.
TEST(CarriedContacts, EachSubstepCarriesFromTheStepStart) {
  TwoBodies bodies;
  std::vector<DetectedContact> contacts;
  bodies.position[1].z() -= 0.02;
  carry_contacts(bodies.carried, bodies.position, bodies.orientation, contacts);
  bodies.position[1].z() += 0.02;
  carry_contacts(bodies.carried, bodies.position, bodies.orientation, contacts);
  EXPECT_EQ(contacts[0].point.distance, 0.01);
}

}  // namespace
}  // namespace contactlab

// detect_contacts with the scratch kept from step to step (its sweep and the
// directions kept for each pair, which let the narrow phase skip searches that find
// nothing) against a fresh scratch at the same state: the same contacts, bit for bit.
#include "contact/contact_detection.h"

#include <gtest/gtest.h>

#include "scene_fixture.h"

namespace contactlab {
namespace {

bool detected_bit_identical(const DetectedContact& x, const DetectedContact& y) {
  return x.geom_a == y.geom_a && x.geom_b == y.geom_b && x.body_a == y.body_a && x.body_b == y.body_b &&
         x.point.position == y.point.position && x.point.normal == y.point.normal &&
         x.point.distance == y.point.distance && x.point.feature == y.point.feature &&
         x.friction_direction == y.friction_direction;
}

TEST(ContactDetection, KeptScratchGivesTheContactsOfAFreshOne) {
  const Model model = load_builtin_scene("bin_pile");
  const Options options = model.options;
  Data data = make_data(model);
  ContactDetectionScratch kept;
  std::vector<DetectedContact> with_kept, with_fresh;
  int kept_directions = 0;
  for (int s = 0; s < 200; ++s) {
    step(model, options, data);
    detect_contacts(model, options, data.position, data.orientation, data.linear_velocity, data.angular_velocity,
                    kept, with_kept);
    ContactDetectionScratch fresh;
    detect_contacts(model, options, data.position, data.orientation, data.linear_velocity, data.angular_velocity,
                    fresh, with_fresh);
    ASSERT_EQ(with_kept.size(), with_fresh.size()) << "step " << s;
    for (size_t k = 0; k < with_kept.size(); ++k) {
      ASSERT_TRUE(detected_bit_identical(with_kept[k], with_fresh[k])) << "step " << s << " contact " << k;
    }
    for (const Vec3& direction : kept.swept_pair_direction) kept_directions += direction.squaredNorm() > 0;
  }
  EXPECT_GT(kept_directions, 1000);  // the convex pairs did keep directions
}

}  // namespace
}  // namespace contactlab

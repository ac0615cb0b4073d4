// The normal_flip scene (assets/scenes/normal_flip.json): seed 004's caution that in
// compliant contact "the direction of the normal vector, n = dphi/dq, can easily change
// discontinuously as the point of maximal penetration moves". A cube sliding into the
// corner under an overhanging block, whose bottom face is 1 mm below the cube's top,
// sinks into the block's side deeper than that millimetre: the least overlap is then
// across the block's bottom face, and the contact normal jumps from the side face's +x
// to the bottom face's -z between two steps.
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "scene_fixture.h"

namespace contactlab {
// A namespace of its own: test files are compiled in unity batches.
namespace normal_flip_scene {

// The mean normal of the cube's contacts with the block in the last step, unit; zero
// when they do not touch.
Vec3 block_normal(const Data& data, int cube, int block) {
  Vec3 sum = Vec3::Zero();
  for (const ContactRecord& contact : data.contacts) {
    const bool pair = (contact.body_a == block && contact.body_b == cube) ||
                      (contact.body_a == cube && contact.body_b == block);
    if (!pair || !(contact.distance < 0)) continue;
    sum += contact.body_a == block ? contact.normal : Vec3(-contact.normal);
  }
  return sum.norm() > 0 ? Vec3(sum.normalized()) : Vec3::Zero();
}

// In the scene's own (compliant) formulation: first the block pushes the cube back
// (normal +x within 1 degree), then, from one step to the next, down (-z within 1
// degree): the normal turns by 90 degrees in a single step of 2.5 ms, nothing holds the
// cube back along x any more, and it ends with its face more than 1 mm under the block
// (rigid contact stops it at the side, x = 0.25 m).
TEST(NormalFlipScene, CompliantContactNormalJumpsFromTheSideFaceToTheBottomFace) {
  const Model model = load_builtin_scene("normal_flip");
  ASSERT_EQ(model.options.formulation, Formulation::Compliant);
  const int cube = body_index(model, "cube");
  const int block = body_index(model, "block");
  Data data = make_data(model);
  Vec3 previous = Vec3::Zero();
  double largest_turn = 0;  // [rad] between the normals of consecutive touching steps
  Vec3 before_turn = Vec3::Zero();
  Vec3 after_turn = Vec3::Zero();
  run_for(model, model.options, data, 0.3, [&](const Data& d) {
    expect_step_solved(d);
    const Vec3 normal = block_normal(d, cube, block);
    if (normal.norm() > 0 && previous.norm() > 0) {
      const double turn = std::acos(std::clamp(normal.dot(previous), -1.0, 1.0));
      if (turn > largest_turn) {
        largest_turn = turn;
        before_turn = previous;
        after_turn = normal;
      }
    }
    previous = normal;
  });
  const double degree = M_PI / 180;
  EXPECT_GT(largest_turn, 89 * degree);
  EXPECT_GT(before_turn.dot(Vec3::UnitX()), std::cos(1 * degree));
  EXPECT_GT(after_turn.dot(-Vec3::UnitZ()), std::cos(1 * degree));
  const double block_side = 0.2;  // the block's half width [m]; the cube's is 0.05
  EXPECT_LT(data.position[cube].x() - 0.05, block_side - 1e-3);
}

}  // namespace normal_flip_scene
}  // namespace contactlab

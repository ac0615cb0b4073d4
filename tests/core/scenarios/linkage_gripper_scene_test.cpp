// The linkage_gripper scene (assets/scenes/linkage_gripper.json): two fingers, each a
// parallelogram four-bar closed by a point loop (dynamics/articulation/loop_closure.h),
// one motor for both (a coupling), as the Robotiq 2F-85's: the pads stay parallel as
// they close, squeeze with the force the linkage's virtual work gives, and lift the
// box 0.1 m without letting it slip.
#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "scene_fixture.h"

namespace contactlab {
namespace {

constexpr double kKnuckle = 0.06;   // L, pivot to pivot [m]
constexpr double kMaxTorque = 3;    // the driver's motor [N m]
constexpr double kLift = 0.1;       // the timeline's lift [m]

int link_of(const Articulation& articulation, const std::string& name) {
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    if (articulation.tree.link(link).name == name) return link;
  }
  ADD_FAILURE() << "no link " << name;
  return 0;
}

struct GripperRun {
  double worst_tilt = 0;          // |finger's turn against the palm| [rad]
  double worst_gap = 0;           // largest loop gap [m]
  double squeeze = 0;             // finger_1's normal force at 3.9 s [N]
  double driver_at_squeeze = 0;   // the driver's angle then [rad]
  double box_start = 0;           // the box's z at 0 s, 3.9 s (grasped, before the lift) and the end
  double box_grasped = 0;
  double box_end = 0;
  double offset_grasped = 0;      // box z - palm z at 3.9 s and at the end
  double offset_end = 0;
};

GripperRun run_gripper(Formulation formulation) {
  const Model model = load_builtin_scene("linkage_gripper");
  const Articulation& gripper = model.articulations[0];
  Options options = model.options;
  options.formulation = formulation;
  const int box = body_index(model, "box");
  const int palm = gripper.link_body[link_of(gripper, "palm")];
  const int finger_body = gripper.link_body[link_of(gripper, "finger_1")];
  const int fingers[2][2] = {{link_of(gripper, "driver_1"), link_of(gripper, "finger_1")},
                             {link_of(gripper, "driver_2"), link_of(gripper, "finger_2")}};
  Data data = make_data(model);
  GripperRun run;
  run.box_start = data.position[box].z();
  run_for(model, options, data, model.duration, [&](const Data& now) {
    const ArticulationState& state = now.articulations[0];
    for (const auto& finger : fingers) {
      // The finger's turn against the palm: its joint's plus its driver's (same axis).
      const double tilt = joint_position(gripper, state, finger[0]) + joint_position(gripper, state, finger[1]);
      run.worst_tilt = std::max(run.worst_tilt, std::abs(tilt));
    }
    run.worst_gap = std::max(run.worst_gap, largest_loop_gap(state.kinematics, gripper.loops));
    if (std::abs(now.time - 3.9) < 1e-9) {
      for (const ContactRecord& contact : now.contacts) {
        if (contact.body_a == finger_body || contact.body_b == finger_body) run.squeeze += contact.normal_force;
      }
      run.driver_at_squeeze = joint_position(gripper, state, fingers[0][0]);
      run.box_grasped = now.position[box].z();
      run.offset_grasped = now.position[box].z() - now.position[palm].z();
    }
  });
  run.box_end = data.position[box].z();
  run.offset_end = data.position[box].z() - data.position[palm].z();
  return run;
}

// lcp: the pads stay parallel to 1e-9 rad and the loops closed to 1e-9 m; at 3.9 s the
// saturated motor's 3 N m, shared by two fingers through the coupling, squeezes each
// pad with tau / (2 L cos theta) by virtual work (a parallelogram finger moves by
// L cos theta per radian), within 1%; the box rises by the lift, 0.1 m, within 1 mm,
// and its place between the pads moves less than 0.1 mm while it is carried.
TEST(LinkageGripperScene, ParallelPadsSqueezeAndLiftTheBox) {
  const GripperRun run = run_gripper(Formulation::Lcp);
  EXPECT_LT(run.worst_tilt, 1e-9);
  EXPECT_LT(run.worst_gap, 1e-9);
  const double expected = kMaxTorque / (2 * kKnuckle * std::cos(run.driver_at_squeeze));
  EXPECT_NEAR(run.squeeze, expected, 0.01 * expected);
  EXPECT_NEAR(run.box_grasped, run.box_start, 1e-5);  // squeezed on the ground, not lifted yet
  EXPECT_NEAR(run.box_end - run.box_start, kLift, 1e-3);
  EXPECT_NEAR(run.offset_end, run.offset_grasped, 1e-4);
}

// The convex and quasi-static formulations keep the fingers' linkages and lift the box
// too (soft and compliant contact do as well, 9 mm lower and 2 mm higher in a recorded
// run, but take seconds to run: docs/closed_chains.md).
TEST(LinkageGripperScene, ConvexAndQuasistaticLiftTheBoxToo) {
  for (Formulation formulation : {Formulation::Convex, Formulation::Quasistatic}) {
    const GripperRun run = run_gripper(formulation);
    SCOPED_TRACE(formulation_name(formulation));
    EXPECT_LT(run.worst_tilt, 1e-6);
    EXPECT_LT(run.worst_gap, 1e-6);
    EXPECT_NEAR(run.box_end - run.box_start, kLift, 1e-3);
  }
}

}  // namespace
}  // namespace contactlab

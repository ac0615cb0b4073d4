// The built-in scenes made from real robot descriptions by scripts/make_robot_scenes.sh
// (docs/urdf.md, "Built-in robot scenes"): in lcp and convex, auto-grasp closes the
// imported hand on the cube (the mug), the timeline lifts the hand (5 cm on a slide, or
// the Panda's wrist 10 cm), the object rises with it and stays where the fingers hold
// it for the last 2 s.
#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "scene_fixture.h"

namespace contactlab {
namespace {

constexpr double kHoldSpan = 2;  // [s] held at least this long at the end

struct LiftScene {
  const char* scene;
  const char* object;     // the body grasped
  const char* hand_link;  // the link that carries the fingers (merged hand)
  double lift_command;    // [s] the timeline's lift: the fingers are closed by then
  double lift;            // [m] how far it raises the hand
};

const LiftScene kLiftScenes[] = {
    {"franka_hand_cube", "cube", "panda_hand", 2.2, 0.05},
    {"robotiq_cube", "cube", "robotiq_arg2f_base_link", 3.2, 0.05},
    {"panda_pick", "cube", "panda_link7", 8.2, 0.1},
    {"barrett_mug", "mug", "base_link", 4.0, 0.05},
};

int imported_link_body(const Model& model, const std::string& link_name) {
  const Articulation& articulation = model.articulations.at(0);
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    if (articulation.tree.link(link).name == link_name) return articulation.link_body[link];
  }
  ADD_FAILURE() << "no link " << link_name;
  return 0;
}

struct LiftRun {
  double cube_rise = 0, hand_rise = 0;   // from the lift command to the end [m]
  double hold_drift = 0;                 // largest change of cube z - hand z in the last 2 s [m]
  double cube_turn = 0;                  // the cube's turn from its start orientation at the end [rad]
  int finger_contacts = 0;               // contacts of the cube with the robot at the end
  bool on_ground = false;                // the cube touches the ground at the end
};

LiftRun run_lift_scene(const LiftScene& lift, Formulation formulation) {
  const Model model = load_builtin_scene(lift.scene);
  Options options = model.options;
  options.formulation = formulation;
  const int cube = body_index(model, lift.object);
  const int ground = body_index(model, "ground");
  const int hand = imported_link_body(model, lift.hand_link);
  Data data = make_data(model);
  const Quat cube_start = data.orientation[cube];
  double cube_at_lift = 0, hand_at_lift = 0, held_offset = 0;
  bool holding = false;
  LiftRun run;
  run_for(model, options, data, model.duration, [&](const Data& now) {
    if (std::abs(now.time - lift.lift_command) < 0.5 * options.time_step) {
      cube_at_lift = now.position[cube].z();
      hand_at_lift = now.position[hand].z();
    }
    if (now.time >= model.duration - kHoldSpan - 0.5 * options.time_step) {
      const double offset = now.position[cube].z() - now.position[hand].z();
      if (!holding) held_offset = offset;
      holding = true;
      run.hold_drift = std::max(run.hold_drift, std::abs(offset - held_offset));
    }
  });
  run.cube_rise = data.position[cube].z() - cube_at_lift;
  run.hand_rise = data.position[hand].z() - hand_at_lift;
  run.cube_turn = cube_start.angularDistance(data.orientation[cube]);
  for (const ContactRecord& contact : data.contacts) {
    const int other = contact.body_a == cube ? contact.body_b : contact.body_b == cube ? contact.body_a : -1;
    if (other == ground) run.on_ground = true;
    if (other >= 0 && other != ground) ++run.finger_contacts;
  }
  return run;
}

// The hand rises by the lift (within 2 mm: the motors sag under the load), the object by
// as much (within 1 mm), off the ground, touching the robot, upright within 0.05 rad,
// and its place between the fingers moves less than 0.5 mm while it is held.
TEST(ImportedRobotScenes, AutoGraspLiftsTheObjectAndHoldsIt) {
  for (const LiftScene& lift : kLiftScenes) {
    for (Formulation formulation : {Formulation::Lcp, Formulation::Convex}) {
      SCOPED_TRACE(std::string(lift.scene) + " in " + formulation_name(formulation));
      const LiftRun run = run_lift_scene(lift, formulation);
      EXPECT_NEAR(run.hand_rise, lift.lift, 2e-3);
      EXPECT_NEAR(run.cube_rise, run.hand_rise, 1e-3);
      EXPECT_FALSE(run.on_ground);
      EXPECT_GE(run.finger_contacts, 2);
      EXPECT_LT(run.cube_turn, 0.05);
      EXPECT_LT(run.hold_drift, 5e-4);
    }
  }
}

}  // namespace
}  // namespace contactlab

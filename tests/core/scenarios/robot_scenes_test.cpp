// The robot scenes (assets/scenes/barrett_phone, hand_sphere, hand_mug, gripper_lift):
// their models against the published parameters they were built from (docs/robots.md),
// and one second of each scene's timeline.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "dynamics/articulation/tree_kinematics.h"
#include "grasp/grasp_quality.h"
#include "scene_fixture.h"
#include "test_constants.h"

namespace contactlab {
namespace {

constexpr double kDeg = kPi / 180;

const char* const kRobotScenes[] = {"barrett_phone", "hand_sphere", "hand_mug", "gripper_lift"};

int articulation_index(const Model& model, const std::string& name) {
  for (size_t a = 0; a < model.articulations.size(); ++a) {
    if (model.articulations[a].name == name) return static_cast<int>(a);
  }
  ADD_FAILURE() << "no articulation named " << name;
  return 0;
}

int link_index(const Articulation& articulation, const std::string& name) {
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    if (articulation.tree.link(link).name == name) return link;
  }
  ADD_FAILURE() << "no link named " << name;
  return 0;
}

const JointCoupling* coupling_of(const Articulation& articulation, int follower) {
  for (const JointCoupling& coupling : articulation.couplings) {
    if (coupling.follower == follower) return &coupling;
  }
  return nullptr;
}

// A homogeneous transform, for the DH product written out independently of Pose.
struct Transform {
  double r[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  double p[3] = {0, 0, 0};
};

Transform multiply(const Transform& a, const Transform& b) {
  Transform c;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      c.r[i][j] = a.r[i][0] * b.r[0][j] + a.r[i][1] * b.r[1][j] + a.r[i][2] * b.r[2][j];
    }
    c.p[i] = a.r[i][0] * b.p[0] + a.r[i][1] * b.p[1] + a.r[i][2] * b.p[2] + a.p[i];
  }
  return c;
}

// Standard DH link transform Rz(theta) Tz(d) Tx(a) Rx(alpha) (Denavit-Hartenberg as
// used by Corke's Robotics Toolbox).
Transform dh_transform(double theta, double d, double a, double alpha) {
  const double ct = std::cos(theta), st = std::sin(theta);
  const double ca = std::cos(alpha), sa = std::sin(alpha);
  Transform t;
  const double r[3][3] = {{ct, -st * ca, st * sa}, {st, ct * ca, -ct * sa}, {0, sa, ca}};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) t.r[i][j] = r[i][j];
  }
  t.p[0] = a * ct;
  t.p[1] = a * st;
  t.p[2] = d;
  return t;
}

// PUMA 560 wrist frame T_0,6 from the standard DH table of Corke & Armstrong-Helouvry
// (1994) as in the Robotics Toolbox's Puma560 model: d = (0, 0, 0.15005, 0.4318, 0, 0),
// a = (0, 0.4318, 0.0203, 0, 0, 0), alpha = (90, 0, -90, 90, -90, 0) deg, on a pedestal
// of 26.45 in from the mounting surface to the shoulder axis.
Transform puma_dh_forward_kinematics(const double q[6]) {
  const double d[6] = {0, 0, 0.15005, 0.4318, 0, 0};
  const double a[6] = {0, 0.4318, 0.0203, 0, 0, 0};
  const double alpha[6] = {kPi / 2, 0, -kPi / 2, kPi / 2, -kPi / 2, 0};
  Transform t;
  t.p[2] = 26.45 * 0.0254;
  for (int i = 0; i < 6; ++i) t = multiply(t, dh_transform(q[i], d[i], a[i], alpha[i]));
  return t;
}

void expect_pose_near(const Pose& pose, const Transform& expected, double tolerance,
                      const std::string& what) {
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(pose.position[i], expected.p[i], tolerance) << what << " position " << i;
    for (int j = 0; j < 3; ++j) {
      EXPECT_NEAR(pose.rotation(i, j), expected.r[i][j], tolerance) << what << " rotation " << i << j;
    }
  }
}

TEST(RobotScenes, EveryRobotSceneLoadsWithItsTimeline) {
  for (const char* name : kRobotScenes) {
    SCOPED_TRACE(name);
    const Model model = load_builtin_scene(name);
    EXPECT_EQ(model.name, name);
    EXPECT_EQ(model.articulations.size(), 1u);
    EXPECT_FALSE(model.timeline.empty());
    EXPECT_FALSE(model.description.empty());
  }
}

// The arm's link 6 frame is DH frame 6 and the hand's palm sits 56.25 mm further along
// z6, at the tool flange (the PUMA 560's d6 = 56.25 mm in Fu, Gonzalez & Lee 1987).
TEST(RobotScenes, PumaForwardKinematicsMatchesThePublishedDhTable) {
  const Model model = load_builtin_scene("barrett_phone");
  const Articulation& arm = model.articulations[articulation_index(model, "arm")];
  int joint_links[6];
  for (int i = 0; i < 6; ++i) joint_links[i] = link_index(arm, "puma_link" + std::to_string(i + 1));
  const int wrist = joint_links[5];
  const int palm = link_index(arm, "palm");

  // qz (zero), qr (the toolbox's "ready" pose: arm straight up) and a general pose.
  const double configurations[3][6] = {{0, 0, 0, 0, 0, 0},
                                       {0, kPi / 2, -kPi / 2, 0, 0, 0},
                                       {0.3, 0.9, -2.9, 0.4, -0.7, 1.2}};
  for (const auto& q : configurations) {
    Eigen::VectorXd positions = arm.initial_positions;
    for (int i = 0; i < 6; ++i) positions[arm.tree.position_offset(joint_links[i])] = q[i];
    TreeKinematics kinematics;
    forward_kinematics(arm.tree, positions, kinematics);

    const Transform expected_wrist = puma_dh_forward_kinematics(q);
    expect_pose_near(kinematics.link_pose[wrist], expected_wrist, 1e-12, "link 6");

    Transform flange;
    flange.p[2] = 0.05625;
    expect_pose_near(kinematics.link_pose[palm], multiply(expected_wrist, flange), 1e-12, "palm");
  }
}

// Link masses of the PUMA 560 (Armstrong, Khatib & Burdick 1986; Corke &
// Armstrong-Helouvry 1994): 17.4, 4.8, 0.82, 0.34, 0.09 kg for links 2-6.
TEST(RobotScenes, PumaLinkMassesAreThePublishedOnes) {
  const Model model = load_builtin_scene("barrett_phone");
  const Articulation& arm = model.articulations[articulation_index(model, "arm")];
  const double masses[5] = {17.4, 4.8, 0.82, 0.34, 0.09};
  for (int i = 0; i < 5; ++i) {
    EXPECT_DOUBLE_EQ(arm.tree.link(link_index(arm, "puma_link" + std::to_string(i + 2))).mass, masses[i]);
  }
}

// BarrettHand BH8-280 (RE2/Barrett URDF link masses: palm 0.63352875 kg, two spread
// knuckles 0.16252678 kg, three proximal links 0.057957 kg and three distal links
// 0.03421781 kg: 1.23510674 kg, the "about 1.2 kg" of the hand); distal joints at 1/3 of
// the proximal angle (drive ratios 125:1 proximal, 93.75:1 distal: 125/93.75 - 1 = 1/3;
// GraspIt! Barrett.xml: d1 * 0.333333333); fingers 1 and 2 spread symmetrically
// (ratio 1); finger torque limits half the thumb's (seed 002 §6).
void expect_published_barrett_hand(const Model& model, const std::string& articulation_name) {
  const Articulation& hand = model.articulations[articulation_index(model, articulation_name)];
  const int palm = link_index(hand, "palm");
  double hand_mass = 0;
  for (int link = palm; link < hand.tree.link_count(); ++link) hand_mass += hand.tree.link(link).mass;
  EXPECT_NEAR(hand_mass, 1.23510674, 1e-12);
  EXPECT_NEAR(hand_mass, 1.2, 0.05);

  const JointCoupling* spread = coupling_of(hand, link_index(hand, "f2_knuckle"));
  ASSERT_NE(spread, nullptr);
  EXPECT_EQ(spread->leader, link_index(hand, "f1_knuckle"));
  EXPECT_EQ(spread->ratio, 1.0);
  const Joint& spread_joint = hand.tree.link(spread->leader).joint;
  EXPECT_DOUBLE_EQ(spread_joint.lower, 0);
  EXPECT_DOUBLE_EQ(spread_joint.upper, kPi);

  for (int finger = 1; finger <= 3; ++finger) {
    const std::string prefix = "f" + std::to_string(finger);
    const int proximal = link_index(hand, prefix + "_proximal");
    const JointCoupling* distal = coupling_of(hand, link_index(hand, prefix + "_distal"));
    ASSERT_NE(distal, nullptr) << prefix;
    EXPECT_EQ(distal->leader, proximal);
    EXPECT_NEAR(distal->ratio, 125.0 / 93.75 - 1, 1e-15);
    EXPECT_DOUBLE_EQ(hand.tree.link(proximal).joint.upper, 140 * kDeg);
    EXPECT_EQ(hand.actuators[proximal].close_direction, 1);
  }
  const double thumb = hand.actuators[link_index(hand, "f3_proximal")].gains.max_torque;
  EXPECT_EQ(hand.actuators[link_index(hand, "f1_proximal")].gains.max_torque, thumb / 2);
  EXPECT_EQ(hand.actuators[link_index(hand, "f2_proximal")].gains.max_torque, thumb / 2);
}

TEST(RobotScenes, BarrettHandHasThePublishedMassAndCouplings) {
  {
    SCOPED_TRACE("hand on the arm");
    expect_published_barrett_hand(load_builtin_scene("barrett_phone"), "arm");
  }
  {
    SCOPED_TRACE("hand on a fixed wrist");
    expect_published_barrett_hand(load_builtin_scene("hand_sphere"), "hand");
  }
  {
    SCOPED_TRACE("hand on a slide");
    expect_published_barrett_hand(load_builtin_scene("hand_mug"), "hand");
  }
}

// The gripper starts open (each finger 40 mm from the centre: the Franka hand's 80 mm
// stroke), and at the slide's grasp position (q = 0) the pads are centred on the cube;
// the pads' gripping faces then lie wider apart than the 50 mm cube.
TEST(RobotScenes, GripperOpeningFitsTheCube) {
  const Model model = load_builtin_scene("gripper_lift");
  const Articulation& gripper = model.articulations[articulation_index(model, "gripper")];
  const int slide = link_index(gripper, "gripper_hand");
  const int cube = body_index(model, "cube");
  const double cube_half = 0.025;

  Eigen::VectorXd positions = gripper.initial_positions;
  positions[gripper.tree.position_offset(slide)] = 0;
  TreeKinematics kinematics;
  forward_kinematics(gripper.tree, positions, kinematics);

  double gripping_face[2] = {0, 0};  // y of each pad's innermost point
  const char* const fingers[2] = {"gripper_left", "gripper_right"};
  for (int side = 0; side < 2; ++side) {
    const int link = link_index(gripper, fingers[side]);
    const Body& body = model.bodies[gripper.link_body[link]];
    ASSERT_EQ(body.geoms.size(), 3u);
    const Geom& pad = model.geoms[body.geoms[2]];  // the rubber pad
    ASSERT_EQ(pad.shape.type, ShapeType::ConvexHull);
    // The body frame sits at the link's centre of mass with the link frame's axes.
    const Pose& link_pose = kinematics.link_pose[link];
    const Vec3 body_origin = gripper.tree.link(link).com;
    const double inward = side == 0 ? -1 : 1;
    double innermost = -1e9, lowest = 1e9, highest = -1e9;
    for (const Vec3& vertex : pad.shape.hull->vertices) {
      const Vec3 world = link_pose.to_world(body_origin + pad.local_pose.to_world(vertex));
      innermost = std::max(innermost, inward * world.y());
      lowest = std::min(lowest, world.z());
      highest = std::max(highest, world.z());
    }
    gripping_face[side] = inward * innermost;
    const double cube_centre = model.bodies[cube].initial_position.z();
    EXPECT_NEAR(0.5 * (lowest + highest), cube_centre, 1e-4) << fingers[side];
    EXPECT_GT(lowest, cube_centre - cube_half) << fingers[side];
    EXPECT_LT(highest, cube_centre + cube_half) << fingers[side];
  }
  EXPECT_GT(gripping_face[0] - gripping_face[1], 2 * cube_half + 0.02);  // 80 mm against 50 mm
  EXPECT_DOUBLE_EQ(positions[gripper.tree.position_offset(link_index(gripper, "gripper_left"))], 0.04);
}

// The hand's contacts on a body in the last step that touch (gap within the contact
// threshold), as grasp contacts with the normal pointing into the body.
std::vector<GraspContact> hand_contacts_on(const Model& model, const Options& options,
                                           const Data& data, int object) {
  std::vector<GraspContact> contacts;
  for (const ContactRecord& contact : data.contacts) {
    const bool object_is_a = contact.body_a == object;
    if (!object_is_a && contact.body_b != object) continue;
    const int other = object_is_a ? contact.body_b : contact.body_a;
    if (model.bodies[other].articulation < 0) continue;  // the workbench
    if (contact.distance > options.contact_threshold) continue;
    GraspContact grasp_contact;
    grasp_contact.point = contact.position;
    grasp_contact.inward_normal = object_is_a ? Vec3(-contact.normal) : contact.normal;
    grasp_contact.friction_coefficient = contact.friction_coefficient;
    contacts.push_back(grasp_contact);
  }
  return contacts;
}

// Seed 002 §6 and Figure 3: "an auto-grasp of the static handset does not result in a
// force-closure grasp" (the fingers only touch its bottom surface), while with dynamics
// "the handset is pulled up into the hand until it reaches a force-closure state".
// Checked just before the lift (4.4 s) with the grasp wrench space of GraspIt!
// (grasp/grasp_quality.h; torque scale: the handset's half length, 0.105 m).
TEST(RobotScenes, BarrettPhoneReachesForceClosureOnlyWithTheDynamicAutograsp) {
  const Model model = load_builtin_scene("barrett_phone");
  const int handset = body_index(model, "handset");
  const double start_height = model.bodies[handset].initial_position.z();
  for (const int autograsp : {0, 1}) {
    SCOPED_TRACE(autograsp == 0 ? "dynamic auto-grasp" : "static auto-grasp");
    Options options = model.options;
    options.autograsp = autograsp;
    Data data = make_data(model);
    run_for(model, options, data, 4.4);
    const std::vector<GraspContact> contacts = hand_contacts_on(model, options, data, handset);
    ASSERT_FALSE(contacts.empty());
    const GraspQuality quality =
        evaluate_grasp(contacts, data.position[handset], 0.105, options.friction_edges);
    ASSERT_TRUE(quality.status.ok()) << quality.status.message();
    const double rise = data.position[handset].z() - start_height;
    if (autograsp == 0) {
      EXPECT_TRUE(quality.force_closure);
      EXPECT_GT(rise, 0.04);  // pulled up towards the palm, which started 65 mm above the handle
    } else {
      EXPECT_FALSE(quality.force_closure);
      EXPECT_LT(std::abs(rise), 1e-3);  // still lying on the bench
      for (const GraspContact& contact : contacts) {
        EXPECT_GT(contact.inward_normal.z(), 0.5);  // pushing up: the handle's underside
      }
    }
  }
}

// The same grasp in maximal coordinates from t = 0 (docs/maximal_coordinates.md): the
// arm and the hand as 15 free links held by 80 joint and coupling rows. The fingers
// meet the handset at 2.9 s and pull it up: at 4.0 s the grasp has force closure and
// the handset has risen as in reduced coordinates (within 5 mm; 61.9 mm in both in a
// recorded run), the joints held within 1e-5 m and rad by eq. (16)'s gamma = 0.2
// (1.9e-6 recorded). Both runs take 1.3 s here; left out of the sanitizer suite, whose
// scene runs step barrett_phone in maximal coordinates too.
TEST(RobotScenes, BarrettPhoneReachesForceClosureInMaximalCoordinatesAsInReduced) {
  const Model model = load_builtin_scene("barrett_phone");
  const int handset = body_index(model, "handset");
  const double start_height = model.bodies[handset].initial_position.z();
  double rise[2] = {0, 0};
  for (const int coordinates : {0, 1}) {
    SCOPED_TRACE(coordinates == 0 ? "reduced" : "maximal");
    Options options = model.options;
    options.coordinates = coordinates;
    Data data = make_data(model);
    double largest_joint_error = 0;
    run_for(model, options, data, 4.0,
            [&](const Data& d) { largest_joint_error = std::max(largest_joint_error, joint_error(model, d)); });
    const std::vector<GraspContact> contacts = hand_contacts_on(model, options, data, handset);
    ASSERT_FALSE(contacts.empty());
    const GraspQuality quality = evaluate_grasp(contacts, data.position[handset], 0.105, options.friction_edges);
    ASSERT_TRUE(quality.status.ok()) << quality.status.message();
    EXPECT_TRUE(quality.force_closure);
    rise[coordinates] = data.position[handset].z() - start_height;
    EXPECT_GT(rise[coordinates], 0.04);
    if (coordinates == 0) {
      EXPECT_EQ(largest_joint_error, 0);
    } else {
      EXPECT_GT(largest_joint_error, 0);
      EXPECT_LT(largest_joint_error, 1e-5);
    }
  }
  EXPECT_NEAR(rise[1], rise[0], 5e-3);
}

// gripper_lift in maximal coordinates: the prismatic fingers (5 rows each) squeeze the
// cube and the hand lifts it 0.1 m within 2 mm by 6 s, as in reduced coordinates, with
// no solver fallback.
TEST(RobotScenes, GripperLiftLiftsTheCubeInMaximalCoordinates) {
  const Model model = load_builtin_scene("gripper_lift");
  Options options = model.options;
  options.coordinates = 1;
  Data data = make_data(model);
  const int cube = body_index(model, "cube");
  const double start_height = data.position[cube].z();
  run_for(model, options, data, 6.0, [&](const Data& d) {
    EXPECT_TRUE(d.solver.fallbacks.empty()) << d.time << ": " << fallback_message(d.solver.fallbacks);
  });
  EXPECT_NEAR(data.position[cube].z() - start_height, 0.1, 2e-3);
  EXPECT_LT(joint_error(model, data), 1e-6);
}

// One second of each scene, timeline included: the solver never falls back and the
// state stays finite.
TEST(RobotScenes, RobotScenesStepOneSecondWithoutSolverFailures) {
  for (const char* name : kRobotScenes) {
    SCOPED_TRACE(name);
    const Model model = load_builtin_scene(name);
    Data data = make_data(model);
    int failures = 0;
    run_for(model, model.options, data, 1.0, [&](const Data& d) {
      if (!d.solver.fallbacks.empty() && failures++ == 0) {
        ADD_FAILURE() << "t = " << d.time << ": " << fallback_message(d.solver.fallbacks);
      }
    });
    EXPECT_EQ(failures, 0);
    for (const Vec3& position : data.position) EXPECT_TRUE(position.allFinite());
  }
}

// gripper_lift: with Coulomb friction and the LCP the squeezed cube does not creep
// while held: over the 10 s hold (6 s .. 16 s, after the 10 cm lift) its speed
// relative to the hand stays below 0.01 mm/s at every step, and it ends within 0.1 mm
// of where it was relative to the hand. (Soft-contact simulators let such a cube slide
// at millimetres per second.)
TEST(RobotScenes, GripperLiftHoldsTheCubeWithoutCreep) {
  const Model model = load_builtin_scene("gripper_lift");
  const Options options = model.options;
  Data data = make_data(model);
  const int cube = body_index(model, "cube");
  const int hand = body_index(model, "gripper_hand");
  const double start_height = data.position[cube].z();
  run_for(model, options, data, 6.0);
  EXPECT_NEAR(data.position[cube].z() - start_height, 0.1, 2e-3);  // lifted with the hand
  const Vec3 held_offset = data.position[cube] - data.position[hand];
  double fastest = 0;
  run_for(model, options, data, 10.0, [&](const Data& d) {
    fastest = std::max(fastest, (d.linear_velocity[cube] - d.linear_velocity[hand]).norm());
    EXPECT_TRUE(d.solver.fallbacks.empty()) << fallback_message(d.solver.fallbacks);
  });
  EXPECT_LT(fastest, 1e-5);
  EXPECT_LT((data.position[cube] - data.position[hand] - held_offset).norm(), 1e-4);
}

}  // namespace
}  // namespace contactlab

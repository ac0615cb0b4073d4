// A URDF robot as the file says it, before any mapping: links with their inertials and
// geometry elements, joints with their limits, dynamics and mimic tags. Poses are as
// written (parent frame <- child frame); nothing is merged, estimated or resolved yet
// (urdf_scene.h does that). The URDF specification: wiki.ros.org/urdf/XML.
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

#include "base/math_types.h"

namespace contactlab {

enum class UrdfGeometryType { Box, Cylinder, Sphere, Capsule, Mesh };

struct UrdfGeometry {
  UrdfGeometryType type = UrdfGeometryType::Box;
  Pose origin;                     // of the geometry frame in the link frame
  Vec3 size = Vec3::Zero();        // box: full edge lengths [m]
  double radius = 0;               // cylinder, capsule, sphere [m]
  double length = 0;               // cylinder, capsule (between the caps' centres): along its z axis [m]
  std::string filename;            // mesh: as written (package://..., relative or absolute)
  Vec3 scale = Vec3::Ones();       // mesh: per axis
  std::string where;               // e.g. "link \"hand\" <collision> 1 (line 12)", for messages
  // <visual> only: its <material>'s name and colour (r, g, b, a in [0, 1]); a material
  // that names one defined at the robot level takes that one's colour.
  std::string material;
  bool has_color = false;
  std::array<double, 4> color = {1, 1, 1, 1};
};

struct UrdfInertial {
  bool present = false;
  Pose origin;                   // of the inertial frame (centre of mass, principal axes) in the link frame
  double mass = 0;               // [kg]
  Mat3 inertia = Mat3::Zero();   // about the centre of mass, inertial-frame axes [kg m^2]
  int line = 0;
};

struct UrdfLink {
  std::string name;
  UrdfInertial inertial;
  std::vector<UrdfGeometry> collisions;
  std::vector<UrdfGeometry> visuals;
  int line = 0;
};

enum class UrdfJointType { Revolute, Continuous, Prismatic, Fixed, Floating, Planar };

struct UrdfLimit {
  bool present = false;
  bool bounded = false;         // lower or upper written
  double lower = 0, upper = 0;  // [rad] or [m]
  double effort = 0;            // [N m] or [N]; 0 when not written
  double velocity = 0;          // [rad/s] or [m/s]; 0 when not written
};

struct UrdfDynamics {
  double damping = 0;   // viscous [N m s/rad] or [N s/m]
  double friction = 0;  // Coulomb [N m] or [N]
};

struct UrdfMimic {
  bool present = false;
  std::string joint;      // the leader
  double multiplier = 1;  // q = multiplier q_leader + offset
  double offset = 0;
};

struct UrdfJoint {
  std::string name;
  UrdfJointType type = UrdfJointType::Fixed;
  std::string parent, child;
  Pose origin;                 // of the joint (= child link) frame in the parent link frame
  Vec3 axis = Vec3(1, 0, 0);   // joint frame, normalised; the URDF default is x
  UrdfLimit limit;
  UrdfDynamics dynamics;
  UrdfMimic mimic;
  int line = 0;
};

struct UrdfRobot {
  std::string name;
  std::vector<UrdfLink> links;
  std::vector<UrdfJoint> joints;
  std::map<std::string, std::array<double, 4>> material_colors;  // <robot> <material>s with a <color>
};

const char* urdf_joint_type_name(UrdfJointType type);

// R = Rz(yaw) Ry(pitch) Rx(roll): URDF's rpy, fixed-axis roll about x, then pitch about
// y, then yaw about z.
Mat3 rotation_from_rpy(const Vec3& rpy);

}  // namespace contactlab

// The scene links of a URDF import while they are built (urdf_scene.cpp): each is a
// URDF link that moves on its own joint, with the links merged into it over fixed
// joints, and its place in the tree; and the tree's questions the later stages ask
// (which link a joint moves, what lies below it, where each link starts).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/math_types.h"
#include "geometry/shape.h"
#include "import/mass_part.h"
#include "import/urdf_model.h"

namespace contactlab {

// A URDF link carried by a scene link, and its frame in that link's frame.
struct Carried {
  int urdf_link = 0;
  Pose pose;
};

struct DraftLink {
  std::string name;
  int parent = -1;                    // draft index, -1 for a root
  const UrdfJoint* joint = nullptr;   // null: welded to the world at `origin`
  std::string type;                   // scene joint type
  Pose origin;                        // in the parent's link frame (the world for a root)
  std::vector<Carried> carried;
  nlohmann::json geoms = nlohmann::json::array();
  std::vector<std::pair<Shape, Pose>> shapes;  // the geoms', posed in the link frame
  // Per carried link without <inertial>: its collision geometry's unit-density parts.
  std::vector<std::vector<MassPart>> volumes;
  MassPart mass;
  Vec3 centroid = Vec3::Zero();  // of its collision geometry, in its frame
  // Start pose, and the coupling/actuation the joint gets.
  Pose world;
  int leader = -1;       // draft index of the joint it follows
  double ratio = 1, offset = 0;
  double position = 0;
};

// The draft moved by the joint named `joint_name`, or -1.
int draft_of_joint(const std::vector<DraftLink>& drafts, const std::string& joint_name);

// Whether the draft's joint is revolute or prismatic (a continuous joint is revolute).
bool is_movable(const DraftLink& draft);

// Whether draft `link` is `ancestor` or lies below it.
bool in_subtree(const std::vector<DraftLink>& drafts, int link, int ancestor);

// (origins, joint positions) => each draft's start pose `world`, parents first.
void place_drafts(std::vector<DraftLink>& drafts);

}  // namespace contactlab

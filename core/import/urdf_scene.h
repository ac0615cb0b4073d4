// A URDF robot (urdf_model.h) mapped into a scene's articulation (docs/scene_format.md,
// docs/urdf.md has every rule):
// - each link on a fixed joint is merged into its parent's body, its geometry kept and
//   its mass properties added; a root link named "world" without mass or geometry is the
//   world, and its joints mount the robot; otherwise the root link is welded to the world
//   at `base`. A floating joint from the world makes a free base; a floating joint
//   elsewhere and every planar joint are refused;
// - revolute, continuous (revolute without limits) and prismatic joints keep their axis
//   and limits; <dynamics> damping and friction become viscous and Coulomb joint friction;
//   a <mimic> joint becomes a coupling to its leader (q = multiplier q_leader + offset),
//   without its own limit; every other movable joint gets a PD motor (gain rule in
//   pd_gain_rule.h, joint_load.h) limited to the joint's effort (none when the effort
//   is 0), <limit> values past the scene's ranges bounded (joint_limit_bounds.h);
// - inertials as written (turned into the link frame), checked as the core checks them:
//   a slight triangle-inequality break raised to meet it, a point mass shaped by its
//   collision geometry, each with a warning; a link without one, or with mass 0 on a
//   scene link that has no other mass, gets the mass properties of its collision
//   geometry at `density`, with a warning (link_mass.h);
// - link names the scene does not allow changed to ones it does (reported);
// - collision boxes, cylinders, spheres and meshes (one convex hull per mesh part) with
//   their origins and scales (collision_geoms.h); visual geometry is placed on the
//   bodies for drawing (visual_geometry.h reads its meshes), a missing visual mesh a
//   warning;
// - a link on revolute joints alone in the ground at the start pose is reported with
//   the --base lift that clears it (ground_contact_report.h).
// Nothing is written on failure; every error is one line naming the link, joint or file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/math_types.h"
#include "base/status.h"
#include "import/import_report.h"
#include "import/robot_source.h"
#include "import/urdf_model.h"
#include "import/urdf_slide.h"

namespace contactlab {

struct FingerRequest {
  std::string joint;
  int close_direction = 0;  // +1 toward the upper limit, -1 the lower, 0 found from the geometry
};

struct UrdfImportOptions {
  std::vector<std::string> package_roots;  // searched before the URDF's folder (natively)
  std::vector<FingerRequest> fingers;
  Pose base;                     // the root link's (or the world link's) pose in the world
  double density = 1000;         // [kg/m^3] for links without <inertial>: water's
  std::optional<UrdfSlide> lift; // the root on a vertical slide (urdf_slide.h) instead of welded
};

// Where a URDF link ended up: the scene link that carries it and its frame's pose in
// that link's frame (the identity unless the link was merged over fixed joints).
struct ImportedFrame {
  std::string urdf_link;
  std::string scene_link;
  Pose in_scene_link;
};

// A <visual> element placed on the scene link that carries it: its pose in that link's
// body frame as the scene places the body (the link frame moved to the link's centre
// of mass, axes kept; scene_loader.cpp), and the geometry as the file gives it, with
// its mesh's path as the source locates it.
struct ImportedVisual {
  std::string scene_link;
  Pose in_body;
  UrdfGeometry geometry;
  std::string mesh_path;
};

struct UrdfImport {
  nlohmann::json articulation;        // one entry of a scene's "articulations"
  std::vector<ImportedFrame> frames;  // every URDF link but the world
  std::vector<ImportedVisual> visuals;  // in document order per scene link
  // Scene link of each movable URDF joint, by joint name, in document order.
  std::vector<std::pair<std::string, std::string>> joint_links;
};

// Mesh files are found and read through `source` (robot_source.h).
Status import_urdf(const UrdfRobot& robot, const RobotSource& source, const UrdfImportOptions& options,
                   UrdfImport& out, ImportReport& report);
// The URDF file at `path` read through `source` (within kMaxUrdfBytes), parsed, then
// import_urdf; errors start with the path.
Status import_urdf_at(const std::string& path, const RobotSource& source, const UrdfImportOptions& options,
                      UrdfImport& out, ImportReport& report);

// Native build only (disk_robot_source.cpp): from disk, `urdf_folder` and
// options.package_roots resolving relative and package:// mesh paths (package_paths.h).
Status import_urdf(const UrdfRobot& robot, const std::string& urdf_folder, const UrdfImportOptions& options,
                   UrdfImport& out, ImportReport& report);
Status import_urdf_file(const std::string& path, const UrdfImportOptions& options, UrdfImport& out,
                        ImportReport& report);

// A scene holding the imported robot: `base_scene`'s content (its bodies, materials,
// options, ...) when it is an object, else a ground plane at z = 0; named `name`. The
// result passes the scene loader or the call fails with the loader's message.
Status robot_scene(const UrdfImport& import, const nlohmann::json& base_scene, const std::string& name,
                   nlohmann::json& scene);

// A name the scene format accepts (A-Z a-z 0-9 _ -, at most 64 characters): every
// other character becomes '_'.
std::string scene_name_of(const std::string& text);

}  // namespace contactlab

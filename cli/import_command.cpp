// contactlab import ROBOT.urdf [--package-root DIR]... [--fingers JOINT[,JOINT...]]
//   [--base x,y,z[,roll,pitch,yaw]] [--lift LOWER,UPPER] [--object SCENE.json] -o SCENE.json
// Writes a scene holding the robot as an articulation (core/import/urdf_scene.h,
// docs/urdf.md); the import report goes to standard error.
#include <fstream>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "arguments.h"
#include "commands.h"
#include "finger_item.h"
#include "import/urdf_scene.h"
#include "scene/scene_loader.h"

namespace contactlab {
namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream stream(text);
  while (std::getline(stream, part, separator)) parts.push_back(part);
  if (!text.empty() && text.back() == separator) parts.push_back("");
  return parts;
}

Status parse_base(const std::string& text, Pose& base) {
  const std::vector<std::string> parts = split(text, ',');
  if (parts.size() != 3 && parts.size() != 6) {
    return Status::failure("--base: expected x,y,z or x,y,z,roll,pitch,yaw (m, rad), got \"" + text + "\"");
  }
  double values[6] = {0, 0, 0, 0, 0, 0};
  for (size_t i = 0; i < parts.size(); ++i) CONTACTLAB_RETURN_IF_ERROR(parse_number("--base", parts[i], values[i]));
  for (int i = 0; i < 3; ++i) {
    if (!(values[i] >= -1000 && values[i] <= 1000)) return Status::failure("--base: x, y, z must be within [-1000, 1000] m");
  }
  base = Pose{Vec3(values[0], values[1], values[2]), rotation_from_rpy(Vec3(values[3], values[4], values[5]))};
  return Status::success();
}

Status parse_lift(const std::string& text, std::optional<UrdfSlide>& lift) {
  const std::vector<std::string> parts = split(text, ',');
  if (parts.size() != 2) return Status::failure("--lift: expected LOWER,UPPER (m), got \"" + text + "\"");
  UrdfSlide slide;
  CONTACTLAB_RETURN_IF_ERROR(parse_number("--lift", parts[0], slide.lower));
  CONTACTLAB_RETURN_IF_ERROR(parse_number("--lift", parts[1], slide.upper));
  lift = slide;
  return Status::success();
}

Status parse_fingers(const std::string& text, std::vector<FingerRequest>& fingers) {
  for (const std::string& item : split(text, ',')) {
    FingerRequest finger;
    CONTACTLAB_RETURN_IF_ERROR(parse_finger(item, finger));
    fingers.push_back(finger);
  }
  return Status::success();
}

// The scene's name: the output file's name without folder and extension.
std::string scene_name_for(const std::string& output) {
  std::string name = output.substr(output.find_last_of('/') == std::string::npos ? 0 : output.find_last_of('/') + 1);
  const std::size_t dot = name.find_last_of('.');
  if (dot != std::string::npos && dot > 0) name = name.substr(0, dot);
  return scene_name_of(name);
}

}  // namespace

int run_import_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string urdf, output, object;
  UrdfImportOptions options;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    const bool takes_value = arg == "--package-root" || arg == "--fingers" || arg == "--base" || arg == "--lift" ||
                             arg == "--object" ||
                             arg == "-o";
    if (takes_value && i + 1 >= args.size()) {
      err << "contactlab import: " << arg << ": expects a value\n";
      return 2;
    }
    Status status = Status::success();
    if (arg == "--package-root") {
      options.package_roots.push_back(args[++i]);
    } else if (arg == "--fingers") {
      status = parse_fingers(args[++i], options.fingers);
    } else if (arg == "--base") {
      status = parse_base(args[++i], options.base);
    } else if (arg == "--lift") {
      status = parse_lift(args[++i], options.lift);
    } else if (arg == "--object") {
      object = args[++i];
    } else if (arg == "-o") {
      output = args[++i];
    } else if (!arg.empty() && arg[0] == '-') {
      status = Status::failure(arg + ": unknown option (allowed: --package-root, --fingers, --base, --lift, --object, -o)");
    } else if (urdf.empty()) {
      urdf = arg;
    } else {
      status = Status::failure(arg + ": a second URDF file; import takes one");
    }
    if (!status.ok()) {
      err << "contactlab import: " << status.message() << '\n';
      return 2;
    }
  }
  if (urdf.empty() || output.empty()) {
    err << "contactlab import: " << (urdf.empty() ? "ROBOT.urdf: a URDF file is required" : "-o: the output scene file is required")
        << '\n';
    return 2;
  }
  nlohmann::json base_scene;
  if (!object.empty()) {
    // Checked without its timeline, which may command the robot: the merged scene,
    // timeline included, is checked again with the robot in it (robot_scene).
    std::string text;
    Model model;
    Status status = read_scene_file(object, text);
    if (status.ok()) {
      nlohmann::json without_timeline = nlohmann::json::parse(text, nullptr, false);
      if (without_timeline.is_object()) without_timeline.erase("timeline");
      status = load_scene(without_timeline.is_discarded() ? text : without_timeline.dump(), model);
    }
    if (!status.ok()) {
      err << "contactlab import: --object: " << status.message() << '\n';
      return 2;
    }
    base_scene = nlohmann::json::parse(text);
  }
  UrdfImport imported;
  ImportReport report;
  const Status status = import_urdf_file(urdf, options, imported, report);
  if (!status.ok()) {
    err << "contactlab import: " << status.message() << '\n';
    return 2;
  }
  nlohmann::json scene;
  const Status built = robot_scene(imported, base_scene, scene_name_for(output), scene);
  err << report.text();
  if (!built.ok()) {
    err << "contactlab import: " << built.message() << '\n';
    return 2;
  }
  std::ofstream file(output, std::ios::binary);
  file << scene.dump() << '\n';
  file.close();
  if (!file) {
    err << "contactlab import: -o: cannot write " << output << '\n';
    return 3;
  }
  const nlohmann::json& links = imported.articulation["links"];
  out << "imported " << urdf << ": " << links.size() << " simulated link(s) from " << imported.frames.size()
      << " URDF link(s), " << imported.joint_links.size() << " movable joint(s); wrote " << output << '\n';
  return 0;
}

}  // namespace contactlab

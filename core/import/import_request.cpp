#include "import/import_request.h"

#include <cmath>

namespace contactlab {
namespace {

constexpr double kMaxBaseDistance = 1000;  // [m], as --base allows

Status read_fingers(const nlohmann::json& fingers, std::vector<FingerRequest>& read) {
  if (!fingers.is_array()) return Status::failure("fingers: must be an array of {joint, close}");
  for (std::size_t i = 0; i < fingers.size(); ++i) {
    const nlohmann::json& finger = fingers[i];
    const std::string where = "fingers[" + std::to_string(i) + "]";
    if (!finger.is_object() || !finger.contains("joint") || !finger["joint"].is_string() ||
        finger["joint"].get_ref<const std::string&>().empty()) {
      return Status::failure(where + ".joint: must name a joint");
    }
    FingerRequest request;
    request.joint = finger["joint"].get<std::string>();
    const std::string close = finger.value("close", std::string("auto"));
    if (close == "upper") {
      request.close_direction = 1;
    } else if (close == "lower") {
      request.close_direction = -1;
    } else if (close != "auto") {
      return Status::failure(where + ".close: \"" + close + "\" (allowed: auto, lower, upper)");
    }
    read.push_back(request);
  }
  return Status::success();
}

Status read_base(const nlohmann::json& base, Pose& pose) {
  if (!base.is_array() || (base.size() != 3 && base.size() != 6)) {
    return Status::failure("base: must be [x, y, z] or [x, y, z, roll, pitch, yaw] (m, rad)");
  }
  double values[6] = {0, 0, 0, 0, 0, 0};
  for (std::size_t i = 0; i < base.size(); ++i) {
    if (!base[i].is_number() || !std::isfinite(base[i].get<double>())) {
      return Status::failure("base[" + std::to_string(i) + "]: must be a finite number");
    }
    values[i] = base[i].get<double>();
    if (i < 3 && std::fabs(values[i]) > kMaxBaseDistance) {
      return Status::failure("base: x, y, z must be within [-1000, 1000] m");
    }
  }
  pose = Pose{Vec3(values[0], values[1], values[2]), rotation_from_rpy(Vec3(values[3], values[4], values[5]))};
  return Status::success();
}

}  // namespace

Status read_import_request(const nlohmann::json& request, UrdfImportOptions& options) {
  if (!request.is_object()) return Status::failure("the import request must be a JSON object");
  for (const auto& [key, value] : request.items()) {
    if (key != "fingers" && key != "base") return Status::failure(key + ": unknown field (allowed: fingers, base)");
  }
  UrdfImportOptions read = options;
  read.fingers.clear();
  if (request.contains("fingers")) CONTACTLAB_RETURN_IF_ERROR(read_fingers(request["fingers"], read.fingers));
  if (request.contains("base")) CONTACTLAB_RETURN_IF_ERROR(read_base(request["base"], read.base));
  options = std::move(read);
  return Status::success();
}

}  // namespace contactlab

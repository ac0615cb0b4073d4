#include "finger_item.h"

namespace contactlab {

Status parse_finger(const std::string& item, FingerRequest& finger) {
  FingerRequest parsed;
  parsed.joint = item;
  const std::size_t colon = item.rfind(':');
  if (colon != std::string::npos) {
    const std::string side = item.substr(colon + 1);
    if (side == "lower" || side == "upper") {
      parsed.joint = item.substr(0, colon);
      parsed.close_direction = side == "upper" ? 1 : -1;
    }
  }
  if (parsed.joint.empty()) {
    return Status::failure("--fingers: \"" + item + "\": expected JOINT, JOINT:lower or JOINT:upper, comma-separated "
                           "(a joint name, then optionally the side it closes toward: lower or upper)");
  }
  finger = parsed;
  return Status::success();
}

}  // namespace contactlab

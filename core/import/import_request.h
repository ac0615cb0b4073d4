// What the page asks of an import, as JSON (web/src/open/robot_import.js writes it):
//   {"fingers": [{"joint": "finger_joint1", "close": "auto" | "lower" | "upper"}],
//    "base": [x, y, z] or [x, y, z, roll, pitch, yaw]}   (m, rad; both optional)
// read into the options `contactlab import` takes as --fingers and --base.
#pragma once

#include <nlohmann/json.hpp>

#include "base/status.h"
#include "import/urdf_scene.h"

namespace contactlab {

// Fails naming the field and what is allowed; `options` is left as it was then.
Status read_import_request(const nlohmann::json& request, UrdfImportOptions& options);

}  // namespace contactlab

// Reading a URDF document into the intermediate tree (urdf_model.h) with tinyxml2.
// Errors are one line naming the element and its line; the tree must be one tree (one
// root, every joint's links present, no link the child of two joints, no loop).
// Elements and attributes that the import does not use go to the report's ignored list.
#pragma once

#include <string>

#include "base/status.h"
#include "import/import_report.h"
#include "import/urdf_model.h"

namespace contactlab {

// On failure `robot` and `report` are left untouched.
Status parse_urdf(const std::string& text, UrdfRobot& robot, ImportReport& report);
// The file read with the size cap of import_limits.h, then parse_urdf; errors start
// with the path.
Status read_urdf_file(const std::string& path, UrdfRobot& robot, ImportReport& report);

}  // namespace contactlab

// Reading a URDF document's XML tree (xml_tree.h) into the intermediate robot
// (urdf_model.h).
// Errors are one line naming the element and its line; the tree must be one tree (one
// root, every joint's links present, no link the child of two joints, no loop).
// Elements and attributes that the import does not use go to the report's ignored list.
#pragma once

#include <string>

#include "base/status.h"
#include "import/import_report.h"
#include "import/urdf_model.h"
#include "import/xml_tree.h"

namespace contactlab {

// On failure `robot` and `report` are left untouched.
Status read_urdf_tree(const XmlElement& root, UrdfRobot& robot, ImportReport& report);
// The text within the size cap of import_limits.h, read by `parse_xml`, then
// read_urdf_tree.
Status parse_urdf(const std::string& text, const XmlParser& parse_xml, UrdfRobot& robot, ImportReport& report);

// Native build only (disk_robot_source.cpp): XML read with tinyxml2.
Status parse_urdf(const std::string& text, UrdfRobot& robot, ImportReport& report);
// The file read with the size cap of import_limits.h, then parse_urdf; errors start
// with the path.
Status read_urdf_file(const std::string& path, UrdfRobot& robot, ImportReport& report);

}  // namespace contactlab

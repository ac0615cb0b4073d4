// Where an imported robot's files come from and how its XML is read: natively the
// disk and tinyxml2 (disk_robot_source.h), in the page the files the user dropped and
// the browser's DOMParser (wasm/import/). The importer (urdf_scene.h) reads only
// through this.
#pragma once

#include <cstddef>
#include <string>

#include "base/status.h"
#include "import/xml_tree.h"

namespace contactlab {

class RobotSource {
 public:
  virtual ~RobotSource() = default;
  // Where a URDF mesh filename (package://NAME/rest, relative or absolute) points: a
  // path exists() accepts, or, when no file is there, the place messages name.
  virtual std::string locate(const std::string& filename) const = 0;
  virtual bool exists(const std::string& path) const = 0;
  // The whole file, refused past `max_bytes` ("PATH: `kind` must be at most N bytes").
  virtual Status read(const std::string& path, std::size_t max_bytes, const std::string& kind,
                      std::string& bytes) const = 0;
  // An XmlParser (xml_tree.h).
  virtual Status parse_xml(const std::string& text, XmlElement& root) const = 0;
};

}  // namespace contactlab

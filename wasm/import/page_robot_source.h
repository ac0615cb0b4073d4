// A robot's files as the page holds them (web/src/open/robot_files.js): a JS object
// with locate(filename) -> path, exists(path) -> bool, read(path) -> Uint8Array or
// null, and parseXml(text) -> the XML tree's JSON text (core/import/xml_tree_json.h),
// or {"error": "line N: malformed XML (...)"}, read by the browser's DOMParser.
#pragma once

#include <emscripten/val.h>

#include "import/robot_source.h"

namespace contactlab {

class PageRobotSource : public RobotSource {
 public:
  explicit PageRobotSource(emscripten::val files) : files_(std::move(files)) {}

  std::string locate(const std::string& filename) const override;
  bool exists(const std::string& path) const override;
  Status read(const std::string& path, std::size_t max_bytes, const std::string& kind,
              std::string& bytes) const override;
  Status parse_xml(const std::string& text, XmlElement& root) const override;

 private:
  emscripten::val files_;
};

}  // namespace contactlab

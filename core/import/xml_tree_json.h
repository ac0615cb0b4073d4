// The XML tree (xml_tree.h) as JSON, the form the page hands it over in after the
// browser's DOMParser read the document (web/src/open/xml_tree.js writes it):
//   {"name": "robot", "line": 2, "attributes": [["name", "hand"]], "text": "",
//    "children": [ ...elements of the same form... ]}
// "name" is required; the others may be left out (no attributes, no text, no children,
// line unknown). At most kMaxXmlDepth elements deep.
#pragma once

#include <cstddef>

#include <nlohmann/json.hpp>

#include "base/status.h"
#include "import/xml_tree.h"

namespace contactlab {

inline constexpr std::size_t kMaxXmlDepth = 256;

// Fails naming the element's path ("element /robot/link[2]: ...") and the field.
Status xml_tree_from_json(const nlohmann::json& json, XmlElement& root);

}  // namespace contactlab

// XML text read with tinyxml2 into the plain tree the readers take (xml_tree.h). Built
// natively only: Debian ships tinyxml2 as a shared library, not as source the
// WebAssembly build could compile, so the page reads XML with the browser's DOMParser
// instead (docs/urdf.md).
#pragma once

#include <string>

#include "base/status.h"
#include "import/xml_tree.h"

namespace contactlab {

// An XmlParser (xml_tree.h): "line N: malformed XML (XML_ERROR_...): reason" on failure.
Status parse_xml_with_tinyxml2(const std::string& text, XmlElement& root);

}  // namespace contactlab

// Element names of a parsed XML document (tinyxml2), as the URDF and COLLADA readers
// compare them.
#pragma once

#include <cstring>

#include <tinyxml2.h>

namespace contactlab {

// Whether `element` is a <tag> element.
inline bool element_is(const tinyxml2::XMLElement* element, const char* tag) {
  return std::strcmp(element->Name(), tag) == 0;
}

}  // namespace contactlab

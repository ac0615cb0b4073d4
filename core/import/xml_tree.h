// A parsed XML document as plain data, the form the URDF and COLLADA readers take:
// each element's name, attributes in document order, its own character data and its
// child elements, with the line its start tag is on. Natively tinyxml2 builds it
// (tinyxml2_reader.h); in the page the browser's DOMParser does, handed over as JSON
// (xml_tree_json.h). Comments, processing instructions and the DOCTYPE are not kept.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "base/status.h"

namespace contactlab {

class XmlElement {
 public:
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  // The element's own text and CDATA, joined; not its children's, and without text
  // that is only whitespace (the indentation between elements).
  std::string text;
  int line = 0;      // of the start tag, from 1; 0 when not known
  std::vector<XmlElement> children;

  XmlElement() = default;
  XmlElement(XmlElement&&) = default;
  XmlElement& operator=(XmlElement&&) = default;
  // Not copied: each child knows its next sibling by address (link_siblings).
  XmlElement(const XmlElement&) = delete;
  XmlElement& operator=(const XmlElement&) = delete;

  bool is(const char* tag) const { return name == tag; }
  // The attribute's value, or null when the element has none of that name.
  const char* attribute(const char* key) const;
  // The attribute read as a number (its leading number, as tinyxml2 reads it), or
  // `fallback` when it is absent or does not start with one.
  int int_attribute(const char* key, int fallback) const;
  double double_attribute(const char* key, double fallback) const;
  // The first child element (named `tag`, when given), or null.
  const XmlElement* first_child(const char* tag = nullptr) const;
  // The next element after this one under the same parent (named `tag`, when given).
  const XmlElement* next_sibling(const char* tag = nullptr) const;

  // Sets every element's next sibling below `root`; builders call it once the tree
  // is complete.
  friend void link_siblings(XmlElement& root);

 private:
  const XmlElement* next_ = nullptr;
};

// Reads a whole XML document into its root element, or fails with "line N: malformed
// XML (...)".
using XmlParser = std::function<Status(const std::string& text, XmlElement& root)>;

}  // namespace contactlab

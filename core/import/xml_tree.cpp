#include "import/xml_tree.h"

#include <cstdlib>
#include <cstring>

namespace contactlab {

const char* XmlElement::attribute(const char* key) const {
  for (const auto& [attribute_name, value] : attributes) {
    if (attribute_name == key) return value.c_str();
  }
  return nullptr;
}

int XmlElement::int_attribute(const char* key, int fallback) const {
  const char* value = attribute(key);
  if (value == nullptr) return fallback;
  char* end = nullptr;
  const long number = std::strtol(value, &end, 10);
  if (end == value || number < -2147483647L || number > 2147483647L) return fallback;
  return static_cast<int>(number);
}

double XmlElement::double_attribute(const char* key, double fallback) const {
  const char* value = attribute(key);
  if (value == nullptr) return fallback;
  char* end = nullptr;
  const double number = std::strtod(value, &end);
  return end == value ? fallback : number;
}

const XmlElement* XmlElement::first_child(const char* tag) const {
  for (const XmlElement& child : children) {
    if (tag == nullptr || child.name == tag) return &child;
  }
  return nullptr;
}

const XmlElement* XmlElement::next_sibling(const char* tag) const {
  for (const XmlElement* sibling = next_; sibling != nullptr; sibling = sibling->next_) {
    if (tag == nullptr || sibling->name == tag) return sibling;
  }
  return nullptr;
}

void link_siblings(XmlElement& root) {
  root.next_ = nullptr;
  std::vector<XmlElement*> pending{&root};
  while (!pending.empty()) {
    XmlElement* element = pending.back();
    pending.pop_back();
    for (std::size_t c = 0; c < element->children.size(); ++c) {
      XmlElement& child = element->children[c];
      child.next_ = c + 1 < element->children.size() ? &element->children[c + 1] : nullptr;
      pending.push_back(&child);
    }
  }
}

}  // namespace contactlab

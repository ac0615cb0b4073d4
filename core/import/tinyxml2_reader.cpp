#include "import/tinyxml2_reader.h"

#include <tinyxml2.h>

namespace contactlab {
namespace {

// `source` and its descendants into `element`, without recursion: a document nested
// deeper than the stack could hold is read all the same.
void copy_tree(const tinyxml2::XMLElement* source_root, XmlElement& root) {
  std::vector<std::pair<const tinyxml2::XMLElement*, XmlElement*>> pending{{source_root, &root}};
  while (!pending.empty()) {
    const auto [source, element] = pending.back();
    pending.pop_back();
    element->name = source->Name();
    element->line = source->GetLineNum();
    for (const tinyxml2::XMLAttribute* attribute = source->FirstAttribute(); attribute != nullptr;
         attribute = attribute->Next()) {
      element->attributes.emplace_back(attribute->Name(), attribute->Value());
    }
    std::size_t child_count = 0;
    for (const tinyxml2::XMLNode* node = source->FirstChild(); node != nullptr; node = node->NextSibling()) {
      if (node->ToElement() != nullptr) ++child_count;
      if (const tinyxml2::XMLText* text = node->ToText()) element->text += text->Value();
    }
    element->children.resize(child_count);
    std::size_t c = 0;
    for (const tinyxml2::XMLElement* child = source->FirstChildElement(); child != nullptr;
         child = child->NextSiblingElement()) {
      pending.emplace_back(child, &element->children[c++]);
    }
  }
}

}  // namespace

Status parse_xml_with_tinyxml2(const std::string& text, XmlElement& root) {
  tinyxml2::XMLDocument document;
  if (document.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) {
    const std::string reason = document.ErrorStr() != nullptr ? document.ErrorStr() : "";
    return Status::failure("line " + std::to_string(document.ErrorLineNum()) + ": malformed XML (" +
                           document.ErrorName() + ")" + (reason.empty() ? "" : ": " + reason));
  }
  const tinyxml2::XMLElement* source = document.RootElement();
  if (source == nullptr) return Status::failure("line 1: malformed XML (no root element)");
  XmlElement read;
  copy_tree(source, read);
  link_siblings(read);
  root = std::move(read);
  return Status::success();
}

}  // namespace contactlab

// libFuzzer target: the XML tree the page hands the import module as JSON after the
// browser's DOMParser read a URDF or COLLADA file (core/import/xml_tree_json.h; the page
// writes it in web/src/open/xml_tree.js, wasm/import/page_robot_source.cpp reads it as
// here). The text is parsed as the module parses it; a tree is read, or refused with a
// message naming an element's path and the root left as it was. A tree read has a name
// on every element, is at most kMaxXmlDepth deep, and each element's children are
// reached by first_child/next_sibling in order.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "import/xml_tree_json.h"

namespace {

void check_tree(const contactlab::XmlElement& root) {
  std::vector<std::pair<const contactlab::XmlElement*, std::size_t>> pending{{&root, 1}};
  while (!pending.empty()) {
    const auto [element, depth] = pending.back();
    pending.pop_back();
    if (element->name.empty() || element->line < 0 || depth > contactlab::kMaxXmlDepth) std::abort();
    const contactlab::XmlElement* linked = element->first_child();
    for (const contactlab::XmlElement& child : element->children) {
      if (linked != &child) std::abort();
      linked = linked->next_sibling();
      pending.emplace_back(&child, depth + 1);
    }
    if (linked != nullptr) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(bytes), size);
  const nlohmann::json tree = nlohmann::json::parse(text, nullptr, false);
  if (tree.is_discarded()) return 0;
  contactlab::XmlElement root;
  root.name = "unread";
  const contactlab::Status status = contactlab::xml_tree_from_json(tree, root);
  if (!status.ok()) {
    if (status.message().rfind("element /", 0) != 0 || root.name != "unread" || !root.children.empty()) std::abort();
    return 0;
  }
  check_tree(root);
  return 0;
}

#include "import/xml_tree_json.h"

#include <limits>
#include <string>
#include <vector>

namespace contactlab {
namespace {

// An element met: its JSON, where it is read into, its parent (an index into the
// elements met; the root is its own) and its place among the parent's children.
struct Met {
  const nlohmann::json* json;
  XmlElement* element;
  std::size_t parent;
  std::size_t place;  // 1-based
  std::size_t depth;
};

std::string name_in(const nlohmann::json& json) {
  return json.is_object() && json.contains("name") && json["name"].is_string() ? json["name"].get<std::string>() : "?";
}

// "/robot/link[2]/visual[1]", made only for a message: a path kept for every element
// would cost its length times the number of elements.
std::string path_of(const std::vector<Met>& met, std::size_t index) {
  std::vector<std::string> steps;
  for (std::size_t at = index;; at = met[at].parent) {
    steps.push_back("/" + name_in(*met[at].json) + (at == 0 ? "" : "[" + std::to_string(met[at].place) + "]"));
    if (at == 0) break;
  }
  std::string path;
  for (auto step = steps.rbegin(); step != steps.rend(); ++step) path += *step;
  return path;
}

// Reads met[index]'s own fields, and queues its children (their indices onto `pending`).
Status read_element(std::vector<Met>& met, std::size_t index, std::vector<std::size_t>& pending) {
  const Met at = met[index];
  const nlohmann::json& json = *at.json;
  const auto fail = [&](const std::string& message) {
    return Status::failure("element " + path_of(met, index) + ": " + message);
  };
  if (!json.is_object()) return fail("must be an object");
  const auto name = json.find("name");
  if (name == json.end() || !name->is_string() || name->get_ref<const std::string&>().empty()) {
    return fail("\"name\" must be a non-empty string");
  }
  XmlElement& element = *at.element;
  element.name = name->get<std::string>();
  if (const auto line = json.find("line"); line != json.end()) {
    if (!line->is_number_integer() || *line < 0 || *line > std::numeric_limits<int>::max()) {
      return fail("\"line\" must be a whole number >= 0");
    }
    element.line = line->get<int>();
  }
  if (const auto text = json.find("text"); text != json.end()) {
    if (!text->is_string()) return fail("\"text\" must be a string");
    element.text = text->get<std::string>();
  }
  if (const auto attributes = json.find("attributes"); attributes != json.end()) {
    if (!attributes->is_array()) return fail("\"attributes\" must be an array of [name, value]");
    for (const nlohmann::json& pair : *attributes) {
      if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_string()) {
        return fail("\"attributes\": each must be [name, value], two strings");
      }
      element.attributes.emplace_back(pair[0].get<std::string>(), pair[1].get<std::string>());
    }
  }
  if (const auto children = json.find("children"); children != json.end()) {
    if (!children->is_array()) return fail("\"children\" must be an array of elements");
    if (!children->empty() && at.depth + 1 >= kMaxXmlDepth) {
      return fail("the tree is deeper than " + std::to_string(kMaxXmlDepth) + " elements");
    }
    element.children.resize(children->size());
    for (std::size_t c = 0; c < children->size(); ++c) {
      pending.push_back(met.size());
      met.push_back({&(*children)[c], &element.children[c], index, c + 1, at.depth + 1});
    }
  }
  return Status::success();
}

}  // namespace

Status xml_tree_from_json(const nlohmann::json& json, XmlElement& root) {
  XmlElement read;
  std::vector<Met> met{{&json, &read, 0, 1, 0}};
  std::vector<std::size_t> pending{0};
  while (!pending.empty()) {
    const std::size_t index = pending.back();
    pending.pop_back();
    CONTACTLAB_RETURN_IF_ERROR(read_element(met, index, pending));
  }
  link_siblings(read);
  root = std::move(read);
  return Status::success();
}

}  // namespace contactlab

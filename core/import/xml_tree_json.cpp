#include "import/xml_tree_json.h"

#include <limits>

namespace contactlab {
namespace {

struct Pending {
  const nlohmann::json* json;
  XmlElement* element;
  std::string path;
  std::size_t depth;
};

Status read_element(const Pending& at, std::vector<Pending>& pending) {
  const nlohmann::json& json = *at.json;
  const std::string where = "element " + at.path + ": ";
  if (!json.is_object()) return Status::failure(where + "must be an object");
  const auto name = json.find("name");
  if (name == json.end() || !name->is_string() || name->get_ref<const std::string&>().empty()) {
    return Status::failure(where + "\"name\" must be a non-empty string");
  }
  XmlElement& element = *at.element;
  element.name = name->get<std::string>();
  if (const auto line = json.find("line"); line != json.end()) {
    if (!line->is_number_integer() || *line < 0 || *line > std::numeric_limits<int>::max()) {
      return Status::failure(where + "\"line\" must be a whole number >= 0");
    }
    element.line = line->get<int>();
  }
  if (const auto text = json.find("text"); text != json.end()) {
    if (!text->is_string()) return Status::failure(where + "\"text\" must be a string");
    element.text = text->get<std::string>();
  }
  if (const auto attributes = json.find("attributes"); attributes != json.end()) {
    if (!attributes->is_array()) return Status::failure(where + "\"attributes\" must be an array of [name, value]");
    for (const nlohmann::json& pair : *attributes) {
      if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_string()) {
        return Status::failure(where + "\"attributes\": each must be [name, value], two strings");
      }
      element.attributes.emplace_back(pair[0].get<std::string>(), pair[1].get<std::string>());
    }
  }
  if (const auto children = json.find("children"); children != json.end()) {
    if (!children->is_array()) return Status::failure(where + "\"children\" must be an array of elements");
    if (!children->empty() && at.depth + 1 >= kMaxXmlDepth) {
      return Status::failure(where + "the tree is deeper than " + std::to_string(kMaxXmlDepth) + " elements");
    }
    element.children.resize(children->size());
    for (std::size_t c = 0; c < children->size(); ++c) {
      const nlohmann::json& child = (*children)[c];
      const std::string child_name =
          child.is_object() && child.contains("name") && child["name"].is_string() ? child["name"].get<std::string>() : "?";
      pending.push_back({&child, &element.children[c], at.path + "/" + child_name + "[" + std::to_string(c + 1) + "]",
                         at.depth + 1});
    }
  }
  return Status::success();
}

}  // namespace

Status xml_tree_from_json(const nlohmann::json& json, XmlElement& root) {
  XmlElement read;
  const std::string root_name = json.is_object() && json.contains("name") && json["name"].is_string()
                                    ? json["name"].get<std::string>()
                                    : "?";
  std::vector<Pending> pending{{&json, &read, "/" + root_name, 0}};
  while (!pending.empty()) {
    const Pending at = pending.back();
    pending.pop_back();
    CONTACTLAB_RETURN_IF_ERROR(read_element(at, pending));
  }
  link_siblings(read);
  root = std::move(read);
  return Status::success();
}

}  // namespace contactlab

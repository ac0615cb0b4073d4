#include "page_robot_source.h"

#include <nlohmann/json.hpp>

#include "import/xml_tree_json.h"

namespace contactlab {

std::string PageRobotSource::locate(const std::string& filename) const {
  return files_.call<std::string>("locate", filename);
}

bool PageRobotSource::exists(const std::string& path) const { return files_.call<bool>("exists", path); }

Status PageRobotSource::read(const std::string& path, std::size_t max_bytes, const std::string& kind,
                             std::string& bytes) const {
  const emscripten::val data = files_.call<emscripten::val>("read", path);
  if (data.isNull() || data.isUndefined()) return Status::failure(path + ": cannot open the file");
  const std::size_t size = data["length"].as<std::size_t>();
  if (size > max_bytes) {
    return Status::failure(path + ": " + kind + " must be at most " + std::to_string(max_bytes) + " bytes");
  }
  std::string read(size, '\0');
  // One copy from the JS array into the string's bytes.
  emscripten::val(emscripten::typed_memory_view(size, reinterpret_cast<unsigned char*>(read.data())))
      .call<void>("set", data);
  bytes = std::move(read);
  return Status::success();
}

Status PageRobotSource::parse_xml(const std::string& text, XmlElement& root) const {
  const std::string tree_text = files_.call<std::string>("parseXml", text);
  const nlohmann::json tree = nlohmann::json::parse(tree_text, nullptr, false);
  if (tree.is_discarded()) return Status::failure("line 0: the page's XML reader gave no tree");
  if (tree.is_object() && tree.contains("error") && tree["error"].is_string()) {
    return Status::failure(tree["error"].get<std::string>());
  }
  return xml_tree_from_json(tree, root);
}

}  // namespace contactlab

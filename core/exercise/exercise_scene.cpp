#include "exercise/exercise_scene.h"

namespace contactlab {
namespace {

// A scene nests at most 16 deep (scene_loader.cpp).
constexpr std::size_t kMaxSceneDepth = 16;

// One reference token of a pointer, ~1 and ~0 unescaped; false for a bad escape.
bool unescape_token(const std::string& token, std::string& name) {
  name.clear();
  for (std::size_t i = 0; i < token.size(); ++i) {
    if (token[i] != '~') {
      name += token[i];
      continue;
    }
    if (i + 1 >= token.size() || (token[i + 1] != '0' && token[i + 1] != '1')) return false;
    name += token[++i] == '0' ? '~' : '/';
  }
  return true;
}

// An array index token: "0" or digits without a leading zero.
bool array_index(const std::string& token, std::size_t& index) {
  if (token.empty() || token.size() > 9 || (token.size() > 1 && token[0] == '0')) return false;
  index = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return false;
    index = index * 10 + static_cast<std::size_t>(c - '0');
  }
  return true;
}

double command_time(const Json& command) {
  return command.contains("time") && command["time"].is_number() ? command["time"].get<double>() : 0;
}

// Inserts `command` after every command of `timeline` that does not come later.
void merge_command(Json& timeline, const Json& command) {
  const double time = command_time(command);
  std::size_t at = timeline.size();
  while (at > 0 && command_time(timeline[at - 1]) > time) --at;
  timeline.insert(timeline.begin() + static_cast<std::ptrdiff_t>(at), command);
}

Status write_parameters(const Exercise& exercise, const Settings& settings, Json& scene) {
  for (const auto& [name, value] : settings.parameters) {
    for (const Parameter& parameter : exercise.parameters) {
      if (parameter.name != name) continue;
      for (const ParameterTarget& target : parameter.targets) {
        Json* place = find_pointer(scene, target.pointer);
        if (place == nullptr || !place->is_number()) {
          return Status::failure("parameter " + contactlab::quoted(name) + ": the scene has no number at " +
                                 target.pointer);
        }
        *place = target.offset + target.scale * value;
      }
    }
  }
  return Status::success();
}

}  // namespace

Json* find_pointer(Json& document, const std::string& pointer) {
  if (pointer.empty()) return &document;
  if (pointer[0] != '/') return nullptr;
  Json* at = &document;
  std::size_t start = 1;
  while (true) {
    const std::size_t end = pointer.find('/', start);
    std::string name;
    if (!unescape_token(pointer.substr(start, end == std::string::npos ? std::string::npos : end - start), name)) {
      return nullptr;
    }
    if (at->is_object()) {
      const auto found = at->find(name);
      if (found == at->end()) return nullptr;
      at = &*found;
    } else if (at->is_array()) {
      std::size_t index = 0;
      if (!array_index(name, index) || index >= at->size()) return nullptr;
      at = &(*at)[index];
    } else {
      return nullptr;
    }
    if (end == std::string::npos) return at;
    start = end + 1;
  }
}

Status scene_with_settings(const Exercise& exercise, const Settings& first, const Settings& second,
                           std::string& scene_text, std::vector<std::pair<std::string, double>>& options) {
  Json scene;
  CONTACTLAB_RETURN_IF_ERROR(parse_json(exercise.scene_text, kMaxSceneDepth, scene));
  // (parameters) => numbers of the scene; the second settings' values win
  CONTACTLAB_RETURN_IF_ERROR(write_parameters(exercise, first, scene));
  CONTACTLAB_RETURN_IF_ERROR(write_parameters(exercise, second, scene));
  // (commands) => the timeline, by time; of equal times the scene's first
  if (!first.commands.empty() || !second.commands.empty()) {
    if (!scene.contains("timeline")) scene["timeline"] = Json::array();
    Json& timeline = scene["timeline"];
    if (!timeline.is_array()) return Status::failure("the scene's timeline is not an array");
    for (const Json& command : first.commands) merge_command(timeline, command);
    for (const Json& command : second.commands) merge_command(timeline, command);
  }
  scene_text = scene.dump();
  options = first.options;
  options.insert(options.end(), second.options.begin(), second.options.end());
  return Status::success();
}

}  // namespace contactlab

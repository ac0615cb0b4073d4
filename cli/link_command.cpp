// contactlab link SCENE [--set KEY=VALUE]... [--time T]
#include <cmath>
#include <utility>

#include "arguments.h"
#include "base/number_text.h"
#include "base/options.h"
#include "builtin_scenes.h"
#include "commands.h"
#include "link_codec.h"
#include "scene/json_fields.h"
#include "scene/scene_loader.h"
#include "session/link_payload.h"

namespace contactlab {
namespace {

constexpr double kMaxLinkTime = 3600;  // [s]

struct LinkArguments {
  std::string scene;
  std::vector<std::pair<std::string, double>> settings;
  double time = 0;
};

Status parse_link_arguments(const std::vector<std::string>& args, LinkArguments& parsed) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--set" || arg == "--time") {
      if (i + 1 >= args.size()) return Status::failure(arg + ": missing value");
      const std::string& value = args[++i];
      if (arg == "--time") {
        CONTACTLAB_RETURN_IF_ERROR(parse_number(arg, value, parsed.time));
        if (parsed.time < 0 || parsed.time > kMaxLinkTime) {
          return Status::failure("--time: must be in [0, 3600] s, got " + value);
        }
      } else {
        std::string key;
        double number = 0;
        CONTACTLAB_RETURN_IF_ERROR(parse_assignment(value, key, number));
        parsed.settings.emplace_back(key, number);
      }
    } else if (!arg.empty() && arg[0] == '-') {
      return Status::failure(arg + ": unknown flag (allowed: --set, --time)");
    } else if (parsed.scene.empty()) {
      parsed.scene = arg;
    } else {
      return Status::failure(arg + ": unexpected argument (one SCENE only)");
    }
  }
  if (parsed.scene.empty()) return Status::failure("SCENE: missing scene file or built-in scene name");
  return Status::success();
}

// The canonical name of an option given by name or by the seed's symbol.
std::string canonical_option_name(const std::string& name) {
  for (const OptionDescription& description : option_descriptions()) {
    if (description.name == name) return name;
    for (const std::string& alias : description.aliases) {
      if (alias == name) return description.name;
    }
  }
  return name;
}

}  // namespace

int run_link_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  LinkArguments parsed;
  LinkPayload payload;
  std::string scene_text;
  Status status = parse_link_arguments(args, parsed);
  if (status.ok()) {
    if (const BuiltinScene* builtin = find_builtin_scene(parsed.scene)) {
      payload.scene.builtin = builtin->name;
      scene_text = builtin->text;
    } else {
      status = read_scene_file(parsed.scene, scene_text);
      if (!status.ok()) {
        status = Status::failure(status.message() + " (nor is it a built-in scene: " + builtin_scene_names() + ")");
      }
    }
  }
  Model model;
  if (status.ok()) status = load_scene(scene_text, model);
  if (status.ok() && payload.scene.builtin.empty()) {
    Json document;
    status = parse_json(scene_text, 64, document);
    if (status.ok()) payload.scene.json = document.dump();
  }
  Options options = model.options;
  for (const auto& [key, value] : parsed.settings) {
    if (!status.ok()) break;
    status = set_option(options, key, value);
    if (!status.ok()) status = Status::failure("--set " + status.message());
    payload.options.emplace_back(canonical_option_name(key), value);
  }
  if (status.ok()) {
    payload.step = std::lround(parsed.time / options.time_step);
    if (payload.step > kMaxLinkStep) {
      status = Status::failure("--time: " + std::to_string(payload.step) + " steps of h = " +
                               describe_number(options.time_step) + " s; a link holds at most " +
                               std::to_string(kMaxLinkStep));
    }
  }
  std::string link;
  if (status.ok()) status = encode_link(write_link_payload(payload), link);
  if (!status.ok()) {
    err << "contactlab link: " << status.message() << '\n';
    return 2;
  }
  out << link << '\n';
  return 0;
}

}  // namespace contactlab

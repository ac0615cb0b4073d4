#include "exercise/answer_reader.h"

#include <algorithm>

#include "base/options.h"
#include "exercise/exercise_fields.h"
#include "exercise/exercise_scene.h"
#include "scene/option_fields.h"
#include "scene/scene_loader.h"

namespace contactlab {
namespace {

// An answer is a small document; the commands' objects nest a few levels more.
constexpr std::size_t kMaxAnswerDepth = 8;

// "between 0 and 1 m" for a parameter's, an option's or a numeric answer's bounds.
std::string bounds_text(const Bounds& bounds, const std::string& unit) {
  return "between " + describe_number(bounds.low) + " and " + describe_number(bounds.high) +
         (unit.empty() ? "" : " " + unit);
}

Status within_bounds(double value, const Bounds& bounds, const std::string& unit, const std::string& path) {
  if (bounds.contains(value)) return Status::success();
  return Status::failure(path + ": must be " + bounds_text(bounds, unit) + " in this exercise, got " +
                         describe_number(value));
}

// A number, then (a student's) within the exercise's bounds.
Status read_bounded(const Json& value, const std::string& path, const Bounds& bounds, const std::string& unit,
                    bool bounded, double& number) {
  if (!value.is_number()) return Status::failure(path + ": must be a number, got " + describe_json(value));
  if (bounded) CONTACTLAB_RETURN_IF_ERROR(within_bounds(value.get<double>(), bounds, unit, path));
  number = value.get<double>();
  return Status::success();
}

Status read_options(const Json& value, const std::string& path, const Exercise& exercise, bool forced,
                    Settings& settings) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  std::vector<std::string> open;
  for (const OptionPermission& permission : exercise.options) open.push_back(permission.name);
  for (const auto& item : value.items()) {
    const std::string item_path = child_path(path, item.key());
    CONTACTLAB_RETURN_IF_ERROR(read_option_name(item.key(), item_path));
    const auto permission = std::find_if(exercise.options.begin(), exercise.options.end(),
                                         [&](const OptionPermission& p) { return p.name == item.key(); });
    if (!forced && permission == exercise.options.end()) {
      return Status::failure(item_path + ": locked in this exercise (the options you may set: " + names_text(open) +
                             ")");
    }
    double number = 0;
    CONTACTLAB_RETURN_IF_ERROR(read_option_value(item.key(), item.value(), item_path, number));
    if (!forced) {
      const OptionDescription* description = nullptr;
      for (const OptionDescription& d : option_descriptions()) {
        if (d.name == item.key()) description = &d;
      }
      CONTACTLAB_RETURN_IF_ERROR(within_bounds(number, permission->bounds, description->unit, item_path));
    }
    settings.options.emplace_back(item.key(), number);
  }
  return Status::success();
}

Status read_parameters(const Json& value, const std::string& path, const Exercise& exercise, bool forced,
                       Settings& settings) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  std::vector<std::string> names;
  for (const Parameter& parameter : exercise.parameters) names.push_back(parameter.name);
  for (const auto& item : value.items()) {
    const std::string item_path = child_path(path, item.key());
    const auto parameter = std::find_if(exercise.parameters.begin(), exercise.parameters.end(),
                                        [&](const Parameter& p) { return p.name == item.key(); });
    if (parameter == exercise.parameters.end()) {
      return Status::failure(item_path + ": unknown parameter (this exercise's: " + names_text(names) + ")");
    }
    double number = 0;
    CONTACTLAB_RETURN_IF_ERROR(
        read_bounded(item.value(), item_path, parameter->bounds, parameter->unit, !forced, number));
    settings.parameters.emplace_back(item.key(), number);
  }
  return Status::success();
}

// Timeline commands in the scene format; a student's within the exercise's kinds,
// articulations, times and count. The rest of each command is checked when the
// scene with them is loaded.
Status read_commands(const Json& value, const std::string& path, const Exercise& exercise, bool forced,
                     Settings& settings) {
  const CommandPermission& allowed = exercise.commands;
  if (!forced && allowed.max_count == 0) {
    return Status::failure(path + ": this exercise takes no timeline commands");
  }
  const std::size_t most = forced ? 64 : static_cast<std::size_t>(allowed.max_count);
  CONTACTLAB_RETURN_IF_ERROR(expect_array(value, path, 0, most, "timeline commands"));
  double earliest = 0;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string command_path = element_path(path, i);
    const Json& command = value[i];
    CONTACTLAB_RETURN_IF_ERROR(expect_object(command, command_path));
    const FieldReader fields(command, command_path);
    CONTACTLAB_RETURN_IF_ERROR(fields.require("time"));
    CONTACTLAB_RETURN_IF_ERROR(fields.require("command"));
    CONTACTLAB_RETURN_IF_ERROR(fields.require("articulation"));
    const NumberRange times = forced ? NumberRange{0, 3600, true, true, "s"}
                                     : NumberRange{allowed.time.low, allowed.time.high, true, true, "s"};
    double time = 0;
    CONTACTLAB_RETURN_IF_ERROR(fields.number("time", times, time));
    if (time < earliest) {
      return Status::failure(fields.path_of("time") + ": must not be before the previous command's, " +
                             describe_number(earliest) + " s");
    }
    earliest = time;
    if (!forced) {
      const std::string kind = command.at("command").is_string() ? command.at("command").get<std::string>() : "";
      if (std::find(allowed.kinds.begin(), allowed.kinds.end(), kind) == allowed.kinds.end()) {
        return Status::failure(fields.path_of("command") + ": must be one of " + names_text(allowed.kinds) +
                               " in this exercise, got " + describe_json(command.at("command")));
      }
      const Json& articulation = command.at("articulation");
      const std::string name = articulation.is_string() ? articulation.get<std::string>() : "";
      if (std::find(allowed.articulations.begin(), allowed.articulations.end(), name) == allowed.articulations.end()) {
        return Status::failure(fields.path_of("articulation") + ": must be one of " +
                               names_text(allowed.articulations) + " in this exercise, got " +
                               describe_json(articulation));
      }
    }
    settings.commands.push_back(command);
  }
  return Status::success();
}

Status read_numeric_answers(const Json& value, const std::string& path, const Exercise& exercise,
                            std::vector<std::pair<std::string, double>>& answers) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  std::vector<std::string> names;
  for (const AnswerSlot& slot : exercise.answers) names.push_back(slot.name);
  for (const auto& item : value.items()) {
    const std::string item_path = child_path(path, item.key());
    const auto slot = std::find_if(exercise.answers.begin(), exercise.answers.end(),
                                   [&](const AnswerSlot& s) { return s.name == item.key(); });
    if (slot == exercise.answers.end()) {
      return Status::failure(item_path + ": this exercise asks no such question (its answers: " + names_text(names) +
                             ")");
    }
    double number = 0;
    CONTACTLAB_RETURN_IF_ERROR(read_bounded(item.value(), item_path, slot->bounds, slot->unit, true, number));
    answers.emplace_back(item.key(), number);
  }
  return Status::success();
}

Status scene_loads(const Exercise& exercise, const Settings& settings) {
  std::string scene_text;
  std::vector<std::pair<std::string, double>> options;
  Model model;
  CONTACTLAB_RETURN_IF_ERROR(scene_with_settings(exercise, settings, Settings{}, scene_text, options));
  return load_scene(scene_text, model);
}

// The scene loader's message about a timeline command, "timeline[3].speed: must be ...",
// from the command on: ".speed: must be ...".
std::string timeline_field(const std::string& message) {
  const std::size_t close = message.find(']');
  if (message.rfind("timeline[", 0) == 0 && close != std::string::npos) return message.substr(close + 1);
  return ": " + message;
}

}  // namespace

Status read_settings(const Json& value, const std::string& path, const Exercise& exercise, bool forced,
                     Settings& settings) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields({"options", "parameters", "commands"}, "settings"));
  Settings read;
  if (fields.has("options")) {
    CONTACTLAB_RETURN_IF_ERROR(read_options(fields.at("options"), fields.path_of("options"), exercise, forced, read));
  }
  if (fields.has("parameters")) {
    CONTACTLAB_RETURN_IF_ERROR(
        read_parameters(fields.at("parameters"), fields.path_of("parameters"), exercise, forced, read));
  }
  if (fields.has("commands")) {
    CONTACTLAB_RETURN_IF_ERROR(
        read_commands(fields.at("commands"), fields.path_of("commands"), exercise, forced, read));
  }
  // (each command) => the scene's timeline rules, named at the command
  for (std::size_t i = 0; i < read.commands.size(); ++i) {
    Settings alone;
    alone.commands.push_back(read.commands[i]);
    const Status loaded = scene_loads(exercise, alone);
    if (!loaded.ok()) {
      return Status::failure(element_path(child_path(path, "commands"), i) + timeline_field(loaded.message()));
    }
  }
  // (settings) => the scene with all of them loads (a parameter's effect, too)
  const Status loaded = scene_loads(exercise, read);
  if (!loaded.ok()) {
    return Status::failure(path + ": the exercise's scene does not load with these settings: " + loaded.message());
  }
  settings = std::move(read);
  return Status::success();
}

Status read_answer_object(const Json& value, const std::string& path, const Exercise& exercise, bool embedded,
                          const std::vector<const char*>& extra_fields, Answer& answer) {
  if (!value.is_object()) {
    return Status::failure((path.empty() ? "the answer" : path) + ": must be a JSON object, got " +
                           describe_json(value));
  }
  const FieldReader fields(value, path);
  std::vector<const char*> allowed = {"exercise", "settings", "answers"};
  allowed.insert(allowed.end(), extra_fields.begin(), extra_fields.end());
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields(allowed, "an answer"));
  Answer read;
  if (!embedded) CONTACTLAB_RETURN_IF_ERROR(fields.require("exercise"));
  read.exercise = exercise.name;
  if (fields.has("exercise")) {
    std::string name;
    CONTACTLAB_RETURN_IF_ERROR(fields.identifier("exercise", name));
    if (name != exercise.name) {
      return Status::failure(fields.path_of("exercise") + ": this answer is for the exercise " +
                             contactlab::quoted(name) + ", not " + contactlab::quoted(exercise.name));
    }
  }
  if (fields.has("settings")) {
    CONTACTLAB_RETURN_IF_ERROR(
        read_settings(fields.at("settings"), fields.path_of("settings"), exercise, false, read.settings));
  }
  if (fields.has("answers")) {
    CONTACTLAB_RETURN_IF_ERROR(
        read_numeric_answers(fields.at("answers"), fields.path_of("answers"), exercise, read.answers));
  }
  answer = std::move(read);
  return Status::success();
}

std::string answer_size_message() {
  return "the answer must be at most " + std::to_string(kMaxAnswerBytes) + " bytes";
}

Status read_answer(const std::string& json_text, const Exercise& exercise, Answer& answer) {
  if (json_text.size() > kMaxAnswerBytes) {
    return Status::failure(answer_size_message());
  }
  Json document;
  CONTACTLAB_RETURN_IF_ERROR(parse_json(json_text, kMaxAnswerDepth, document));
  return read_answer_object(document, "", exercise, false, {}, answer);
}

}  // namespace contactlab

#include "session/link_payload.h"

#include <cmath>

#include "base/options.h"
#include "scene/json_fields.h"
#include "scene/option_fields.h"
#include "scene/option_json.h"

namespace contactlab {
namespace {

// A scene nests at most 16 deep (scene_loader.cpp); the payload adds three levels.
constexpr std::size_t kMaxPayloadDepth = 20;
constexpr NumberRange kActionValueRange{-1e6, 1e6, true, true, ""};
constexpr NumberRange kJogRange{-10, 10, true, true, "m"};
constexpr NumberRange kCameraRange{-1e4, 1e4, true, true, "m"};
constexpr NumberRange kDragRange{-1e4, 1e4, true, true, "m"};

// Three coordinates from value[first] on, each within kDragRange.
Status read_drag_point(const Json& value, const std::string& path, std::size_t first, Vec3& point) {
  for (int axis = 0; axis < 3; ++axis) {
    CONTACTLAB_RETURN_IF_ERROR(read_number(value[first + axis], element_path(path, first + axis), kDragRange, point[axis]));
  }
  return Status::success();
}

Status read_options(const Json& value, const std::string& path,
                    std::vector<std::pair<std::string, double>>& options) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  for (const auto& item : value.items()) {
    const std::string item_path = child_path(path, item.key());
    CONTACTLAB_RETURN_IF_ERROR(read_option_name(item.key(), item_path));
    double number = 0;
    CONTACTLAB_RETURN_IF_ERROR(read_option_value(item.key(), item.value(), item_path, number));
    options.emplace_back(item.key(), number);
  }
  return Status::success();
}

// A choice option's word (the ghost's formulation or coordinates).
Status read_choice(const Json& value, const std::string& path, const char* option, std::string& word) {
  double number = 0;
  if (!value.is_string()) {
    return Status::failure(path + ": must be a word of the option " + option + ", got " + describe_json(value));
  }
  CONTACTLAB_RETURN_IF_ERROR(option_status_at(
      option_value_of_word(option, value.get_ref<const std::string&>(), number), option, path));
  word = value.get<std::string>();
  return Status::success();
}

// "compare": a formulation, or {"formulation": F, "coordinates": C}.
Status read_compare(const Json& value, const std::string& path, LinkCompare& compare) {
  if (value.is_string()) return read_choice(value, path, "formulation", compare.formulation);
  if (!value.is_object()) {
    return Status::failure(path + ": must be the ghost's formulation or {\"formulation\": F, \"coordinates\": C}, got " +
                           describe_json(value));
  }
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields({"formulation", "coordinates"}, "compare mode"));
  CONTACTLAB_RETURN_IF_ERROR(fields.require("formulation"));
  CONTACTLAB_RETURN_IF_ERROR(
      read_choice(fields.at("formulation"), fields.path_of("formulation"), "formulation", compare.formulation));
  if (!fields.has("coordinates")) return Status::success();
  return read_choice(fields.at("coordinates"), fields.path_of("coordinates"), "coordinates", compare.coordinates);
}

Status read_step(const Json& value, const std::string& path, long lowest, long& step) {
  const NumberRange range{static_cast<double>(lowest), static_cast<double>(kMaxLinkStep), true, true, "steps"};
  double number = 0;
  CONTACTLAB_RETURN_IF_ERROR(read_number(value, path, range, number));
  if (number != std::floor(number)) {
    return Status::failure(path + ": must be a whole number of steps, got " + describe_json(value));
  }
  step = static_cast<long>(number);
  return Status::success();
}

// [step, kind, ...arguments]; `earliest` keeps the journal in step order.
Status read_action(const Json& value, const std::string& path, long earliest, SessionAction& action) {
  const char* forms =
      "[step, \"option\", name, value], [step, \"target\", articulation, link, position], "
      "[step, \"command\", articulation, kind], [step, \"jog\", articulation, link, dx, dy, dz], "
      "[step, \"ghost\", formulation], [step, \"ghost_coordinates\", coordinates], "
      "[step, \"drag\", body, px, py, pz, tx, ty, tz], [step, \"drag_target\", tx, ty, tz] or [step, \"release\"]";
  if (!value.is_array() || value.size() < 2 || !value[1].is_string()) {
    return Status::failure(path + ": must be one of " + forms + ", got " + describe_json(value));
  }
  const std::string kind = value[1].get<std::string>();
  const std::size_t counts[] = {4, 5, 4, 7, 3, 3, 9, 5, 2};
  const char* kinds[] = {"option", "target", "command", "jog", "ghost", "ghost_coordinates", "drag", "drag_target",
                         "release"};
  int index = -1;
  for (int k = 0; k < 9; ++k) {
    if (kind == kinds[k]) index = k;
  }
  if (index < 0 || value.size() != counts[index]) {
    return Status::failure(path + ": must be one of " + forms + ", got " + describe_json(value));
  }
  CONTACTLAB_RETURN_IF_ERROR(read_step(value[0], element_path(path, 0), earliest, action.step));
  action.kind = static_cast<SessionActionKind>(index);
  switch (action.kind) {
    case SessionActionKind::Option:
      if (!value[2].is_string()) return Status::failure(element_path(path, 2) + ": must be an option's name");
      action.name = value[2].get<std::string>();
      CONTACTLAB_RETURN_IF_ERROR(read_option_name(action.name, element_path(path, 2)));
      return read_option_value(action.name, value[3], element_path(path, 3), action.value);
    case SessionActionKind::JointTarget:
      CONTACTLAB_RETURN_IF_ERROR(read_identifier(value[2], element_path(path, 2), action.articulation));
      CONTACTLAB_RETURN_IF_ERROR(read_identifier(value[3], element_path(path, 3), action.link));
      return read_number(value[4], element_path(path, 4), kActionValueRange, action.value);
    case SessionActionKind::Command: {
      CONTACTLAB_RETURN_IF_ERROR(read_identifier(value[2], element_path(path, 2), action.articulation));
      const bool known = value[3] == "autograsp" || value[3] == "open";
      if (!known) {
        return Status::failure(element_path(path, 3) + ": must be \"autograsp\" or \"open\", got " +
                               describe_json(value[3]));
      }
      action.name = value[3].get<std::string>();
      return Status::success();
    }
    case SessionActionKind::Jog:
      CONTACTLAB_RETURN_IF_ERROR(read_identifier(value[2], element_path(path, 2), action.articulation));
      CONTACTLAB_RETURN_IF_ERROR(read_identifier(value[3], element_path(path, 3), action.link));
      for (int axis = 0; axis < 3; ++axis) {
        CONTACTLAB_RETURN_IF_ERROR(
            read_number(value[4 + axis], element_path(path, 4 + axis), kJogRange, action.displacement[axis]));
      }
      return Status::success();
    case SessionActionKind::Ghost:
      return read_choice(value[2], element_path(path, 2), "formulation", action.name);
    case SessionActionKind::GhostCoordinates:
      return read_choice(value[2], element_path(path, 2), "coordinates", action.name);
    case SessionActionKind::Drag:
      CONTACTLAB_RETURN_IF_ERROR(read_identifier(value[2], element_path(path, 2), action.name));
      CONTACTLAB_RETURN_IF_ERROR(read_drag_point(value, path, 3, action.point));
      return read_drag_point(value, path, 6, action.target);
    case SessionActionKind::DragTarget:
      return read_drag_point(value, path, 2, action.target);
    case SessionActionKind::Release:
      return Status::success();
  }
  return Status::success();
}

Status read_view(const Json& value, const std::string& path, LinkView& view) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields({"camera", "follow", "plot"}, "the link's view"));
  if (fields.has("camera")) {
    const std::string camera_path = fields.path_of("camera");
    const Json& camera = fields.at("camera");
    CONTACTLAB_RETURN_IF_ERROR(expect_array(camera, camera_path, 6, 6, "number (position x, y, z, target x, y, z)"));
    for (int i = 0; i < 6; ++i) {
      double& coordinate = i < 3 ? view.camera_position[i] : view.camera_target[i - 3];
      CONTACTLAB_RETURN_IF_ERROR(read_number(camera[i], element_path(camera_path, i), kCameraRange, coordinate));
    }
    view.has_camera = true;
  }
  CONTACTLAB_RETURN_IF_ERROR(fields.identifier("follow", view.follow));
  if (fields.has("plot")) {
    const std::string plot_path = fields.path_of("plot");
    CONTACTLAB_RETURN_IF_ERROR(expect_array(fields.at("plot"), plot_path, 1, 2, "body name"));
    view.plot.resize(fields.at("plot").size());
    for (std::size_t i = 0; i < view.plot.size(); ++i) {
      CONTACTLAB_RETURN_IF_ERROR(read_identifier(fields.at("plot")[i], element_path(plot_path, i), view.plot[i]));
    }
  }
  return Status::success();
}

Status read_payload(const Json& document, LinkPayload& payload) {
  if (!document.is_object()) {
    return Status::failure("the payload must be a JSON object, got " + describe_json(document));
  }
  const FieldReader fields(document, "");
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields(
      {"scene", "options", "compare", "journal", "step", "playing", "view"}, "a link"));
  CONTACTLAB_RETURN_IF_ERROR(fields.require("scene"));
  CONTACTLAB_RETURN_IF_ERROR(read_link_scene(fields.at("scene"), "scene", payload.scene));
  if (fields.has("options")) CONTACTLAB_RETURN_IF_ERROR(read_options(fields.at("options"), "options", payload.options));
  if (fields.has("compare")) {
    LinkCompare compare;
    CONTACTLAB_RETURN_IF_ERROR(read_compare(fields.at("compare"), "compare", compare));
    payload.compare = compare;
  }
  if (fields.has("step")) CONTACTLAB_RETURN_IF_ERROR(read_step(fields.at("step"), "step", 0, payload.step));
  CONTACTLAB_RETURN_IF_ERROR(fields.boolean("playing", payload.playing));
  if (fields.has("journal")) {
    const Json& journal = fields.at("journal");
    CONTACTLAB_RETURN_IF_ERROR(expect_array(journal, "journal", 0, kMaxLinkActions, "action"));
    long earliest = 0;
    for (std::size_t i = 0; i < journal.size(); ++i) {
      SessionAction action;
      const std::string path = element_path("journal", i);
      CONTACTLAB_RETURN_IF_ERROR(read_action(journal[i], path, earliest, action));
      if (action.step > payload.step) {
        return Status::failure(element_path(path, 0) + ": the action's step " + std::to_string(action.step) +
                               " is after the link's step " + std::to_string(payload.step));
      }
      earliest = action.step;
      payload.journal.push_back(std::move(action));
    }
  }
  if (fields.has("view")) CONTACTLAB_RETURN_IF_ERROR(read_view(fields.at("view"), "view", payload.view));
  return Status::success();
}

Json action_json(const SessionAction& action) {
  switch (action.kind) {
    case SessionActionKind::Option:
      return Json::array({action.step, "option", action.name, option_json(action.name, action.value)});
    case SessionActionKind::JointTarget:
      return Json::array({action.step, "target", action.articulation, action.link, number_json(action.value)});
    case SessionActionKind::Command:
      return Json::array({action.step, "command", action.articulation, action.name});
    case SessionActionKind::Jog:
      return Json::array({action.step, "jog", action.articulation, action.link, number_json(action.displacement.x()),
                          number_json(action.displacement.y()), number_json(action.displacement.z())});
    case SessionActionKind::Ghost:
      return Json::array({action.step, "ghost", action.name});
    case SessionActionKind::GhostCoordinates:
      return Json::array({action.step, "ghost_coordinates", action.name});
    case SessionActionKind::Drag:
      return Json::array({action.step, "drag", action.name, number_json(action.point.x()), number_json(action.point.y()),
                          number_json(action.point.z()), number_json(action.target.x()),
                          number_json(action.target.y()), number_json(action.target.z())});
    case SessionActionKind::DragTarget:
      return Json::array({action.step, "drag_target", number_json(action.target.x()), number_json(action.target.y()),
                          number_json(action.target.z())});
    case SessionActionKind::Release:
      return Json::array({action.step, "release"});
  }
  return Json();
}

}  // namespace

Status read_link_scene(const Json& value, const std::string& path, LinkScene& scene) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(
      fields.check_fields({"builtin", "changes", "json"}, "a scene (a built-in, with changes, or a whole scene)"));
  if (fields.has("json")) {
    CONTACTLAB_RETURN_IF_ERROR(fields.forbid("builtin", "beside \"json\" (a scene is one or the other)"));
    CONTACTLAB_RETURN_IF_ERROR(fields.forbid("changes", "beside \"json\" (changes apply to a built-in)"));
    CONTACTLAB_RETURN_IF_ERROR(expect_object(fields.at("json"), fields.path_of("json")));
    scene.json = fields.at("json").dump();
    return Status::success();
  }
  CONTACTLAB_RETURN_IF_ERROR(fields.require("builtin"));
  CONTACTLAB_RETURN_IF_ERROR(fields.identifier("builtin", scene.builtin));
  if (fields.has("changes")) {
    CONTACTLAB_RETURN_IF_ERROR(expect_object(fields.at("changes"), fields.path_of("changes")));
    scene.changes = fields.at("changes").dump();
  }
  return Status::success();
}

Status read_link_payload(const std::string& json_text, LinkPayload& payload) {
  Json document;
  const Status parsed = parse_json(json_text, kMaxPayloadDepth, document);
  if (!parsed.ok()) return Status::failure("link: " + parsed.message());
  LinkPayload read;
  const Status status = read_payload(document, read);
  if (!status.ok()) return Status::failure("link: " + status.message());
  payload = std::move(read);
  return Status::success();
}

std::string write_link_payload(const LinkPayload& payload) {
  Json document = Json::object();
  Json& scene = document["scene"];
  if (payload.scene.builtin.empty()) {
    scene["json"] = Json::parse(payload.scene.json);
  } else {
    scene["builtin"] = payload.scene.builtin;
    if (!payload.scene.changes.empty()) scene["changes"] = Json::parse(payload.scene.changes);
  }
  if (!payload.options.empty()) {
    Json& options = document["options"];
    for (const auto& [name, value] : payload.options) options[name] = option_json(name, value);
  }
  if (payload.compare) {
    const LinkCompare& compare = *payload.compare;
    if (compare.coordinates.empty()) {
      document["compare"] = compare.formulation;
    } else {
      document["compare"] = {{"formulation", compare.formulation}, {"coordinates", compare.coordinates}};
    }
  }
  if (!payload.journal.empty()) {
    Json& journal = document["journal"] = Json::array();
    for (const SessionAction& action : payload.journal) journal.push_back(action_json(action));
  }
  if (payload.step != 0) document["step"] = payload.step;
  if (payload.playing) document["playing"] = true;
  const LinkView& view = payload.view;
  if (view.has_camera || !view.follow.empty() || !view.plot.empty()) {
    Json& out = document["view"];
    if (view.has_camera) {
      Json& camera = out["camera"] = Json::array();
      for (int i = 0; i < 3; ++i) camera.push_back(number_json(view.camera_position[i]));
      for (int i = 0; i < 3; ++i) camera.push_back(number_json(view.camera_target[i]));
    }
    if (!view.follow.empty()) out["follow"] = view.follow;
    if (!view.plot.empty()) out["plot"] = view.plot;
  }
  return document.dump();
}

Status link_scene_text(const LinkScene& scene, const std::string& builtin_text, std::string& text) {
  if (scene.builtin.empty()) {
    text = scene.json;
    return Status::success();
  }
  if (scene.changes.empty()) {
    text = builtin_text;
    return Status::success();
  }
  Json base;
  const Status parsed = parse_json(builtin_text, kMaxPayloadDepth, base);
  if (!parsed.ok()) return Status::failure("scene \"" + scene.builtin + "\": " + parsed.message());
  base.merge_patch(Json::parse(scene.changes));
  text = base.dump();
  return Status::success();
}

}  // namespace contactlab

// The payload a link carries (docs/links.md, "Payload"): the scene, the options in
// force at the start, compare mode, the user's actions step by step, how far the run
// had got and what the view showed. The page (web/src/link/) and `contactlab link` /
// `run --link` read and write this one format through these functions, so a link
// means the same everywhere.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/math_types.h"
#include "base/status.h"
#include "scene/json_fields.h"

namespace contactlab {

// The scene: a built-in by name, optionally with changes (an RFC 7386 merge patch
// against the built-in's JSON), or a whole scene as JSON text.
struct LinkScene {
  std::string builtin;  // empty when `json` holds the scene
  std::string changes;  // the merge patch as JSON text; empty: none
  std::string json;     // the whole scene as JSON text, when `builtin` is empty
};

// One user action, applied after `step` steps from the initial state.
enum class SessionActionKind {
  Option,       // set_option(name, value)
  JointTarget,  // set_joint_target(articulation, link, value)
  Command,      // command(articulation, name)
  Jog,          // jog(articulation, link, displacement)
  Ghost,             // compare mode's ghost switches to formulation `name`
  GhostCoordinates,  // compare mode's ghost switches to coordinates `name`
  Drag,        // drag(name: the body, point, target)
  DragTarget,  // move_drag_target(target)
  Release,     // release()
};

struct SessionAction {
  long step = 0;
  SessionActionKind kind = SessionActionKind::Option;
  std::string name;  // option name, command kind, the ghost's formulation or coordinates, or the dragged body
  std::string articulation;
  std::string link;
  double value = 0;  // option value or joint position
  Vec3 displacement = Vec3::Zero();
  Vec3 point = Vec3::Zero();   // a drag's grabbed point, world, at its step [m]
  Vec3 target = Vec3::Zero();  // a drag's target, world [m]
};

// What the page's view showed; the command line carries it through unchanged.
struct LinkView {
  bool has_camera = false;
  Vec3 camera_position = Vec3::Zero();
  Vec3 camera_target = Vec3::Zero();
  std::string follow;              // a body's name; empty: none
  std::vector<std::string> plot;   // the plotted pair's body names (2), or a group's (1)
};

// Compare mode at the start: what the ghost runs under.
struct LinkCompare {
  std::string formulation;
  std::string coordinates;  // empty: the page's at the start
};

struct LinkPayload {
  LinkScene scene;
  // Options set before the first step, in order, beyond the scene's own.
  std::vector<std::pair<std::string, double>> options;
  std::optional<LinkCompare> compare;  // when compare mode is on
  std::vector<SessionAction> journal;  // by step, in the order applied
  long step = 0;                       // the step the run had reached
  bool playing = false;
  LinkView view;
};

inline constexpr long kMaxLinkStep = 10000000;
inline constexpr std::size_t kMaxLinkActions = 10000;

// JSON text => payload. Every field is checked (names, types, ranges, option names and
// values against the option table, actions in step order no later than `step`); the
// message names the field and what is allowed. `payload` is written only on success.
Status read_link_payload(const std::string& json_text, LinkPayload& payload);

// A link's scene object at `path`: {"builtin": NAME}, with "changes" (a merge patch,
// an object), or {"json": SCENE}; the scene itself is checked when it is loaded. Also
// read by exercise files (docs/exercises.md), which name their scene the same way.
Status read_link_scene(const Json& value, const std::string& path, LinkScene& scene);

// Payload => JSON text, the shortest form read_link_payload reads back to the same
// payload (choice options by their word, every number to the last bit).
std::string write_link_payload(const LinkPayload& payload);

// The scene text to load: `builtin_text` (the built-in scene's JSON, ignored for a
// whole-scene link) with the link's changes merged in (RFC 7386).
Status link_scene_text(const LinkScene& scene, const std::string& builtin_text, std::string& text);

}  // namespace contactlab

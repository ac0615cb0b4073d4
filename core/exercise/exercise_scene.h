// The scene an exercise runs with settings: its parameters written into the scene's
// JSON at their pointers, the added timeline commands merged into its timeline by
// time, and the options to set after loading it. The exercise's scene itself (a
// built-in with a merge patch, or embedded) comes from session/link_payload.h's
// link_scene_text, as a link's does.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "base/status.h"
#include "exercise/exercise.h"
#include "scene/json_fields.h"

namespace contactlab {

// The value at a JSON Pointer (RFC 6901: "/articulations/0/links/2/joint/position",
// with ~1 for '/' and ~0 for '~' in names), or nullptr when there is none.
Json* find_pointer(Json& document, const std::string& pointer);

// The settings `first`, then `second` over them (a check's forced settings over the
// student's) => the scene's JSON text and the options to set once it is loaded, in
// order. Fails when a parameter's pointer holds no number (the readers have checked
// that it does in the exercise's scene).
Status scene_with_settings(const Exercise& exercise, const Settings& first, const Settings& second,
                           std::string& scene_text, std::vector<std::pair<std::string, double>>& options);

}  // namespace contactlab

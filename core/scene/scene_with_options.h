// A scene file with the options in force written into it: loaded by the command line
// or the page, it starts the run those options give (docs/scene_format.md, Options).
#pragma once

#include <string>

#include "base/options.h"
#include "base/status.h"

namespace contactlab {

// `scene_text` (a scene that loaded) with its `options` replaced by every option of
// `options`: choice options by their word, gravity as [gx, gy, gz], every number to
// the last bit. The other fields keep their order and values; the text is indented
// by two spaces. Fails only when `scene_text` is not a JSON object.
Status scene_with_options(const std::string& scene_text, const Options& options, std::string& text);

}  // namespace contactlab

// The "view" section of a scene file (docs/scene_format.md, "View"): what the page's
// camera keeps in view as the scene moves.
#pragma once

#include "base/status.h"
#include "dynamics/model.h"
#include "scene/json_fields.h"

namespace contactlab {

// Reads the scene's optional "view" into model.keep_in_view; the bodies and the
// articulations must already be read. Errors name the field's path and the allowed
// names.
Status read_view(const FieldReader& scene, Model& model);

}  // namespace contactlab

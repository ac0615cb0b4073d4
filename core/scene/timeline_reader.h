// The "timeline" section of a scene file (docs/scene_format.md, "Timeline").
#pragma once

#include "base/status.h"
#include "dynamics/model.h"
#include "scene/json_fields.h"

namespace contactlab {

// Reads the scene's optional "timeline" into model.timeline; the articulations must
// already be read. Errors name the field's path and the allowed values.
Status read_timeline(const FieldReader& scene, Model& model);

}  // namespace contactlab

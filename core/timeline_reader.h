// The "timeline" section of a scene file (docs/scene_format.md, "Timeline").
#pragma once

#include "json_fields.h"
#include "model.h"
#include "status.h"

namespace contactlab {

// Reads the scene's optional "timeline" into model.timeline; the articulations must
// already be read. Errors name the field's path and the allowed values.
Status read_timeline(const FieldReader& scene, Model& model);

}  // namespace contactlab

// Registers the free functions that describe the core's data to JavaScript: the
// option schema and the layouts of the flat record arrays (docs/option_schema.md).
#include <emscripten/bind.h>

#include "option_schema.h"
#include "record_layouts.h"

EMSCRIPTEN_BINDINGS(contactlab_schema) {
  emscripten::function("optionSchema", &contactlab::option_schema_json);
  emscripten::function("recordLayouts", &contactlab::record_layouts_json);
}

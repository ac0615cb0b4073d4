// Registers the link payload's reader (core/session/link_payload.h) so the page reads
// links by the same rules as `contactlab run --link` (docs/links.md).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "session/link_payload.h"

namespace contactlab {
namespace {

// JSON text => {error: "" or the message, payload: the payload as the core writes it
// (choice options by word, numbers exact), "" on error}.
emscripten::val read_link(const std::string& json_text) {
  LinkPayload payload;
  const Status status = read_link_payload(json_text, payload);
  emscripten::val result = emscripten::val::object();
  result.set("error", status.message());
  result.set("payload", status.ok() ? write_link_payload(payload) : std::string());
  return result;
}

// (payload JSON text read by readLink, the built-in scene's text or "") => {error, text}:
// the scene to load, the built-in with the link's changes merged in.
emscripten::val link_scene(const std::string& json_text, const std::string& builtin_text) {
  LinkPayload payload;
  std::string text;
  Status status = read_link_payload(json_text, payload);
  if (status.ok()) status = link_scene_text(payload.scene, builtin_text, text);
  emscripten::val result = emscripten::val::object();
  result.set("error", status.message());
  result.set("text", text);
  return result;
}

}  // namespace
}  // namespace contactlab

EMSCRIPTEN_BINDINGS(contactlab_link) {
  emscripten::function("readLink", &contactlab::read_link);
  emscripten::function("linkScene", &contactlab::link_scene);
}

// libFuzzer target: what a link brings from outside (docs/links.md, docs/exercises.md
// "Publishing"). The first byte picks the reader, the rest is its input:
//   0  a run link's fragment ("#v1.…"), decoded and its payload read;
//   1  an exercise link's fragment ("#x1.…"), decoded and read as an exercise without
//      its answer key;
//   2  a run link's payload as JSON text;
//   3  an exercise link's JSON text.
// A refusal must say why; the payload read is then written back as a link and read
// again, which must give the same text.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "exercise/exercise_reader.h"
#include "grade_files.h"
#include "link_codec.h"
#include "session/link_payload.h"

namespace {

void require_reason(const contactlab::Status& status) {
  if (!status.ok() && status.message().empty()) std::abort();
}

void read_run_payload(const std::string& json_text) {
  contactlab::LinkPayload payload;
  const contactlab::Status read = contactlab::read_link_payload(json_text, payload);
  require_reason(read);
  if (!read.ok()) return;
  // What was read travels again: encoding and decoding give back the text.
  std::string link;
  if (!contactlab::encode_link(json_text, link).ok()) return;  // over the cap after all
  std::string again;
  if (!contactlab::decode_link(link, again).ok() || again != json_text) std::abort();
}

void read_exercise_text(const std::string& json_text) {
  contactlab::Exercise exercise;
  require_reason(contactlab::read_exercise(json_text, contactlab::builtin_scene_text, exercise,
                                           contactlab::AnswerKey::Refused));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  if (size == 0) return 0;
  const std::string rest(reinterpret_cast<const char*>(bytes) + 1, size - 1);
  std::string json_text;
  switch (bytes[0] % 4) {
    case 0: {
      const contactlab::Status decoded = contactlab::decode_link(rest, json_text);
      require_reason(decoded);
      if (decoded.ok()) read_run_payload(json_text);
      break;
    }
    case 1: {
      const contactlab::Status decoded = contactlab::decode_link(rest, json_text, contactlab::LinkKind::Exercise);
      require_reason(decoded);
      if (decoded.ok()) read_exercise_text(json_text);
      break;
    }
    case 2:
      read_run_payload(rest);
      break;
    default:
      read_exercise_text(rest);
      break;
  }
  return 0;
}

// A link's transport, the same as the page's (web/src/link/link_codec.js,
// docs/links.md): `#v1.` followed by base64url (RFC 4648 §5, no padding) of the raw
// DEFLATE (RFC 1951, by zlib) of the payload's JSON text in UTF-8. An exercise link
// (docs/exercises.md, "Publishing") is the same transport under `#x1.`, carrying an
// exercise's JSON.
//
// Decoding checks the length before decoding and the inflated size while inflating,
// so a decompression bomb stops within one output buffer of the cap. What the JSON
// means is the payload's business; this only moves text.
#pragma once

#include <cstddef>
#include <string>

#include "base/status.h"

namespace contactlab {

constexpr int kLinkVersion = 1;
constexpr std::size_t kMaxLinkCompressedBytes = 64 * 1024;
constexpr std::size_t kMaxLinkInflatedBytes = 1024 * 1024;

// What a link carries: a run (`v`) or an exercise (`x`), its prefix's letter.
enum class LinkKind { Run, Exercise };

// JSON text => "#v1.…" (or "#x1.…"). Fails when the text or its compressed form is
// over its cap.
Status encode_link(const std::string& json_text, std::string& link, LinkKind kind = LinkKind::Run);

// A fragment ("#v1.…" or "v1.…", or the exercise's "x1.") or a whole URL holding one
// => the JSON text it carries (not yet parsed). Fails, saying what was wrong, on
// anything else.
Status decode_link(const std::string& link, std::string& json_text, LinkKind kind = LinkKind::Run);

}  // namespace contactlab

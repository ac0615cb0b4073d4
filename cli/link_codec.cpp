#include "link_codec.h"

#include <zlib.h>

#include <array>
#include <cstdint>
#include <vector>

namespace contactlab {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

Status link_error(const std::string& message) { return Status::failure("link: " + message); }

char letter_of(LinkKind kind) { return kind == LinkKind::Exercise ? 'x' : 'v'; }

// What the message of a link over its cap calls its payload.
std::string noun_of(LinkKind kind) { return kind == LinkKind::Exercise ? "the exercise" : "the state"; }

// "v1." or "x1."
std::string prefix_of(LinkKind kind) { return letter_of(kind) + std::to_string(kLinkVersion) + "."; }

std::string to_base64url(const std::vector<unsigned char>& bytes) {
  std::string text;
  text.reserve((bytes.size() * 4 + 2) / 3);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t left = bytes.size() - i;
    const std::uint32_t group = (std::uint32_t{bytes[i]} << 16) |
                                (left > 1 ? std::uint32_t{bytes[i + 1]} << 8 : 0) |
                                (left > 2 ? std::uint32_t{bytes[i + 2]} : 0);
    const int characters = left >= 3 ? 4 : static_cast<int>(left) + 1;
    for (int c = 0; c < characters; ++c) text += kAlphabet[(group >> (18 - 6 * c)) & 63];
  }
  return text;
}

int sextet(char character) {
  if (character >= 'A' && character <= 'Z') return character - 'A';
  if (character >= 'a' && character <= 'z') return character - 'a' + 26;
  if (character >= '0' && character <= '9') return character - '0' + 52;
  if (character == '-') return 62;
  if (character == '_') return 63;
  return -1;
}

Status from_base64url(const std::string& text, const std::string& prefix, std::vector<unsigned char>& bytes) {
  const std::size_t longest = (kMaxLinkCompressedBytes * 4 + 2) / 3;
  if (text.size() > longest) {
    return link_error("the data is " + std::to_string(text.size()) + " characters; at most " +
                      std::to_string(longest) + " (" + std::to_string(kMaxLinkCompressedBytes) +
                      " bytes) are allowed");
  }
  if (text.empty()) return link_error("no data after \"" + prefix + "\"");
  for (const char character : text) {
    if (sextet(character) < 0) {
      const std::string shown = character >= 0x20 && character < 0x7f ? std::string(1, character) : "a control or non-ASCII byte";
      return link_error("the data may hold only A-Z, a-z, 0-9, \"-\" and \"_\" (found \"" + shown + "\")");
    }
  }
  if (text.size() % 4 == 1) return link_error("the data is cut short (its length is not that of base64url)");
  bytes.clear();
  bytes.reserve(text.size() * 3 / 4);
  std::uint32_t group = 0;
  int bits = 0;
  for (const char character : text) {
    group = (group << 6) | static_cast<std::uint32_t>(sextet(character));
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push_back(static_cast<unsigned char>((group >> bits) & 0xff));
    }
  }
  return Status::success();
}

// Raw DEFLATE => bytes, stopping as soon as the output passes the cap.
Status inflate_bounded(std::vector<unsigned char>& compressed, std::string& text) {
  z_stream stream{};
  if (inflateInit2(&stream, -MAX_WBITS) != Z_OK) return link_error("the inflater could not start");
  stream.next_in = compressed.data();
  stream.avail_in = static_cast<uInt>(compressed.size());
  std::array<unsigned char, 16384> buffer;
  text.clear();
  int result = Z_OK;
  while (result == Z_OK) {
    stream.next_out = buffer.data();
    stream.avail_out = static_cast<uInt>(buffer.size());
    result = inflate(&stream, Z_NO_FLUSH);
    text.append(reinterpret_cast<const char*>(buffer.data()), buffer.size() - stream.avail_out);
    if (text.size() > kMaxLinkInflatedBytes) {
      inflateEnd(&stream);
      return link_error("the data inflates to more than " + std::to_string(kMaxLinkInflatedBytes) +
                        " bytes, the most allowed");
    }
    if (result == Z_BUF_ERROR && stream.avail_in == 0) break;  // input ran out mid-stream
  }
  const char* reason = stream.msg;
  inflateEnd(&stream);
  if (result == Z_STREAM_END) return Status::success();
  if (result == Z_BUF_ERROR || result == Z_OK) {
    return link_error("the data is cut short (the DEFLATE stream does not end)");
  }
  return link_error(std::string("the data is not valid DEFLATE (") + (reason ? reason : "zlib error") + ")");
}

bool is_utf8(const std::string& text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    int trailing = 0;
    std::uint32_t code = 0;
    if (lead < 0x80) {
      ++i;
      continue;
    }
    if (lead >= 0xc2 && lead <= 0xdf) {
      trailing = 1;
      code = lead & 0x1f;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      trailing = 2;
      code = lead & 0x0f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      trailing = 3;
      code = lead & 0x07;
    } else {
      return false;
    }
    if (i + trailing >= text.size()) return false;
    for (int t = 1; t <= trailing; ++t) {
      const auto next = static_cast<unsigned char>(text[i + t]);
      if ((next & 0xc0) != 0x80) return false;
      code = (code << 6) | (next & 0x3f);
    }
    const std::uint32_t smallest[] = {0, 0x80, 0x800, 0x10000};
    if (code < smallest[trailing] || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return false;
    i += trailing + 1;
  }
  return true;
}

}  // namespace

Status encode_link(const std::string& json_text, std::string& link, LinkKind kind) {
  if (json_text.size() > kMaxLinkInflatedBytes) {
    return link_error(noun_of(kind) + " is " + std::to_string(json_text.size()) + " bytes of JSON; at most " +
                      std::to_string(kMaxLinkInflatedBytes) + " are allowed");
  }
  z_stream stream{};
  if (deflateInit2(&stream, 9, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    return link_error("the compressor could not start");
  }
  std::vector<unsigned char> compressed(deflateBound(&stream, static_cast<uLong>(json_text.size())));
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(json_text.data()));
  stream.avail_in = static_cast<uInt>(json_text.size());
  stream.next_out = compressed.data();
  stream.avail_out = static_cast<uInt>(compressed.size());
  const int result = deflate(&stream, Z_FINISH);
  compressed.resize(stream.total_out);
  deflateEnd(&stream);
  if (result != Z_STREAM_END) return link_error("the compressor failed");
  if (compressed.size() > kMaxLinkCompressedBytes) {
    return link_error(noun_of(kind) + " compresses to " + std::to_string(compressed.size()) + " bytes; at most " +
                      std::to_string(kMaxLinkCompressedBytes) + " are allowed");
  }
  link = "#" + prefix_of(kind) + to_base64url(compressed);
  return Status::success();
}

Status decode_link(const std::string& link, std::string& json_text, LinkKind kind) {
  const std::size_t hash = link.find('#');
  const std::string fragment = hash == std::string::npos ? link : link.substr(hash + 1);
  const std::size_t dot = fragment.find('.');
  const std::string version = dot == std::string::npos ? "" : fragment.substr(0, dot);
  const char letter = letter_of(kind);
  const std::string prefix = prefix_of(kind);
  const bool numbered = version.size() > 1 && version[0] == letter &&
                        version.find_first_not_of("0123456789", 1) == std::string::npos;
  if (!numbered) {
    const std::string shown = fragment.size() > 12 ? fragment.substr(0, 12) + "..." : fragment;
    return link_error("the fragment must start with \"" + prefix + "\" (found \"" + shown + "\")");
  }
  if (version + "." != prefix) {
    return link_error("version " + version + " is not known; this lab reads " + prefix + " links");
  }
  std::vector<unsigned char> compressed;
  CONTACTLAB_RETURN_IF_ERROR(from_base64url(fragment.substr(dot + 1), prefix, compressed));
  CONTACTLAB_RETURN_IF_ERROR(inflate_bounded(compressed, json_text));
  if (!is_utf8(json_text)) return link_error("the inflated data is not UTF-8 text");
  return Status::success();
}

}  // namespace contactlab

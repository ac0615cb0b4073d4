// The native link transport (cli/link_codec.h): round trips, the page's links, and
// every kind of damaged or hostile link ending in a clear error.
#include "link_codec.h"

#include <zlib.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

std::string base64url(const std::vector<unsigned char>& bytes) {
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string text;
  std::uint32_t group = 0;
  int bits = 0;
  for (const unsigned char byte : bytes) {
    group = (group << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      text += alphabet[(group >> bits) & 63];
    }
  }
  if (bits > 0) text += alphabet[(group << (6 - bits)) & 63];
  return text;
}

std::vector<unsigned char> raw_deflate(const std::string& text) {
  z_stream stream{};
  deflateInit2(&stream, 9, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  std::vector<unsigned char> out(deflateBound(&stream, static_cast<uLong>(text.size())));
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = out.data();
  stream.avail_out = static_cast<uInt>(out.size());
  deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

std::string wrap(const std::string& text) { return "#v1." + base64url(raw_deflate(text)); }

TEST(LinkCodec, RoundTripsTextAsFragmentAndInsideAUrl) {
  const std::string text = R"({"scene":{"builtin":"brick_slide"},"options":{"friction_coefficient":0.25},"note":"µ ≤ 0.6"})";
  std::string link;
  ASSERT_TRUE(encode_link(text, link).ok());
  EXPECT_EQ(link.rfind("#v1.", 0), 0u);
  for (const std::string& form : {link, link.substr(1), "https://lab.example/index.html?present" + link}) {
    std::string decoded;
    const Status status = decode_link(form, decoded);
    ASSERT_TRUE(status.ok()) << status.message();
    EXPECT_EQ(decoded, text);
  }
}

TEST(LinkCodec, ReadsALinkThePageMade) {
  // Made by web/src/link/link_codec.js (fflate) from {scene: {builtin: 'barrett_phone'}}.
  std::string text;
  ASSERT_TRUE(decode_link("#v1.q1YqTk7NS1WyqlZKKs3MKcnMU7JSSkosKkotKYkvyMgHStXWAgA", text).ok());
  EXPECT_EQ(text, R"({"scene":{"builtin":"barrett_phone"}})");
}

TEST(LinkCodec, NamesABadPrefixVersionOrCharacter) {
  std::string text;
  EXPECT_NE(decode_link("#scene=box_rest", text).message().find("must start with \"v1.\""), std::string::npos);
  EXPECT_NE(decode_link("#v2.q1Yq", text).message().find("version v2 is not known"), std::string::npos);
  EXPECT_NE(decode_link("#v1.abc+def", text).message().find("(found \"+\")"), std::string::npos);
  EXPECT_NE(decode_link("#v1.", text).message().find("no data"), std::string::npos);
  EXPECT_NE(decode_link("#v1.abcde", text).message().find("cut short"), std::string::npos);
}

TEST(LinkCodec, EveryTruncationFailsCleanly) {
  std::string link;
  ASSERT_TRUE(encode_link(R"({"scene":{"builtin":"barrett_phone"},"options":{"time_step":0.001}})", link).ok());
  for (std::size_t length = 0; length < link.size(); ++length) {
    std::string text;
    const Status status = decode_link(link.substr(0, length), text);
    EXPECT_FALSE(status.ok()) << "length " << length;
    EXPECT_EQ(status.message().rfind("link: ", 0), 0u) << status.message();
  }
}

TEST(LinkCodec, RandomBytesOnlyEverGiveAnError) {
  std::mt19937 random(2024);
  int refused = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::vector<unsigned char> bytes(1 + random() % 200);
    for (unsigned char& byte : bytes) byte = static_cast<unsigned char>(random());
    std::string text;
    const Status status = decode_link("#v1." + base64url(bytes), text);
    if (!status.ok()) {
      ++refused;
      EXPECT_EQ(status.message().rfind("link: ", 0), 0u);
    }
  }
  EXPECT_GT(refused, 2900);
}

TEST(LinkCodec, RefusesTextThatIsNotUtf8) {
  std::string text;
  EXPECT_NE(decode_link(wrap("\xff\xfe{"), text).message().find("not UTF-8"), std::string::npos);
  EXPECT_NE(decode_link(wrap("\xed\xa0\x80"), text).message().find("not UTF-8"), std::string::npos);  // a surrogate
  EXPECT_NE(decode_link(wrap("\xc0\xaf"), text).message().find("not UTF-8"), std::string::npos);      // overlong
  EXPECT_TRUE(decode_link(wrap("\xf0\x9f\x98\x80"), text).ok());
}

TEST(LinkCodec, StopsADecompressionBombAtTheCap) {
  const std::vector<unsigned char> bomb = raw_deflate(std::string(4 * kMaxLinkInflatedBytes, ' '));
  ASSERT_LT(bomb.size(), kMaxLinkCompressedBytes);
  std::string text;
  const Status status = decode_link("#v1." + base64url(bomb), text);
  EXPECT_NE(status.message().find("inflates to more than 1048576 bytes"), std::string::npos) << status.message();
  EXPECT_LE(text.size(), kMaxLinkInflatedBytes + 16384);  // stopped within one buffer
}

TEST(LinkCodec, RefusesOversizedLinksAndStates) {
  std::string text;
  EXPECT_NE(decode_link("#v1." + std::string(87383, 'A'), text).message().find("at most 87382"), std::string::npos);
  std::string link;
  EXPECT_NE(encode_link(std::string(kMaxLinkInflatedBytes + 1, 'x'), link).message().find("at most 1048576"),
            std::string::npos);
  std::mt19937 random(7);
  std::string noise;
  for (int i = 0; i < 200000; ++i) noise += static_cast<char>('a' + random() % 26);
  EXPECT_NE(encode_link(noise, link).message().find("at most 65536"), std::string::npos);
}

}  // namespace
}  // namespace contactlab

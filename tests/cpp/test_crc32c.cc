// CRC-32C as LevelDB and TensorFlow compute it: known vectors for every implementation,
// extending and combining pieces, and LevelDB's masking of stored CRCs.
#include <cstdint>
#include <string>
#include <vector>

#include "check.h"
#include "varrt/io/crc32c.h"

using namespace varrt;

namespace {

struct Vector {
  std::string data;
  uint32_t crc;
};

// RFC 3720 (iSCSI) B.4 and LevelDB's crc32c_test.cc.
std::vector<Vector> known_vectors() {
  std::string ascending, descending;
  for (int i = 0; i < 32; ++i) ascending.push_back(static_cast<char>(i));
  for (int i = 31; i >= 0; --i) descending.push_back(static_cast<char>(i));
  return {{"", 0},
          {"a", 0xC1D04330u},
          {"123456789", 0xE3069283u},
          {std::string(32, '\0'), 0x8A9136AAu},
          {std::string(32, '\xff'), 0x62A8AB43u},
          {ascending, 0x46DD794Eu},
          {descending, 0x113FDB5Cu}};
}

// Bytes whose CRC differs at every length and alignment.
std::string pattern(size_t n) {
  std::string s(n, '\0');
  for (size_t i = 0; i < n; ++i) s[i] = static_cast<char>((i * 131 + 7) ^ (i >> 3));
  return s;
}

}  // namespace

TEST(known_vectors_with_every_implementation) {
  for (const Vector& v : known_vectors()) {
    CHECK(crc32c::value(v.data.data(), v.data.size()) == v.crc);
    CHECK(crc32c::extend_portable(0, v.data.data(), v.data.size()) == v.crc);
    if (crc32c::hardware_available()) CHECK(crc32c::extend_hardware(0, v.data.data(), v.data.size()) == v.crc);
  }
}

TEST(hardware_and_portable_agree_on_every_length_and_alignment) {
  if (!crc32c::hardware_available()) return;  // nothing to compare on this CPU
  std::string data = pattern(600);
  for (size_t offset = 0; offset < 8; ++offset) {
    for (size_t n = 0; offset + n <= data.size(); n += (n < 80 ? 1 : 37)) {
      const char* p = data.data() + offset;
      CHECK(crc32c::extend_hardware(0x12345678u, p, n) == crc32c::extend_portable(0x12345678u, p, n));
    }
  }
}

TEST(extend_and_combine_compose_pieces) {
  std::string data = pattern(1000);
  uint32_t whole = crc32c::value(data.data(), data.size());
  for (size_t cut : {size_t{0}, size_t{1}, size_t{7}, size_t{500}, size_t{999}, size_t{1000}}) {
    uint32_t a = crc32c::value(data.data(), cut);
    uint32_t b = crc32c::value(data.data() + cut, data.size() - cut);
    CHECK(crc32c::extend(a, data.data() + cut, data.size() - cut) == whole);
    CHECK(crc32c::combine(a, b, data.size() - cut) == whole);
  }
}

TEST(masking_as_leveldb) {
  CHECK(crc32c::mask(0) == crc32c::kMaskDelta);
  for (uint32_t crc : {0u, 1u, 0xE3069283u, 0xFFFFFFFFu, crc32c::kMaskDelta}) {
    uint32_t masked = crc32c::mask(crc);
    CHECK(masked != crc);  // a stored CRC of data holding CRCs must not look like one
    CHECK(crc32c::mask(masked) != crc);
    CHECK(crc32c::unmask(masked) == crc);
  }
  // LevelDB's crc32c_test: mask(crc("foo")) round-trips and double masking is not identity.
  uint32_t foo = crc32c::value("foo", 3);
  CHECK(crc32c::unmask(crc32c::mask(foo)) == foo);
  CHECK(crc32c::unmask(crc32c::unmask(crc32c::mask(crc32c::mask(foo)))) == foo);
  CHECK(crc32c::mask(crc32c::mask(foo)) != crc32c::mask(foo));
}

TEST(one_flipped_bit_changes_the_crc) {
  std::string data = pattern(256);
  uint32_t crc = crc32c::value(data.data(), data.size());
  for (size_t i = 0; i < data.size(); i += 17) {
    std::string damaged = data;
    damaged[i] = static_cast<char>(damaged[i] ^ 0x10);
    CHECK(crc32c::value(damaged.data(), damaged.size()) != crc);
    CHECK(!crc32c::matches(crc, crc32c::value(damaged.data(), damaged.size())));
  }
}

TEST_MAIN()

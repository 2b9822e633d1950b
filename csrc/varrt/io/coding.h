// Little-endian fixed-width integers and base-128 varints, as LevelDB tables and protobuf
// encode them. Decoders never read past `limit` and report failure instead.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace varrt {
namespace coding {

inline void put_fixed32(std::string* dst, uint32_t v) {
  char b[4] = {static_cast<char>(v), static_cast<char>(v >> 8), static_cast<char>(v >> 16),
               static_cast<char>(v >> 24)};
  dst->append(b, 4);
}

inline void put_fixed64(std::string* dst, uint64_t v) {
  put_fixed32(dst, static_cast<uint32_t>(v));
  put_fixed32(dst, static_cast<uint32_t>(v >> 32));
}

// Writes a varint into `buf` (at least 10 bytes); returns the number of bytes written.
inline size_t encode_varint64(char* buf, uint64_t v) {
  size_t n = 0;
  while (v >= 0x80) {
    buf[n++] = static_cast<char>(v | 0x80);
    v >>= 7;
  }
  buf[n++] = static_cast<char>(v);
  return n;
}

inline void put_varint64(std::string* dst, uint64_t v) {
  char buf[10];
  dst->append(buf, encode_varint64(buf, v));
}

inline void put_varint32(std::string* dst, uint32_t v) { put_varint64(dst, v); }

inline uint32_t decode_fixed32(const char* p) {
  const auto* u = reinterpret_cast<const unsigned char*>(p);
  return uint32_t{u[0]} | (uint32_t{u[1]} << 8) | (uint32_t{u[2]} << 16) | (uint32_t{u[3]} << 24);
}

inline uint64_t decode_fixed64(const char* p) {
  return uint64_t{decode_fixed32(p)} | (uint64_t{decode_fixed32(p + 4)} << 32);
}

// Parses a varint of at most 64 bits from [p, limit). Returns the byte after it, or nullptr
// when the input ends first or the varint is longer than 10 bytes.
inline const char* get_varint64(const char* p, const char* limit, uint64_t* value) {
  uint64_t result = 0;
  for (unsigned shift = 0; shift <= 63 && p < limit; shift += 7) {
    uint64_t byte = static_cast<unsigned char>(*p++);
    result |= (byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) {
      *value = result;
      return p;
    }
  }
  return nullptr;
}

// Like get_varint64, but fails for values that do not fit in 32 bits.
inline const char* get_varint32(const char* p, const char* limit, uint32_t* value) {
  uint64_t v = 0;
  const char* next = get_varint64(p, limit, &v);
  if (next == nullptr || v > UINT32_MAX) return nullptr;
  *value = static_cast<uint32_t>(v);
  return next;
}

}  // namespace coding
}  // namespace varrt

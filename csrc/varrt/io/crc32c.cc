#include "varrt/io/crc32c.h"

#include <cstring>

#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#define VARRT_CRC32C_X86 1
#include <nmmintrin.h>
#endif

namespace varrt {
namespace crc32c {
namespace {

constexpr uint32_t kPoly = 0x82f63b78u;  // reflected Castagnoli polynomial

struct SliceTables {
  uint32_t t[8][256];
};

constexpr SliceTables make_slice_tables() {
  SliceTables tb{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1u) ? (c >> 1) ^ kPoly : c >> 1;
    tb.t[0][i] = c;
  }
  for (int s = 1; s < 8; ++s) {
    for (int i = 0; i < 256; ++i) tb.t[s][i] = (tb.t[s - 1][i] >> 8) ^ tb.t[0][tb.t[s - 1][i] & 0xffu];
  }
  return tb;
}

constexpr SliceTables kSlice = make_slice_tables();

inline uint32_t load_le32(const uint8_t* p) {
  return uint32_t{p[0]} | (uint32_t{p[1]} << 8) | (uint32_t{p[2]} << 16) | (uint32_t{p[3]} << 24);
}

// Works on the raw register (no pre/post inversion), so it can also shift a state by zeros.
uint32_t raw_portable(uint32_t l, const uint8_t* p, size_t n) {
  const auto& t = kSlice.t;
  while (n > 0 && (reinterpret_cast<uintptr_t>(p) & 7u) != 0) {
    l = t[0][(l ^ *p++) & 0xffu] ^ (l >> 8);
    --n;
  }
  while (n >= 8) {
    uint32_t lo = load_le32(p) ^ l;
    uint32_t hi = load_le32(p + 4);
    l = t[7][lo & 0xffu] ^ t[6][(lo >> 8) & 0xffu] ^ t[5][(lo >> 16) & 0xffu] ^ t[4][lo >> 24] ^
        t[3][hi & 0xffu] ^ t[2][(hi >> 8) & 0xffu] ^ t[1][(hi >> 16) & 0xffu] ^ t[0][hi >> 24];
    p += 8;
    n -= 8;
  }
  while (n > 0) {
    l = t[0][(l ^ *p++) & 0xffu] ^ (l >> 8);
    --n;
  }
  return l;
}

#ifdef VARRT_CRC32C_X86

// Bytes per stream in the three-stream loop. The streams' results are recombined by
// "shifting" a register over kStride zero bytes, a linear map done with four table lookups.
constexpr size_t kStride = 8192;

struct ShiftTables {
  uint32_t t[4][256];
  ShiftTables() {
    static const uint8_t zeros[kStride] = {};
    uint32_t basis[32];
    for (int i = 0; i < 32; ++i) basis[i] = raw_portable(uint32_t{1} << i, zeros, kStride);
    for (int k = 0; k < 4; ++k) {
      for (int b = 0; b < 256; ++b) {
        uint32_t v = 0;
        for (int j = 0; j < 8; ++j) {
          if (b & (1 << j)) v ^= basis[8 * k + j];
        }
        t[k][b] = v;
      }
    }
  }
  uint32_t shift(uint32_t s) const {
    return t[0][s & 0xffu] ^ t[1][(s >> 8) & 0xffu] ^ t[2][(s >> 16) & 0xffu] ^ t[3][s >> 24];
  }
};

const ShiftTables& shift_tables() {
  static const ShiftTables tables;
  return tables;
}

inline uint64_t load64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

__attribute__((target("sse4.2"))) uint32_t raw_hardware(uint32_t state, const uint8_t* p, size_t n) {
  while (n > 0 && (reinterpret_cast<uintptr_t>(p) & 7u) != 0) {
    state = _mm_crc32_u8(state, *p++);
    --n;
  }
  uint64_t s = state;
  if (n >= 3 * kStride) {
    const ShiftTables& st = shift_tables();
    while (n >= 3 * kStride) {
      uint64_t a = s, b = 0, c = 0;
      for (size_t i = 0; i < kStride; i += 8) {
        a = _mm_crc32_u64(a, load64(p + i));
        b = _mm_crc32_u64(b, load64(p + kStride + i));
        c = _mm_crc32_u64(c, load64(p + 2 * kStride + i));
      }
      uint32_t ab = st.shift(static_cast<uint32_t>(a)) ^ static_cast<uint32_t>(b);
      s = st.shift(ab) ^ static_cast<uint32_t>(c);
      p += 3 * kStride;
      n -= 3 * kStride;
    }
  }
  while (n >= 8) {
    s = _mm_crc32_u64(s, load64(p));
    p += 8;
    n -= 8;
  }
  state = static_cast<uint32_t>(s);
  while (n > 0) {
    state = _mm_crc32_u8(state, *p++);
    --n;
  }
  return state;
}

bool detect_hardware() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("sse4.2");
}

#endif  // VARRT_CRC32C_X86

// Appending n zero bytes to the raw register is multiplication by x^(8n) modulo the
// polynomial: a linear map on 32 bits. kZeroPowers.m[k] is the map for 2^k zero bytes, each
// stored as the images of the 32 basis vectors.
struct ZeroPowers {
  uint32_t m[64][32];
  ZeroPowers() {
    for (int i = 0; i < 32; ++i) {  // one zero byte
      const uint8_t zero = 0;
      m[0][i] = raw_portable(uint32_t{1} << i, &zero, 1);
    }
    for (int k = 1; k < 64; ++k) {
      for (int i = 0; i < 32; ++i) m[k][i] = apply(m[k - 1], m[k - 1][i]);
    }
  }
  static uint32_t apply(const uint32_t* map, uint32_t v) {
    uint32_t out = 0;
    for (int i = 0; v != 0; ++i, v >>= 1) {
      if (v & 1u) out ^= map[i];
    }
    return out;
  }
};

uint32_t shift_by_zeros(uint32_t state, uint64_t n) {
  static const ZeroPowers powers;
  for (int k = 0; n != 0; ++k, n >>= 1) {
    if (n & 1u) state = ZeroPowers::apply(powers.m[k], state);
  }
  return state;
}

}  // namespace

uint32_t combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b) {
  // With the pre/post inversions, crc(A || B) = zeros_{|B|}(crc(A)) ^ crc(B).
  return shift_by_zeros(crc_a, len_b) ^ crc_b;
}

uint32_t extend_portable(uint32_t crc, const void* data, size_t n) {
  return ~raw_portable(~crc, static_cast<const uint8_t*>(data), n);
}

bool hardware_available() {
#ifdef VARRT_CRC32C_X86
  static const bool available = detect_hardware();
  return available;
#else
  return false;
#endif
}

uint32_t extend_hardware(uint32_t crc, const void* data, size_t n) {
#ifdef VARRT_CRC32C_X86
  return ~raw_hardware(~crc, static_cast<const uint8_t*>(data), n);
#else
  return extend_portable(crc, data, n);
#endif
}

uint32_t extend(uint32_t crc, const void* data, size_t n) {
  return hardware_available() ? extend_hardware(crc, data, n) : extend_portable(crc, data, n);
}

}  // namespace crc32c
}  // namespace varrt

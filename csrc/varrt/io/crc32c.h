// CRC-32C (Castagnoli), computed as LevelDB and TensorFlow compute it, and LevelDB's masking
// of stored CRCs (a CRC of data that itself contains CRCs is otherwise weak).
//
// `extend` uses the SSE4.2 crc32 instruction when the CPU has it (checked once at run time),
// three independent streams at a time so the instruction's latency is hidden; otherwise a
// portable slicing-by-8 table. Both give identical results; the tests check both.
#pragma once

#include <cstddef>
#include <cstdint>

namespace varrt {
namespace crc32c {

// The CRC of the concatenation of A and `data`, given `crc` = the CRC of A.
uint32_t extend(uint32_t crc, const void* data, size_t n);
inline uint32_t value(const void* data, size_t n) { return extend(0, data, n); }

// The CRC of A followed by B, from crc(A), crc(B) and B's length: lets pieces of one buffer
// be checksummed on several threads.
uint32_t combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b);

// The two implementations behind `extend`, exposed for tests and benchmarks.
uint32_t extend_portable(uint32_t crc, const void* data, size_t n);
bool hardware_available();
// Requires hardware_available().
uint32_t extend_hardware(uint32_t crc, const void* data, size_t n);

// Whether a stored CRC matches the computed one. Fuzzing builds (the conventional macro
// FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION, set by tests/fuzz) accept every CRC, so that
// mutated inputs reach the parsers behind the checks; a hostile file can carry valid CRCs.
inline bool matches(uint32_t stored, uint32_t actual) {
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
  (void)stored;
  (void)actual;
  return true;
#else
  return stored == actual;
#endif
}

constexpr uint32_t kMaskDelta = 0xa282ead8u;

inline uint32_t mask(uint32_t crc) { return ((crc >> 15) | (crc << 17)) + kMaskDelta; }

inline uint32_t unmask(uint32_t masked) {
  uint32_t rot = masked - kMaskDelta;
  return (rot >> 17) | (rot << 15);
}

}  // namespace crc32c
}  // namespace varrt

#include "varrt/core/copy.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "varrt/core/parallel.h"

namespace varrt {

namespace {

// Pieces of a copy into new memory: large enough for memcpy's non-temporal path.
constexpr int64_t kNewMemoryPieceBytes = 4 << 20;

void copy_strings(const void* src, void* dst, int64_t n) {
  const auto* s = static_cast<const std::string*>(src);
  auto* d = static_cast<std::string*>(dst);
  for (int64_t i = 0; i < n; ++i) d[i] = s[i];
}

}  // namespace

void copy_elements(DType dtype, const void* src, void* dst, int64_t n) {
  if (n <= 0 || src == dst) return;
  if (dtype == DType::kString) return copy_strings(src, dst, n);
  int64_t item = static_cast<int64_t>(dtype_size(dtype));
  const char* s = static_cast<const char*>(src);
  char* d = static_cast<char*>(dst);
  // Two streams per byte; parallel_for splits in elements, so memcpy whole elements.
  parallel_for(n, 2 * item, [&](int64_t begin, int64_t end) {
    std::memcpy(d + begin * item, s + begin * item, static_cast<size_t>((end - begin) * item));
  });
}

void copy_elements_to_new(DType dtype, const void* src, void* dst, int64_t n) {
  if (n <= 0 || src == dst) return;
  if (dtype == DType::kString) return copy_strings(src, dst, n);
  const int64_t item = static_cast<int64_t>(dtype_size(dtype));
  const int64_t piece = kNewMemoryPieceBytes / item;  // elements
  if (n <= piece) return copy_elements(dtype, src, dst, n);
  const char* s = static_cast<const char*>(src);
  char* d = static_cast<char*>(dst);
  auto task = [&](int64_t p) {
    const int64_t begin = p * piece, end = std::min(n, begin + piece);
    std::memcpy(d + begin * item, s + begin * item, static_cast<size_t>((end - begin) * item));
  };
  parallel_tasks((n + piece - 1) / piece, TaskRef(task));
}

}  // namespace varrt

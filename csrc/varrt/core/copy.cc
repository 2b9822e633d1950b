#include "varrt/core/copy.h"

#include <cstring>
#include <string>

#include "varrt/core/parallel.h"

namespace varrt {

void copy_elements(DType dtype, const void* src, void* dst, int64_t n) {
  if (n <= 0 || src == dst) return;
  if (dtype == DType::kString) {
    const auto* s = static_cast<const std::string*>(src);
    auto* d = static_cast<std::string*>(dst);
    for (int64_t i = 0; i < n; ++i) d[i] = s[i];
    return;
  }
  int64_t item = static_cast<int64_t>(dtype_size(dtype));
  const char* s = static_cast<const char*>(src);
  char* d = static_cast<char*>(dst);
  // Two streams per byte; parallel_for splits in elements, so memcpy whole elements.
  parallel_for(n, 2 * item, [&](int64_t begin, int64_t end) {
    std::memcpy(d + begin * item, s + begin * item, static_cast<size_t>((end - begin) * item));
  });
}

}  // namespace varrt

#include "varrt/kernels/layout.h"

#include <cstring>

namespace varrt {
namespace kernels {

void swap_channels(size_t element_size, int64_t batch, int64_t channels, int64_t spatial, const void* src, void* dst,
                   bool to_channels_last) {
  const char* s = static_cast<const char*>(src);
  char* d = static_cast<char*>(dst);
  const int64_t image = channels * spatial;
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t c = 0; c < channels; ++c) {
      for (int64_t p = 0; p < spatial; ++p) {
        const int64_t first = b * image + c * spatial + p, last = b * image + p * channels + c;
        std::memcpy(d + (to_channels_last ? last : first) * element_size,
                    s + (to_channels_last ? first : last) * element_size, element_size);
      }
    }
  }
}

}  // namespace kernels
}  // namespace varrt

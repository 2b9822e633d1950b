// NCHW <-> NHWC: the layout change that lets the NHWC convolution and pooling kernels serve
// TensorFlow's NCHW ops (which its CPU build runs through oneDNN for float32). Any element size.
#pragma once

#include <cstddef>
#include <cstdint>

namespace varrt {
namespace kernels {

// dst[n, s, c] = src[n, c, s] (to_channels_last) or dst[n, c, s] = src[n, s, c], for `spatial`
// elements s of `channels` channels per image; `element_size` bytes each.
void swap_channels(size_t element_size, int64_t batch, int64_t channels, int64_t spatial, const void* src, void* dst,
                   bool to_channels_last);

}  // namespace kernels
}  // namespace varrt

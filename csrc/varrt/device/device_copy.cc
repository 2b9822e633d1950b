#include "varrt/device/device_copy.h"

namespace varrt {

Tensor to_device(const Tensor& t, const Device& dst) {
  const BufferRef& b = t.buffer();
  if (!b || !b->owned() || b->allocator() == dst.allocator) return t;
  return t.deep_copy(dst.allocator);
}

}  // namespace varrt

#include "varrt/device/device_copy.h"

#include "varrt/device/executor.h"

namespace varrt {

Tensor to_device(const Tensor& t, const Device& dst) {
  const BufferRef& b = t.buffer();
  if (!b || !b->owned() || b->allocator() == dst.allocator) return t;
  return t.deep_copy(dst.allocator);
}

namespace ops {
PlacedTensor Identity(const Tensor& input, const Device* colocate) {
  const Device& device = Executor::place("Identity", colocate);
  return PlacedTensor{to_device(input, device), &device};
}
}  // namespace ops

}  // namespace varrt

// Identity, as TensorFlow's read_value(), numpy() and repr() run it after ReadVariableOp.
// Through Dispatch::run like every op: placed (the scope's device, or `colocate`), logged,
// shown to hooks (a tape records it: its output is a new value), forwarded for another task.
#pragma once

#include "varrt/core/tensor.h"
#include "varrt/device/device.h"
#include "varrt/device/device_copy.h"

namespace varrt {
namespace ops {

// `input` on the op's device, copied only when it lives elsewhere. (By value: a read's result
// moves in, sparing the hot numpy()/__array__ path a reference count.)
PlacedTensor Identity(Tensor input, const Device* colocate = nullptr);

// The Identity before a value leaves for host memory (numpy(), __array__, repr): its output
// is `input` itself, never a device copy, since the host copy or view follows at once.
Tensor IdentityToHost(Tensor input, const Device* colocate = nullptr);

}  // namespace ops
}  // namespace varrt

#include "varrt/ops/identity.h"

#include <utility>

#include "varrt/ops/dispatch.h"

namespace varrt {
namespace ops {
namespace {

template <class Kernel>
Tensor run_identity(Tensor input, const Device* colocate, const Device** device, Kernel&& kernel) {
  Tensor out;
  OpCall call("Identity", &input, 1);
  call.colocate = colocate;
  call.outputs = &out;
  call.num_outputs = 1;
  Dispatch::run(call, std::move(kernel));
  if (device != nullptr) *device = call.device;
  return out;
}

}  // namespace

PlacedTensor Identity(Tensor input, const Device* colocate) {
  PlacedTensor placed;
  placed.tensor = run_identity(std::move(input), colocate, &placed.device,
                               [](OpCall& c) { c.outputs[0] = to_device(c.inputs[0], *c.device); });
  return placed;
}

Tensor IdentityToHost(Tensor input, const Device* colocate) {
  return run_identity(std::move(input), colocate, nullptr, [](OpCall& c) { c.outputs[0] = c.inputs[0]; });
}

}  // namespace ops
}  // namespace varrt

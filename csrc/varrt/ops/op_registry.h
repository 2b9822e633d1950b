// The node kernels of the core's own ops, by TensorFlow op name: how a graph node recorded
// from a core op runs again. Each calls the same public op function an eager call does, so
// the node is placed, checked and hooked exactly like the eager op. The op's inputs and
// attributes as recorded (TensorFlow's: "transpose_a", "reduction_indices", "use_nesterov",
// the Keras steps' scalars as real attributes) are all a node needs.
#pragma once

#include <memory>
#include <string>

#include "varrt/ops/graph.h"

namespace varrt {

// The kernel for `op`, or null when the core has none (the op ran a Python kernel, or cannot
// be replayed).
std::shared_ptr<const NodeKernel> core_node_kernel(const std::string& op);

}  // namespace varrt

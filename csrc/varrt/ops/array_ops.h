// The shape and fill ops with core kernels: Reshape, BroadcastTo, ZerosLike, OnesLike, Shape, through the
// dispatch (placed, logged, seen by hooks), with TensorFlow's kernel checks and messages.
//
// A target shape known when the op is called is the op's "shape" attribute (varrt's graphs
// record it so); one computed in a graph (a tensor known only when the graph runs) is the op's
// second input, an int32 or int64 vector read when the kernel runs. `name` is the op's name for
// its error's " name: " part (null: no such part, TensorFlow's slow path).
#pragma once

#include <cstdint>
#include <vector>

#include "varrt/device/device_copy.h"

namespace varrt {
namespace ops {

// `input` in `dims` (one may be -1, inferred), sharing its buffer.
PlacedTensor Reshape(const PlacedTensor& input, const std::vector<int64_t>& dims, const char* name);
PlacedTensor Reshape(const PlacedTensor& input, const PlacedTensor& shape, const char* name);
// `input` repeated along new leading and size-1 dimensions to `dims`.
PlacedTensor BroadcastTo(const PlacedTensor& input, const std::vector<int64_t>& dims, const char* name);
PlacedTensor BroadcastTo(const PlacedTensor& input, const PlacedTensor& shape, const char* name);
// Zeros (ones) of the input's dtype and shape; OnesLike needs a number or bool (callers check the
// dtype with TensorFlow's text).
PlacedTensor ZerosLike(const PlacedTensor& input);
// The input's shape as a vector of `out_type` (int32 or int64).
PlacedTensor Shape(const PlacedTensor& input, DType out_type);
// ShapeN: the shape of each of the `n` inputs (n >= 1), as int32 or int64 vectors.
std::vector<PlacedTensor> ShapeN(const PlacedTensor* inputs, int n, DType out_type);
PlacedTensor OnesLike(const PlacedTensor& input);

}  // namespace ops
}  // namespace varrt

// ConcatV2 and Split with core kernels, through the dispatch (placed, logged, seen by hooks),
// with TensorFlow's kernel checks and messages. An LSTM or GRU cell splits its gates every step
// and its gradient concatenates them: as Python kernels these were a quarter of a recurrent
// training step's graph.
//
// ConcatV2's axis is the op's "axis" attribute, known when the op is called (varrt's graphs
// record it so; TensorFlow's node has it as a constant input); Split's split_dim is its first
// input, read when the kernel runs. `name` is the op's name for its error's " name: " part
// (null: no such part).
#pragma once

#include <cstdint>
#include <vector>

#include "varrt/device/device_copy.h"

namespace varrt {
namespace ops {

// The `n` values joined along `axis` (negative: from the end). They share one dtype.
PlacedTensor ConcatV2(const PlacedTensor* values, int n, int64_t axis, const char* name);
// `value` cut into `num_split` equal pieces along the dimension `split_dim` (an int32 or int64
// scalar) holds.
std::vector<PlacedTensor> Split(const PlacedTensor& split_dim, const PlacedTensor& value, int num_split,
                                const char* name);

}  // namespace ops
}  // namespace varrt

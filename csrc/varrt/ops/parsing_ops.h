// ParseExampleV2 (tf.io.parse_example) as a core op: through the dispatch (placed, logged, seen
// by a tape or a graph being built), its kernel the core's parser (io/example_parser.h), so a
// graph node runs it without leaving the core.
#pragma once

#include <cstdint>
#include <vector>

#include "varrt/device/device_copy.h"

namespace varrt {
namespace ops {

struct ParseExampleAttrs {
  int64_t num_sparse = 0;
  std::vector<int64_t> sparse_types;  // DType enums
  std::vector<int64_t> dense_types;   // Tdense
  // dense_shapes as a node holds them: each shape's rank, then its dims (-1: a sequence feature's
  // unknown leading dimension).
  std::vector<int64_t> dense_shapes;
};

// inputs: serialized, names, sparse_keys, dense_keys, ragged_keys, then one default per dense
// feature (empty: required, or a sequence feature padded with zeros). Outputs: the sparse
// indices, values and shapes (num_sparse each), then the dense values. `name`: the node name in
// " name: " of errors (null: none, as TensorFlow's parse_example prints).
std::vector<PlacedTensor> ParseExampleV2(const std::vector<PlacedTensor>& inputs, const ParseExampleAttrs& attrs,
                                         const char* name);

}  // namespace ops
}  // namespace varrt

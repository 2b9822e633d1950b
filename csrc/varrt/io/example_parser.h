// TensorFlow's ParseExampleV2 kernel (core/util/example_proto_fast_parsing.cc): serialized
// Examples straight from the wire into the output tensors, with TensorFlow's texts for a
// missing required feature, a wrong type or a wrong count (which differ between one Example,
// `serialized` a scalar, and a batch, `serialized` a vector).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "varrt/core/tensor.h"

namespace varrt {
namespace example {

// A VarLenFeature: a SparseTensor of the values found.
struct SparseSpec {
  std::string key;
  DType dtype;  // float32, int64 or string
};

// A FixedLenFeature (`variable_length` false) or a FixedLenSequenceFeature (true: a leading
// dimension of as many elements as the example with the most has, the others padded).
struct DenseSpec {
  std::string key;
  DType dtype;
  std::vector<int64_t> shape;  // one example's shape; a sequence feature's element shape
  bool variable_length = false;
  Tensor default_value;  // invalid: required (fixed length) or padded with zeros (sequence)
};

struct Parsed {
  std::vector<Tensor> sparse_indices, sparse_values, sparse_shapes, dense_values;
};

// `serialized`: the Examples' bytes (borrowed for the call); `single`: one Example, a scalar
// input, whose outputs have no batch dimension. Errors throw InvalidArgument.
Parsed parse_examples(const std::vector<std::string_view>& serialized, bool single,
                      const std::vector<SparseSpec>& sparse, const std::vector<DenseSpec>& dense);

}  // namespace example
}  // namespace varrt

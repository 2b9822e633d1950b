// The strided-slice specification of TensorFlow's StridedSlice family (what `x[1, ::-2,
// ..., tf.newaxis]` compiles to) and its resolution against a concrete shape.
//
// A spec is "sparse": one entry per item of the Python index, with bit i of a mask
// describing entry i (begin/end ignored, ellipsis, new axis, or an integer index that
// removes the dimension). Resolution expands the ellipsis, clamps begin/end as Python does,
// and yields the "processing" shape (one entry per input dimension) and the final shape
// (shrunk dimensions removed, new axes inserted), exactly as tensorflow/core/util/
// strided_slice_op.cc computes them, with its error messages.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "varrt/core/shape.h"

namespace varrt {

struct StridedSliceSpec {
  std::vector<int64_t> begin, end, strides;  // equal lengths, fewer than 32 entries
  int32_t begin_mask = 0;
  int32_t end_mask = 0;
  int32_t ellipsis_mask = 0;
  int32_t new_axis_mask = 0;
  int32_t shrink_axis_mask = 0;
};

// A spec resolved against an input shape: for every input dimension d, the elements
// begin[d], begin[d] + strides[d], ... (processing_dims[d] of them) are selected.
struct SliceGeometry {
  std::vector<int64_t> begin, strides;
  std::vector<int64_t> processing_dims;  // one per input dimension
  std::vector<int64_t> final_dims;       // the result's shape
  // For each final dimension, the input dimension it comes from, or -1 for a new axis.
  std::vector<int> final_source;
  bool is_identity = false;  // selects the whole input in order
  bool slice_dim0 = false;   // a contiguous range of whole rows along dimension 0

  int64_t processing_elements() const;
};

// An index of integers only (`x[1]`, `x[1, -2]`): one per leading dimension, a negative one
// counting from the end. A spec says it with shrunk axes only (end = begin + 1, stride 1); the
// most common slices of a variable and their assigns use it without the spec's vectors.
struct IntIndex {
  static constexpr int kMax = 8;
  int64_t at[kMax] = {};
  int n = 0;
};

// `spec` as an IntIndex, when it is one of 1 to IntIndex::kMax integers.
bool int_index_of(const StridedSliceSpec& spec, IntIndex* index);

// The block `index` selects in a tensor of shape `input`: the row-major offset of its first
// element and its element count (the product of the dimensions after the indexed ones). False
// when the index has more entries than `input` has dimensions or an entry is out of range (the
// spec's resolution then reports TensorFlow's error).
bool int_index_block(const IntIndex& index, const Shape& input, int64_t* offset, int64_t* elements);

// Resolves `spec` against `input`. Returns false and sets `error` to TensorFlow's message
// (without the op decoration) when the spec does not apply to the shape.
bool resolve_strided_slice(const StridedSliceSpec& spec, const Shape& input, SliceGeometry* out, std::string* error);

}  // namespace varrt

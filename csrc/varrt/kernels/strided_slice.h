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

// Resolves `spec` against `input`. Returns false and sets `error` to TensorFlow's message
// (without the op decoration) when the spec does not apply to the shape.
bool resolve_strided_slice(const StridedSliceSpec& spec, const Shape& input, SliceGeometry* out, std::string* error);

}  // namespace varrt

// Reads of selected parts of a variable, under its shared lock:
//   ResourceGather (`v.sparse_read(indices)`, `tf.gather(v, indices)`): rows of the first
//     dimension; result shape indices.shape + params.shape[1:].
//   ResourceGatherNd (`v.gather_nd(indices)`): indices[..., :k] address slices of the first
//     k dimensions; result shape indices.shape[:-1] + params.shape[k:].
// Indices are int32 or int64 tensors; an out-of-range index is an InvalidArgument with
// TensorFlow's message. The result is new memory on the variable's device.
#pragma once

#include "varrt/resource/resource_mgr.h"
#include "varrt/core/tensor.h"

namespace varrt {
namespace ops {

Tensor ResourceGather(const ResourceHandle& handle, const Tensor& indices);
Tensor ResourceGatherNd(const ResourceHandle& handle, const Tensor& indices);

}  // namespace ops
}  // namespace varrt

// The scatter ops on variables, named as TensorFlow names them:
//   ResourceScatter{Update,Add,Sub,Mul,Div,Min,Max}: indices into the first dimension,
//     updates.shape = indices.shape + params.shape[1:] (or a scalar for every element);
//   ResourceScatterNd{Update,Add,Sub,Min,Max}: indices[..., :k] address a slice of the
//     first k dimensions, updates.shape = indices.shape[:-1] + params.shape[k:].
//
// Each runs under the variable's exclusive lock and validates every shape, dtype, divisor
// and index before writing anything, so a failed op leaves the variable unchanged. Updates
// are copy-on-write: in place when nobody else holds the variable's buffer, otherwise into a
// copy (readers keep their values). Indices are int32 or int64 tensors; updates must have
// the variable's dtype. Duplicate indices apply in order (add accumulates, update: last wins).
#pragma once

#include "varrt/resource/resource_mgr.h"
#include "varrt/kernels/scatter.h"
#include "varrt/core/tensor.h"

namespace varrt {
namespace ops {

void ResourceScatter(kernels::UpdateOp op, const ResourceHandle& handle, const Tensor& indices, const Tensor& updates);
void ResourceScatterNd(kernels::UpdateOp op, const ResourceHandle& handle, const Tensor& indices,
                       const Tensor& updates);

// TensorFlow's op name for each update kind ("ResourceScatterAdd", "ResourceScatterNdAdd").
const char* scatter_op_name(kernels::UpdateOp op);
const char* scatter_nd_op_name(kernels::UpdateOp op);

}  // namespace ops
}  // namespace varrt

// MatMul and BatchMatMulV2 through the dispatch (placed, logged, seen by hooks), computed by
// kernels::gemm. The op's checks and TensorFlow's texts for them live here, eager and graph
// alike; the dtype checks (TensorFlow's attr and no-kernel errors) are the op table's, made by
// the caller before the call. `name` is the op's name= argument, as TensorFlow's messages end.
#pragma once

#include "varrt/core/tensor.h"
#include "varrt/device/device_copy.h"

namespace varrt {
namespace ops {

// The dtypes TensorFlow's CPU MatMul kernel takes (BatchMatMulV2 takes int16 too).
bool matmul_kernel_dtype(DType dtype);

// product[m, n] = op(a) @ op(b), op transposing when asked (attributes transpose_a, transpose_b).
PlacedTensor MatMul(const PlacedTensor& a, const PlacedTensor& b, bool transpose_a, bool transpose_b,
                    const char* name = "");
// What TensorFlow's _FusedMatMul is when Grappler makes it of MatMul, BiasAdd and Relu (fused_ops
// [BiasAdd] or [BiasAdd, Relu]), as varrt's graph-internal _FusedMatMulBias (a name of its own:
// no op of the table, nothing records or calls it but a graph's fusion, ops/graph_fusion_matmul.cc):
// MatMul's product with `bias` (n elements, any shape) added and Relu applied to it right after the
// GEMM (kernels/bias_relu.h), the bits of the recorded ops. float32 and float64, 2-D operands; the
// product's checks are MatMul's.
PlacedTensor FusedMatMul(const PlacedTensor& a, const PlacedTensor& b, const PlacedTensor& bias, bool transpose_a,
                         bool transpose_b, bool relu);
// output[..., m, n] = adj(x) @ adj(y) over the broadcast batch dimensions, adj conjugate-
// transposing when asked (attributes adj_x, adj_y).
PlacedTensor BatchMatMulV2(const PlacedTensor& x, const PlacedTensor& y, bool adj_x, bool adj_y,
                           const char* name = "");

}  // namespace ops
}  // namespace varrt

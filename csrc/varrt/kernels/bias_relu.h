// The epilogue of a fused matrix product (ops/matmul_ops.h's FusedMatMul, which the graph fusions
// of ops/graph_fusion_matmul.cc make of MatMul, its bias and Relu): applied to the row-major
// [rows, n] product right after the GEMM wrote it, while it is in cache, instead of two more
// passes over memory with an output each.
#pragma once

#include <cstdint>

#include "varrt/core/dtype.h"

namespace varrt {
namespace kernels {

// float32 and float64.
bool bias_relu_supported(DType dtype);

// y[r, j] = y[r, j] + bias[j] (bias null: none), then Relu's rule (kernels/activations.h: the
// packet rule, or the scalar rule in the product's last rows * n % lanes elements) by the element's
// place in the whole product, as Relu over the whole product applies it: the bits of AddV2 (or
// BiasAdd) and then Relu. relu false: the sum only.
void add_bias_relu(DType dtype, void* y, int64_t rows, int64_t n, const void* bias, bool relu);

}  // namespace kernels
}  // namespace varrt

#include "varrt/ops/matmul_ops.h"

#include <string>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/kernels/batch_offsets.h"
#include "varrt/kernels/bias_relu.h"
#include "varrt/kernels/binary_ops.h"
#include "varrt/kernels/gemm.h"
#include "varrt/ops/dispatch.h"
#include "varrt/tf/messages.h"

namespace varrt {
namespace ops {
namespace {

using kernels::MatOp;

// TensorFlow's CPU build runs float32 and bfloat16 products through oneDNN's _Mkl kernels, whose
// node name and texts its errors show.
bool mkl(DType dtype) { return dtype == DType::kFloat32 || dtype == DType::kBFloat16; }

[[noreturn]] void fail(const OpCall& c, DType dtype, const std::string& message, const char* name) {
  const std::string node = std::string("__Mkl") + c.op;  // __wrapped____MklMatMul
  throw_error(Code::kInvalidArgument,
              tf::kernel_error(c.op, c.device->name, message, name, mkl(dtype) ? node.c_str() : nullptr));
}

// The checks both ops make, in TensorFlow's order and with its texts (which differ between its
// oneDNN MatMul, its Eigen MatMul and BatchMatMulV2): ranks, then (batched) the batch
// dimensions, then the inner dimensions. Returns the output's batch shape.
Shape check(const OpCall& c, const Tensor& x, const Tensor& y, bool adj_x, bool adj_y, bool batched,
            const char* name) {
  const Shape& sx = x.shape();
  const Shape& sy = y.shape();
  const DType dtype = x.dtype();
  if (x.dtype() != y.dtype() || !kernels::gemm_supported(dtype)) {
    throw_error(Code::kInternal, std::string("no core ") + c.op + " kernel for these inputs");
  }
  if (batched) {
    for (int i = 0; i < 2; ++i) {
      const int rank = (i == 0 ? sx : sy).rank();
      if (rank < 2) fail(c, dtype, "In[" + std::to_string(i) + "] ndims must be >= 2: " + std::to_string(rank), name);
    }
  } else if (mkl(dtype)) {
    if (sx.rank() != 2 || sy.rank() != 2) {
      fail(c, dtype, std::string("In[") + (sx.rank() != 2 ? "0" : "1") + "] ndims must be >= 2", name);
    }
  } else if (sx.rank() != sy.rank()) {
    fail(c, dtype, "In[0] and In[1] has different ndims: " + sx.debug_string() + " vs. " + sy.debug_string(), name);
  } else if (sx.rank() != 2) {
    fail(c, dtype, "In[0] and In[1] ndims must be == 2: " + std::to_string(sx.rank()), name);
  }
  Shape batch;
  if (batched) {
    const Shape bx(sx.data(), sx.rank() - 2), by(sy.data(), sy.rank() - 2);
    if (!kernels::broadcast_shapes(bx, by, &batch)) {
      fail(c, dtype, "In[0] and In[1] must have compatible batch dimensions: " + sx.debug_string() + " vs. " +
                         sy.debug_string(), name);
    }
  }
  const int64_t k = sx.dim(sx.rank() - (adj_x ? 2 : 1));
  const int64_t k2 = sy.dim(sy.rank() - (adj_y ? 1 : 2));
  if (k != k2) {
    const std::string flags =
        batched ? " " + std::to_string(adj_x ? 1 : 0) + " " + std::to_string(adj_y ? 1 : 0) : std::string();
    fail(c, dtype, "Matrix size-incompatible: In[0]: " + sx.debug_string() + ", In[1]: " + sy.debug_string() + flags,
         name);
  }
  return batch;
}

// Both ops' kernel: one gemm per output matrix, or one for all when y is a single matrix and x
// is not transposed (x's rows then follow each other in memory).
void multiply(OpCall& c, bool adj_x, bool adj_y, bool batched, const char* name) {
  const Tensor& x = c.inputs[0];
  const Tensor& y = c.inputs[1];
  const Shape batch = check(c, x, y, adj_x, adj_y, batched, name);
  const Shape& sx = x.shape();
  const Shape& sy = y.shape();
  const int64_t rows_x = sx.dim(sx.rank() - 2), cols_x = sx.dim(sx.rank() - 1);
  const int64_t rows_y = sy.dim(sy.rank() - 2), cols_y = sy.dim(sy.rank() - 1);
  const int64_t m = adj_x ? cols_x : rows_x, k = adj_x ? rows_x : cols_x, n = adj_y ? rows_y : cols_y;
  std::vector<int64_t> dims = batch.dims();
  dims.push_back(m);
  dims.push_back(n);
  const DType dtype = x.dtype();
  c.outputs[0] = Tensor::allocate(dtype, Shape(dims), c.allocator());
  const MatOp op_x = !adj_x ? MatOp::kNone : batched ? MatOp::kAdjoint : MatOp::kTranspose;
  const MatOp op_y = !adj_y ? MatOp::kNone : batched ? MatOp::kAdjoint : MatOp::kTranspose;
  const size_t size = dtype_size(dtype);
  const char* px = static_cast<const char*>(x.data());
  const char* py = static_cast<const char*>(y.data());
  char* pz = static_cast<char*>(c.outputs[0].mutable_data());
  const int64_t outputs = batch.num_elements();
  const int64_t x_matrices = sx.num_elements() / std::max<int64_t>(rows_x * cols_x, 1);
  const int64_t y_matrices = sy.num_elements() / std::max<int64_t>(rows_y * cols_y, 1);
  if (op_x == MatOp::kNone && y_matrices == 1 && x_matrices == outputs) {
    kernels::gemm(dtype, op_x, op_y, outputs * m, n, k, px, cols_x, py, cols_y, pz, n);
    return;
  }
  const std::vector<int64_t> ox = kernels::batch_offsets(sx, batch, rows_x * cols_x);
  const std::vector<int64_t> oy = kernels::batch_offsets(sy, batch, rows_y * cols_y);
  for (int64_t b = 0; b < outputs; ++b) {
    kernels::gemm(dtype, op_x, op_y, m, n, k, px + ox[b] * size, cols_x, py + oy[b] * size, cols_y,
                  pz + b * m * n * size, n);
  }
}

PlacedTensor run(const char* op, const PlacedTensor& a, const PlacedTensor& b, const char* attr_a, bool flag_a,
                 const char* attr_b, bool flag_b, bool batched, const char* name) {
  Tensor inputs[2] = {a.tensor, b.tensor};
  const Device* devices[2] = {a.device, b.device};
  OpAttr attrs[2];
  attrs[0].name = attr_a;
  attrs[0].value = flag_a;
  attrs[1].name = attr_b;
  attrs[1].value = flag_b;
  Tensor out;
  OpCall call(op, inputs, 2);
  call.input_devices = devices;
  call.attrs = attrs;
  call.num_attrs = 2;
  call.outputs = &out;
  call.num_outputs = 1;
  Dispatch::run(call, [&](OpCall& c) { multiply(c, flag_a, flag_b, batched, name); });
  return PlacedTensor{std::move(out), call.device};
}

}  // namespace

bool matmul_kernel_dtype(DType dtype) { return dtype != DType::kInt16 && kernels::gemm_supported(dtype); }

PlacedTensor MatMul(const PlacedTensor& a, const PlacedTensor& b, bool transpose_a, bool transpose_b,
                    const char* name) {
  return run("MatMul", a, b, "transpose_a", transpose_a, "transpose_b", transpose_b, false, name);
}

PlacedTensor FusedMatMul(const PlacedTensor& a, const PlacedTensor& b, const PlacedTensor& bias, bool transpose_a,
                         bool transpose_b, bool relu) {
  Tensor inputs[3] = {a.tensor, b.tensor, bias.tensor};
  const Device* devices[3] = {a.device, b.device, bias.device};
  OpAttr attrs[2];
  attrs[0].name = "transpose_a";
  attrs[0].value = transpose_a;
  attrs[1].name = "transpose_b";
  attrs[1].value = transpose_b;
  Tensor out;
  OpCall call("_FusedMatMulBias", inputs, 3);
  call.input_devices = devices;
  call.attrs = attrs;
  call.num_attrs = 2;
  call.outputs = &out;
  call.num_outputs = 1;
  Dispatch::run(call, [&](OpCall& c) {
    const DType dtype = c.inputs[0].dtype();
    if (!kernels::bias_relu_supported(dtype) || c.inputs[1].dtype() != dtype || c.inputs[2].dtype() != dtype) {
      throw_error(Code::kInvalidArgument, "_FusedMatMulBias takes float32 or float64 operands of one dtype");
    }
    multiply(c, transpose_a, transpose_b, false, "");
    const Shape& s = c.outputs[0].shape();
    if (c.inputs[2].num_elements() != s.dim(1)) {
      throw_error(Code::kInvalidArgument, "_FusedMatMulBias's bias must have one element per column");
    }
    kernels::add_bias_relu(dtype, c.outputs[0].mutable_data(), s.dim(0), s.dim(1), c.inputs[2].data(), relu);
  });
  return PlacedTensor{std::move(out), call.device};
}

PlacedTensor BatchMatMulV2(const PlacedTensor& x, const PlacedTensor& y, bool adj_x, bool adj_y, const char* name) {
  return run("BatchMatMulV2", x, y, "adj_x", adj_x, "adj_y", adj_y, true, name);
}

}  // namespace ops
}  // namespace varrt

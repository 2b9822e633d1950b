#include "varrt/kernels/reduction.h"

#include <algorithm>
#include <string>

#include "varrt/core/error.h"
#include "varrt/kernels/reduction_plan.h"
#include "varrt/kernels/reduction_kernel.h"

namespace varrt {
namespace kernels {
namespace {

void reduce_op(ReduceOp op, DType dtype, const ReducePlan* plan, const void* in, void* out, int64_t outputs) {
  switch (op) {
    case ReduceOp::kSum: return reduce_sum(dtype, plan, in, out, outputs);
    case ReduceOp::kProd: return reduce_prod(dtype, plan, in, out, outputs);
    case ReduceOp::kMax: return reduce_max(dtype, plan, in, out, outputs);
    case ReduceOp::kMin: return reduce_min(dtype, plan, in, out, outputs);
    case ReduceOp::kMean: return reduce_mean(dtype, plan, in, out, outputs);
  }
}

}  // namespace

const char* reduce_op_name(ReduceOp op) {
  switch (op) {
    case ReduceOp::kSum: return "Sum";
    case ReduceOp::kProd: return "Prod";
    case ReduceOp::kMax: return "Max";
    case ReduceOp::kMin: return "Min";
    case ReduceOp::kMean: return "Mean";
  }
  return "?";
}

bool reduce_supported(ReduceOp op, DType dtype) {
  switch (dtype) {
    case DType::kFloat32:
    case DType::kFloat64:
    case DType::kFloat16:
    case DType::kBFloat16:
    case DType::kInt8:
    case DType::kInt16:
    case DType::kInt32:
    case DType::kInt64:
    case DType::kUInt8:
    case DType::kUInt16:
    case DType::kUInt32:
    case DType::kUInt64: return true;
    case DType::kComplex64:
    case DType::kComplex128: return op != ReduceOp::kMax && op != ReduceOp::kMin;
    default: return false;
  }
}

Tensor Reduce(ReduceOp op, const Tensor& input, const std::vector<int>& axes, bool keep_dims, Allocator& allocator) {
  const DType dtype = input.dtype();
  if (!reduce_supported(op, dtype)) {
    throw_error(Code::kInvalidArgument, std::string(reduce_op_name(op)) + " is not defined for dtype " + dtype_name(dtype));
  }
  const Shape& shape = input.shape();
  const int rank = shape.rank();
  if (rank > kMaxReduceRank) throw_error(Code::kInvalidArgument, "Reduce: rank above 254");
  bool reduced[kMaxReduceRank];
  std::fill(reduced, reduced + rank, false);
  for (int axis : axes) {
    if (axis < 0 || axis >= rank || reduced[axis]) {
      throw_error(Code::kInvalidArgument, "Reduce: axis " + std::to_string(axis) + " is out of range or repeated");
    }
    reduced[axis] = true;
  }
  int64_t out_dims[kMaxReduceRank];
  int out_rank = 0;
  for (int d = 0; d < rank; ++d) {
    if (!reduced[d]) {
      out_dims[out_rank++] = shape.dim(d);
    } else if (keep_dims) {
      out_dims[out_rank++] = 1;
    }
  }
  Tensor out = Tensor::allocate(dtype, Shape(out_dims, out_rank), &allocator);
  const int64_t outputs = out.num_elements();
  if (outputs == 0) return out;
  if (input.num_elements() == 0) {  // an empty reduced dimension: each output reduces nothing
    reduce_op(op, dtype, nullptr, nullptr, out.mutable_data(), outputs);
    return out;
  }
  const ReducePlan plan = plan_reduction(shape, reduced);
  reduce_op(op, dtype, &plan, input.data(), out.mutable_data(), outputs);
  return out;
}

}  // namespace kernels
}  // namespace varrt

#include "varrt/kernels/binary_ops.h"

#include <vector>

#include "varrt/kernels/binary_kernel.h"
#include "varrt/kernels/narrow_float_elementwise.h"

namespace varrt {
namespace kernels {
namespace {

bool is_float(DType d) { return d == DType::kFloat32 || d == DType::kFloat64; }

bool is_int(DType d) {
  switch (d) {
    case DType::kInt32: case DType::kInt64: case DType::kInt8: case DType::kInt16:
    case DType::kUInt8: case DType::kUInt16: case DType::kUInt32: case DType::kUInt64:
      return true;
    default:
      return false;
  }
}

}  // namespace

bool binary_supported(BinaryOp op, DType dtype) {
  if (dtype == DType::kBool) return op == BinaryOp::kEqual || op == BinaryOp::kNotEqual;
  if (op == BinaryOp::kDivNoNan) return is_float(dtype);  // the 16-bit floats and complex: the Python layer
  if (is_narrow_float(dtype)) return true;
  if (op == BinaryOp::kRealDiv) return is_float(dtype);  // integer RealDiv divides in floats first (Python layer)
  return is_float(dtype) || is_int(dtype);
}

DType binary_result_dtype(BinaryOp op, DType dtype) {
  return op >= BinaryOp::kLess ? DType::kBool : dtype;
}

bool broadcast_shapes(const Shape& a, const Shape& b, Shape* out) {
  const int rank = a.rank() > b.rank() ? a.rank() : b.rank();
  // On the stack for the ranks tensors have in practice (this runs on every binary op).
  int64_t dims[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  std::vector<int64_t> heap;
  int64_t* d = dims;
  if (rank > 8) {
    heap.resize(rank);
    d = heap.data();
  }
  for (int i = 0; i < rank; ++i) {
    int ia = i - (rank - a.rank()), ib = i - (rank - b.rank());
    int64_t x = ia >= 0 ? a.dim(ia) : 1, y = ib >= 0 ? b.dim(ib) : 1;
    if (x != y && x != 1 && y != 1) return false;
    d[i] = x == 1 ? y : x;
  }
  *out = Shape(d, rank);
  return true;
}

void binary(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out) {
  if (is_narrow_float(a.dtype())) return binary_narrow_float(op, a, b, out);
  switch (op) {
    case BinaryOp::kAdd: return binary_add(a, b, out);
    case BinaryOp::kSub: return binary_sub(a, b, out);
    case BinaryOp::kMul: return binary_mul(a, b, out);
    case BinaryOp::kRealDiv: return binary_real_div(a, b, out);
    case BinaryOp::kDivNoNan: return binary_div_no_nan(a, b, out);
    case BinaryOp::kLess: return binary_less(a, b, out);
    case BinaryOp::kLessEqual: return binary_less_equal(a, b, out);
    case BinaryOp::kGreater: return binary_greater(a, b, out);
    case BinaryOp::kGreaterEqual: return binary_greater_equal(a, b, out);
    case BinaryOp::kEqual: return binary_equal(a, b, out);
    case BinaryOp::kNotEqual: return binary_not_equal(a, b, out);
  }
}

}  // namespace kernels
}  // namespace varrt

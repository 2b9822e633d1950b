#include "varrt/kernels/binary_ops.h"

#include <type_traits>

#include "varrt/core/error.h"
#include "varrt/kernels/simd_dispatch.h"
#include "varrt/kernels/narrow_float_elementwise.h"
#include "varrt/kernels/wrapping.h"

namespace varrt {
namespace kernels {
namespace {

struct Add { template <class T> static T apply(T a, T b) { return static_cast<T>(Wrapping<T>(a) + Wrapping<T>(b)); } };
struct Sub { template <class T> static T apply(T a, T b) { return static_cast<T>(Wrapping<T>(a) - Wrapping<T>(b)); } };
struct Mul { template <class T> static T apply(T a, T b) { return static_cast<T>(Wrapping<T>(a) * Wrapping<T>(b)); } };
struct Div { template <class T> static T apply(T a, T b) { return a / b; } };
struct Less { template <class T> static bool apply(T a, T b) { return a < b; } };
struct LessEqual { template <class T> static bool apply(T a, T b) { return a <= b; } };
struct Greater { template <class T> static bool apply(T a, T b) { return a > b; } };
struct GreaterEqual { template <class T> static bool apply(T a, T b) { return a >= b; } };
struct Equal { template <class T> static bool apply(T a, T b) { return a == b; } };
struct NotEqual { template <class T> static bool apply(T a, T b) { return a != b; } };

// Strides (in elements) of `s` seen with the output's rank, 0 where `s` broadcasts.
void broadcast_strides(const Shape& s, const Shape& out, int64_t* strides) {
  int offset = out.rank() - s.rank();
  int64_t stride = 1;
  for (int i = out.rank() - 1; i >= 0; --i) {
    int j = i - offset;
    int64_t d = j >= 0 ? s.dim(j) : 1;
    strides[i] = d == 1 ? 0 : stride;
    stride *= d;
  }
}

template <class Op, class T, class R>
void run(const Tensor& a, const Tensor& b, const Tensor& out) {
  const T* x = a.data_as<T>();
  const T* y = b.data_as<T>();
  R* z = static_cast<R*>(out.mutable_data());
  const int64_t n = out.num_elements();
  if (n == 0) return;
  if (a.num_elements() == n && b.num_elements() == n) {
    simd_for(0, n, [=](int64_t i) { z[i] = Op::apply(x[i], y[i]); });
    return;
  }
  if (b.num_elements() == 1 && a.num_elements() == n) {
    const T v = y[0];
    simd_for(0, n, [=](int64_t i) { z[i] = Op::apply(x[i], v); });
    return;
  }
  if (a.num_elements() == 1 && b.num_elements() == n) {
    const T v = x[0];
    simd_for(0, n, [=](int64_t i) { z[i] = Op::apply(v, y[i]); });
    return;
  }
  // General broadcast: an odometer over the outer dimensions, a strided inner loop.
  const Shape& s = out.shape();
  const int rank = s.rank();
  std::vector<int64_t> sa(rank), sb(rank), index(rank, 0);
  broadcast_strides(a.shape(), s, sa.data());
  broadcast_strides(b.shape(), s, sb.data());
  const int64_t inner = s.dim(rank - 1);
  const int64_t ia = sa[rank - 1], ib = sb[rank - 1];
  int64_t oa = 0, ob = 0;
  for (int64_t done = 0; done < n; done += inner) {
    const T* xr = x + oa;
    const T* yr = y + ob;
    R* zr = z + done;
    simd_for(0, inner, [=](int64_t k) { zr[k] = Op::apply(xr[k * ia], yr[k * ib]); });
    for (int d = rank - 2; d >= 0; --d) {
      oa += sa[d];
      ob += sb[d];
      if (++index[d] < s.dim(d)) break;
      oa -= sa[d] * s.dim(d);
      ob -= sb[d] * s.dim(d);
      index[d] = 0;
    }
  }
}

template <class Op, class R = void>
void by_dtype(const Tensor& a, const Tensor& b, const Tensor& out) {
  constexpr bool kCompare = !std::is_void<R>::value;
#define VARRT_BINARY_CASE(ENUM, T) \
  case DType::ENUM:                \
    return run<Op, T, std::conditional_t<kCompare, bool, T>>(a, b, out);
  switch (a.dtype()) {
    VARRT_BINARY_CASE(kFloat32, float)
    VARRT_BINARY_CASE(kFloat64, double)
    VARRT_BINARY_CASE(kInt32, int32_t)
    VARRT_BINARY_CASE(kInt64, int64_t)
    VARRT_BINARY_CASE(kInt8, int8_t)
    VARRT_BINARY_CASE(kInt16, int16_t)
    VARRT_BINARY_CASE(kUInt8, uint8_t)
    VARRT_BINARY_CASE(kUInt16, uint16_t)
    VARRT_BINARY_CASE(kUInt32, uint32_t)
    VARRT_BINARY_CASE(kUInt64, uint64_t)
    default:
      throw_error(Code::kInternal, "binary kernel called for an unsupported dtype");
  }
#undef VARRT_BINARY_CASE
}

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
  if (a.dtype() == DType::kBool) {  // Equal and NotEqual only (binary_supported)
    return op == BinaryOp::kEqual ? run<Equal, bool, bool>(a, b, out) : run<NotEqual, bool, bool>(a, b, out);
  }
  switch (op) {
    case BinaryOp::kAdd: return by_dtype<Add>(a, b, out);
    case BinaryOp::kSub: return by_dtype<Sub>(a, b, out);
    case BinaryOp::kMul: return by_dtype<Mul>(a, b, out);
    case BinaryOp::kRealDiv: return by_dtype<Div>(a, b, out);
    case BinaryOp::kLess: return by_dtype<Less, bool>(a, b, out);
    case BinaryOp::kLessEqual: return by_dtype<LessEqual, bool>(a, b, out);
    case BinaryOp::kGreater: return by_dtype<Greater, bool>(a, b, out);
    case BinaryOp::kGreaterEqual: return by_dtype<GreaterEqual, bool>(a, b, out);
    case BinaryOp::kEqual: return by_dtype<Equal, bool>(a, b, out);
    case BinaryOp::kNotEqual: return by_dtype<NotEqual, bool>(a, b, out);
  }
}

}  // namespace kernels
}  // namespace varrt

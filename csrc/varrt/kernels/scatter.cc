#include "varrt/kernels/scatter.h"

#include <complex>
#include <limits>
#include <string>
#include <type_traits>

#include "varrt/core/error.h"
#include "varrt/core/half.h"

namespace varrt {
namespace kernels {
namespace {

template <class T>
struct is_complex : std::false_type {};
template <class T>
struct is_complex<std::complex<T>> : std::true_type {};

// Element operations on the arithmetic type T (uint16_t payloads of float16/bfloat16 are
// converted around these by the Half wrapper below).
template <UpdateOp Op, class T>
T apply(T d, T s) {
  if constexpr (Op == UpdateOp::kAssign) {
    return s;
  } else if constexpr (std::is_same<T, bool>::value) {
    return Op == UpdateOp::kAdd ? (d || s) : (d != s);  // Eigen's bool + and - as stored in a bool
  } else if constexpr (std::is_integral<T>::value) {
    using U = std::make_unsigned_t<T>;
    if constexpr (Op == UpdateOp::kAdd) return static_cast<T>(static_cast<U>(d) + static_cast<U>(s));
    if constexpr (Op == UpdateOp::kSub) return static_cast<T>(static_cast<U>(d) - static_cast<U>(s));
    if constexpr (Op == UpdateOp::kMul) {
      // Promote narrow types to unsigned int so the product cannot overflow a signed int.
      using W = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, U>;
      return static_cast<T>(static_cast<W>(static_cast<U>(d)) * static_cast<W>(static_cast<U>(s)));
    }
    if constexpr (Op == UpdateOp::kDiv) {
      if constexpr (std::is_signed<T>::value) {
        if (s == -1) return static_cast<T>(U{0} - static_cast<U>(d));  // INT_MIN / -1 wraps
      }
      return static_cast<T>(d / s);
    }
    if constexpr (Op == UpdateOp::kMin) return s < d ? s : d;
    if constexpr (Op == UpdateOp::kMax) return d < s ? s : d;
  } else {
    if constexpr (Op == UpdateOp::kAdd) return d + s;
    if constexpr (Op == UpdateOp::kSub) return d - s;
    if constexpr (Op == UpdateOp::kMul) return d * s;
    if constexpr (Op == UpdateOp::kDiv) return d / s;
    if constexpr (!is_complex<T>::value) {
      if constexpr (Op == UpdateOp::kMin) return s < d ? s : d;
      if constexpr (Op == UpdateOp::kMax) return d < s ? s : d;
    }
  }
  return d;
}

template <float (*ToF)(uint16_t), uint16_t (*FromF)(float)>
struct Half {
  uint16_t bits;
};

template <UpdateOp Op, class Stored>
struct Element {
  static void run(Stored& d, const Stored& s) { d = apply<Op, Stored>(d, s); }
};
template <UpdateOp Op, float (*ToF)(uint16_t), uint16_t (*FromF)(float)>
struct Element<Op, Half<ToF, FromF>> {
  static void run(Half<ToF, FromF>& d, const Half<ToF, FromF>& s) {
    if constexpr (Op == UpdateOp::kAssign) {
      d.bits = s.bits;
    } else {
      d.bits = FromF(apply<Op, float>(ToF(d.bits), ToF(s.bits)));
    }
  }
};

template <UpdateOp Op, class T>
void rows_loop(T* dst, const T* updates, bool scalar, int64_t row_len, int64_t n, const RowIndex& index) {
  const int32_t* i32 = static_cast<const int32_t*>(index.indices);
  const int64_t* i64 = static_cast<const int64_t*>(index.indices);
  for (int64_t i = 0; i < n; ++i) {
    int64_t row = 0;
    for (int64_t d = 0; d < index.depth; ++d) {
      int64_t ix = index.is64 ? i64[i * index.depth + d] : i32[i * index.depth + d];
      row += ix * index.row_strides[static_cast<size_t>(d)];
    }
    T* out = dst + row * row_len;
    if (scalar) {
      for (int64_t j = 0; j < row_len; ++j) Element<Op, T>::run(out[j], updates[0]);
    } else {
      const T* in = updates + i * row_len;
      for (int64_t j = 0; j < row_len; ++j) Element<Op, T>::run(out[j], in[j]);
    }
  }
}

using F16 = Half<half_to_float, float_to_half>;
using BF16 = Half<bfloat16_to_float, float_to_bfloat16>;

template <UpdateOp Op>
void dispatch_dtype(DType dtype, void* dst, const void* updates, bool scalar, int64_t row_len, int64_t n,
                    const RowIndex& index) {
  auto run = [&](auto* typed) {
    using T = std::remove_pointer_t<decltype(typed)>;
    rows_loop<Op, T>(static_cast<T*>(dst), static_cast<const T*>(updates), scalar, row_len, n, index);
  };
  switch (dtype) {
    case DType::kFloat32: return run(static_cast<float*>(nullptr));
    case DType::kFloat64: return run(static_cast<double*>(nullptr));
    case DType::kInt8: return run(static_cast<int8_t*>(nullptr));
    case DType::kInt16: return run(static_cast<int16_t*>(nullptr));
    case DType::kInt32: return run(static_cast<int32_t*>(nullptr));
    case DType::kInt64: return run(static_cast<int64_t*>(nullptr));
    case DType::kUInt8: return run(static_cast<uint8_t*>(nullptr));
    case DType::kUInt16: return run(static_cast<uint16_t*>(nullptr));
    case DType::kUInt32: return run(static_cast<uint32_t*>(nullptr));
    case DType::kUInt64: return run(static_cast<uint64_t*>(nullptr));
    case DType::kFloat16: return run(static_cast<F16*>(nullptr));
    case DType::kBFloat16: return run(static_cast<BF16*>(nullptr));
    case DType::kBool:
      if constexpr (Op == UpdateOp::kAssign || Op == UpdateOp::kAdd || Op == UpdateOp::kSub) {
        return run(static_cast<bool*>(nullptr));
      }
      break;
    case DType::kComplex64:
      if constexpr (Op != UpdateOp::kMin && Op != UpdateOp::kMax) return run(static_cast<std::complex<float>*>(nullptr));
      break;
    case DType::kComplex128:
      if constexpr (Op != UpdateOp::kMin && Op != UpdateOp::kMax) return run(static_cast<std::complex<double>*>(nullptr));
      break;
    case DType::kString:
      if constexpr (Op == UpdateOp::kAssign) return run(static_cast<std::string*>(nullptr));
      break;
    default: break;
  }
  throw_error(Code::kInternal, std::string("scatter update not supported for dtype ") + dtype_name(dtype));
}

}  // namespace

bool update_supported(UpdateOp op, DType dtype, bool bool_arith) {
  if (!dtype_is_valid(static_cast<int32_t>(dtype))) return false;
  if (op == UpdateOp::kAssign) return true;
  if (dtype == DType::kBool) return bool_arith && (op == UpdateOp::kAdd || op == UpdateOp::kSub);
  if (!dtype_is_numeric(dtype)) return false;
  bool complex = dtype == DType::kComplex64 || dtype == DType::kComplex128;
  return !(complex && (op == UpdateOp::kMin || op == UpdateOp::kMax));
}

void scatter_rows(UpdateOp op, DType dtype, void* dst, const void* updates, bool scalar_update, int64_t row_len,
                  int64_t n, const RowIndex& index) {
  if (n <= 0 || row_len <= 0) return;
  switch (op) {
    case UpdateOp::kAssign: return dispatch_dtype<UpdateOp::kAssign>(dtype, dst, updates, scalar_update, row_len, n, index);
    case UpdateOp::kAdd: return dispatch_dtype<UpdateOp::kAdd>(dtype, dst, updates, scalar_update, row_len, n, index);
    case UpdateOp::kSub: return dispatch_dtype<UpdateOp::kSub>(dtype, dst, updates, scalar_update, row_len, n, index);
    case UpdateOp::kMul: return dispatch_dtype<UpdateOp::kMul>(dtype, dst, updates, scalar_update, row_len, n, index);
    case UpdateOp::kDiv: return dispatch_dtype<UpdateOp::kDiv>(dtype, dst, updates, scalar_update, row_len, n, index);
    case UpdateOp::kMin: return dispatch_dtype<UpdateOp::kMin>(dtype, dst, updates, scalar_update, row_len, n, index);
    case UpdateOp::kMax: return dispatch_dtype<UpdateOp::kMax>(dtype, dst, updates, scalar_update, row_len, n, index);
  }
}

bool contains_zero(DType dtype, const void* data, int64_t n) {
  auto any_zero = [&](auto* typed) {
    using T = std::remove_pointer_t<decltype(typed)>;
    const T* p = static_cast<const T*>(data);
    for (int64_t i = 0; i < n; ++i) {
      if (p[i] == T(0)) return true;
    }
    return false;
  };
  switch (dtype) {
    case DType::kFloat32: return any_zero(static_cast<float*>(nullptr));
    case DType::kFloat64: return any_zero(static_cast<double*>(nullptr));
    case DType::kInt8: return any_zero(static_cast<int8_t*>(nullptr));
    case DType::kInt16: return any_zero(static_cast<int16_t*>(nullptr));
    case DType::kInt32: return any_zero(static_cast<int32_t*>(nullptr));
    case DType::kInt64: return any_zero(static_cast<int64_t*>(nullptr));
    case DType::kUInt8: return any_zero(static_cast<uint8_t*>(nullptr));
    case DType::kUInt16: return any_zero(static_cast<uint16_t*>(nullptr));
    case DType::kUInt32: return any_zero(static_cast<uint32_t*>(nullptr));
    case DType::kUInt64: return any_zero(static_cast<uint64_t*>(nullptr));
    case DType::kComplex64: return any_zero(static_cast<std::complex<float>*>(nullptr));
    case DType::kComplex128: return any_zero(static_cast<std::complex<double>*>(nullptr));
    case DType::kFloat16:
    case DType::kBFloat16: {
      const uint16_t* p = static_cast<const uint16_t*>(data);
      for (int64_t i = 0; i < n; ++i) {
        if ((p[i] & 0x7fffu) == 0) return true;  // +0 or -0 in both formats
      }
      return false;
    }
    default: return false;
  }
}

}  // namespace kernels
}  // namespace varrt

#include "varrt/kernels/cast.h"

#include <limits>
#include <type_traits>

#include "varrt/core/error.h"
#include "varrt/kernels/simd_dispatch.h"

namespace varrt {
namespace kernels {
namespace {

template <class To, class From>
To convert(From x) {
  if constexpr (std::is_same<To, bool>::value) {
    return x != From(0);
  } else if constexpr (std::is_floating_point<From>::value && std::is_integral<To>::value) {
    using Wide = std::conditional_t<(sizeof(To) < 4 || (sizeof(To) == 4 && std::is_signed<To>::value)), int32_t,
                                    int64_t>;
    const double bound = sizeof(Wide) == 4 ? 2147483648.0 : 9223372036854775808.0;
    const double t = static_cast<double>(x);
    // Out of range and nan give the minimum. Clamped to -bound before the conversion (which
    // truncates), so that it is always defined and runs unconditionally: the loop vectorises.
    // The values just below -bound truncate to -bound as well, so clamping them is exact.
    const Wide w = static_cast<Wide>(((t >= -bound) & (t < bound)) ? t : -bound);
    return static_cast<To>(static_cast<std::make_unsigned_t<To>>(w));  // wraps to the target width
  } else if constexpr (std::is_integral<From>::value && std::is_integral<To>::value && !std::is_same<To, bool>::value) {
    return static_cast<To>(static_cast<std::make_unsigned_t<To>>(x));  // modular
  } else {
    return static_cast<To>(x);
  }
}

template <class To, class From>
void run(const Tensor& a, const Tensor& out) {
  const From* x = a.data_as<From>();
  To* y = static_cast<To*>(out.mutable_data());
  simd_for(0, a.num_elements(), [=](int64_t i) { y[i] = convert<To>(x[i]); });
}

template <class From>
void to(const Tensor& a, const Tensor& out) {
  switch (out.dtype()) {
    case DType::kFloat32: return run<float, From>(a, out);
    case DType::kFloat64: return run<double, From>(a, out);
    case DType::kInt8: return run<int8_t, From>(a, out);
    case DType::kInt16: return run<int16_t, From>(a, out);
    case DType::kInt32: return run<int32_t, From>(a, out);
    case DType::kInt64: return run<int64_t, From>(a, out);
    case DType::kUInt8: return run<uint8_t, From>(a, out);
    case DType::kUInt16: return run<uint16_t, From>(a, out);
    case DType::kUInt32: return run<uint32_t, From>(a, out);
    case DType::kUInt64: return run<uint64_t, From>(a, out);
    case DType::kBool: return run<bool, From>(a, out);
    default: throw_error(Code::kInternal, "cast kernel called for an unsupported dtype");
  }
}

bool real_or_bool(DType d) {
  switch (d) {
    case DType::kFloat32: case DType::kFloat64: case DType::kInt8: case DType::kInt16: case DType::kInt32:
    case DType::kInt64: case DType::kUInt8: case DType::kUInt16: case DType::kUInt32: case DType::kUInt64:
    case DType::kBool:
      return true;
    default:
      return false;
  }
}

}  // namespace

bool cast_supported(DType from, DType to) { return real_or_bool(from) && real_or_bool(to); }

void cast(const Tensor& a, const Tensor& out) {
  switch (a.dtype()) {
    case DType::kFloat32: return to<float>(a, out);
    case DType::kFloat64: return to<double>(a, out);
    case DType::kInt8: return to<int8_t>(a, out);
    case DType::kInt16: return to<int16_t>(a, out);
    case DType::kInt32: return to<int32_t>(a, out);
    case DType::kInt64: return to<int64_t>(a, out);
    case DType::kUInt8: return to<uint8_t>(a, out);
    case DType::kUInt16: return to<uint16_t>(a, out);
    case DType::kUInt32: return to<uint32_t>(a, out);
    case DType::kUInt64: return to<uint64_t>(a, out);
    case DType::kBool: return to<bool>(a, out);
    default: throw_error(Code::kInternal, "cast kernel called for an unsupported dtype");
  }
}

}  // namespace kernels
}  // namespace varrt

// Integer arithmetic that wraps (two's complement) as TensorFlow's kernels do: computed in an
// unsigned type at least as wide as int, since signed overflow is undefined in C++ and narrow
// types would be promoted to (signed) int. Floating types compute as themselves.
#pragma once

#include <type_traits>

namespace varrt {
namespace kernels {

template <class T, bool = std::is_integral<T>::value>
struct WrappingOf {
  using type = T;
};
template <class T>
struct WrappingOf<T, true> {
  using type = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
};
template <class T>
using Wrapping = typename WrappingOf<T>::type;

}  // namespace kernels
}  // namespace varrt

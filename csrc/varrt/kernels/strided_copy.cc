#include "varrt/kernels/strided_copy.h"

#include <complex>
#include <cstring>
#include <string>
#include <type_traits>

namespace varrt {
namespace kernels {
namespace {

// 16-byte POD element (complex128) copied as a unit.
struct Bytes16 {
  uint64_t lo, hi;
};

template <class T>
void inner_loop(const T* src, int64_t src_stride, T* dst, int64_t dst_stride, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dst[i * dst_stride] = src[i * src_stride];
}

template <class T>
void copy_nd(const std::vector<int64_t>& sizes, const T* src, const std::vector<int64_t>& ss, T* dst,
             const std::vector<int64_t>& ds) {
  const size_t rank = sizes.size();
  if (rank == 0) {
    *dst = *src;
    return;
  }
  const size_t inner = rank - 1;
  const int64_t n = sizes[inner];
  const bool contiguous = ss[inner] == 1 && ds[inner] == 1 && !std::is_same<T, std::string>::value;
  std::vector<int64_t> pos(rank, 0);
  int64_t so = 0, doff = 0;
  while (true) {
    if (contiguous) {
      std::memcpy(static_cast<void*>(dst + doff), static_cast<const void*>(src + so), sizeof(T) * static_cast<size_t>(n));
    } else {
      inner_loop(src + so, ss[inner], dst + doff, ds[inner], n);
    }
    // Odometer over the outer dimensions.
    size_t d = inner;
    while (d > 0) {
      --d;
      so += ss[d];
      doff += ds[d];
      if (++pos[d] < sizes[d]) break;
      so -= ss[d] * sizes[d];
      doff -= ds[d] * sizes[d];
      pos[d] = 0;
      if (d == 0) return;
    }
    if (inner == 0) return;
  }
}

// Drops size-1 dimensions and merges neighbours that are contiguous in both views, so a
// slice of whole trailing rows becomes one memcpy per row.
void coalesce(std::vector<int64_t>* sizes, std::vector<int64_t>* ss, std::vector<int64_t>* ds) {
  std::vector<int64_t> s2, a2, b2;
  for (size_t i = 0; i < sizes->size(); ++i) {
    if ((*sizes)[i] == 1) continue;
    if (!s2.empty() && a2.back() == (*ss)[i] * (*sizes)[i] && b2.back() == (*ds)[i] * (*sizes)[i]) {
      s2.back() *= (*sizes)[i];
      a2.back() = (*ss)[i];
      b2.back() = (*ds)[i];
      continue;
    }
    s2.push_back((*sizes)[i]);
    a2.push_back((*ss)[i]);
    b2.push_back((*ds)[i]);
  }
  *sizes = std::move(s2);
  *ss = std::move(a2);
  *ds = std::move(b2);
}

}  // namespace

void strided_copy(DType dtype, const std::vector<int64_t>& sizes_in, const void* src,
                  const std::vector<int64_t>& src_strides, void* dst, const std::vector<int64_t>& dst_strides) {
  for (int64_t s : sizes_in) {
    if (s == 0) return;
  }
  std::vector<int64_t> sizes = sizes_in, ss = src_strides, ds = dst_strides;
  coalesce(&sizes, &ss, &ds);
  if (dtype == DType::kString) {
    return copy_nd(sizes, static_cast<const std::string*>(src), ss, static_cast<std::string*>(dst), ds);
  }
  switch (dtype_size(dtype)) {
    case 1: return copy_nd(sizes, static_cast<const uint8_t*>(src), ss, static_cast<uint8_t*>(dst), ds);
    case 2: return copy_nd(sizes, static_cast<const uint16_t*>(src), ss, static_cast<uint16_t*>(dst), ds);
    case 4: return copy_nd(sizes, static_cast<const uint32_t*>(src), ss, static_cast<uint32_t*>(dst), ds);
    case 8: return copy_nd(sizes, static_cast<const uint64_t*>(src), ss, static_cast<uint64_t*>(dst), ds);
    case 16: return copy_nd(sizes, static_cast<const Bytes16*>(src), ss, static_cast<Bytes16*>(dst), ds);
    default: return;
  }
}

}  // namespace kernels
}  // namespace varrt

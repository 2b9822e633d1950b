#include "varrt/kernels/batch_offsets.h"

namespace varrt {
namespace kernels {

std::vector<int64_t> batch_offsets(const Shape& input, const Shape& batch, int64_t matrix_size) {
  const int rank = batch.rank(), in_rank = input.rank() - 2;
  int64_t count = 1;
  for (int i = 0; i < rank; ++i) count *= batch.dim(i);
  std::vector<int64_t> offsets(static_cast<size_t>(count), 0);
  std::vector<int64_t> index(static_cast<size_t>(rank), 0);
  for (int64_t b = 0; b < count; ++b) {
    int64_t offset = 0, stride = matrix_size;
    for (int i = rank - 1, j = in_rank - 1; j >= 0; --i, --j) {
      const int64_t d = input.dim(j);
      if (d != 1) offset += index[i] * stride;
      stride *= d;
    }
    offsets[static_cast<size_t>(b)] = offset;
    for (int i = rank - 1; i >= 0 && ++index[i] == batch.dim(i); --i) index[i] = 0;
  }
  return offsets;
}

}  // namespace kernels
}  // namespace varrt

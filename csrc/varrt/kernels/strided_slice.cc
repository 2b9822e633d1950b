#include "varrt/kernels/strided_slice.h"

#include <algorithm>
#include <array>

namespace varrt {
namespace {

constexpr int kShrinkAxis = -1;
constexpr int kNewAxis = -2;

std::string shape_text(size_t n) { return "[" + std::to_string(n) + "]"; }

// The sparse spec with its ellipsis expanded to one entry per input dimension.
struct DenseSpec {
  std::vector<int64_t> begin, end, strides;
  int64_t begin_mask = 0, end_mask = 0, shrink_axis_mask = 0;
  std::vector<int> final_gather;  // input dimension, kNewAxis or kShrinkAxis per sparse item
};

bool build_dense(const StridedSliceSpec& spec, int dims, DenseSpec* dense, std::string* error) {
  const int sparse_dims_given = static_cast<int>(spec.strides.size());
  int32_t ellipsis_mask = spec.ellipsis_mask;
  int sparse_dims = sparse_dims_given;
  int num_add_axis_after_ellipsis = 0;
  bool ellipsis_seen = false;
  for (int i = 0; i < sparse_dims; ++i) {
    if (ellipsis_seen && ((1 << i) & spec.new_axis_mask) != 0) ++num_add_axis_after_ellipsis;
    if ((1 << i) & ellipsis_mask) ellipsis_seen = true;
  }
  if (!ellipsis_seen) {  // an implicit trailing ellipsis keeps the remaining dimensions
    ellipsis_mask |= (1 << sparse_dims);
    ++sparse_dims;
  }
  dense->begin.assign(static_cast<size_t>(dims), 0);
  dense->end.assign(static_cast<size_t>(dims), 0);
  dense->strides.assign(static_cast<size_t>(dims), 1);
  int full_index = 0;
  for (int i = 0; i < sparse_dims; ++i) {
    if ((1 << i) & ellipsis_mask) {
      int next_index = std::min(dims - (sparse_dims - i) + 1 + num_add_axis_after_ellipsis, dims);
      for (; full_index < next_index; ++full_index) {
        dense->begin_mask |= int64_t{1} << full_index;
        dense->end_mask |= int64_t{1} << full_index;
        dense->final_gather.push_back(full_index);
      }
    } else if ((1 << i) & spec.new_axis_mask) {
      dense->final_gather.push_back(kNewAxis);
    } else {
      if (dims == 0) {
        *error = "Attempting to slice scalar input.";
        return false;
      }
      if (full_index == dims) {
        *error = "Index out of range using input dim " + std::to_string(full_index) + "; input has only " +
                 std::to_string(dims) + " dims";
        return false;
      }
      const size_t f = static_cast<size_t>(full_index);
      dense->begin[f] = spec.begin[static_cast<size_t>(i)];
      dense->end[f] = spec.end[static_cast<size_t>(i)];
      dense->strides[f] = spec.strides[static_cast<size_t>(i)];
      if (spec.begin_mask & (1 << i)) dense->begin_mask |= int64_t{1} << full_index;
      if (spec.end_mask & (1 << i)) dense->end_mask |= int64_t{1} << full_index;
      if (spec.shrink_axis_mask & (1 << i)) {
        dense->final_gather.push_back(kShrinkAxis);
        dense->shrink_axis_mask |= int64_t{1} << full_index;
      } else {
        dense->final_gather.push_back(full_index);
      }
      ++full_index;
    }
  }
  return true;
}

}  // namespace

int64_t SliceGeometry::processing_elements() const {
  int64_t n = 1;
  for (int64_t d : processing_dims) n *= d;
  return n;
}

bool resolve_strided_slice(const StridedSliceSpec& spec, const Shape& input, SliceGeometry* out, std::string* error) {
  const size_t n = spec.strides.size();
  if (spec.begin.size() != n || spec.end.size() != n || n >= 32) {
    *error = "Expected begin, end, and strides to be 1D equal size tensors, but got shapes " +
             shape_text(spec.begin.size()) + ", " + shape_text(spec.end.size()) + ", and " + shape_text(n) +
             " instead.";
    return false;
  }
  if (spec.ellipsis_mask && (spec.ellipsis_mask & (spec.ellipsis_mask - 1)) != 0) {
    *error = "Multiple ellipses in slice spec not allowed";
    return false;
  }
  const int dims = input.rank();
  DenseSpec dense;
  if (!build_dense(spec, dims, &dense, error)) return false;

  out->begin.assign(static_cast<size_t>(dims), 0);
  out->strides.assign(static_cast<size_t>(dims), 1);
  out->processing_dims.assign(static_cast<size_t>(dims), 0);
  out->is_identity = true;
  out->slice_dim0 = true;
  for (int i = 0; i < dims; ++i) {
    const size_t u = static_cast<size_t>(i);
    int64_t begin_i = dense.begin[u];
    int64_t end_i = dense.end[u];
    const int64_t stride_i = dense.strides[u];
    const int64_t dim_i = input.dim(i);
    if (stride_i == 0) {
      *error = "strides[" + std::to_string(i) + "] must be non-zero";
      return false;
    }
    const bool shrink_i = (dense.shrink_axis_mask >> i) & 1;
    const std::array<bool, 2> masks = {{((dense.begin_mask >> i) & 1) != 0, ((dense.end_mask >> i) & 1) != 0}};
    const std::array<int64_t, 2> valid_range = {{stride_i > 0 ? 0 : -1, stride_i > 0 ? dim_i : dim_i - 1}};
    auto canonical = [&](int64_t x, int c) {
      if (masks[static_cast<size_t>(c)]) {
        return stride_i > 0 ? valid_range[static_cast<size_t>(c)] : valid_range[static_cast<size_t>((c + 1) & 1)];
      }
      int64_t x_fwd = x < 0 ? dim_i + x : x;  // negative indices count from the end
      return x_fwd < valid_range[0] ? valid_range[0] : x_fwd > valid_range[1] ? valid_range[1] : x_fwd;
    };
    if (shrink_i && stride_i <= 0) {
      *error = "only stride 1 allowed on non-range indexing.";
      return false;
    }
    if (shrink_i) {
      // foo[-1] arrives as begin -1, end 0: rebuild end from begin rather than clamping.
      int64_t x_fwd = begin_i < 0 ? dim_i + begin_i : begin_i;
      begin_i = x_fwd;
      end_i = begin_i + 1;
      if (x_fwd < 0 || x_fwd >= dim_i) {
        *error = "slice index " + std::to_string(begin_i) + " of dimension " + std::to_string(i) + " out of bounds.";
        return false;
      }
    } else {
      begin_i = canonical(begin_i, 0);
      end_i = canonical(end_i, 1);
    }
    const bool take_all = stride_i == 1 && begin_i == 0 && end_i == dim_i;
    out->is_identity &= take_all;
    out->slice_dim0 &= (i == 0 && stride_i == 1) || take_all;

    const int64_t interval = end_i - begin_i;
    int64_t size_i = 0;
    if (interval != 0 && (interval < 0) == (stride_i < 0)) {
      size_i = interval / stride_i + (interval % stride_i != 0 ? 1 : 0);
    }
    out->begin[u] = begin_i;
    out->strides[u] = stride_i;
    out->processing_dims[u] = size_i;
  }
  out->final_dims.clear();
  out->final_source.clear();
  for (int g : dense.final_gather) {
    if (g >= 0) {
      out->final_dims.push_back(out->processing_dims[static_cast<size_t>(g)]);
      out->final_source.push_back(g);
    } else if (g == kNewAxis) {
      out->final_dims.push_back(1);
      out->final_source.push_back(-1);
    }
  }
  return true;
}

bool int_index_of(const StridedSliceSpec& spec, IntIndex* index) {
  const int n = static_cast<int>(spec.begin.size());
  if (n == 0 || n > IntIndex::kMax || spec.begin_mask != 0 || spec.end_mask != 0 || spec.ellipsis_mask != 0 ||
      spec.new_axis_mask != 0 || spec.shrink_axis_mask != static_cast<int32_t>((1u << n) - 1) ||
      spec.end.size() != spec.begin.size() || spec.strides.size() != spec.begin.size()) {
    return false;
  }
  for (int i = 0; i < n; ++i) {
    const int64_t b = spec.begin[static_cast<size_t>(i)];
    if (spec.strides[static_cast<size_t>(i)] != 1 || spec.end[static_cast<size_t>(i)] != b + 1) return false;
    index->at[i] = b;
  }
  index->n = n;
  return true;
}

bool int_index_block(const IntIndex& index, const Shape& input, int64_t* offset, int64_t* elements) {
  const int n = index.n;
  const int rank = input.rank();
  if (n <= 0 || n > rank) return false;
  const int64_t* dims = input.data();
  int64_t at = 0;
  for (int i = 0; i < n; ++i) {
    const int64_t dim = dims[i];
    const int64_t b = index.at[i];
    if (b < -dim || b >= dim) return false;
    at = at * dim + (b < 0 ? b + dim : b);
  }
  int64_t block = 1;
  for (int i = n; i < rank; ++i) block *= dims[i];  // a tensor's element count fits int64
  *offset = at * block;
  *elements = block;
  return true;
}

}  // namespace varrt

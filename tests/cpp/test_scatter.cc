// The indexed variable ops through the core's C++ API: strided-slice resolution, slice
// reads and assigns, scatter/gather values, validation before any write, copy-on-write with
// the allocator counters, and updates racing reads under the variable's lock.
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "check.h"
#include "varrt/core/allocator.h"
#include "varrt/core/error.h"
#include "varrt/ops/gather_ops.h"
#include "varrt/ops/scatter_ops.h"
#include "varrt/ops/slice_ops.h"
#include "varrt/kernels/strided_slice.h"
#include "varrt/ops/variable_ops.h"

using namespace varrt;
using kernels::UpdateOp;

namespace {

template <class T>
Tensor make(DType dtype, std::vector<T> values, Shape shape) {
  Tensor t = Tensor::allocate(dtype, shape);
  std::memcpy(t.mutable_data(), values.data(), values.size() * sizeof(T));
  return t;
}
Tensor floats(std::vector<float> v, Shape s) { return make(DType::kFloat32, std::move(v), std::move(s)); }
Tensor ints(std::vector<int32_t> v, Shape s) { return make(DType::kInt32, std::move(v), std::move(s)); }
Tensor longs(std::vector<int64_t> v, Shape s) { return make(DType::kInt64, std::move(v), std::move(s)); }

template <class T = float>
std::vector<T> values(const Tensor& t) {
  const T* p = t.data_as<T>();
  return std::vector<T>(p, p + t.num_elements());
}

ResourceHandle var_of(const Tensor& value) {
  ops::VarHandleAttrs attrs;
  attrs.dtype = value.dtype();
  attrs.shape = PartialShape::from(value.shape());
  ResourceHandle h = ops::VarHandleOp(attrs);
  ops::AssignVariableOp(h, value.deep_copy());
  return h;
}

std::vector<float> read(const ResourceHandle& h) { return values(ops::ReadVariableOp(h)); }

int64_t allocs() { return Allocator::cpu()->stats().num_allocs; }

StridedSliceSpec spec(std::vector<int64_t> b, std::vector<int64_t> e, std::vector<int64_t> s, int32_t begin_mask = 0,
                      int32_t end_mask = 0, int32_t ellipsis = 0, int32_t new_axis = 0, int32_t shrink = 0) {
  StridedSliceSpec out;
  out.begin = std::move(b);
  out.end = std::move(e);
  out.strides = std::move(s);
  out.begin_mask = begin_mask;
  out.end_mask = end_mask;
  out.ellipsis_mask = ellipsis;
  out.new_axis_mask = new_axis;
  out.shrink_axis_mask = shrink;
  return out;
}

std::string message_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(resolve_python_style_slices) {
  SliceGeometry g;
  std::string error;
  // x[1, ::-2] on shape [3, 5]: row 1 (shrunk), columns 4, 2, 0.
  CHECK(resolve_strided_slice(spec({1, 0}, {2, 0}, {1, -2}, 2, 2, 0, 0, 1), Shape{3, 5}, &g, &error));
  CHECK((g.final_dims == std::vector<int64_t>{3}));
  CHECK(g.begin[0] == 1 && g.begin[1] == 4 && g.strides[1] == -2);
  // x[..., None] on a scalar: identity plus a new axis.
  CHECK(resolve_strided_slice(spec({0, 0}, {0, 0}, {1, 1}, 0, 0, 1, 2, 0), Shape{}, &g, &error));
  CHECK((g.final_dims == std::vector<int64_t>{1}) && g.is_identity);
  // Out-of-range starts clamp; an integer index does not.
  CHECK(resolve_strided_slice(spec({-10}, {10}, {1}), Shape{3}, &g, &error));
  CHECK((g.final_dims == std::vector<int64_t>{3}) && g.is_identity);
  CHECK(!resolve_strided_slice(spec({-4}, {-3}, {1}, 0, 0, 0, 0, 1), Shape{3}, &g, &error));
  CHECK(error == "slice index -1 of dimension 0 out of bounds.");
  CHECK(!resolve_strided_slice(spec({0}, {0}, {0}), Shape{3}, &g, &error));
  CHECK(error == "strides[0] must be non-zero");
  CHECK(!resolve_strided_slice(spec({0}, {1}, {1}, 0, 0, 0, 0, 1), Shape{}, &g, &error));
  CHECK(error == "Attempting to slice scalar input.");
  CHECK(!resolve_strided_slice(spec({0, 0}, {1, 1}, {1, 1}), Shape{3}, &g, &error));
  CHECK(error == "Index out of range using input dim 1; input has only 1 dims");
  CHECK(!resolve_strided_slice(spec({0, 0}, {0, 0}, {1, 1}, 0, 0, 3), Shape{3}, &g, &error));
  CHECK(error == "Multiple ellipses in slice spec not allowed");
}

TEST(strided_slice_copies_or_shares_rows) {
  Tensor t = floats({0, 1, 2, 3, 4, 5}, Shape{3, 2});
  Tensor col = ops::StridedSlice(t, spec({0, 1}, {0, 2}, {-1, 1}, 1, 1, 0, 0, 2));  // t[::-1, 1]
  CHECK((values(col) == std::vector<float>{5, 3, 1}));
  CHECK(!col.shares_buffer_with(t));
  Tensor rows = ops::StridedSlice(t, spec({1}, {3}, {1}));  // t[1:3]: a view
  CHECK((values(rows) == std::vector<float>{2, 3, 4, 5}));
  CHECK(rows.data() == static_cast<const float*>(t.data()) + 2);
  Tensor copied = ops::StridedSlice(t, spec({1}, {3}, {1}), nullptr, /*share=*/false);
  CHECK(copied.data() != rows.data());
  CHECK(std::memcmp(copied.data(), rows.data(), 4 * sizeof(float)) == 0);
}

TEST(slice_assign_broadcasts_in_place) {
  ResourceHandle h = var_of(floats({0, 1, 2, 3, 4, 5}, Shape{2, 3}));
  ops::ResourceStridedSliceAssign(h, spec({0, 1}, {0, 0}, {1, 1}, 1, 3), floats({7, 8}, Shape{1, 2}));  // v[:, 1:]
  CHECK((read(h) == std::vector<float>{0, 7, 8, 3, 7, 8}));
  Tensor nine = floats({9}, Shape{});
  int64_t n = allocs();
  ops::ResourceStridedSliceAssign(h, spec({1}, {2}, {1}, 0, 0, 0, 0, 1), nine);  // v[1] = 9
  CHECK(allocs() == n);
  CHECK((read(h) == std::vector<float>{0, 7, 8, 9, 9, 9}));
  std::string m = message_of([&] { ops::ResourceStridedSliceAssign(h, spec({0}, {1}, {1}), floats({1, 2}, Shape{2})); });
  CHECK(contains(m, "Cannot broadcast input shape [2] into final shape [1,3] [Op:ResourceStridedSliceAssign]"));
  CHECK((read(h) == std::vector<float>{0, 7, 8, 9, 9, 9}));
}

TEST(a_deferred_slice_reads_now_and_copies_later) {
  ResourceHandle h = var_of(floats({0, 1, 2, 3, 4, 5}, Shape{3, 2}));
  Tensor value;
  const Device* device = nullptr;
  int64_t n = allocs();
  CHECK(ops::ReadForSlice(h, spec({1}, {2}, {1}, 0, 0, 0, 0, 1), &value, &device));  // v[1]
  CHECK(allocs() == n && device != nullptr);
  ops::ResourceStridedSliceAssign(h, spec({1}, {2}, {1}, 0, 0, 0, 0, 1), floats({9}, Shape{}));  // copies: `value` holds
  Tensor row = ops::SliceOfRead(value, spec({1}, {2}, {1}, 0, 0, 0, 0, 1), *device);
  CHECK((values(row) == std::vector<float>{2, 3}) && row.shape() == (Shape{2}));
  CHECK((read(h) == std::vector<float>{0, 1, 9, 9, 4, 5}));
  // A spec that does not fit, or a variable above the limit: nothing done, the two ops decide.
  CHECK(!ops::ReadForSlice(h, spec({3}, {4}, {1}, 0, 0, 0, 0, 1), &value, &device) && !value.valid());
  ResourceHandle big = var_of(Tensor::allocate(DType::kFloat32, Shape{int64_t(ops::kDeferredSliceMaxBytes / 4 + 1)}));
  CHECK(!ops::ReadForSlice(big, spec({0}, {1}, {1}, 0, 0, 0, 0, 1), &value, &device));
}

TEST(scatter_values_and_duplicates) {
  ResourceHandle h = var_of(floats({1, 2, 3, 4, 5, 6}, Shape{3, 2}));
  ops::ResourceScatter(UpdateOp::kAdd, h, ints({2, 0, 2}, Shape{3}), floats({1, 1, 2, 2, 3, 3}, Shape{3, 2}));
  CHECK((read(h) == std::vector<float>{3, 4, 3, 4, 9, 10}));
  ops::ResourceScatter(UpdateOp::kAssign, h, longs({1, 1}, Shape{2}), floats({7, 7, 8, 8}, Shape{2, 2}));
  CHECK((read(h) == std::vector<float>{3, 4, 8, 8, 9, 10}));  // last wins
  ops::ResourceScatter(UpdateOp::kMax, h, ints({0}, Shape{1}), floats({5}, Shape{}));
  CHECK((read(h) == std::vector<float>{5, 5, 8, 8, 9, 10}));
  ops::ResourceScatterNd(UpdateOp::kSub, h, ints({2, 1, 0, 0}, Shape{2, 2}), floats({10, 1}, Shape{2}));
  CHECK((read(h) == std::vector<float>{4, 5, 8, 8, 9, 0}));
  CHECK((values(ops::ResourceGather(h, ints({2, 0}, Shape{2}))) == std::vector<float>{9, 0, 4, 5}));
  CHECK((values(ops::ResourceGatherNd(h, longs({1, 0, 0, 1}, Shape{2, 2}))) == std::vector<float>{8, 5}));
}

TEST(scatter_validates_everything_before_writing) {
  ResourceHandle h = var_of(floats({1, 2, 3, 4}, Shape{2, 2}));
  std::vector<float> before = read(h);
  std::string m = message_of([&] {
    ops::ResourceScatter(UpdateOp::kAdd, h, ints({0, 9}, Shape{2}), floats({1, 1, 1, 1}, Shape{2, 2}));
  });
  CHECK(contains(m, "indices[1] = 9 is not in [0, 2) [Op:ResourceScatterAdd]"));
  m = message_of([&] {
    ops::ResourceScatterNd(UpdateOp::kAssign, h, ints({0, 0, 5, 5}, Shape{2, 2}), floats({1, 2}, Shape{2}));
  });
  CHECK(contains(m, "indices[1] = [5, 5] does not index into shape [2,2]"));
  m = message_of([&] {
    ops::ResourceScatter(UpdateOp::kDiv, h, ints({0}, Shape{1}), floats({1, 0}, Shape{1, 2}));
  });
  CHECK(contains(m, "updates must not contain 0"));
  m = message_of([&] {
    ops::ResourceScatter(UpdateOp::kAssign, h, floats({0}, Shape{1}), floats({1, 1}, Shape{1, 2}));
  });
  CHECK(contains(m, "Value for attr 'Tindices' of float"));
  CHECK_THROWS_CODE(ops::ResourceScatter(UpdateOp::kAssign, h, ints({0}, Shape{1}), ints({1, 1}, Shape{1, 2})),
                    Code::kInvalidArgument);
  CHECK(read(h) == before);
}

TEST(scatter_is_copy_on_write) {
  ResourceHandle h = var_of(floats(std::vector<float>(64, 0.0f), Shape{16, 4}));
  Tensor row = ints({3}, Shape{1}), one = floats({1}, Shape{});
  int64_t n = allocs();
  ops::ResourceScatter(UpdateOp::kAdd, h, row, one);
  CHECK(allocs() == n);  // nobody else holds the buffer: in place
  Tensor reader = ops::ReadVariableOp(h);
  ops::ResourceScatter(UpdateOp::kAdd, h, row, one);
  CHECK(allocs() == n + 1);  // one copy for the reader
  CHECK(values(reader)[12] == 1.0f);
  CHECK(read(h)[12] == 2.0f);
  CHECK(!reader.shares_buffer_with(ops::ReadVariableOp(h)));
}

TEST(strings_scatter_and_gather) {
  Tensor s = Tensor::allocate(DType::kString, Shape{3});
  auto* p = static_cast<std::string*>(s.mutable_data());
  p[0] = "a";
  p[1] = "b";
  p[2] = "c";
  ResourceHandle h = var_of(s);
  Tensor u = Tensor::allocate(DType::kString, Shape{1});
  static_cast<std::string*>(u.mutable_data())[0] = "zz";
  ops::ResourceScatter(UpdateOp::kAssign, h, ints({1}, Shape{1}), u);
  Tensor g = ops::ResourceGather(h, ints({1, 0}, Shape{2}));
  CHECK(g.data_as<std::string>()[0] == "zz" && g.data_as<std::string>()[1] == "a");
  std::string m = message_of([&] { ops::ResourceScatter(UpdateOp::kAdd, h, ints({1}, Shape{1}), u); });
  CHECK(contains(m, "Value for attr 'dtype' of string"));
}

TEST(concurrent_scatter_and_gather) {
  ResourceHandle h = var_of(make(DType::kInt64, std::vector<int64_t>(32, 0), Shape{8, 4}));
  constexpr int kThreads = 4, kRounds = 500;
  std::vector<std::thread> pool;
  for (int t = 0; t < kThreads; ++t) {
    pool.emplace_back([&, t] {
      for (int i = 0; i < kRounds; ++i) {
        int32_t row = (t + i) % 8;
        ops::ResourceScatter(UpdateOp::kAdd, h, ints({row}, Shape{1}), longs({1}, Shape{}));
        Tensor g = ops::ResourceGather(h, ints({row}, Shape{1}));
        CHECK(g.num_elements() == 4);
      }
    });
  }
  for (auto& th : pool) th.join();
  int64_t total = 0;
  for (int64_t x : values<int64_t>(ops::ReadVariableOp(h))) total += x;
  CHECK(total == int64_t{kThreads} * kRounds * 4);
}

TEST_MAIN()

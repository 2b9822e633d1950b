// Shape's inline copies and moves (small shapes) and their heap path (ranks above kInline);
// integer indices (IntIndex) and the element write `v[i, j].assign(number)` takes
// (ops::AssignElementAtIndex): in place, copy-on-write, declining what the general op decides.
#include <cstring>
#include <utility>
#include <vector>

#include "check.h"
#include "make_var.h"
#include "varrt/core/allocator.h"
#include "varrt/ops/dispatch.h"
#include "varrt/ops/slice_ops.h"
#include "varrt/ops/variable_ops.h"

using namespace varrt;
using check::make_var;

namespace {

Shape ranked(int rank, int64_t first) {
  std::vector<int64_t> dims;
  for (int i = 0; i < rank; ++i) dims.push_back(first + i);
  return Shape(dims);
}

bool same_dims(const Shape& s, int rank, int64_t first) {
  if (s.rank() != rank) return false;
  for (int i = 0; i < rank; ++i) {
    if (s.dim(i) != first + i) return false;
  }
  return true;
}

ResourceHandle float_var(std::vector<float> values, Shape shape) {
  ResourceHandle h = make_var(DType::kFloat32, shape);
  Tensor t = Tensor::allocate(DType::kFloat32, shape);
  std::memcpy(t.mutable_data(), values.data(), values.size() * sizeof(float));
  ops::AssignVariableOp(h, t);
  return h;
}

std::vector<float> read_floats(const ResourceHandle& h) {
  Tensor t = ops::ReadVariableOp(h);
  const float* p = t.data_as<float>();
  return std::vector<float>(p, p + t.num_elements());
}

IntIndex index_of(std::vector<int64_t> at) {
  IntIndex index;
  for (size_t i = 0; i < at.size(); ++i) index.at[i] = at[i];
  index.n = static_cast<int>(at.size());
  return index;
}

class Observer : public DispatchHook {
 public:
  Observer() : DispatchHook(Mode::kObserve) {}
  void on_op(OpCall& call) override { ops.push_back(call.op); }
  std::vector<std::string> ops;
};

}  // namespace

TEST(shapes_copy_and_move_between_inline_and_heap_dimensions) {
  for (int from_rank : {0, 1, 6, 7, 12}) {
    for (int to_rank : {0, 3, 6, 8, 20}) {
      Shape source = ranked(from_rank, 2);
      Shape copied = source;
      CHECK(same_dims(copied, from_rank, 2));
      Shape target = ranked(to_rank, 5);
      target = source;  // copy-assign over inline or heap dimensions
      CHECK(same_dims(target, from_rank, 2) && same_dims(source, from_rank, 2));
      Shape moved_into = ranked(to_rank, 9);
      moved_into = std::move(copied);
      CHECK(same_dims(moved_into, from_rank, 2));
      CHECK(copied.rank() == 0);  // NOLINT(bugprone-use-after-move): moved-from is the scalar shape
      Shape constructed(std::move(moved_into));
      CHECK(same_dims(constructed, from_rank, 2) && moved_into.rank() == 0);
      Shape& self = constructed;
      constructed = self;
      CHECK(same_dims(constructed, from_rank, 2));
    }
  }
  Shape big = ranked(9, 1);
  Shape small = ranked(2, 1);
  big = small;  // keeps its heap array for reuse; the dimensions are the inline ones
  CHECK(same_dims(big, 2, 1));
  big = ranked(8, 3);
  CHECK(same_dims(big, 8, 3) && big.num_elements() == 3 * 4 * 5 * 6 * 7 * 8 * 9 * 10);
  CHECK_THROWS_CODE(Shape(nullptr, -1), Code::kInvalidArgument);
}

TEST(an_integer_index_selects_one_block) {
  int64_t offset = -1, elements = -1;
  CHECK(int_index_block(index_of({1}), Shape{4}, &offset, &elements) && offset == 1 && elements == 1);
  CHECK(int_index_block(index_of({-1, 0}), Shape{3, 2, 5}, &offset, &elements) && offset == 20 && elements == 5);
  CHECK(int_index_block(index_of({1}), Shape{3, 0}, &offset, &elements) && offset == 0 && elements == 0);
  CHECK(!int_index_block(index_of({4}), Shape{4}, &offset, &elements));
  CHECK(!int_index_block(index_of({-5}), Shape{4}, &offset, &elements));
  CHECK(!int_index_block(index_of({0, 0}), Shape{4}, &offset, &elements));  // more entries than dimensions
  CHECK(!int_index_block(IntIndex{}, Shape{4}, &offset, &elements));

  StridedSliceSpec spec;
  spec.begin = {2, -1};
  spec.end = {3, 0};
  spec.strides = {1, 1};
  spec.shrink_axis_mask = 3;
  IntIndex index;
  CHECK(int_index_of(spec, &index) && index.n == 2 && index.at[0] == 2 && index.at[1] == -1);
  spec.shrink_axis_mask = 1;  // the second entry is a slice 2:3... not an integer
  CHECK(!int_index_of(spec, &index));
  spec.shrink_axis_mask = 3;
  spec.strides = {1, 2};
  CHECK(!int_index_of(spec, &index));
}

TEST(an_element_write_is_in_place_and_copy_on_write) {
  ResourceHandle h = float_var({1, 2, 3, 4, 5, 6}, Shape{2, 3});
  const float five = 5.0f;
  const int64_t before = Allocator::cpu()->stats().num_allocs;
  CHECK(ops::AssignElementAtIndex(h, index_of({1, -1}), DType::kFloat32, &five));
  CHECK(ops::AssignElementAtIndex(h, index_of({0}), DType::kFloat32, &five));
  CHECK(Allocator::cpu()->stats().num_allocs == before);  // the variable's own buffer
  CHECK((read_floats(h) == std::vector<float>{5, 5, 5, 4, 5, 5}));

  Tensor kept = ops::ReadVariableOp(h);  // shares the buffer: the next write copies
  const float nine = 9.0f;
  CHECK(ops::AssignElementAtIndex(h, index_of({1, 0}), DType::kFloat32, &nine));
  CHECK(kept.data_as<float>()[3] == 4.0f);
  CHECK((read_floats(h) == std::vector<float>{5, 5, 5, 9, 5, 5}));
}

TEST(an_element_write_declines_what_the_general_op_decides) {
  ResourceHandle h = float_var({1, 2, 3, 4}, Shape{4});
  const float seven = 7.0f;
  const double wide = 7.0;
  CHECK(!ops::AssignElementAtIndex(h, index_of({4}), DType::kFloat32, &seven));    // out of range
  CHECK(!ops::AssignElementAtIndex(h, index_of({0, 0}), DType::kFloat32, &seven)); // too many entries
  CHECK(!ops::AssignElementAtIndex(h, index_of({0}), DType::kFloat64, &wide));     // another dtype
  ResourceHandle unset = make_var(DType::kFloat32, Shape{4});
  CHECK(!ops::AssignElementAtIndex(unset, index_of({0}), DType::kFloat32, &seven)); // uninitialized
  CHECK((read_floats(h) == std::vector<float>{1, 2, 3, 4}));

  Observer observer;  // a listener sees every op: the write is left to ResourceStridedSliceAssign
  Dispatch::push_hook(&observer);
  const bool written = ops::AssignElementAtIndex(h, index_of({0}), DType::kFloat32, &seven);
  Dispatch::pop_hook(&observer);
  CHECK(!written && observer.ops.empty());
  CHECK((read_floats(h) == std::vector<float>{1, 2, 3, 4}));
}

TEST_MAIN()

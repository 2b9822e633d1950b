// The variable ops through the core's C++ API: values, copy-on-write, allocation counts,
// errors that leave the variable unchanged, resource sharing by name, placement logging.
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "check.h"
#include "make_var.h"
#include "varrt/core/allocator.h"
#include "varrt/core/error.h"
#include "varrt/device/executor.h"
#include "varrt/core/half.h"
#include "varrt/ops/owned_handle.h"
#include "varrt/ops/variable_ops.h"
#include "varrt/tf/type_names.h"

using namespace varrt;
using check::make_var;

namespace {

template <class T>
Tensor scalar_vector(DType dtype, T value) {
  Tensor t = Tensor::allocate(dtype, Shape{1});
  static_cast<T*>(t.mutable_data())[0] = value;
  return t;
}

Tensor floats(std::vector<float> values, Shape shape) {
  Tensor t = Tensor::allocate(DType::kFloat32, shape);
  std::memcpy(t.mutable_data(), values.data(), values.size() * sizeof(float));
  return t;
}

std::vector<float> read_floats(const ResourceHandle& h) {
  Tensor t = ops::ReadVariableOp(h);
  const float* p = t.data_as<float>();
  return std::vector<float>(p, p + t.num_elements());
}

int64_t allocs() { return Allocator::cpu()->stats().num_allocs; }

}  // namespace

TEST(assign_and_read) {
  ResourceHandle h = make_var(DType::kFloat32, Shape{2});
  CHECK(!ops::VarIsInitializedOp(h));
  ops::AssignVariableOp(h, floats({1, 2}, Shape{2}));
  CHECK(ops::VarIsInitializedOp(h));
  CHECK((read_floats(h) == std::vector<float>{1, 2}));
  ops::AssignAddVariableOp(h, floats({10, 20}, Shape{2}));
  CHECK((read_floats(h) == std::vector<float>{11, 22}));
  ops::AssignSubVariableOp(h, floats({1, 2}, Shape{2}));
  CHECK((read_floats(h) == std::vector<float>{10, 20}));
}

TEST(update_without_readers_allocates_nothing) {
  ResourceHandle h = make_var(DType::kFloat32, Shape{4});
  ops::AssignVariableOp(h, floats({1, 2, 3, 4}, Shape{4}));
  Tensor delta = floats({1, 1, 1, 1}, Shape{4});
  const void* before = nullptr;
  { before = ops::ReadVariableOp(h).data(); }
  int64_t n = allocs();
  for (int i = 0; i < 100; ++i) ops::AssignAddVariableOp(h, delta);
  ops::AssignVariableOp(h, delta);
  CHECK(allocs() == n);
  CHECK(ops::ReadVariableOp(h).data() == before);
}

TEST(update_with_reader_copies_and_reader_keeps_value) {
  ResourceHandle h = make_var(DType::kFloat32, Shape{2});
  ops::AssignVariableOp(h, floats({1, 2}, Shape{2}));
  Tensor snapshot = ops::ReadVariableOp(h);
  int64_t n = allocs();
  ops::AssignAddVariableOp(h, floats({5, 5}, Shape{2}));
  CHECK(allocs() == n + 2);  // the delta above, and the copy-on-write buffer
  CHECK(snapshot.data_as<float>()[0] == 1 && snapshot.data_as<float>()[1] == 2);
  CHECK((read_floats(h) == std::vector<float>{6, 7}));
}

TEST(errors_leave_value_unchanged) {
  ResourceHandle h = make_var(DType::kFloat32, Shape{2});
  ops::AssignVariableOp(h, floats({1, 2}, Shape{2}));
  CHECK_THROWS_CODE(ops::AssignAddVariableOp(h, floats({1, 2, 3}, Shape{3})), Code::kInvalidArgument);
  CHECK_THROWS_CODE(ops::AssignVariableOp(h, floats({1, 2, 3}, Shape{3})), Code::kInvalidArgument);
  Tensor ints = Tensor::allocate(DType::kInt32, Shape{2});
  std::memset(ints.mutable_data(), 0, ints.byte_size());
  CHECK_THROWS_CODE(ops::AssignVariableOp(h, ints), Code::kInvalidArgument);
  CHECK_THROWS_CODE(ops::AssignAddVariableOp(h, ints), Code::kInvalidArgument);
  CHECK((read_floats(h) == std::vector<float>{1, 2}));
}

TEST(kernel_error_message_matches_tensorflow) {
  ResourceHandle h = make_var(DType::kFloat32, Shape{2});
  ops::AssignVariableOp(h, floats({1, 2}, Shape{2}));
  try {
    ops::AssignAddVariableOp(h, floats({1, 2, 3}, Shape{3}));
    CHECK(false);
  } catch (const Error& e) {
    CHECK(std::string(e.what()) ==
          "{{function_node __wrapped__AssignAddVariableOp_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
          "Cannot update variable with shape [2] using a Tensor with shape [3], shapes must be equal. "
          "[Op:AssignAddVariableOp] name: ");
  }
}

// TensorFlow 2.21's texts for a value of another dtype (tf.raw_ops with a float variable):
// its C++ type names ("float", not "float32"), and AssignAdd's handle check.
TEST(dtype_mismatch_messages_match_tensorflow) {
  ResourceHandle h = make_var(DType::kFloat32, Shape{2});
  ops::AssignVariableOp(h, floats({1, 2}, Shape{2}));
  Tensor ints = Tensor::allocate(DType::kInt32, Shape{2});
  std::memset(ints.mutable_data(), 0, ints.byte_size());
  auto message = [](auto&& op) {
    try {
      op();
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string prefix = "{{function_node __wrapped__";
  const std::string device = "_device_/job:localhost/replica:0/task:0/device:CPU:0}} ";
  CHECK(message([&] { ops::AssignVariableOp(h, ints); }) ==
        prefix + "AssignVariableOp" + device +
            "Trying to assign variable with wrong dtype. Expected float got int32 [Op:AssignVariableOp] name: ");
  CHECK(message([&] { ops::AssignAddVariableOp(h, ints); }) ==
        prefix + "AssignAddVariableOp" + device +
            "DType of variable handle and value does not match. [Op:AssignAddVariableOp] name: ");
  CHECK((read_floats(h) == std::vector<float>{1, 2}));
}

TEST(bool_and_string_have_no_arithmetic) {
  ResourceHandle b = make_var(DType::kBool, Shape{1});
  Tensor t = scalar_vector<bool>(DType::kBool, true);
  ops::AssignVariableOp(b, t);
  CHECK_THROWS_CODE(ops::AssignAddVariableOp(b, t), Code::kInvalidArgument);
}

TEST(read_uninitialized_and_destroyed) {
  ResourceHandle h = make_var(DType::kFloat32, Shape{1});
  CHECK_THROWS_CODE(ops::ReadVariableOp(h), Code::kFailedPrecondition);
  ops::AssignVariableOp(h, floats({1}, Shape{1}));
  ops::DestroyResourceOp(h);
  CHECK_THROWS_CODE(ops::ReadVariableOp(h), Code::kFailedPrecondition);
  CHECK_THROWS_CODE(ops::AssignVariableOp(h, floats({1}, Shape{1})), Code::kFailedPrecondition);
  CHECK(!ops::VarIsInitializedOp(h));
}

TEST(shared_name_reaches_same_variable) {
  ResourceHandle a = make_var(DType::kFloat32, Shape{1}, "shared_x");
  ResourceHandle b = make_var(DType::kFloat32, Shape{1}, "shared_x");
  CHECK(a.var() == b.var());
  ops::AssignVariableOp(a, floats({3}, Shape{1}));
  CHECK((read_floats(b) == std::vector<float>{3}));
  ops::DestroyResourceOp(a);
  ResourceHandle c = make_var(DType::kFloat32, Shape{1}, "shared_x");
  CHECK(c.var() != a.var());
  ops::DestroyResourceOp(c);
}

TEST(owned_handle_destroys_once) {
  ResourceHandle kept;
  {
    OwnedHandle owned(make_var(DType::kFloat32, Shape{1}), true);
    ops::AssignVariableOp(owned.handle(), floats({1}, Shape{1}));
    kept = owned.handle();
  }
  CHECK_THROWS_CODE(ops::ReadVariableOp(kept), Code::kFailedPrecondition);
}

TEST(memory_returns_to_start) {
  int64_t start = Allocator::cpu()->stats().bytes_in_use;
  {
    ResourceHandle h = make_var(DType::kFloat32, Shape{1000});
    std::vector<float> zeros(1000, 0.f);
    ops::AssignVariableOp(h, floats(zeros, Shape{1000}));
    Tensor r = ops::ReadVariableOp(h);
    ops::AssignAddVariableOp(h, floats(zeros, Shape{1000}));
    ops::DestroyResourceOp(h);
  }
  CHECK(Allocator::cpu()->stats().bytes_in_use == start);
}

TEST(huge_allocation_is_resource_exhausted) {
  CHECK_THROWS_CODE(Tensor::allocate(DType::kFloat64, Shape{int64_t{1} << 40}), Code::kResourceExhausted);
  CHECK_THROWS_CODE(Tensor::allocate(DType::kFloat64, Shape{int64_t{1} << 40, int64_t{1} << 40}),
                    Code::kResourceExhausted);
  CHECK_THROWS_CODE(Tensor::allocate(DType::kFloat32, Shape{-1}), Code::kInvalidArgument);
}

TEST(large_update_uses_threads_and_is_exact) {
  const int64_t n = int64_t{1} << 22;  // 16 MB: parallel kernel path
  ResourceHandle h = make_var(DType::kInt32, Shape{n});
  Tensor ones = Tensor::allocate(DType::kInt32, Shape{n});
  for (int64_t i = 0; i < n; ++i) static_cast<int32_t*>(ones.mutable_data())[i] = static_cast<int32_t>(i);
  ops::AssignVariableOp(h, ones);
  ops::AssignAddVariableOp(h, ones);
  Tensor r = ops::ReadVariableOp(h);
  bool ok = true;
  for (int64_t i = 0; i < n; ++i) ok = ok && r.data_as<int32_t>()[i] == static_cast<int32_t>(2 * i);
  CHECK(ok);
}

TEST(integer_add_wraps_and_half_rounds) {
  // Tensors are immutable once handed to an op (the variable may share their buffer), so
  // each value is a fresh tensor.
  ResourceHandle h = make_var(DType::kUInt8, Shape{1});
  ops::AssignVariableOp(h, scalar_vector<uint8_t>(DType::kUInt8, 250));
  ops::AssignAddVariableOp(h, scalar_vector<uint8_t>(DType::kUInt8, 10));
  CHECK(ops::ReadVariableOp(h).data_as<uint8_t>()[0] == 4);
  CHECK(half_to_float(float_to_half(1.0f)) == 1.0f);
  CHECK(half_to_float(float_to_half(65504.f)) == 65504.f);
  CHECK(half_to_float(float_to_half(1e5f)) > 1e30f);  // overflows to inf
  CHECK(bfloat16_to_float(float_to_bfloat16(1.1f)) == 1.1015625f);
  CHECK(half_to_float(float_to_half(5.96046448e-08f)) == 5.96046448e-08f);  // smallest subnormal
}

TEST(concurrent_adds_lose_nothing) {
  ResourceHandle h = make_var(DType::kInt64, Shape{1});
  ops::AssignVariableOp(h, scalar_vector<int64_t>(DType::kInt64, 0));
  Tensor one = scalar_vector<int64_t>(DType::kInt64, 1);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 10000; ++i) ops::AssignAddVariableOp(h, one);
    });
  }
  for (auto& t : threads) t.join();
  CHECK(ops::ReadVariableOp(h).data_as<int64_t>()[0] == 40000);
}

TEST(placement_log_goes_to_sink) {
  std::vector<std::string> lines;
  Executor::set_log_sink([&](const std::string& line) { lines.push_back(line); });
  Executor::set_log_device_placement(true);
  ResourceHandle h = make_var(DType::kFloat32, Shape{1});
  ops::AssignVariableOp(h, floats({1}, Shape{1}));
  Executor::set_log_device_placement(false);
  ops::ReadVariableOp(h);
  Executor::set_log_sink(nullptr);
  CHECK(lines.size() == 2);
  CHECK(lines[0] == "Executing op VarHandleOp in device /job:localhost/replica:0/task:0/device:CPU:0");
  CHECK(lines[1] == "Executing op AssignVariableOp in device /job:localhost/replica:0/task:0/device:CPU:0");
}

TEST(shape_and_dtype_basics) {
  CHECK(Shape({2, 3}).num_elements() == 6);
  CHECK(Shape({}).num_elements() == 1);
  CHECK(Shape({2, 0, 3}).num_elements() == 0);
  CHECK(Shape({1, 2, 3, 4, 5, 6, 7, 8}).rank() == 8);  // beyond the inline capacity
  Shape big({1, 2, 3, 4, 5, 6, 7, 8});
  Shape copy = big;
  CHECK(copy == big);
  CHECK(Shape({3}).to_string() == "(3,)");
  CHECK(Shape({2, 2}).debug_string() == "[2,2]");
  CHECK(PartialShape({-1, 2}).is_compatible_with(Shape{5, 2}));
  CHECK(!PartialShape({-1, 2}).is_compatible_with(Shape{5, 3}));
  CHECK(PartialShape().is_compatible_with(Shape{1, 2, 3}));
  CHECK(dtype_from_name("bfloat16") == DType::kBFloat16);
  CHECK(tf::enum_name(DType::kFloat32) == "DT_FLOAT");
  CHECK(tf::enum_name(DType::kBFloat16) == "DT_BFLOAT16");
  CHECK(std::string(tf::type_name(DType::kFloat64)) == "double");
  CHECK(dtype_size(DType::kComplex128) == 16);
}

TEST_MAIN()

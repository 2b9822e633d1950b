// The public C++ API (varrt/varrt.h): Variable handles, ownership and sharing by name,
// zero-copy reads, concurrent updates, device scopes, placement logging with a sink.
#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "check.h"
#include "varrt/device/device_scope.h"  // internal: to see the scope stack the API's guards push
#include "varrt/varrt.h"
#include "varrt/varrt_c.h"

using namespace varrt;
using check::code_of;

namespace {

// Collects placement lines while alive; restores the default sink afterwards.
struct LogCapture {
  std::mutex mu;
  std::vector<std::string> lines;
  LogCapture() {
    set_log_sink([this](const std::string& line) {
      std::lock_guard<std::mutex> lock(mu);
      lines.push_back(line);
    });
    set_log_device_placement(true);
  }
  ~LogCapture() {
    set_log_device_placement(false);
    set_log_sink(nullptr);
  }
};

}  // namespace

TEST(create_assign_read) {
  Variable v = Variable::create(make_tensor({1.0f, 2.0f}));
  CHECK(v.valid() && v.owns_resource());
  CHECK(v.dtype() == DType::kFloat32);
  CHECK(v.name() == "Variable");
  CHECK(v.container() == "localhost");
  CHECK(v.shared_name().rfind("_AnonymousVar", 0) == 0);
  CHECK(v.device() == "/job:localhost/replica:0/task:0/device:CPU:0");
  v.assign_add(make_tensor({10.0f, 20.0f}));
  CHECK((to_vector<float>(v.read()) == std::vector<float>{11, 22}));
  v.assign_sub(make_tensor({1.0f, 2.0f}));
  CHECK((to_vector<float>(v.read()) == std::vector<float>{10, 20}));
  v.assign(make_tensor({5.0f, 6.0f}));
  CHECK(to_string(v.read()) == "[5 6]");
}

TEST(zeros_and_typed_helpers) {
  Variable v = Variable::zeros(DType::kInt64, Shape{2, 2});
  CHECK(to_string(v.read()) == "[[0 0]\n [0 0]]");
  v.assign(make_tensor<int64_t>({1, 2, 3, 4}, Shape{2, 2}));
  CHECK(typed_data<int64_t>(v.read())[3] == 4);
  CHECK(code_of([&] { typed_data<float>(v.read()); }) == Code::kInvalidArgument);
  CHECK(code_of([&] { make_tensor<float>({1, 2, 3}, Shape{2, 2}); }) == Code::kInvalidArgument);
  CHECK(to_string(make_scalar(true)) == "True");
}

TEST(read_is_zero_copy_and_immutable) {
  Variable v = Variable::create(make_tensor({1.0f, 2.0f, 3.0f}));
  Tensor a = v.read();
  Tensor b = v.read();
  CHECK(a.data() == b.data());  // both share the variable's buffer
  const float* before = typed_data<float>(a);
  v.assign_add(make_tensor({1.0f, 1.0f, 1.0f}));
  CHECK(typed_data<float>(a) == before);  // the snapshot kept its memory and value
  CHECK((to_vector<float>(a) == std::vector<float>{1, 2, 3}));
  CHECK((to_vector<float>(v.read()) == std::vector<float>{2, 3, 4}));
}

TEST(in_place_update_allocates_nothing) {
  Variable v = Variable::create(make_tensor({1.0f, 2.0f, 3.0f, 4.0f}));
  Tensor delta = make_tensor({1.0f, 1.0f, 1.0f, 1.0f});
  v.assign_add(delta);  // the first update may copy (the initial value may be shared)
  int64_t allocs = memory_stats().num_allocs;
  for (int i = 0; i < 100; ++i) v.assign_add(delta);
  CHECK(memory_stats().num_allocs == allocs);
  CHECK(typed_data<float>(v.read())[0] == 102.0f);
}

TEST(errors_leave_value_unchanged) {
  Variable v = Variable::create(make_tensor({1.0f, 2.0f}), VariableOptions{"w", "", "", std::nullopt, ""});
  CHECK(code_of([&] { v.assign_add(make_tensor({1.0, 2.0})); }) == Code::kInvalidArgument);  // float64
  CHECK(code_of([&] { v.assign_add(make_tensor({1.0f, 2.0f, 3.0f})); }) == Code::kInvalidArgument);
  bool value_error = false;
  try {
    v.assign(make_tensor({1.0f, 2.0f, 3.0f}));
  } catch (const Error& e) {
    value_error = e.kind() == ErrorKind::kValue && std::string(e.what()).find("Shape mismatch") != std::string::npos;
  }
  CHECK(value_error);
  CHECK((to_vector<float>(v.read()) == std::vector<float>{1, 2}));
  Variable empty;
  CHECK(code_of([&] { empty.read(); }) == Code::kFailedPrecondition);
  CHECK(!empty.is_initialized());
}

TEST(declared_shape_with_unknown_dims) {
  VariableOptions options;
  options.shape = PartialShape(std::vector<int64_t>{-1});
  Variable v = Variable::create(make_tensor({1, 2}), options);
  v.assign(make_tensor({1, 2, 3}));
  CHECK(v.read().shape() == Shape{3});
  CHECK(code_of([&] { v.assign(make_tensor<int32_t>({1, 2, 3, 4}, Shape{2, 2})); }) == Code::kInvalidArgument);
}

TEST(shared_by_name_owner_and_borrower) {
  VariableOptions options;
  options.name = "counter";
  options.container = "test_cpp_api";
  options.shared_name = "counter";
  Variable owner = Variable::create(make_scalar<int64_t>(0), options);
  Variable borrower = Variable::from_shared_name("counter", "test_cpp_api");
  CHECK(!borrower.owns_resource());
  CHECK(borrower.same_resource(owner));
  CHECK(borrower.name() == "counter");
  borrower.assign_add(make_scalar<int64_t>(5));
  CHECK(typed_data<int64_t>(owner.read())[0] == 5);
  CHECK(owner.read().data() == borrower.read().data());  // one value, not two copies
  // The name is taken: creating it again is an error, and changes nothing.
  CHECK(code_of([&] { Variable::create(make_scalar<int64_t>(9), options); }) == Code::kAlreadyExists);
  CHECK(typed_data<int64_t>(owner.read())[0] == 5);
  // A borrower going away never destroys the variable.
  { Variable again = Variable::from_shared_name("counter", "test_cpp_api"); }
  CHECK(owner.is_initialized());
  // The owner going away does: the borrower now fails with FailedPrecondition.
  owner = Variable();
  CHECK(!borrower.is_initialized());
  CHECK(code_of([&] { borrower.read(); }) == Code::kFailedPrecondition);
  CHECK(code_of([&] { borrower.assign_add(make_scalar<int64_t>(1)); }) == Code::kFailedPrecondition);
  CHECK(code_of([&] { Variable::from_shared_name("counter", "test_cpp_api"); }) == Code::kNotFound);
  // The name is free again.
  Variable fresh = Variable::create(make_scalar<int64_t>(7), options);
  CHECK(!fresh.same_resource(borrower));
}

TEST(copies_of_the_owner_keep_it_alive) {
  VariableOptions options;
  options.shared_name = "copied_owner";
  Variable borrower;
  {
    Variable owner = Variable::create(make_scalar(1.0f), options);
    Variable copy = owner;
    borrower = Variable::from_shared_name("copied_owner");
    owner = Variable();
    CHECK(borrower.is_initialized());  // `copy` still owns it
  }
  CHECK(!borrower.is_initialized());
}

TEST(destroy_from_any_handle) {
  VariableOptions options;
  options.shared_name = "destroyed_early";
  Variable owner = Variable::create(make_scalar(1.0f), options);
  Variable::from_shared_name("destroyed_early").destroy();
  CHECK(code_of([&] { owner.read(); }) == Code::kFailedPrecondition);
}

TEST(scatter_and_gather) {
  Variable v = Variable::create(make_tensor<float>({1, 2, 3, 4, 5, 6}, Shape{3, 2}));
  Tensor before = v.read();
  v.scatter_add(make_tensor<int32_t>({2, 0, 2}), make_tensor<float>({10, 10, 1, 1, 100, 100}, Shape{3, 2}));
  CHECK(to_string(v.read()) == "[[2 3]\n [3 4]\n [115 116]]");
  CHECK(to_string(before) == "[[1 2]\n [3 4]\n [5 6]]");  // copy-on-write: the earlier read kept its value
  v.scatter_update(make_tensor<int64_t>({1}), make_scalar(0.0f));  // a scalar for every element of the row
  v.scatter(ScatterOp::kMax, make_tensor<int32_t>({0}), make_tensor<float>({9, 0}, Shape{1, 2}));
  CHECK(to_string(v.read()) == "[[9 3]\n [0 0]\n [115 116]]");
  v.scatter_nd_add(make_tensor<int32_t>({0, 1, 2, 0}, Shape{2, 2}), make_tensor({1.0f, 1.0f}));
  CHECK(to_string(v.read()) == "[[9 4]\n [0 0]\n [116 116]]");
  CHECK(to_string(v.gather(make_tensor<int32_t>({2, 0}))) == "[[116 116]\n [9 4]]");
  CHECK(to_string(v.gather_nd(make_tensor<int32_t>({0, 1}, Shape{1, 2}))) == "[4]");
  // Checked before anything is written: a bad index changes nothing.
  std::string message;
  try {
    v.scatter_sub(make_tensor<int32_t>({0, 3}), make_scalar(1.0f));
  } catch (const Error& e) {
    message = e.what();
  }
  CHECK(message.find("indices[1] = 3 is not in [0, 3)") != std::string::npos);
  CHECK(to_string(v.read()) == "[[9 4]\n [0 0]\n [116 116]]");
  CHECK(code_of([&] { v.scatter_nd(ScatterOp::kMul, make_tensor<int32_t>({0}, Shape{1, 1}), make_tensor({1.0f})); }) ==
        Code::kInvalidArgument);
}

// The API's ScatterOp is its own enum, mapped onto the kernels' in variable.cc: each value
// must reach the matching kernel, and a value outside the enum is refused.
TEST(every_scatter_op_reaches_its_kernel) {
  const struct {
    ScatterOp op;
    const char* expected;  // [12 2] combined with [4 4]: a different result for every op
  } cases[] = {
      {ScatterOp::kAssign, "[[4 4]]"}, {ScatterOp::kAdd, "[[16 6]]"}, {ScatterOp::kSub, "[[8 -2]]"},
      {ScatterOp::kMul, "[[48 8]]"},   {ScatterOp::kDiv, "[[3 0]]"},  {ScatterOp::kMin, "[[4 2]]"},
      {ScatterOp::kMax, "[[12 4]]"},
  };
  for (const auto& c : cases) {
    Variable v = Variable::create(make_tensor<int32_t>({12, 2}, Shape{1, 2}));
    v.scatter(c.op, make_tensor<int32_t>({0}), make_tensor<int32_t>({4, 4}, Shape{1, 2}));
    CHECK(to_string(v.read()) == c.expected);
  }
  Variable v = Variable::create(make_tensor<int32_t>({12, 2}, Shape{1, 2}));
  CHECK(code_of([&] { v.scatter(static_cast<ScatterOp>(7), make_tensor<int32_t>({0}), make_scalar<int32_t>(4)); }) ==
        Code::kInvalidArgument);
  CHECK(to_string(v.read()) == "[[12 2]]");
  CHECK(static_cast<int>(ScatterOp::kMax) == VARRT_SCATTER_MAX);  // the C ABI's values
}

TEST(concurrent_updates_all_count) {
  Variable v = Variable::create(make_tensor({0.0, 0.0}));
  const int threads = 4, per_thread = 2000;
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&] {
      Tensor one = make_tensor({1.0, 1.0});
      for (int i = 0; i < per_thread; ++i) {
        v.assign_add(one);
        Tensor snapshot = v.read();  // readers force copy-on-write under contention
        CHECK(typed_data<double>(snapshot)[0] == typed_data<double>(snapshot)[1]);
      }
    });
  }
  for (auto& t : pool) t.join();
  CHECK(typed_data<double>(v.read())[0] == threads * per_thread);
}

TEST(placement_log_sink_and_device_scope) {
  std::vector<std::string> lines;
  {
    LogCapture capture;
    {
      Variable v = Variable::create(make_tensor({1.0f}));
      v.assign_add(make_tensor({1.0f}));
      v.read();
    }
    lines = capture.lines;
  }
  const std::string cpu0 = " in device /job:localhost/replica:0/task:0/device:CPU:0";
  CHECK(lines.size() == 5);
  CHECK(lines[0] == "Executing op VarHandleOp" + cpu0);
  CHECK(lines[1] == "Executing op AssignVariableOp" + cpu0);
  CHECK(lines[2] == "Executing op AssignAddVariableOp" + cpu0);
  CHECK(lines[3] == "Executing op ReadVariableOp" + cpu0);
  CHECK(lines[4] == "Executing op DestroyResourceOp" + cpu0);
  CHECK(!list_devices().empty());
  {
    DeviceGuard scope("CPU:0");
    CHECK(DeviceScope::current_name() == "/job:localhost/replica:0/task:0/device:CPU:0");
  }
  CHECK(DeviceScope::current_name().empty());
  CHECK(code_of([] { DeviceGuard bad("nonsense:spec:x"); }) == Code::kInvalidArgument);
}

TEST(device_option_places_the_variable) {
  VariableOptions options;
  options.device = "CPU:0";
  Variable v = Variable::create(make_scalar(1), options);
  CHECK(v.device() == "/job:localhost/replica:0/task:0/device:CPU:0");
  CHECK(DeviceScope::current_name().empty());  // the option's scope was left
}

TEST_MAIN()

// The C ABI (varrt/varrt_c.h): status codes and messages instead of exceptions, handle
// ownership, sharing by name with the C++ API, threads, DLPack, the log sink.
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "c_status.h"
#include "check.h"
#include "varrt/varrt.h"
#include "varrt/varrt_c.h"

namespace {

varrt_tensor* floats(std::vector<float> values, varrt_status* status = nullptr) {
  int64_t dims[1] = {static_cast<int64_t>(values.size())};
  return varrt_tensor_new(VARRT_FLOAT32, dims, 1, values.data(), values.size() * sizeof(float), status);
}

std::vector<float> read(const varrt_variable* v) {
  varrt_tensor* t = varrt_variable_read(v, nullptr);
  const float* p = static_cast<const float*>(varrt_tensor_data(t));
  std::vector<float> out(p, p + varrt_tensor_num_elements(t));
  varrt_tensor_delete(t);
  return out;
}

void count_line(const char* line, void* ctx) {
  if (std::strncmp(line, "Executing op ", 13) == 0) ++*static_cast<int*>(ctx);
}

}  // namespace

TEST(create_update_read) {
  Status st;
  varrt_tensor* init = floats({1, 2, 3});
  varrt_variable* v = varrt_variable_new(init, "weights", nullptr, nullptr, st.s);
  CHECK(v != nullptr && st.code() == VARRT_OK && st.message().empty());
  varrt_tensor_delete(init);  // the variable keeps its value
  CHECK(std::string(varrt_variable_name(v)) == "weights");
  CHECK(std::string(varrt_variable_container(v)) == "localhost");
  CHECK(std::string(varrt_variable_device(v)) == "/job:localhost/replica:0/task:0/device:CPU:0");
  CHECK(varrt_variable_dtype(v) == VARRT_FLOAT32);
  CHECK(varrt_variable_owns_resource(v) == 1);
  varrt_tensor* delta = floats({1, 1, 1});
  CHECK(varrt_variable_assign_add(v, delta, st.s) == VARRT_OK);
  CHECK(varrt_variable_assign_add(v, delta, st.s) == VARRT_OK);
  CHECK(varrt_variable_assign_sub(v, delta, nullptr) == VARRT_OK);
  CHECK((read(v) == std::vector<float>{2, 3, 4}));
  float out[3] = {0, 0, 0};
  CHECK(varrt_variable_read_into(v, out, sizeof out, st.s) == VARRT_OK);
  CHECK(out[2] == 4.0f);
  CHECK(varrt_variable_read_into(v, out, 4, st.s) == VARRT_INVALID_ARGUMENT);
  varrt_tensor_delete(delta);
  varrt_variable_delete(v);
}

TEST(errors_are_status_codes_with_messages) {
  Status st;
  varrt_tensor* init = floats({1, 2});
  varrt_variable* v = varrt_variable_new(init, "v", nullptr, nullptr, st.s);
  varrt_tensor* wrong = floats({1, 2, 3});
  CHECK(varrt_variable_assign_add(v, wrong, st.s) == VARRT_INVALID_ARGUMENT);
  CHECK(st.code() == VARRT_INVALID_ARGUMENT);
  CHECK(st.message().find("Cannot update variable with shape [2] using a Tensor with shape [3]") != std::string::npos);
  CHECK(varrt_variable_assign(v, wrong, st.s) == VARRT_INVALID_ARGUMENT);
  CHECK(st.message().find("Shape mismatch") != std::string::npos);
  CHECK((read(v) == std::vector<float>{1, 2}));
  // Success clears the status.
  CHECK(varrt_variable_assign(v, init, st.s) == VARRT_OK && st.message().empty());
  // NULL arguments are errors, not crashes.
  CHECK(varrt_variable_assign(nullptr, init, st.s) == VARRT_INVALID_ARGUMENT);
  CHECK(varrt_variable_assign(v, nullptr, nullptr) == VARRT_INVALID_ARGUMENT);
  CHECK(varrt_variable_new(nullptr, nullptr, nullptr, nullptr, st.s) == nullptr);
  CHECK(varrt_tensor_new(VARRT_FLOAT32, nullptr, 1, nullptr, 0, st.s) == nullptr);
  CHECK(varrt_tensor_new(static_cast<varrt_dtype>(99), nullptr, 0, nullptr, 0, st.s) == nullptr);
  CHECK(st.code() == VARRT_INVALID_ARGUMENT);
  int64_t dims[1] = {2};
  float two[2] = {1, 2};
  CHECK(varrt_tensor_new(VARRT_FLOAT32, dims, 1, two, 4, st.s) == nullptr);  // wrong byte count
  CHECK(std::string(varrt_code_name(VARRT_FAILED_PRECONDITION)) == "FAILED_PRECONDITION");
  varrt_tensor_delete(init);
  varrt_tensor_delete(wrong);
  varrt_variable_delete(v);
}

TEST(sharing_with_the_cpp_api) {
  Status st;
  varrt::VariableOptions options;
  options.container = "test_c_api";
  options.shared_name = "steps";
  varrt::Variable owner = varrt::Variable::create(varrt::make_tensor({0.0f}), options);
  varrt_variable* borrowed = varrt_variable_from_shared_name("steps", "test_c_api", st.s);
  CHECK(borrowed != nullptr && varrt_variable_owns_resource(borrowed) == 0);
  varrt_tensor* one = floats({1});
  CHECK(varrt_variable_assign_add(borrowed, one, st.s) == VARRT_OK);
  CHECK(varrt::typed_data<float>(owner.read())[0] == 1.0f);
  CHECK(varrt_variable_from_shared_name("missing", "test_c_api", st.s) == nullptr);
  CHECK(st.code() == VARRT_NOT_FOUND);
  CHECK(st.message() == "Resource test_c_api/missing/N10tensorflow3VarE does not exist.");
  CHECK(varrt_variable_new(one, "dup", "test_c_api", "steps", st.s) == nullptr);
  CHECK(st.code() == VARRT_ALREADY_EXISTS);
  // The owner goes: the borrowed handle reports FAILED_PRECONDITION.
  owner = varrt::Variable();
  CHECK(varrt_variable_is_initialized(borrowed) == 0);
  CHECK(varrt_variable_assign_add(borrowed, one, st.s) == VARRT_FAILED_PRECONDITION);
  CHECK(st.message().find("Could not find variable steps") != std::string::npos);
  CHECK(varrt_variable_read(borrowed, st.s) == nullptr);
  varrt_variable_delete(borrowed);
  varrt_tensor_delete(one);
}

TEST(owner_handle_release_destroys) {
  Status st;
  varrt_tensor* init = floats({5});
  varrt_variable* owner = varrt_variable_new(init, "o", "test_c_api", "owned", st.s);
  varrt_variable* owner_copy = varrt_variable_copy(owner);
  varrt_variable* borrowed = varrt_variable_from_shared_name("owned", "test_c_api", st.s);
  varrt_variable_delete(owner);
  CHECK(varrt_variable_is_initialized(borrowed) == 1);  // the copy still owns it
  varrt_variable_delete(owner_copy);
  CHECK(varrt_variable_is_initialized(borrowed) == 0);
  varrt_variable_delete(borrowed);
  varrt_variable* again = varrt_variable_new(init, "o", "test_c_api", "owned", st.s);
  CHECK(again != nullptr);
  CHECK(varrt_variable_destroy(again, st.s) == VARRT_OK);
  CHECK(varrt_variable_read(again, st.s) == nullptr && st.code() == VARRT_FAILED_PRECONDITION);
  varrt_variable_delete(again);
  varrt_tensor_delete(init);
}

TEST(scatter_and_gather) {
  Status st;
  varrt_tensor* init = floats({0, 0, 0, 0});
  varrt_variable* v = varrt_variable_new(init, "s", nullptr, nullptr, st.s);
  int64_t two[1] = {2};
  int64_t rows[2] = {3, 3};
  varrt_tensor* indices = varrt_tensor_new(VARRT_INT64, two, 1, rows, sizeof rows, st.s);
  varrt_tensor* updates = floats({1, 2});
  CHECK(varrt_variable_scatter(v, VARRT_SCATTER_ADD, indices, updates, st.s) == VARRT_OK);
  CHECK((read(v) == std::vector<float>{0, 0, 0, 3}));
  CHECK(varrt_variable_scatter(v, static_cast<varrt_scatter_op>(42), indices, updates, st.s) == VARRT_INVALID_ARGUMENT);
  int64_t nd_dims[2] = {2, 1};
  varrt_tensor* nd_indices = varrt_tensor_new(VARRT_INT64, nd_dims, 2, rows, sizeof rows, st.s);
  CHECK(varrt_variable_scatter_nd(v, VARRT_SCATTER_UPDATE, nd_indices, updates, st.s) == VARRT_OK);
  CHECK((read(v) == std::vector<float>{0, 0, 0, 2}));  // duplicates: the last one wins
  varrt_tensor* picked = varrt_variable_gather(v, indices, st.s);
  CHECK(picked != nullptr && varrt_tensor_num_elements(picked) == 2);
  CHECK(static_cast<const float*>(varrt_tensor_data(picked))[1] == 2.0f);
  rows[1] = 4;  // varrt_tensor_new copied `rows`: make a new, out-of-range index tensor
  varrt_tensor* bad = varrt_tensor_new(VARRT_INT64, two, 1, rows, sizeof rows, st.s);
  CHECK(varrt_variable_scatter(v, VARRT_SCATTER_SUB, bad, updates, st.s) == VARRT_INVALID_ARGUMENT);
  CHECK(st.message().find("indices[1] = 4 is not in [0, 4)") != std::string::npos);
  CHECK((read(v) == std::vector<float>{0, 0, 0, 2}));
  for (varrt_tensor* t : {init, indices, updates, nd_indices, picked, bad}) varrt_tensor_delete(t);
  varrt_variable_delete(v);
}

TEST(threads_update_one_variable) {
  Status st;
  int64_t dims[1] = {4};
  int32_t zeros[4] = {0, 0, 0, 0};
  varrt_tensor* init = varrt_tensor_new(VARRT_INT32, dims, 1, zeros, sizeof zeros, st.s);
  varrt_variable* v = varrt_variable_new(init, "hits", "test_c_api", "hits", st.s);
  std::vector<std::thread> pool;
  for (int t = 0; t < 4; ++t) {
    pool.emplace_back([] {
      varrt_variable* mine = varrt_variable_from_shared_name("hits", "test_c_api", nullptr);
      int64_t d[1] = {4};
      int32_t ones[4] = {1, 1, 1, 1};
      varrt_tensor* delta = varrt_tensor_new(VARRT_INT32, d, 1, ones, sizeof ones, nullptr);
      for (int i = 0; i < 1000; ++i) varrt_variable_assign_add(mine, delta, nullptr);
      varrt_tensor_delete(delta);
      varrt_variable_delete(mine);
    });
  }
  for (auto& t : pool) t.join();
  int32_t out[4];
  CHECK(varrt_variable_read_into(v, out, sizeof out, st.s) == VARRT_OK);
  CHECK(out[0] == 4000 && out[3] == 4000);
  varrt_variable_delete(v);
  varrt_tensor_delete(init);
}

TEST(tensors_borrow_and_strings) {
  Status st;
  static int released = 0;
  float data[2] = {3, 4};
  int64_t dims[1] = {2};
  varrt_tensor* t = varrt_tensor_borrow(VARRT_FLOAT32, dims, 1, data, sizeof data, [](void* ctx) { ++*static_cast<int*>(ctx); },
                                        &released, st.s);
  CHECK(t != nullptr && varrt_tensor_data(t) == data);
  CHECK(varrt_tensor_rank(t) == 1 && varrt_tensor_dim(t, 0) == 2 && varrt_tensor_dim(t, 1) == -1);
  varrt_variable* v = varrt_variable_new(t, "b", nullptr, nullptr, st.s);
  varrt_tensor_delete(t);
  CHECK(released == 1);  // the variable copied the borrowed memory
  CHECK((read(v) == std::vector<float>{3, 4}));
  varrt_variable_delete(v);

  const char* words[2] = {"hello", "wor\0ld"};
  size_t lengths[2] = {5, 6};
  varrt_tensor* s = varrt_tensor_new_strings(words, lengths, dims, 1, st.s);
  size_t len = 0;
  CHECK(varrt_tensor_dtype(s) == VARRT_STRING && varrt_tensor_data(s) == nullptr);
  CHECK(std::string(varrt_tensor_string(s, 1, &len), 6) == std::string("wor\0ld", 6) && len == 6);
  CHECK(varrt_tensor_string(s, 2, &len) == nullptr);
  varrt_variable* sv = varrt_variable_new(s, "s", nullptr, nullptr, st.s);
  CHECK(varrt_variable_read_into(sv, nullptr, 0, st.s) == VARRT_INVALID_ARGUMENT);
  CHECK(varrt_tensor_to_dlpack(s, 0, st.s) == nullptr && st.code() == VARRT_INVALID_ARGUMENT);
  varrt_variable_delete(sv);
  varrt_tensor_delete(s);
}

TEST(dlpack_round_trip) {
  Status st;
  varrt_tensor* t = floats({1, 2, 3});
  DLManagedTensorVersioned* m = varrt_tensor_to_dlpack(t, 0, st.s);
  CHECK(m != nullptr && (m->flags & DLPACK_FLAG_BITMASK_READ_ONLY));
  varrt_tensor* back = varrt_tensor_from_dlpack(m, 0, st.s);
  CHECK(back != nullptr && varrt_tensor_data(back) == varrt_tensor_data(t));
  varrt_tensor_delete(back);  // calls the export's deleter
  varrt_tensor_delete(t);
}

TEST(devices_and_log_sink) {
  Status st;
  CHECK(varrt_num_devices(st.s) >= 1);
  CHECK(std::string(varrt_device_name(0)) == "/job:localhost/replica:0/task:0/device:CPU:0");
  CHECK(varrt_device_name(1000) == nullptr);
  CHECK(varrt_configure_logical_cpus(3, st.s) == 0 && st.code() == VARRT_OK);  // too late: the device set exists
  CHECK(varrt_configure_logical_cpus(-5, st.s) == 0 && st.code() == VARRT_OK);  // too late, whatever the count
  uint64_t token = 0;
  CHECK(varrt_device_scope_enter("/cpu:0", &token, st.s) == VARRT_OK);
  CHECK(varrt_device_scope_exit(token + 1) == 0);
  CHECK(varrt_device_scope_exit(token) == 1);
  CHECK(varrt_device_scope_enter("CPU:x", &token, st.s) == VARRT_INVALID_ARGUMENT);
  int lines = 0;
  varrt_set_log_sink(count_line, &lines);
  varrt_set_log_device_placement(1);
  varrt_tensor* t = floats({1});
  varrt_variable* v = varrt_variable_new(t, "logged", nullptr, nullptr, st.s);
  varrt_variable_assign_add(v, t, st.s);
  varrt_variable_delete(v);
  varrt_set_log_device_placement(0);
  varrt_set_log_sink(nullptr, nullptr);
  CHECK(lines == 4);  // VarHandleOp, AssignVariableOp, AssignAddVariableOp, DestroyResourceOp
  varrt_tensor_delete(t);
  CHECK(std::string(varrt_version()).size() >= 5);
  CHECK(varrt_dtype_size(VARRT_COMPLEX128) == 16 && varrt_dtype_size(VARRT_STRING) == 0);
}

TEST_MAIN()

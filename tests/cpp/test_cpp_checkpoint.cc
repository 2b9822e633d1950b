// Checkpoints through the public C++ API (varrt/api/checkpoint.h) and the C ABI: round trips,
// all-or-nothing restores, a failed save keeping the previous checkpoint, saving while other
// threads update.
#include <stdlib.h>

#include <atomic>
#include <fstream>
#include <string>
#include <thread>

#include "check.h"
#include "temp_dir.h"
#include "varrt/varrt.h"
#include "varrt/varrt_c.h"

using namespace varrt;
using check::code_of;
using check::temp_dir;

namespace {

}  // namespace

TEST(save_and_restore_round_trip) {
  const std::string prefix = temp_dir() + "/round_trip";
  Variable w = Variable::create(make_tensor<float>({1, 2, 3, 4}, Shape{2, 2}));
  Variable step = Variable::create(make_scalar<int64_t>(7));
  Variable names = Variable::create(Tensor::allocate(DType::kString, Shape{2}));
  save_checkpoint(prefix, {{"model/w", w}, {"step", step}, {"names", names}});
  CHECK((checkpoint_keys(prefix) == std::vector<std::string>{"model/w", "names", "step"}));
  CHECK(to_string(load_checkpoint_tensor(prefix, "model/w")) == "[[1 2]\n [3 4]]");
  w.assign_add(make_filled(Shape{2, 2}, 10.0f));
  step.assign(make_scalar<int64_t>(100));
  Tensor held = w.read();  // a reader: the restore must leave it alone
  restore_checkpoint(prefix, {{"model/w", w}, {"step", step}});
  CHECK(to_string(w.read()) == "[[1 2]\n [3 4]]");
  CHECK(typed_data<int64_t>(step.read())[0] == 7);
  CHECK(to_string(held) == "[[11 12]\n [13 14]]");
}

TEST(restore_is_all_or_nothing) {
  const std::string prefix = temp_dir() + "/all_or_nothing";
  Variable a = Variable::create(make_tensor({1.0f}));
  Variable b = Variable::create(make_tensor({2.0f}));
  save_checkpoint(prefix, {{"a", a}, {"b", b}});
  a.assign(make_tensor({5.0f}));
  Variable c = Variable::create(make_tensor({9.0f}));
  CHECK(code_of([&] { restore_checkpoint(prefix, {{"a", a}, {"missing", c}}); }) == Code::kNotFound);
  CHECK(typed_data<float>(a.read())[0] == 5.0f);  // untouched: the missing key was found first
  Variable wrong = Variable::create(make_tensor({1, 2}));
  CHECK(code_of([&] { restore_checkpoint(prefix, {{"a", a}, {"b", wrong}}); }) == Code::kInvalidArgument);
  CHECK(typed_data<float>(a.read())[0] == 5.0f);
  CHECK(code_of([&] { restore_checkpoint(temp_dir() + "/nothing_here", {{"a", a}}); }) == Code::kNotFound);
  // Damage: flip a byte of the data file; the CRC check refuses it.
  {
    std::fstream data(prefix + ".data-00000-of-00001", std::ios::in | std::ios::out | std::ios::binary);
    data.seekp(0);
    data.put('\x7f');
  }
  CHECK(code_of([&] { restore_checkpoint(prefix, {{"a", a}}); }) == Code::kDataLoss);
  CHECK(typed_data<float>(a.read())[0] == 5.0f);
}

TEST(failed_save_keeps_the_previous_checkpoint) {
  const std::string prefix = temp_dir() + "/kept";
  Variable v = Variable::create(make_tensor({1.0f}));
  save_checkpoint(prefix, {{"v", v}});
  Variable destroyed = Variable::create(make_tensor({2.0f}));
  destroyed.destroy();
  v.assign(make_tensor({3.0f}));
  CHECK(code_of([&] { save_checkpoint(prefix, {{"v", v}, {"z", destroyed}}); }) == Code::kFailedPrecondition);
  CHECK(code_of([&] { save_checkpoint(prefix, {{"", v}}); }) == Code::kInvalidArgument);
  CHECK(typed_data<float>(load_checkpoint_tensor(prefix, "v"))[0] == 1.0f);
}

TEST(save_while_other_threads_update) {
  const std::string prefix = temp_dir() + "/concurrent";
  Variable v = Variable::create(make_filled(Shape{1000}, 0.0));
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    Tensor one = make_filled(Shape{1000}, 1.0);
    while (!stop.load()) v.assign_add(one);
  });
  for (int i = 0; i < 20; ++i) {
    save_checkpoint(prefix, {{"v", v}});
    Tensor saved = load_checkpoint_tensor(prefix, "v");
    const double* p = typed_data<double>(saved);
    for (int j = 1; j < 1000; ++j) CHECK(p[j] == p[0]);  // one whole update state, never a torn one
  }
  stop = true;
  writer.join();
}

TEST(c_abi_checkpoints) {
  const std::string prefix = temp_dir() + "/c_abi";
  varrt_status* st = varrt_status_new();
  int64_t dims[1] = {3};
  int32_t values[3] = {1, 2, 3};
  varrt_tensor* t = varrt_tensor_new(VARRT_INT32, dims, 1, values, sizeof values, st);
  varrt_variable* v = varrt_variable_new(t, "v", nullptr, nullptr, st);
  const char* keys[1] = {"counts"};
  CHECK(varrt_checkpoint_save(prefix.c_str(), keys, &v, 1, st) == VARRT_OK);
  CHECK(varrt_variable_assign_add(v, t, st) == VARRT_OK);
  CHECK(varrt_checkpoint_restore(prefix.c_str(), keys, &v, 1, st) == VARRT_OK);
  int32_t out[3];
  CHECK(varrt_variable_read_into(v, out, sizeof out, st) == VARRT_OK && out[2] == 3);
  const char* missing[1] = {"nope"};
  CHECK(varrt_checkpoint_restore(prefix.c_str(), missing, &v, 1, st) == VARRT_NOT_FOUND);
  CHECK(std::string(varrt_status_message(st)).find("nope") != std::string::npos);
  varrt_variable* both[2] = {v, v};
  const char* dup[2] = {"a", "a"};
  CHECK(varrt_checkpoint_save(prefix.c_str(), dup, both, 2, st) == VARRT_INVALID_ARGUMENT);
  CHECK(varrt_checkpoint_save(nullptr, keys, &v, 1, st) == VARRT_INVALID_ARGUMENT);
  CHECK(varrt_checkpoint_save("", keys, &v, 1, st) == VARRT_INVALID_ARGUMENT);
  varrt_variable_delete(v);
  varrt_tensor_delete(t);
  varrt_status_delete(st);
}

TEST_MAIN()

// PrepareToUpdateVariable and its overwrite/assign forms: the one copy-on-write decision.
// In place (no allocation) while the Var holds the only reference; a copy (or new memory)
// when anyone else holds the buffer, whose value then stays as it was.
#include <cstring>
#include <memory>
#include <vector>

#include "check.h"
#include "varrt/core/allocator.h"
#include "varrt/device/device.h"
#include "varrt/resource/prepare_to_update.h"
#include "varrt/resource/update_journal.h"

using namespace varrt;

namespace {

Tensor floats(std::vector<float> values, Shape shape) {
  Tensor t = Tensor::allocate(DType::kFloat32, shape);
  std::memcpy(t.mutable_data(), values.data(), values.size() * sizeof(float));
  return t;
}

std::vector<float> values(const Tensor& t) {
  const float* p = t.data_as<float>();
  return std::vector<float>(p, p + t.num_elements());
}

// A variable on CPU:0 holding its own copy of `init` (the only reference to its buffer).
std::shared_ptr<Var> make_var(std::vector<float> init) {
  const Device& cpu = DeviceSet::global().cpu0();
  auto var = std::make_shared<Var>(DType::kFloat32, PartialShape(), &cpu, "v");
  Shape shape{static_cast<int64_t>(init.size())};
  var->tensor() = floats(init, shape).deep_copy(cpu.allocator);
  return var;
}

int64_t allocs() { return DeviceSet::global().cpu0().allocator->stats().num_allocs; }

}  // namespace

TEST(update_unshared_is_in_place) {
  auto var = make_var({1, 2, 3});
  const void* before = var->tensor().data();
  int64_t a0 = allocs();
  Tensor& t = PrepareToUpdateVariable(var);
  CHECK(&t == &var->tensor());
  CHECK(t.data() == before);
  CHECK(allocs() == a0);
  static_cast<float*>(t.mutable_data())[0] = 10;
  CHECK((values(var->tensor()) == std::vector<float>{10, 2, 3}));
}

TEST(update_shared_copies_and_reader_keeps_value) {
  auto var = make_var({1, 2, 3});
  Tensor reader = var->tensor();  // what ReadVariableOp hands out
  int64_t a0 = allocs();
  Tensor& t = PrepareToUpdateVariable(var);
  CHECK(allocs() == a0 + 1);
  CHECK(!t.shares_buffer_with(reader));
  CHECK(t.buffer_is_unique());
  CHECK((values(t) == std::vector<float>{1, 2, 3}));  // the copy starts from the current value
  static_cast<float*>(t.mutable_data())[1] = 20;
  CHECK((values(var->tensor()) == std::vector<float>{1, 20, 3}));
  CHECK((values(reader) == std::vector<float>{1, 2, 3}));
}

TEST(one_pass_update_reads_previous_only_when_copied) {
  auto var = make_var({1, 2, 3});
  const void* before = var->tensor().data();
  int64_t a0 = allocs();
  Tensor previous;
  Tensor& in_place = PrepareToUpdateVariable(var, &previous);
  CHECK(allocs() == a0);
  CHECK(in_place.data() == before);
  CHECK(!previous.valid());  // reused: the old elements are the target's own
  Tensor reader = var->tensor();
  Tensor& fresh = PrepareToUpdateVariable(var, &previous);
  CHECK(allocs() == a0 + 1);
  CHECK(!fresh.shares_buffer_with(reader));
  CHECK(previous.shares_buffer_with(reader));  // the old value, for the kernel to read
  CHECK(fresh.shape() == (Shape{3}));
  std::memcpy(fresh.mutable_data(), std::vector<float>{7, 8, 9}.data(), 3 * sizeof(float));
  CHECK((values(reader) == std::vector<float>{1, 2, 3}));
}

TEST(overwrite_reuses_buffer_with_new_shape_else_allocates) {
  auto var = make_var({1, 2, 3, 4});
  const void* before = var->tensor().data();
  int64_t a0 = allocs();
  Tensor& t = PrepareToOverwriteVariable(var, Shape{2, 2});
  CHECK(allocs() == a0);
  CHECK(t.data() == before);
  CHECK(t.shape() == (Shape{2, 2}));
  Tensor reader = var->tensor();
  Tensor& shared = PrepareToOverwriteVariable(var, Shape{4});
  CHECK(allocs() == a0 + 1);
  CHECK(!shared.shares_buffer_with(reader));
  reader = Tensor();
  Tensor& resized = PrepareToOverwriteVariable(var, Shape{5});  // unshared, but another size
  CHECK(allocs() == a0 + 2);
  CHECK(resized.shape() == (Shape{5}));
}

TEST(assign_adopts_value_only_when_buffer_cannot_be_reused) {
  auto var = make_var({1, 2});
  Tensor value = floats({5, 6}, Shape{2});  // owned by CPU:0's allocator, like a converted value
  Tensor* target = PrepareToAssignVariable(var, value);
  CHECK(target == &var->tensor());  // own buffer free: written in place, value not shared
  CHECK(!var->tensor().shares_buffer_with(value));
  Tensor reader = var->tensor();
  CHECK(PrepareToAssignVariable(var, value) == nullptr);  // held by a reader: take the value over
  CHECK(var->tensor().shares_buffer_with(value));
  CHECK((values(reader) == std::vector<float>{1, 2}));
}

TEST(journal_record_forces_copy_and_survives) {
  auto var = make_var({1, 2});
  UpdateJournal journal;
  journal.begin();
  Tensor& t = PrepareToUpdateVariable(var);
  static_cast<float*>(t.mutable_data())[0] = 100;
  journal.end();
  CHECK(journal.size() == 1);
  journal.rollback();
  CHECK((values(var->tensor()) == std::vector<float>{1, 2}));
}

TEST_MAIN()

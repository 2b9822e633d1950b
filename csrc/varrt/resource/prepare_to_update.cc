#include "varrt/resource/prepare_to_update.h"

#include <utility>

#include "varrt/resource/update_journal.h"

namespace varrt {
namespace {

// Whether the variable's own buffer may take a whole new value of `shape`: nobody else holds
// it (copy-on-write's one test) and it has room for exactly that many elements.
bool reusable(const Tensor& current, const Shape& shape) {
  return current.valid() && current.buffer_is_unique() && current.num_elements() == shape.num_elements();
}

Allocator* allocator_of(const Var& var) { return var.device()->allocator; }

// PrepareToOverwriteVariable after the journal has seen the value.
Tensor& overwrite(Var& var, const Shape& shape, Tensor* previous) {
  Tensor& current = var.tensor();
  if (reusable(current, shape)) {
    if (current.shape() != shape) current = current.reshaped(shape);
    if (previous != nullptr) *previous = current;  // only now: sharing it earlier would fail the test
    return current;
  }
  Tensor fresh = Tensor::allocate(var.dtype(), shape, allocator_of(var));
  if (previous != nullptr) *previous = std::move(current);
  current = std::move(fresh);
  return current;
}

}  // namespace

Tensor& PrepareToUpdateVariable(const std::shared_ptr<Var>& var) {
  UpdateJournal::note(var);  // before the uniqueness test: a record shares the buffer
  Tensor& current = var->tensor();
  if (!current.buffer_is_unique()) current = current.deep_copy(allocator_of(*var));
  return current;
}

Tensor& PrepareToOverwriteVariable(const std::shared_ptr<Var>& var, const Shape& shape, Tensor* previous) {
  UpdateJournal::note(var);
  return overwrite(*var, shape, previous);
}

Tensor* PrepareToAssignVariable(const std::shared_ptr<Var>& var, const Tensor& value) {
  UpdateJournal::note(var);
  Tensor& current = var->tensor();
  if (!reusable(current, value.shape()) && value.buffer() && value.buffer()->owned() &&
      value.buffer()->allocator() == allocator_of(*var)) {
    current = value;
    return nullptr;
  }
  return &overwrite(*var, value.shape(), nullptr);
}

}  // namespace varrt

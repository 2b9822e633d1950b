#include "varrt/resource/prepare_to_update.h"

#include <utility>

#include "varrt/resource/update_journal.h"

namespace varrt {
namespace {

Allocator* allocator_of(const Var& var) { return var.device()->allocator; }

// Makes `current` ready to take a whole new value of `shape` in its own memory, if nobody
// else holds that memory (copy-on-write's test) and it has room for exactly that many
// elements; false otherwise.
bool reuse_in_place(Tensor& current, const Shape& shape) {
  if (!current.valid() || !current.buffer_is_unique() || current.num_elements() != shape.num_elements()) return false;
  if (current.shape() != shape) current = current.reshaped(shape);
  return true;
}

// Gives the variable new memory for a value of `shape` (which may be the current value's own:
// it is read before the value moves); the old value goes to `previous`.
Tensor& replace_with_new(Var& var, const Shape& shape, Tensor* previous) {
  Tensor fresh = Tensor::allocate(var.dtype(), shape, allocator_of(var));
  Tensor& current = var.tensor();
  if (previous != nullptr) *previous = std::move(current);
  current = std::move(fresh);
  return current;
}

}  // namespace

Tensor& detail::copy_on_write(Var& var, Tensor* previous) {
  Tensor& current = var.tensor();
  if (previous != nullptr) return replace_with_new(var, current.shape(), previous);
  current = current.deep_copy(allocator_of(var));
  return current;
}

Tensor& PrepareToOverwriteVariable(const std::shared_ptr<Var>& var, const Shape& shape) {
  UpdateJournal::note(var);
  Tensor& current = var->tensor();
  if (reuse_in_place(current, shape)) return current;
  return replace_with_new(*var, shape, nullptr);
}

Tensor* PrepareToAssignVariable(const std::shared_ptr<Var>& var, const Tensor& value) {
  UpdateJournal::note(var);
  Tensor& current = var->tensor();
  if (reuse_in_place(current, value.shape())) return &current;
  if (value.buffer() && value.buffer()->owned() && value.buffer()->allocator() == allocator_of(*var)) {
    current = value;
    return nullptr;
  }
  return &replace_with_new(*var, value.shape(), nullptr);
}

}  // namespace varrt

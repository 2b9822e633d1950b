// Copy-on-write in one place: every write to a variable's value gets the memory it may write
// from here (TensorFlow's PrepareToUpdateVariable, tensorflow/core/kernels/training_op_helpers.h).
// AssignVariableOp, AssignAdd/Sub, checkpoint restore, the indexed updates (scatter,
// scatter_nd, strided-slice assign) and the fused optimizer kernels (ResourceApply*) all call it.
//
// Contract of every function here:
// - The caller holds var->mu() exclusively, has checked the variable is live (initialised, for
//   PrepareToUpdateVariable) and has validated every input: once memory is prepared, the
//   write must not fail, so a failed op leaves the value as it was.
// - The variable's value is first recorded in the thread's UpdateJournal, if one is active
//   (the record shares the buffer, which then forces the copy below and stays intact).
// - The result is var->tensor(), safe to write: the variable's own buffer when the Var holds
//   the only reference to it (no allocation), otherwise new memory from the variable's device.
//   The old buffer is never written, so whoever still holds it (a read, a NumPy or DLPack
//   view, a journal record) keeps the value it saw.
#pragma once

#include <memory>

#include "varrt/core/shape.h"
#include "varrt/core/tensor.h"
#include "varrt/resource/update_journal.h"
#include "varrt/resource/var.h"

namespace varrt {
namespace detail {
// PrepareToUpdateVariable's shared case: new memory (a copy of the value, or unfilled with the
// old value moved to *previous).
Tensor& copy_on_write(Var& var, Tensor* previous);
}  // namespace detail

// For updates that keep the shape and compute the new elements from the current ones
// (scatter*, strided-slice assign, AssignAdd/Sub, ResourceApply*). Requires an initialised
// variable. Without `previous`, new memory holds a copy of the current value, to be updated in
// place. With `previous` (kernels that write every element in one pass, AssignAdd:
// out = old + delta), new memory is left unfilled and the old value goes to *previous, to be
// read from there; *previous stays empty when the own buffer is reused, whose elements are
// then the old ones (a reference to it would cost two atomic operations per update).
// Inline: the unshared case is every small update's hot path.
inline Tensor& PrepareToUpdateVariable(const std::shared_ptr<Var>& var, Tensor* previous = nullptr) {
  UpdateJournal::note(var);  // before the uniqueness test: a record shares the buffer
  Tensor& current = var->tensor();
  if (current.buffer_is_unique()) return current;
  return detail::copy_on_write(*var, previous);
}

// For writes that replace every element with a value of `shape` (checkpoint restore). The
// contents are unspecified: the caller writes all of them. The own buffer is reused (seen
// with `shape`) when its element count matches.
Tensor& PrepareToOverwriteVariable(const std::shared_ptr<Var>& var, const Shape& shape);

// AssignVariableOp: as PrepareToOverwriteVariable(var, value.shape()), except that when the
// own buffer cannot be reused and `value` is owned memory of the variable's allocator, the
// variable takes `value` over instead of allocating (tensors are immutable; the next update
// copies) and nullptr is returned: nothing is left to write. Otherwise the caller copies
// `value`'s elements into the result.
Tensor* PrepareToAssignVariable(const std::shared_ptr<Var>& var, const Tensor& value);

}  // namespace varrt

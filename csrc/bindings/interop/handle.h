// The OwnedHandle a Python VarHandle (or Variable) instance holds.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>

#include "varrt/ops/owned_handle.h"

namespace varrt {
namespace bind {

// `self`'s handle. TypeError when `self` is no VarHandle; FailedPrecondition when its
// __init__ never ran (`Variable.__new__(Variable)`): pybind11 would hand out uninitialised
// memory as `const OwnedHandle&` for such an object, so bindings take py::handle and come here.
const OwnedHandle& handle_of(pybind11::handle self);

// Installs `holder` in `self` (a VarHandle whose __init__ has not run), as pybind11's
// constructors do: for __init__ paths that bypass pybind11's argument dispatch.
void set_holder(pybind11::handle self, const std::shared_ptr<OwnedHandle>& holder);

// Sets the VarHandle subclass whose instances new_unread returns (varrt's _UnreadVariable).
void set_unread_type(pybind11::handle type);
// A new instance of the unread type sharing `parent`'s OwnedHandle, made without running any
// __init__ (what assign* returns on every call, so it costs an allocation and nothing more).
// A new reference, or null with a Python error set.
PyObject* new_unread(pybind11::handle parent) noexcept;
// Sets what new_unread calls with each new instance (None: nothing). A TensorFlow 1 graph being
// built ties what an update returned to that update's node, so a Session fetching it runs that
// update, not a later one; eager code runs with no callback and pays nothing.
void set_unread_callback(pybind11::handle fn);

// The Python Variable `self` becomes its variable's front object (if it has none yet), found
// again by front_of; the link is dropped when `self` is deallocated.
void claim_front(pybind11::handle self);
// The Python Variable of the resource `var`, borrowed, or null. Only for a variable an op is
// running on (a dispatch hook's resource), with the GIL held.
PyObject* front_of(const Var* var);

}  // namespace bind
}  // namespace varrt

// The checks every op on a variable makes before touching it, with TensorFlow's messages.
#pragma once

#include "varrt/resource/resource_mgr.h"

namespace varrt {

// The Var behind `handle`; FailedPrecondition (TensorFlow's message) once it was destroyed.
Var* live_var(const ResourceHandle& handle);
// Requires `var.mu()` held. FailedPrecondition (live_var's) when the variable was destroyed
// after live_var looked: a write landing then would bring the destroyed variable's memory back.
void require_live(const Var& var, const ResourceHandle& handle);
// Requires `var.mu()` held. FailedPrecondition when the variable was destroyed or has no value yet.
void require_initialized(const Var& var, const ResourceHandle& handle);

}  // namespace varrt

// The checks every op on a variable makes before touching it, with TensorFlow's messages.
#pragma once

#include "varrt/resource_mgr.h"

namespace varrt {

// The Var behind `handle`; FailedPrecondition (TensorFlow's message) once it was destroyed.
Var* live_var(const ResourceHandle& handle);
// Requires `var.mu()` held. FailedPrecondition when the variable has no value yet.
void require_initialized(const Var& var, const ResourceHandle& handle);

}  // namespace varrt

// varrt's public C++ API: one include for C++ programs that use the runtime, with or
// without Python in the process. Link the CMake target varrt::core:
//
//   find_package(varrt CONFIG REQUIRED)      # -Dvarrt_DIR=$(python -m varrt --cmake-dir)
//   target_link_libraries(app PRIVATE varrt::core)
//
// What is here (each header documents ownership, thread-safety and errors next to its types):
//   varrt/api/variable.h    Variable: create, assign, assign_add/sub, read, sharing by name
//   varrt/api/tensors.h     Tensor helpers: make_tensor, typed_data (zero-copy), to_string
//   varrt/api/runtime.h     devices, DeviceGuard scopes, placement logging and its sink
//   varrt/api/dlpack.h      DLPack export/import (zero-copy exchange with other libraries)
//   varrt/api/checkpoint.h  save/restore variables in TensorFlow's checkpoint format
//   varrt/core/tensor.h     Tensor itself (with core/buffer.h, core/shape.h, core/dtype.h);
//   varrt/core/error.h      Error and its codes
// Only these headers (and dlpack/dlpack.h) are installed; everything else is internal.
// For C and other languages' FFIs, use varrt/varrt_c.h instead.
//
// Conventions for the whole API:
//  - Errors are thrown as varrt::Error carrying TensorFlow's error code (Code::kInvalidArgument,
//    ...) and TensorFlow's message; a failed operation changes nothing.
//  - Every function is safe to call from any thread. Process-wide state (devices, the
//    resource table, logging) is shared with Python when the process also runs varrt's
//    Python package: it loads this same library.
//  - Tensors are immutable once shared; variables are updated copy-on-write, so a tensor
//    read from a variable never changes.
#pragma once

#include "varrt/api/checkpoint.h"
#include "varrt/api/dlpack.h"
#include "varrt/api/runtime.h"
#include "varrt/api/tensors.h"
#include "varrt/api/variable.h"
#include "varrt/core/dtype.h"
#include "varrt/core/error.h"
#include "varrt/core/shape.h"
#include "varrt/core/tensor.h"

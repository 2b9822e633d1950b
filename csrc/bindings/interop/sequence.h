// Walking a Python scalar or nested list/tuple into tf::Leaves, for TensorFlow's conversion
// rules (varrt/tf/conversion_rules.h), raising TensorFlow's errors for what the walk finds
// (non-rectangular nesting, unsupported elements, undecodable strings).
#pragma once

#include <Python.h>

#include "varrt/core/dtype.h"
#include "varrt/tf/conversion_rules.h"

namespace varrt {
namespace bind {

// Walks `value` into `leaves` (cleared first) and returns the tensor's dtype: `want`, or the
// inferred one when `want` is kInvalid. Throws ValueError/TypeError with TensorFlow's messages.
DType walk_python_value(PyObject* value, DType want, tf::Leaves& leaves);

}  // namespace bind
}  // namespace varrt

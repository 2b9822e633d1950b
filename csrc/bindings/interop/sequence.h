// Fast conversion of the most common Python values — exact floats and ints, alone or in
// rectangular nested lists/tuples — into a tensor, by TensorFlow's rules. Anything else
// (bools, strings, complex, NumPy scalars, ragged or out-of-range values) returns an
// invalid Tensor and goes through varrt/framework/conversion.py, which implements the rules in full
// and raises TensorFlow's errors. Keeping the fast path to the unambiguous subset means
// the two can never disagree on a value both accept.
#pragma once

#include <Python.h>

#include "interop/tensor.h"
#include "varrt/core/tensor.h"

namespace varrt {
namespace bind {

// `want` = kInvalid infers the dtype (int32/int64/float32). The result borrows a host
// staging buffer that no device allocator counts: for op inputs consumed within the call.
Tensor sequence_to_tensor(PyObject* value, DType want);
// The same value as a new tensor on the current device: placed and logged as _EagerConst
// (only once the value is known to convert), written straight into the device's memory.
// Returns an invalid PyTensor, having logged nothing, when the full rules must decide.
PyTensor sequence_to_device(PyObject* value, DType want);

}  // namespace bind
}  // namespace varrt

// The element-wise math functions of kernels/math_functions.h as ops, through the dispatch
// (placed, logged, seen by hooks): one entry for every function of the table, by its record.
// Inputs are of one dtype math_function_supported accepts (callers check, with TensorFlow's
// texts); operands that do not broadcast fail with TensorFlow's BCast error.
#pragma once

#include "varrt/device/device_copy.h"
#include "varrt/kernels/math_functions.h"

namespace varrt {
namespace ops {

// f over `inputs` (f.arity of them). `name`: the op's name in a kernel error's " name: " part;
// null drops that part.
PlacedTensor MathFunction(const kernels::MathFunction& f, const PlacedTensor* inputs, const char* name = "");

}  // namespace ops
}  // namespace varrt

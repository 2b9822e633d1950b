// Select (TensorFlow 1's where: a scalar condition, a vector choosing rows, or one of the data's
// shape) and SelectV2 (all three broadcast), through the dispatch, with TensorFlow's kernel checks
// and messages (`name`: the op's name for the " name: " part, null for none). Callers check the
// condition is bool and then/else share a dtype select_supported() takes.
#pragma once

#include "varrt/device/device_copy.h"

namespace varrt {
namespace ops {

PlacedTensor Select(const PlacedTensor& cond, const PlacedTensor& then_, const PlacedTensor& else_, const char* name);
PlacedTensor SelectV2(const PlacedTensor& cond, const PlacedTensor& then_, const PlacedTensor& else_, const char* name);

}  // namespace ops
}  // namespace varrt

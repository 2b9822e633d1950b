// TensorFlow's TensorProto (tensorflow/core/framework/tensor.proto) for tf.io.serialize_tensor and
// parse_tensor: { DataType dtype = 1; TensorShapeProto tensor_shape = 2; bytes tensor_content = 4;
// repeated float float_val = 5; double double_val = 6; int32 int_val = 7; bytes string_val = 8;
// float scomplex_val = 9; int64 int64_val = 10; bool bool_val = 11; double dcomplex_val = 12;
// int32 half_val = 13; uint32 uint32_val = 16; uint64 uint64_val = 17; }. Written as TensorFlow's SerializeTensor writes it: numbers as raw
// little-endian tensor_content, strings as string_val.
#pragma once

#include <string>
#include <string_view>

#include "varrt/core/tensor.h"

namespace varrt {
namespace tensor_proto {

std::string encode(const Tensor& tensor);
// The tensor a TensorProto holds; InvalidArgument "Could not parse `serialized` as TensorProto: ..."
// for bytes that are none (as TensorFlow's ParseTensor says it), Unimplemented for a dtype varrt lacks.
Tensor decode(std::string_view bytes);

}  // namespace tensor_proto
}  // namespace varrt

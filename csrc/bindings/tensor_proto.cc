// tf.io.serialize_tensor and parse_tensor: the core's TensorProto codec (io/tensor_proto.h).
#include <pybind11/pybind11.h>

#include <string>

#include "bindings.h"
#include "interop/tensor.h"
#include "varrt/device/device.h"
#include "varrt/io/tensor_proto.h"

namespace py = pybind11;

namespace varrt {
namespace bind {

void bind_tensor_proto(py::module_& m) {
  m.def("serialize_tensor_proto", [](py::handle value) {
    return py::bytes(tensor_proto::encode(op_input(value).tensor));
  }, "A tensor (or the kernel's array of it) as TensorProto bytes.");
  m.def("parse_tensor_proto", [](py::bytes data) {
    const Device& cpu = DeviceSet::global().cpu0();
    return PyTensor{tensor_proto::decode(std::string(data)), &cpu};
  }, "The tensor TensorProto bytes hold, as TensorData.");
}

}  // namespace bind
}  // namespace varrt

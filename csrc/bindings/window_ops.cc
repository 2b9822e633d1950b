// The sliding-window ops (ops/conv_ops.h, ops/depthwise_conv_ops.h, ops/pooling_ops.h) for the Python layer: argument
// adaptation only. Inputs are varrt Tensors or host ndarrays the Python layer converted (borrowed
// for the call); the attributes come as TensorFlow's lists and the integer codes of
// ops/window_geometry.h. `name`: None for no " name: " part in an error, else the op's name.
#define PY_ARRAY_UNIQUE_SYMBOL varrt_ARRAY_API
#define NO_IMPORT_ARRAY
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <numpy/arrayobject.h>

#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "interop/numpy.h"
#include "interop/tensor_object.h"
#include "varrt/ops/conv_ops.h"
#include "varrt/ops/depthwise_conv_ops.h"
#include "varrt/ops/pooling_ops.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

PlacedTensor window_input(py::handle o) {
  if (is_tensor_object(o.ptr())) {
    const PyTensor& t = tensor_of(o.ptr());
    return PlacedTensor{t.tensor, t.device};
  }
  if (PyArray_Check(o.ptr())) {
    Tensor t = borrow_array(o.ptr(), dtype_of_array(o.ptr()));
    if (t.valid()) return PlacedTensor{std::move(t), nullptr};
    return PlacedTensor{copy_from_array(o.ptr(), nullptr), nullptr};
  }
  const PyTensor& t = o.cast<const PyTensor&>();
  return PlacedTensor{t.tensor, t.device};
}

py::object window_result(PlacedTensor t) {
  PyObject* o = wrap_tensor(PyTensor{std::move(t.tensor), t.device});
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

const char* window_name(const std::optional<std::string>& name) { return name ? name->c_str() : nullptr; }

ops::WindowAttrs window_attrs(std::vector<int64_t> window, std::vector<int64_t> strides,
                              std::vector<int64_t> dilations, std::vector<int64_t> explicit_paddings, int padding,
                              bool nchw) {
  ops::WindowAttrs a;
  a.window = std::move(window);
  a.strides = std::move(strides);
  a.dilations = std::move(dilations);
  a.explicit_paddings = std::move(explicit_paddings);
  a.padding = static_cast<ops::Padding>(padding);
  a.nchw = nchw;
  return a;
}

}  // namespace

void bind_window_ops(py::module_& m) {
  // `op`: the TensorFlow op name; `inputs`: its tensor inputs in TensorFlow's order; `window`:
  // ksize for the pooling ops (ignored by the convolutions), `dilations` likewise the reverse.
  m.def("window_op",
        [](const std::string& op, const py::sequence& inputs, std::vector<int64_t> window, std::vector<int64_t> strides,
           std::vector<int64_t> dilations, std::vector<int64_t> explicit_paddings, int padding, bool nchw,
           std::optional<std::string> name) {
          const ops::WindowAttrs a = window_attrs(std::move(window), std::move(strides), std::move(dilations),
                                                  std::move(explicit_paddings), padding, nchw);
          std::vector<PlacedTensor> in;
          for (py::handle x : inputs) in.push_back(window_input(x));
          const char* n = window_name(name);
          if (op == "Conv2D") return window_result(ops::Conv2D(in.at(0), in.at(1), a, n));
          if (op == "Conv2DBackpropInput") {
            return window_result(ops::Conv2DBackpropInput(in.at(0), in.at(1), in.at(2), a, n));
          }
          if (op == "Conv2DBackpropFilter") {
            return window_result(ops::Conv2DBackpropFilter(in.at(0), in.at(1), in.at(2), a, n));
          }
          if (op == "DepthwiseConv2dNative") return window_result(ops::DepthwiseConv2dNative(in.at(0), in.at(1), a, n));
          if (op == "DepthwiseConv2dNativeBackpropInput") {
            return window_result(ops::DepthwiseConv2dNativeBackpropInput(in.at(0), in.at(1), in.at(2), a, n));
          }
          if (op == "DepthwiseConv2dNativeBackpropFilter") {
            return window_result(ops::DepthwiseConv2dNativeBackpropFilter(in.at(0), in.at(1), in.at(2), a, n));
          }
          if (op == "MaxPool") return window_result(ops::MaxPool(in.at(0), a, n));
          if (op == "MaxPoolGrad") return window_result(ops::MaxPoolGrad(in.at(0), in.at(1), in.at(2), a, n));
          if (op == "AvgPool") return window_result(ops::AvgPool(in.at(0), a, n));
          if (op == "AvgPoolGrad") return window_result(ops::AvgPoolGrad(in.at(0), in.at(1), a, n));
          throw py::value_error("no window op " + op);
        },
        py::arg("op"), py::arg("inputs"), py::arg("window"), py::arg("strides"), py::arg("dilations"),
        py::arg("explicit_paddings"), py::arg("padding"), py::arg("nchw"), py::arg("name") = py::none());
}

}  // namespace bind
}  // namespace varrt

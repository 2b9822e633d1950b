// The fused optimizer ops (ops/training_ops.h): argument adaptation only. Variables arrive as
// Python Variables (their handles), values as varrt Tensors or ndarrays the Python layer has
// already converted (borrowed without a copy when contiguous); large updates release the GIL.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstring>
#include <string>
#include <vector>

#include "bindings.h"
#include "interop/gil.h"
#include "interop/handle.h"
#include "interop/numpy.h"
#include "interop/tensor.h"
#include "interop/tensor_object.h"
#include "interop/variable_inputs.h"
#include "varrt/ops/owned_handle.h"
#include "varrt/ops/training_ops.h"
#include "varrt/ops/variable_ops.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

Tensor input_tensor(py::handle obj) {
  if (is_tensor_object(obj.ptr())) return tensor_of(obj.ptr()).tensor;
  if (!py::isinstance<py::array>(obj)) throw py::type_error("internal: training op inputs must be tensors or ndarrays");
  const DType dtype = dtype_of_array(obj.ptr());
  Tensor t = borrow_array(obj.ptr(), dtype);
  if (t.valid()) return t;
  py::object c = py::module_::import("numpy").attr("ascontiguousarray")(obj);
  return copy_from_array(c.ptr(), ops::EagerConstInPlace().allocator);
}

// A Keras step's arguments: vars is each variable followed by its slots (flat), grads one per
// variable; lr and iterations tensors (or ndarrays).
struct KerasStepArgs {
  KerasStepArgs(py::sequence vars, py::sequence grads_in, py::handle lr_in, py::handle iterations_in) {
    handles.reserve(vars.size());
    for (py::handle v : vars) handles.push_back(&handle_of(v).handle());
    grads.reserve(grads_in.size());
    for (py::handle g : grads_in) {
      grads.push_back(input_tensor(g));
      bytes += grads.back().byte_size();
    }
    if (grads.empty() || handles.size() % grads.size() != 0) {
      throw py::value_error("internal: a Keras step needs the same number of slots for every variable");
    }
    lr = input_tensor(lr_in);
    iterations = input_tensor(iterations_in);
  }
  ops::KerasStep step() const {
    const int n = static_cast<int>(grads.size());
    return ops::KerasStep{handles.data(), static_cast<int>(handles.size()) / n, grads.data(), n, lr, iterations};
  }

  std::vector<const ResourceHandle*> handles;
  std::vector<Tensor> grads;
  Tensor lr, iterations;
  size_t bytes = 0;
};

template <class Fn>
void run(size_t bytes, Fn&& fn) {
  if (bytes >= kReleaseGilBytes) {
    without_gil(std::forward<Fn>(fn));
  } else {
    fn();
  }
}

// `op` names one of TensorFlow's ops; `vars` its resource inputs and `inputs` the others, each
// in TensorFlow's order; `flag` is use_nesterov or update_slots.
void training_op(const std::string& op, py::tuple vars, py::tuple inputs, bool flag) {
  const ResourceHandle* h[4] = {};
  if (vars.size() > 4) throw py::value_error("internal: too many variables for " + op);
  for (size_t i = 0; i < vars.size(); ++i) h[i] = &handle_of(vars[i]).handle();
  Tensor x[9];
  if (inputs.size() > 9) throw py::value_error("internal: too many inputs for " + op);
  size_t bytes = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    x[i] = input_tensor(inputs[i]);
    bytes += x[i].byte_size();
  }
  auto need = [&](size_t nv, size_t ni) {
    if (vars.size() != nv || inputs.size() != ni) throw py::value_error("internal: wrong arity for " + op);
  };
  run(bytes, [&] {
    if (op == "ResourceApplyGradientDescent") {
      need(1, 2);
      ops::ResourceApplyGradientDescent(*h[0], x[0], x[1]);
    } else if (op == "ResourceApplyMomentum") {
      need(2, 3);
      ops::ResourceApplyMomentum(*h[0], *h[1], x[0], x[1], x[2], flag);
    } else if (op == "ResourceApplyKerasMomentum") {
      need(2, 3);
      ops::ResourceApplyKerasMomentum(*h[0], *h[1], x[0], x[1], x[2], flag);
    } else if (op == "ResourceApplyAdagrad") {
      need(2, 2);
      ops::ResourceApplyAdagrad(*h[0], *h[1], x[0], x[1], flag);
    } else if (op == "ResourceApplyRMSProp") {
      need(3, 5);
      ops::ResourceApplyRMSProp(*h[0], *h[1], *h[2], x[0], x[1], x[2], x[3], x[4]);
    } else if (op == "ResourceApplyCenteredRMSProp") {
      need(4, 5);
      ops::ResourceApplyCenteredRMSProp(*h[0], *h[1], *h[2], *h[3], x[0], x[1], x[2], x[3], x[4]);
    } else if (op == "ResourceApplyAdam") {
      need(3, 7);
      ops::ResourceApplyAdam(*h[0], *h[1], *h[2], x[0], x[1], x[2], x[3], x[4], x[5], x[6], flag);
    } else if (op == "ResourceSparseApplyMomentum") {
      need(2, 4);
      ops::ResourceSparseApplyMomentum(*h[0], *h[1], x[0], x[1], x[2], x[3], flag);
    } else if (op == "ResourceSparseApplyKerasMomentum") {
      need(2, 4);
      ops::ResourceSparseApplyKerasMomentum(*h[0], *h[1], x[0], x[1], x[2], x[3], flag);
    } else if (op == "ResourceSparseApplyAdagrad") {
      need(2, 3);
      ops::ResourceSparseApplyAdagrad(*h[0], *h[1], x[0], x[1], x[2], flag);
    } else if (op == "ResourceSparseApplyRMSProp") {
      need(3, 6);
      ops::ResourceSparseApplyRMSProp(*h[0], *h[1], *h[2], x[0], x[1], x[2], x[3], x[4], x[5]);
    } else if (op == "ResourceSparseApplyCenteredRMSProp") {
      need(4, 6);
      ops::ResourceSparseApplyCenteredRMSProp(*h[0], *h[1], *h[2], *h[3], x[0], x[1], x[2], x[3], x[4], x[5]);
    } else {
      throw py::value_error("internal: unknown training op " + op);
    }
  });
}

}  // namespace

void bind_training_ops(py::module_& m) {
  m.def("training_op", &training_op, py::arg("op"), py::arg("vars"), py::arg("inputs"), py::arg("flag") = false,
        "A fused ResourceApply*/ResourceSparseApply* op: vars and inputs in TensorFlow's order.");
  m.def("keras_adam",
        [](py::sequence vars, py::sequence grads, py::handle lr, py::handle iterations, double beta1, double beta2,
           double one_minus_beta1, double one_minus_beta2, double epsilon) {
          KerasStepArgs a(vars, grads, lr, iterations);
          run(a.bytes, [&] { ops::KerasAdam(a.step(), {beta1, beta2, one_minus_beta1, one_minus_beta2, epsilon}); });
        },
        "Keras 3's Adam step over many variables (KerasAdam): vars each variable then m, v (and vhat).");
  m.def("keras_adagrad",
        [](py::sequence vars, py::sequence grads, py::handle lr, py::handle iterations, double epsilon) {
          KerasStepArgs a(vars, grads, lr, iterations);
          run(a.bytes, [&] { ops::KerasAdagrad(a.step(), epsilon); });
        },
        "Keras 3's Adagrad step over many variables (KerasAdagrad): vars each variable then its accumulator.");
  m.def("keras_rmsprop",
        [](py::sequence vars, py::sequence grads, py::handle lr, py::handle iterations, double rho,
           double one_minus_rho, double momentum, double epsilon, bool has_momentum, bool centered) {
          KerasStepArgs a(vars, grads, lr, iterations);
          run(a.bytes, [&] {
            ops::KerasRMSprop(a.step(), {rho, one_minus_rho, momentum, epsilon}, has_momentum, centered);
          });
        },
        "Keras 3's RMSprop step over many variables (KerasRMSprop): vars each variable then its slots.");
  m.def("keras_sgd",
        [](py::sequence vars, py::sequence grads, py::handle lr, py::handle iterations, double momentum,
           bool nesterov) {
          KerasStepArgs a(vars, grads, lr, iterations);
          run(a.bytes, [&] { ops::KerasSGD(a.step(), momentum, nesterov); });
        },
        "Keras 3's SGD step over many variables (KerasSGD): vars each variable then its momentum, if any.");
}

}  // namespace bind
}  // namespace varrt

// The core's training-step ops (ops/array_ops.h, ops/nn_ops.h, ops/ctc_ops.h, and the element-wise ops of
// ops/math_ops.h for the calls _C.FastOp leaves to Python) for the Python layer: argument
// adaptation only. Inputs are varrt Tensors, TensorDatas or host ndarrays already converted by
// the Python layer (a host array is borrowed for the call; Reshape, whose output shares its
// input's buffer, copies it so the result never aliases memory the caller may change). A shape
// is a sequence of ints (the op's attribute) or a Tensor (its second input). `name`: None for no
// " name: " part in an error (TensorFlow's slow path), else the op's name.
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
#include "varrt/ops/array_ops.h"
#include "varrt/ops/concat_split_ops.h"
#include "varrt/ops/ctc_ops.h"
#include "varrt/ops/fused_batch_norm_ops.h"
#include "varrt/ops/rnn_ops.h"
#include "varrt/kernels/select.h"
#include "varrt/ops/math_function_ops.h"
#include "varrt/ops/math_ops.h"
#include "varrt/ops/nn_ops.h"
#include "varrt/ops/select_ops.h"
#include "varrt/ops/variable_ops.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

PlacedTensor operand(py::handle o, bool own_host_memory = false) {
  if (is_tensor_object(o.ptr())) {
    const PyTensor& t = tensor_of(o.ptr());
    return PlacedTensor{t.tensor, t.device};
  }
  if (PyArray_Check(o.ptr())) {
    if (!own_host_memory) {
      Tensor t = borrow_array(o.ptr(), dtype_of_array(o.ptr()));
      if (t.valid()) return PlacedTensor{std::move(t), nullptr};
    }
    return PlacedTensor{copy_from_array(o.ptr(), nullptr), nullptr};
  }
  const PyTensor& t = o.cast<const PyTensor&>();
  return PlacedTensor{t.tensor, t.device};
}

py::object result(PlacedTensor t) {
  PyObject* o = wrap_tensor(PyTensor{std::move(t.tensor), t.device});
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(o);
}

const char* name_of(const std::optional<std::string>& name) { return name ? name->c_str() : nullptr; }

bool is_shape_tensor(py::handle shape) { return is_tensor_object(shape.ptr()) || py::isinstance<PyTensor>(shape); }

}  // namespace

void bind_nn_array_ops(py::module_& m) {
  // `op`: a BINARY_OPS / UNARY_OPS value; `dtype`: a DType enum.
  m.def("binary_supported", [](int op, int dtype) {
    return kernels::binary_supported(static_cast<kernels::BinaryOp>(op), static_cast<DType>(dtype));
  });
  m.def("unary_supported", [](int op, int dtype) {
    return kernels::unary_supported(static_cast<kernels::UnaryOp>(op), static_cast<DType>(dtype));
  });
  m.def("binary_op",
        [](int op, py::handle x, py::handle y, std::optional<std::string> name) {
          return result(ops::BinaryOp(static_cast<kernels::BinaryOp>(op), operand(x), operand(y), name_of(name)));
        },
        py::arg("op"), py::arg("x"), py::arg("y"), py::arg("name") = std::string());
  m.def("add_n",
        [](const py::sequence& inputs, std::optional<std::string> name) {
          std::vector<PlacedTensor> in;
          for (py::handle x : inputs) in.push_back(operand(x));
          return result(ops::AddN(in.data(), static_cast<int>(in.size()), name_of(name)));
        },
        py::arg("inputs"), py::arg("name") = std::string());
  m.def("concat_v2",
        [](const py::sequence& values, int64_t axis, std::optional<std::string> name) {
          std::vector<PlacedTensor> in;
          for (py::handle x : values) in.push_back(operand(x));
          return result(ops::ConcatV2(in.data(), static_cast<int>(in.size()), axis, name_of(name)));
        },
        py::arg("values"), py::arg("axis"), py::arg("name") = std::string());
  m.def("split",
        [](py::handle split_dim, py::handle value, int num_split, std::optional<std::string> name) {
          std::vector<PlacedTensor> pieces = ops::Split(operand(split_dim), operand(value), num_split, name_of(name));
          py::tuple out(pieces.size());
          for (size_t i = 0; i < pieces.size(); ++i) out[i] = result(std::move(pieces[i]));
          return out;
        },
        py::arg("split_dim"), py::arg("value"), py::arg("num_split"), py::arg("name") = std::string());
  m.def("select",
        [](bool v2, py::handle cond, py::handle t, py::handle e, std::optional<std::string> name) {
          return result(v2 ? ops::SelectV2(operand(cond), operand(t), operand(e), name_of(name))
                           : ops::Select(operand(cond), operand(t), operand(e), name_of(name)));
        },
        py::arg("v2"), py::arg("condition"), py::arg("t"), py::arg("e"), py::arg("name") = std::string());
  m.def("select_supported", [](int dtype) { return kernels::select_supported(static_cast<DType>(dtype)); });
  // The math functions of kernels/math_functions.h: MATH_FUNCTIONS maps each op name to its index
  // in the table (fast_op's "math" value); math_function(op, inputs, name) runs one on inputs of
  // one dtype math_function_supported takes.
  py::dict math_functions;
  const auto& table = kernels::math_functions();
  for (size_t i = 0; i < table.size(); ++i) math_functions[table[i].op] = static_cast<int>(i);
  m.attr("MATH_FUNCTIONS") = math_functions;
  m.def("math_function_supported",
        [](int dtype) { return kernels::math_function_supported(static_cast<DType>(dtype)); });
  m.def("math_function",
        [](const std::string& op, const py::sequence& inputs, std::optional<std::string> name) {
          const kernels::MathFunction* f = kernels::find_math_function(op.c_str());
          if (f == nullptr || static_cast<int>(py::len(inputs)) != f->arity) {
            throw py::value_error("no math function " + op + " of " + std::to_string(py::len(inputs)) + " inputs");
          }
          PlacedTensor in[3];
          for (int i = 0; i < f->arity; ++i) in[i] = operand(inputs[static_cast<size_t>(i)]);
          return result(ops::MathFunction(*f, in, name_of(name)));
        },
        py::arg("op"), py::arg("inputs"), py::arg("name") = std::string());
  m.def("unary_op",
        [](int op, py::handle x) { return result(ops::UnaryOp(static_cast<kernels::UnaryOp>(op), operand(x))); },
        py::arg("op"), py::arg("x"));
  m.def("relu", [](py::handle x) { return result(ops::Relu(operand(x))); }, py::arg("features"));
  m.def("relu_grad",
        [](py::handle g, py::handle f, std::optional<std::string> name) {
          return result(ops::ReluGrad(operand(g), operand(f), name_of(name)));
        },
        py::arg("gradients"), py::arg("features"), py::arg("name") = std::string());
  m.def("reshape",
        [](py::handle x, py::handle shape, std::optional<std::string> name) {
          if (is_shape_tensor(shape)) return result(ops::Reshape(operand(x, true), operand(shape), name_of(name)));
          return result(ops::Reshape(operand(x, true), shape.cast<std::vector<int64_t>>(), name_of(name)));
        },
        py::arg("tensor"), py::arg("shape"), py::arg("name") = std::string());
  m.def("broadcast_to",
        [](py::handle x, py::handle shape, std::optional<std::string> name) {
          if (is_shape_tensor(shape)) return result(ops::BroadcastTo(operand(x), operand(shape), name_of(name)));
          return result(ops::BroadcastTo(operand(x), shape.cast<std::vector<int64_t>>(), name_of(name)));
        },
        py::arg("input"), py::arg("shape"), py::arg("name") = std::string());
  m.def("zeros_like", [](py::handle x) { return result(ops::ZerosLike(operand(x))); }, py::arg("input"));
  m.def("shape", [](py::handle x, int out_type) { return result(ops::Shape(operand(x), static_cast<DType>(out_type))); },
        py::arg("input"), py::arg("out_type"));
  m.def("shape_n",
        [](py::sequence xs, int out_type) {
          std::vector<PlacedTensor> in;
          for (py::handle x : xs) in.push_back(operand(x));
          const DType type = static_cast<DType>(out_type);
          py::list out;
          for (const PlacedTensor& t : ops::ShapeN(in.data(), static_cast<int>(in.size()), type)) out.append(result(t));
          return out;
        },
        py::arg("input"), py::arg("out_type"));
  m.def("ones_like", [](py::handle x) { return result(ops::OnesLike(operand(x))); }, py::arg("input"));
  m.def("relu6", [](py::handle x) { return result(ops::Relu6(operand(x))); }, py::arg("features"));
  m.def("leaky_relu", [](py::handle x, double alpha) { return result(ops::LeakyRelu(operand(x), alpha)); },
        py::arg("features"), py::arg("alpha"));
  m.def("sigmoid", [](py::handle x) { return result(ops::Sigmoid(operand(x))); }, py::arg("x"));
  m.def("tanh", [](py::handle x) { return result(ops::Tanh(operand(x))); }, py::arg("x"));
  m.def("activation",
        [](const std::string& op, py::handle x) {
          const PlacedTensor in = operand(x);
          if (op == "Selu") return result(ops::Selu(in));
          if (op == "Softplus") return result(ops::Softplus(in));
          if (op == "Softsign") return result(ops::Softsign(in));
          return result(ops::Elu(in));
        },
        py::arg("op"), py::arg("features"));
  m.def("activation_grad",
        [](const std::string& op, py::handle y, py::handle dy, std::optional<std::string> name) {
          if (op == "EluGrad") return result(ops::EluGrad(operand(y), operand(dy), name_of(name)));
          if (op == "SeluGrad") return result(ops::SeluGrad(operand(y), operand(dy), name_of(name)));
          if (op == "SoftplusGrad") return result(ops::SoftplusGrad(operand(y), operand(dy), name_of(name)));
          if (op == "SoftsignGrad") return result(ops::SoftsignGrad(operand(y), operand(dy), name_of(name)));
          return result(op == "TanhGrad" ? ops::TanhGrad(operand(y), operand(dy), name_of(name))
                                         : ops::SigmoidGrad(operand(y), operand(dy), name_of(name)));
        },
        py::arg("op"), py::arg("y"), py::arg("dy"), py::arg("name") = std::string());
  m.def("softmax",
        [](py::handle x, bool log, std::optional<std::string> name) {
          return result(log ? ops::LogSoftmax(operand(x), name_of(name)) : ops::Softmax(operand(x), name_of(name)));
        },
        py::arg("logits"), py::arg("log"), py::arg("name") = std::string());
  m.def("bias_add",
        [](py::handle v, py::handle b, bool nchw, std::optional<std::string> name) {
          return result(ops::BiasAdd(operand(v), operand(b), nchw, name_of(name)));
        },
        py::arg("value"), py::arg("bias"), py::arg("nchw"), py::arg("name") = py::none());
  m.def("bias_add_grad", [](py::handle g, bool nchw) { return result(ops::BiasAddGrad(operand(g), nchw)); },
        py::arg("out_backprop"), py::arg("nchw"));
  m.def("softmax_cross_entropy_with_logits",
        [](py::handle features, py::handle labels, std::optional<std::string> name) {
          auto r = ops::SoftmaxCrossEntropyWithLogits(operand(features), operand(labels), name_of(name));
          return py::make_tuple(result(std::move(r.first)), result(std::move(r.second)));
        },
        py::arg("features"), py::arg("labels"), py::arg("name") = std::string());
  // `data_format`: its index in {NHWC, NCHW, NDHWC, NCDHW}; the outputs as a tuple.
  m.def("fused_batch_norm_v3",
        [](py::handle x, py::handle scale, py::handle offset, py::handle mean, py::handle variance, double epsilon,
           double exponential_avg_factor, int64_t data_format, bool is_training, std::optional<std::string> name) {
          const ops::BatchNormAttrs a{epsilon, exponential_avg_factor, data_format, is_training};
          auto r = ops::FusedBatchNormV3(operand(x), operand(scale), operand(offset), operand(mean), operand(variance),
                                         a, name_of(name));
          py::tuple out(r.size());
          for (size_t i = 0; i < r.size(); ++i) out[i] = result(std::move(r[i]));
          return out;
        },
        py::arg("x"), py::arg("scale"), py::arg("offset"), py::arg("mean"), py::arg("variance"), py::arg("epsilon"),
        py::arg("exponential_avg_factor"), py::arg("data_format"), py::arg("is_training"),
        py::arg("name") = py::none());
  m.def("fused_batch_norm_grad_v3",
        [](py::handle y_backprop, py::handle x, py::handle scale, py::handle reserve_space_1,
           py::handle reserve_space_2, py::handle reserve_space_3, double epsilon, int64_t data_format,
           bool is_training, std::optional<std::string> name) {
          const ops::BatchNormAttrs a{epsilon, 1.0, data_format, is_training};
          auto r = ops::FusedBatchNormGradV3(operand(y_backprop), operand(x), operand(scale), operand(reserve_space_1),
                                             operand(reserve_space_2), operand(reserve_space_3), a, name_of(name));
          py::tuple out(r.size());
          for (size_t i = 0; i < r.size(); ++i) out[i] = result(std::move(r[i]));
          return out;
        },
        py::arg("y_backprop"), py::arg("x"), py::arg("scale"), py::arg("reserve_space_1"), py::arg("reserve_space_2"),
        py::arg("reserve_space_3"), py::arg("epsilon"), py::arg("data_format"), py::arg("is_training"),
        py::arg("name") = py::none());
  // BlockLSTM(V2)'s nine inputs and BlockLSTMGrad(V2)'s eighteen in the ops' order; the outputs as a tuple.
  m.def("block_lstm_v2",
        [](py::sequence inputs, double cell_clip, bool use_peephole, std::optional<std::string> name) {
          PlacedTensor in[9];
          for (size_t i = 0; i < 9; ++i) in[i] = operand(inputs[i]);
          auto r = ops::BlockLSTMV2(in, cell_clip, use_peephole, name_of(name));
          py::tuple out(r.size());
          for (size_t i = 0; i < r.size(); ++i) out[i] = result(std::move(r[i]));
          return out;
        },
        py::arg("inputs"), py::arg("cell_clip"), py::arg("use_peephole"), py::arg("name") = py::none());
  m.def("block_lstm_grad_v2",
        [](py::sequence inputs, bool use_peephole, std::optional<std::string> name) {
          PlacedTensor in[18];
          for (size_t i = 0; i < 18; ++i) in[i] = operand(inputs[i]);
          auto r = ops::BlockLSTMGradV2(in, use_peephole, name_of(name));
          py::tuple out(r.size());
          for (size_t i = 0; i < r.size(); ++i) out[i] = result(std::move(r[i]));
          return out;
        },
        py::arg("inputs"), py::arg("use_peephole"), py::arg("name") = py::none());
  m.def("block_lstm",
        [](py::sequence inputs, double forget_bias, double cell_clip, bool use_peephole,
           std::optional<std::string> name) {
          PlacedTensor in[9];
          for (size_t i = 0; i < 9; ++i) in[i] = operand(inputs[i]);
          auto r = ops::BlockLSTM(in, forget_bias, cell_clip, use_peephole, name_of(name));
          py::tuple out(r.size());
          for (size_t i = 0; i < r.size(); ++i) out[i] = result(std::move(r[i]));
          return out;
        },
        py::arg("inputs"), py::arg("forget_bias"), py::arg("cell_clip"), py::arg("use_peephole"),
        py::arg("name") = py::none());
  m.def("block_lstm_grad",
        [](py::sequence inputs, bool use_peephole, std::optional<std::string> name) {
          PlacedTensor in[18];
          for (size_t i = 0; i < 18; ++i) in[i] = operand(inputs[i]);
          auto r = ops::BlockLSTMGrad(in, use_peephole, name_of(name));
          py::tuple out(r.size());
          for (size_t i = 0; i < r.size(); ++i) out[i] = result(std::move(r[i]));
          return out;
        },
        py::arg("inputs"), py::arg("use_peephole"), py::arg("name") = py::none());
  m.def("ctc_loss",
        [](py::handle inputs, py::handle labels_indices, py::handle labels_values, py::handle sequence_length,
           bool preprocess_collapse_repeated, bool ctc_merge_repeated, bool ignore_longer_outputs_than_inputs,
           std::optional<std::string> name) {
          const kernels::CtcLossOptions o{preprocess_collapse_repeated, ctc_merge_repeated,
                                          ignore_longer_outputs_than_inputs};
          auto r = ops::CTCLoss(operand(inputs), operand(labels_indices), operand(labels_values),
                                operand(sequence_length), o, name_of(name));
          return py::make_tuple(result(std::move(r.first)), result(std::move(r.second)));
        },
        py::arg("inputs"), py::arg("labels_indices"), py::arg("labels_values"), py::arg("sequence_length"),
        py::arg("preprocess_collapse_repeated"), py::arg("ctc_merge_repeated"),
        py::arg("ignore_longer_outputs_than_inputs"), py::arg("name") = py::none());
  m.def("sparse_softmax_cross_entropy_with_logits",
        [](py::handle features, py::handle labels, std::optional<std::string> name) {
          auto r = ops::SparseSoftmaxCrossEntropyWithLogits(operand(features), operand(labels), name_of(name));
          return py::make_tuple(result(std::move(r.first)), result(std::move(r.second)));
        },
        py::arg("features"), py::arg("labels"), py::arg("name") = std::string());
}

}  // namespace bind
}  // namespace varrt

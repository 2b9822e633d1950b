// The binding areas, one file each; module.cc calls them in order.
#pragma once

#include <pybind11/pybind11.h>

#include "varrt/ops/dispatch.h"
#include "varrt/resource/resource_mgr.h"

namespace varrt {
namespace bind {

// A new reference from a CPython call as a py::object; a null one (the call failed) raises the
// Python error it set.
inline pybind11::object steal(PyObject* p) {
  if (p == nullptr) throw pybind11::error_already_set();
  return pybind11::reinterpret_steal<pybind11::object>(p);
}

void bind_errors(pybind11::module_& m);
// Sets the Python exception for the exception being handled (core Error -> varrt.errors,
// pybind11's error_already_set restored, anything else RuntimeError). For raw CPython
// entry points, which pybind11's translators do not wrap.
void set_python_error_from_current_exception();
void bind_tensor(pybind11::module_& m);
// TensorBase, the C part of varrt.Tensor, and FastOp, the one-crossing entry of ops with core kernels.
void bind_fast_ops(pybind11::module_& m);
void bind_variable(pybind11::module_& m);
void bind_variable_default_init(pybind11::module_& m);
void bind_variable_slice(pybind11::module_& m);
void bind_traced_calls(pybind11::module_& m);
void bind_scatter(pybind11::module_& m);
// The fused optimizer ops (training_ops.cc).
void bind_training_ops(pybind11::module_& m);
// The training step's array and nn ops with core kernels: Relu, Reshape, BroadcastTo, ... (nn_array_ops.cc).
void bind_nn_array_ops(pybind11::module_& m);
void bind_window_ops(pybind11::module_& m);
void bind_runtime(pybind11::module_& m);
void bind_device(pybind11::module_& m);
void bind_ops(pybind11::module_& m);
// Python hooks and the forwarder at the core dispatch (dispatch_hooks.cc).
void bind_dispatch_hooks(pybind11::module_& m);
// What a Python hook is shown of an op call: its tensors as varrt.Tensors on `device`, its
// attributes as a dict ({name: int, float or tuple of ints}).
pybind11::tuple op_tensors(const Tensor* tensors, int n, const Device* device);
pybind11::dict op_attrs(const OpCall& call);
void bind_tape_recorder(pybind11::module_& m);
// TFRecord files' reader and writer (tfrecord.cc); tf.train.Example's codec and ParseExampleV2 (example.cc).
void bind_tfrecord(pybind11::module_& m);
void bind_example(pybind11::module_& m);
// TensorProto bytes (tensor_proto.cc): tf.io.serialize_tensor and parse_tensor.
void bind_tensor_proto(pybind11::module_& m);
// _C.execute: the dispatch entry of ops with Python (NumPy) kernels.
void bind_execute(pybind11::module_& m);
// An op's input from Python: a varrt.Tensor, a TensorData or a host ndarray (a value already
// converted, borrowed: its device is null, the op's device takes it).
struct OpInput {
  Tensor tensor;
  const Device* device = nullptr;  // null: host memory (a converted value)
  PyObject* array = nullptr;       // the host ndarray itself
};
OpInput op_input(pybind11::handle o);
// _C.mat_mul, _C.batch_mat_mul_v2 (the core's MatMul ops) and _C.blas_info (matmul.cc).
void bind_matmul(pybind11::module_& m);
void bind_linalg(pybind11::module_& m);
// What _C.execute puts in OpCall::host_kernel: its own arguments, so a graph can run the op again.
struct HostKernel {
  pybind11::handle kernel, dtype, shape, num_outputs, attrs;
};
// The same arguments as a tuple (kernel, dtype, shape, num_outputs, attrs), or None for an op
// without a Python kernel: what a graph node or another task needs to run the op again.
pybind11::object host_of(const OpCall& call);
// A variable resource as a graph node, a recorder or a forwarder holds it (_C.ResourceRef).
struct ResourceRef {
  ResourceHandle handle;
};
// An op call's resources as ResourceRefs (var first; empty for an op without any).
pybind11::tuple resources_of(const OpCall& call);
// _C.execute itself (a graph's Python-kernel node calls it with the node's inputs).
pybind11::object execute(const char* op, pybind11::object kernel, pybind11::sequence inputs, int dtype_enum,
                         pybind11::object shape_spec, pybind11::object num_outputs, pybind11::object attrs,
                         pybind11::object resource);
// _C.Graph, the graph recorder hook and the symbolic tensor class (graph.cc).
void bind_graph(pybind11::module_& m);
void bind_checkpoint(pybind11::module_& m);
void bind_object_graph(pybind11::module_& m);
void bind_saved_model(pybind11::module_& m);
void bind_dlpack(pybind11::module_& m);
// Entry points only the tests use (testing.cc); after the others, whose classes it extends.
void bind_testing(pybind11::module_& m);

}  // namespace bind
}  // namespace varrt

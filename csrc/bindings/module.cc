// varrt._C: the pybind11 extension. Argument adaptation only; the logic is in the core.
#include <pybind11/pybind11.h>

#include "bindings.h"
#include "interop/numpy.h"

PYBIND11_MODULE(_C, m) {
  m.doc() = "varrt's C++ core (internal; use the varrt package)";
  varrt::bind::init_numpy();
  varrt::bind::bind_errors(m);
  varrt::bind::bind_tensor(m);
  varrt::bind::bind_fast_ops(m);
  varrt::bind::bind_variable(m);
  varrt::bind::bind_variable_default_init(m);
  varrt::bind::bind_variable_slice(m);
  varrt::bind::bind_scatter(m);
  varrt::bind::bind_training_ops(m);
  varrt::bind::bind_nn_array_ops(m);
  varrt::bind::bind_window_ops(m);
  varrt::bind::bind_runtime(m);
  varrt::bind::bind_device(m);
  varrt::bind::bind_ops(m);
  varrt::bind::bind_dispatch_hooks(m);
  varrt::bind::bind_tape_recorder(m);
  varrt::bind::bind_execute(m);
  varrt::bind::bind_matmul(m);
  varrt::bind::bind_linalg(m);
  varrt::bind::bind_graph(m);
  varrt::bind::bind_traced_calls(m);
  varrt::bind::bind_checkpoint(m);
  varrt::bind::bind_tfrecord(m);
  varrt::bind::bind_example(m);
  varrt::bind::bind_tensor_proto(m);
  varrt::bind::bind_object_graph(m);
  varrt::bind::bind_saved_model(m);
  varrt::bind::bind_dlpack(m);
  varrt::bind::bind_testing(m);
}

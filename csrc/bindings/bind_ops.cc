// Outputs of the ops the Python layer runs with NumPy kernels (math, reductions, shape ops).
#include <pybind11/pybind11.h>

#include "bindings.h"
#include "numpy_interop.h"
#include "py_tensor.h"
#include "varrt/executor.h"

namespace py = pybind11;

namespace varrt {
namespace bind {

void bind_ops(py::module_& m) {
  // Unlike `constant` this is not an op of its own: the op was placed (and logged) by
  // place_op before its kernel ran, so its output goes to that device without _EagerConst.
  m.def("op_output", [](py::handle array) {
        const Device& device = Executor::default_device();
        return PyTensor{copy_from_array(array.ptr(), device.allocator), &device};
      },
      "Copies an op's C-contiguous native ndarray result into a new tensor on the op's device.");
}

}  // namespace bind
}  // namespace varrt

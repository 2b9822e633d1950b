// What the Python layer's NumPy-kernel ops need beyond placement (runtime.cc).
#include <pybind11/pybind11.h>

#include "bindings.h"
#include "varrt/device/executor.h"

namespace py = pybind11;

namespace varrt {
namespace bind {

void bind_ops(py::module_& m) {
  m.def("current_device", [] { return Executor::current_device().name; },
        "The full name of the device an op placed now runs on (for kernel error messages).");
}

}  // namespace bind
}  // namespace varrt

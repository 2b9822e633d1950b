// A C++ host that runs Python (pybind11's embedded interpreter) and shares variables with
// it by name: one process, one core library, one resource table, no copies.
#include <pybind11/embed.h>

#include <cstdint>
#include <cstdio>

#include <varrt/varrt.h>

namespace py = pybind11;

int main() {
  // A variable the host creates (and owns) before Python starts.
  varrt::VariableOptions options;
  options.name = "weights";
  options.container = "host";
  options.shared_name = "weights";
  varrt::Variable weights = varrt::Variable::create(varrt::make_tensor({1.0f, 2.0f, 3.0f}), options);

  PyConfig config;
  PyConfig_InitPythonConfig(&config);
#ifdef VARRT_EXAMPLE_PYTHON
  // Start as that interpreter (a virtualenv's python, say) starts, with its sys.path.
  PyConfig_SetBytesString(&config, &config.program_name, VARRT_EXAMPLE_PYTHON);
#endif
  py::scoped_interpreter python(&config);
  py::dict scope;
  py::exec(R"(
import numpy as np
import varrt

w = varrt.Variable.from_shared_name("weights", container="host")
print("python sees", w.name, w.numpy())
w.assign_add([10.0, 10.0, 10.0])
view = np.asarray(w)  # zero-copy, read-only
view_address = view.ctypes.data

# A variable Python creates (and owns) under a shared name, for the host to use.
bias = varrt.Variable([0.5], name="bias", shared_name="bias", container="host")
)", scope);

  varrt::Tensor value = weights.read();
  std::printf("host sees %s\n", varrt::to_string(value).c_str());
  bool same = reinterpret_cast<uintptr_t>(value.data()) == scope["view_address"].cast<uintptr_t>();
  std::printf("same memory: %s\n", same ? "yes" : "no");

  varrt::Variable bias = varrt::Variable::from_shared_name("bias", "host");
  bias.assign_add(varrt::make_tensor({1.0f}));
  py::exec(R"(print("python sees bias", bias.numpy()))", scope);

  // Python's variable goes away with its last reference: the host's handle is now dangling.
  py::exec("del bias\nimport gc\ngc.collect()", scope);
  try {
    bias.read();
  } catch (const varrt::Error& e) {
    std::printf("host after python dropped bias: %s\n", varrt::code_name(e.code()));
  }

  // The host's variable outlives Python's borrowing references.
  py::exec("del w, view\ngc.collect()", scope);
  std::printf("weights still initialized: %s\n", weights.is_initialized() ? "yes" : "no");
  return 0;
}

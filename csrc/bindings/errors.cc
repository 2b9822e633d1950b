// The one place core errors become Python exceptions: varrt::Error's code selects the
// varrt.errors class (TensorFlow's OpError hierarchy), or its kind says ValueError/TypeError.
// Also varrt._C.tf: the core's TensorFlow texts (varrt/tf/), so that the Python ops' messages
// come from the same format strings as the C++ ops'.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "bindings.h"
#include "interop/tensor_object.h"
#include "varrt/core/error.h"
#include "varrt/ops/dispatch.h"
#include "varrt/tf/messages.h"
#include "varrt/tf/type_names.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

const char* class_for(Code code) {
  switch (code) {
    case Code::kCancelled: return "CancelledError";
    case Code::kInvalidArgument: return "InvalidArgumentError";
    case Code::kDeadlineExceeded: return "DeadlineExceededError";
    case Code::kNotFound: return "NotFoundError";
    case Code::kAlreadyExists: return "AlreadyExistsError";
    case Code::kPermissionDenied: return "PermissionDeniedError";
    case Code::kResourceExhausted: return "ResourceExhaustedError";
    case Code::kFailedPrecondition: return "FailedPreconditionError";
    case Code::kAborted: return "AbortedError";
    case Code::kOutOfRange: return "OutOfRangeError";
    case Code::kUnimplemented: return "UnimplementedError";
    case Code::kInternal: return "InternalError";
    case Code::kUnavailable: return "UnavailableError";
    case Code::kDataLoss: return "DataLossError";
    case Code::kUnauthenticated: return "UnauthenticatedError";
    default: return "UnknownError";
  }
}

// Messages quote user input (device specs, checkpoint keys), which may hold NUL bytes or
// invalid UTF-8: all of it is kept, undecodable bytes as \x escapes.
py::str message_of(const Error& e) {
  const std::string& m = e.message();
  PyObject* s = PyUnicode_DecodeUTF8(m.data(), static_cast<Py_ssize_t>(m.size()), "backslashreplace");
  if (s == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

// The Python function that makes TensorFlow's out-of-scope error for a graph tensor
// (framework/func_graph.py registers it: the text's one home), or None.
PyObject* out_of_scope_error = nullptr;

void raise_out_of_scope(const OutOfScopeError& e) {
  if (out_of_scope_error == nullptr) {
    PyErr_SetObject(PyExc_TypeError, message_of(e).ptr());
    return;
  }
  PyObject* tensor = wrap_symbolic_tensor(PyTensor{e.tensor(), nullptr});
  if (tensor == nullptr) return;
  PyObject* exc = PyObject_CallOneArg(out_of_scope_error, tensor);
  Py_DECREF(tensor);
  if (exc == nullptr) return;
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exc)), exc);
  Py_DECREF(exc);
}

void raise(const Error& e) {
  if (const auto* scope = dynamic_cast<const OutOfScopeError*>(&e)) {
    raise_out_of_scope(*scope);
    return;
  }
  py::str message = message_of(e);
  if (e.kind() == ErrorKind::kValue) {
    PyErr_SetObject(PyExc_ValueError, message.ptr());
    return;
  }
  if (e.kind() == ErrorKind::kType) {
    PyErr_SetObject(PyExc_TypeError, message.ptr());
    return;
  }
  py::object errors = py::module_::import("varrt.base.errors");
  py::object cls = errors.attr(class_for(e.code()));
  py::object exc = cls(py::none(), py::none(), message);
  PyErr_SetObject(cls.ptr(), exc.ptr());
}

using OptionalName = std::optional<std::string>;
const char* c_str(const OptionalName& s) { return s ? s->c_str() : nullptr; }
DType dtype(int enum_value) { return static_cast<DType>(enum_value); }

// Argument adaptation only: dtypes travel as their enum values, a None name drops " name: ".
void bind_tf_texts(py::module_& m) {
  py::module_ texts = m.def_submodule("tf", "TensorFlow's texts from the core (csrc/varrt/tf): messages, type names.");
  texts.def("type_name", [](int d) { return tf::type_name(dtype(d)); }, "DataTypeString: 'float', 'int32', ...");
  texts.def("enum_name", [](int d) { return tf::enum_name(dtype(d)); }, "'DT_FLOAT', 'DT_INT32', ...");
  texts.def("op_error", [](const std::string& op, const std::string& message, const OptionalName& name) {
    return tf::op_error(op.c_str(), message, c_str(name));
  });
  texts.def("kernel_error", [](const std::string& op, const std::string& device, const std::string& message,
                            const OptionalName& name, const OptionalName& node) {
    return tf::kernel_error(op.c_str(), device, message, c_str(name), c_str(node));
  });
  texts.def("no_device_error",
            [](const std::string& op, const std::string& attr, int d, const std::string& registered) {
              return tf::no_device_error(op.c_str(), attr.c_str(), dtype(d), registered);
            });
  texts.def("input_dtype_mismatch", [](const std::string& node, int index, int want, int got) {
    return tf::input_dtype_mismatch(node.c_str(), index, dtype(want), dtype(got));
  });
  texts.def("attr_value_error", [](const std::string& attr, int d, const std::string& rest) {
    return tf::attr_value_error(attr.c_str(), dtype(d), rest);
  });
}

}  // namespace

void set_python_error_from_current_exception() {
  try {
    throw;
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const Error& e) {
    raise(e);
  } catch (const py::builtin_exception& e) {  // py::value_error, py::type_error, ...: their own class
    e.set_error();
  } catch (const std::bad_alloc&) {
    PyErr_SetString(PyExc_MemoryError, "out of memory");
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
}

void bind_errors(py::module_& m) {  // registers the translator and varrt._C.tf (TensorFlow's texts)
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      raise(e);
    } catch (const std::bad_alloc&) {
      PyErr_SetString(PyExc_MemoryError, "out of memory");
    }
  });
  bind_tf_texts(m);
  m.def("_set_out_of_scope_error", [](py::object fn) {
        Py_XDECREF(out_of_scope_error);
        out_of_scope_error = fn.release().ptr();
      },
      py::arg("fn"), "Registers fn(graph_tensor) -> the exception for a graph tensor used out of its graph.");
}

}  // namespace bind
}  // namespace varrt

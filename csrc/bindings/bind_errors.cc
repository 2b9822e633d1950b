// The one place core errors become Python exceptions: varrt::Error's code selects the
// varrt.errors class (TensorFlow's OpError hierarchy), or its kind says ValueError/TypeError.
#include <pybind11/pybind11.h>

#include "bindings.h"
#include "varrt/error.h"

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

void raise(const Error& e) {
  if (e.kind() == ErrorKind::kValue) {
    PyErr_SetString(PyExc_ValueError, e.what());
    return;
  }
  if (e.kind() == ErrorKind::kType) {
    PyErr_SetString(PyExc_TypeError, e.what());
    return;
  }
  py::object errors = py::module_::import("varrt.errors");
  py::object cls = errors.attr(class_for(e.code()));
  py::object exc = cls(py::none(), py::none(), e.what());
  PyErr_SetObject(cls.ptr(), exc.ptr());
}

}  // namespace

void set_python_error_from_current_exception() {
  try {
    throw;
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const Error& e) {
    raise(e);
  } catch (const std::bad_alloc&) {
    PyErr_SetString(PyExc_MemoryError, "out of memory");
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
}

void bind_errors(py::module_& m) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      raise(e);
    } catch (const std::bad_alloc&) {
      PyErr_SetString(PyExc_MemoryError, "out of memory");
    }
  });
  m.def("_raise_for_code", [](int code, const std::string& message) { throw Error(static_cast<Code>(code), message); },
        "Raises the varrt.errors class for a TensorFlow error code (for tests).");
}

}  // namespace bind
}  // namespace varrt

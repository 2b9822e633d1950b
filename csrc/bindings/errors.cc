// The one place core errors become Python exceptions: varrt::Error's code selects the
// varrt.errors class (TensorFlow's OpError hierarchy), or its kind says ValueError/TypeError.
#include <pybind11/pybind11.h>

#include "bindings.h"
#include "varrt/core/error.h"

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

void raise(const Error& e) {
  py::str message = message_of(e);
  if (e.kind() == ErrorKind::kValue) {
    PyErr_SetObject(PyExc_ValueError, message.ptr());
    return;
  }
  if (e.kind() == ErrorKind::kType) {
    PyErr_SetObject(PyExc_TypeError, message.ptr());
    return;
  }
  py::object errors = py::module_::import("varrt.errors");
  py::object cls = errors.attr(class_for(e.code()));
  py::object exc = cls(py::none(), py::none(), message);
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

void bind_errors(py::module_& /*m*/) {  // registers the translator; defines no names
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      raise(e);
    } catch (const std::bad_alloc&) {
      PyErr_SetString(PyExc_MemoryError, "out of memory");
    }
  });
}

}  // namespace bind
}  // namespace varrt

#include "interop/handle.h"

#include <memory>

#include "varrt/core/error.h"

namespace py = pybind11;

namespace varrt {
namespace bind {

const OwnedHandle& handle_of(py::handle self) {
  static PyTypeObject* const type = reinterpret_cast<PyTypeObject*>(py::type::of<OwnedHandle>().ptr());
  if (!PyObject_TypeCheck(self.ptr(), type)) throw py::type_error("expected a varrt Variable");
  auto* inst = reinterpret_cast<py::detail::instance*>(self.ptr());
  py::detail::value_and_holder vh = inst->get_value_and_holder(nullptr, false);
  if (!vh || !vh.holder_constructed()) {
    throw Error(Code::kFailedPrecondition,
                "This variable was never created: its __init__ did not run (an object made with __new__ alone)");
  }
  return *vh.holder<std::shared_ptr<OwnedHandle>>();
}

}  // namespace bind
}  // namespace varrt

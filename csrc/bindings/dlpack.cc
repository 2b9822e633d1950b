// DLPack capsules: TensorData out (`__dlpack__`), any producer's capsule in (`from_dlpack`).
// The exchange rules (zero-copy, read-only flag, ownership) are the core's
// (varrt/api/dlpack.h); this file only wraps DLManagedTensor(Versioned) pointers in
// PyCapsules with the names the Python array API specifies.
#include <pybind11/pybind11.h>

#include "bindings.h"
#include "interop/tensor.h"
#include "varrt/api/dlpack.h"
#include "varrt/device/device.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

constexpr const char* kVersioned = "dltensor_versioned";
constexpr const char* kUsedVersioned = "used_dltensor_versioned";
constexpr const char* kLegacy = "dltensor";
constexpr const char* kUsedLegacy = "used_dltensor";

// A capsule nobody consumed still owns its tensor; a consumer renames it to "used_..." and
// takes over the deleter call.
template <class Managed>
void capsule_destructor(PyObject* capsule, const char* name) {
  if (!PyCapsule_IsValid(capsule, name)) return;
  auto* m = static_cast<Managed*>(PyCapsule_GetPointer(capsule, name));
  if (m != nullptr && m->deleter != nullptr) m->deleter(m);
}

void versioned_destructor(PyObject* capsule) { capsule_destructor<DLManagedTensorVersioned>(capsule, kVersioned); }
void legacy_destructor(PyObject* capsule) { capsule_destructor<DLManagedTensor>(capsule, kLegacy); }

template <class Managed>
py::object wrap(Managed* m, const char* name, PyCapsule_Destructor destructor) {
  PyObject* capsule = PyCapsule_New(m, name, destructor);
  if (capsule == nullptr) {
    m->deleter(m);
    throw py::error_already_set();
  }
  return py::reinterpret_steal<py::object>(capsule);
}

template <class Managed>
PyTensor consume(PyObject* capsule, const char* name, const char* used_name, DLPackCopy copy) {
  auto* m = static_cast<Managed*>(PyCapsule_GetPointer(capsule, name));
  if (m == nullptr) throw py::error_already_set();
  Tensor t = from_dlpack(m, copy);  // on error the capsule keeps ownership
  if (PyCapsule_SetName(capsule, used_name) != 0) throw py::error_already_set();
  return PyTensor{std::move(t), &DeviceSet::global().cpu0()};
}

}  // namespace

void bind_dlpack(py::module_& m) {
  m.def("to_dlpack", [](const PyTensor& t, bool versioned, bool copy) {
        Dispatch::check_readable("to_dlpack", t.tensor);
        if (versioned) return wrap(to_dlpack_versioned(t.tensor, copy), kVersioned, versioned_destructor);
        return wrap(to_dlpack(copy ? t.tensor.deep_copy() : t.tensor), kLegacy, legacy_destructor);
      },
      py::arg("data"), py::arg("versioned"), py::arg("copy"),
      "A DLPack capsule over the tensor's memory (read-only flag set when versioned), or over a copy.");
  m.def("from_dlpack", [](py::handle capsule, py::object copy_arg) {
        // Python's copy=None/True/False.
        DLPackCopy copy = copy_arg.is_none() ? DLPackCopy::kIfNeeded
                          : copy_arg.cast<bool>() ? DLPackCopy::kAlways
                                                  : DLPackCopy::kNever;
        PyObject* c = capsule.ptr();
        if (PyCapsule_IsValid(c, kVersioned)) return consume<DLManagedTensorVersioned>(c, kVersioned, kUsedVersioned, copy);
        if (PyCapsule_IsValid(c, kLegacy)) return consume<DLManagedTensor>(c, kLegacy, kUsedLegacy, copy);
        throw py::value_error("expected a DLPack capsule named 'dltensor' or 'dltensor_versioned' that was not consumed yet");
      },
      py::arg("capsule"), py::arg("copy"),
      "A TensorData sharing a DLPack capsule's host memory (or a copy), consuming the capsule.");
}

}  // namespace bind
}  // namespace varrt

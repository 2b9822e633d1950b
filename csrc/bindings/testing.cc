// Test-only entry points, in one file so the public bindings stay what varrt's Python layer
// uses. They exist because the tests need to see or build what users never touch directly:
// CRC32C and sstable bytes (to craft damaged checkpoints), the error translation for every
// code, a variable destroyed while Python still holds it, buffer sharing, and the device and
// resource tables' state. Nothing in python/varrt calls them.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bindings.h"
#include "interop/handle.h"
#include "interop/tensor.h"
#include "varrt/core/error.h"
#include "varrt/device/device.h"
#include "varrt/device/device_scope.h"
#include "varrt/io/crc32c.h"
#include "varrt/io/sstable.h"
#include "varrt/ops/variable_ops.h"
#include "varrt/resource/resource_mgr.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

// A read-only contiguous view of a bytes-like object.
std::string_view bytes_view(const py::buffer& b, py::buffer_info* keep) {
  *keep = b.request();
  if (keep->ndim > 1 && keep->strides.back() != keep->itemsize) throw py::value_error("buffer must be contiguous");
  return std::string_view(static_cast<const char*>(keep->ptr), static_cast<size_t>(keep->size * keep->itemsize));
}

// Adds a method to a class defined in another binding file.
template <typename F>
void add_method(py::module_& m, const char* cls_name, const char* name, F&& f, const char* doc) {
  py::object cls = m.attr(cls_name);
  cls.attr(name) = py::cpp_function(std::forward<F>(f), py::name(name), py::is_method(cls),
                                    py::sibling(py::getattr(cls, name, py::none())), doc);
}

void bind_format_probes(py::module_& m) {
  m.def("crc32c", [](py::buffer data, uint32_t crc) {
        py::buffer_info info;
        std::string_view v = bytes_view(data, &info);
        return crc32c::extend(crc, v.data(), v.size());
      }, py::arg("data"), py::arg("crc") = 0, "CRC-32C of `data`, extending `crc`.");
  m.def("crc32c_portable", [](py::buffer data, uint32_t crc) {
        py::buffer_info info;
        std::string_view v = bytes_view(data, &info);
        return crc32c::extend_portable(crc, v.data(), v.size());
      }, py::arg("data"), py::arg("crc") = 0);
  m.def("crc32c_hardware", [](py::buffer data, uint32_t crc) {
        if (!crc32c::hardware_available()) throw py::value_error("no CRC32C instruction on this CPU");
        py::buffer_info info;
        std::string_view v = bytes_view(data, &info);
        return crc32c::extend_hardware(crc, v.data(), v.size());
      }, py::arg("data"), py::arg("crc") = 0);
  m.def("crc32c_hardware_available", &crc32c::hardware_available);
  m.def("crc32c_combine", &crc32c::combine, py::arg("crc_a"), py::arg("crc_b"), py::arg("len_b"),
        "The CRC of A + B from crc(A), crc(B) and len(B).");
  m.def("crc32c_mask", &crc32c::mask);
  m.def("crc32c_unmask", &crc32c::unmask);

  m.def("sstable_build", [](const std::vector<std::pair<py::bytes, py::bytes>>& entries, size_t block_size,
                            int restart_interval) {
        sstable::Options options;
        options.block_size = block_size;
        options.restart_interval = restart_interval;
        sstable::TableBuilder builder(options);
        for (const auto& kv : entries) {
          builder.add(std::string_view(kv.first), std::string_view(kv.second));
        }
        return py::bytes(builder.finish());
      }, py::arg("entries"), py::arg("block_size") = 262144, py::arg("restart_interval") = 16,
      "An sstable file's bytes holding `entries` (sorted (key, value) bytes pairs).");
  m.def("sstable_parse", [](const py::bytes& contents, const std::string& filename) {
        sstable::Table table = sstable::Table::parse(std::string(contents), filename);
        py::list out;
        for (const auto& kv : table.entries()) out.append(py::make_tuple(py::bytes(kv.first), py::bytes(kv.second)));
        return out;
      }, py::arg("contents"), py::arg("filename") = "<memory>", "The verified (key, value) pairs of an sstable.");
}

void bind_state_probes(py::module_& m) {
  m.def("_raise_for_code", [](int code, const std::string& message) { throw Error(static_cast<Code>(code), message); },
        "Raises the varrt.errors class for a TensorFlow error code.");
  m.def("current_device_name", &DeviceScope::current_name, "The thread's scope spec ('' when none).");
  m.def("devices_initialized", &DeviceSet::initialized);
  m.def("num_named_resources", [] { return ResourceMgr::global().size(); });
  add_method(m, "VarHandle", "_destroy", [](py::handle self) { ops::DestroyResourceOp(handle_of(self).handle()); },
             "DestroyResourceOp while Python still holds the variable (what C/C++ owners can do).");
  add_method(m, "TensorData", "shares_buffer_with",
             [](const PyTensor& a, const PyTensor& b) { return a.tensor.shares_buffer_with(b.tensor); },
             "Whether two tensors share one buffer (to check copy-on-write and zero-copy paths).");
}

}  // namespace

void bind_testing(py::module_& m) {
  bind_format_probes(m);
  bind_state_probes(m);
}

}  // namespace bind
}  // namespace varrt

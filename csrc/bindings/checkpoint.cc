// Checkpoints: the bundle reader and SaveV2/RestoreV2 (the format pieces tests probe are in
// testing.cc). File I/O runs without the GIL.
//
// Keys cross the boundary as bytes (the format allows any bytes; the Python layer decodes
// them), values as TensorData, variable handles or writable buffers.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bindings.h"
#include "interop/handle.h"
#include "interop/tensor.h"
#include "interop/gil.h"
#include "varrt/io/file_io.h"
#include "varrt/ops/checkpoint_ops.h"
#include "varrt/device/device.h"
#include "varrt/core/error.h"
#include "varrt/ops/owned_handle.h"
#include "varrt/ops/variable_ops.h"
#include "varrt/tf/variable_map_order.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

py::tuple shape_tuple(const Shape& s) {
  py::tuple t(s.rank());
  for (int i = 0; i < s.rank(); ++i) t[i] = py::int_(s.dim(i));
  return t;
}

// The tensor to save for one value: a variable's current value (sharing its buffer, which
// copy-on-write keeps unchanged while the save runs) or a TensorData.
Tensor value_to_save(py::handle value) {
  if (py::isinstance<OwnedHandle>(value)) return ops::ReadVariableOp(handle_of(value).handle());
  if (py::isinstance<PyTensor>(value)) return value.cast<const PyTensor&>().tensor;
  throw py::type_error("save_v2 takes variables and tensors");
}

// An asynchronous save's values, taken on the caller's thread: each variable is read (its
// buffer shared, no byte copied; the variable's next update copies-on-write, fused with the
// update where the kernel writes every element). write() runs later on a background thread,
// without the GIL, and lets the buffers go.
struct SaveSnapshot {
  std::vector<std::string> keys;
  std::vector<Tensor> tensors;
};

}  // namespace

void bind_checkpoint(py::module_& m) {
  m.def("save_v2", [](const std::string& prefix, const std::vector<std::string>& keys, const py::list& values,
                      bool sync) {
        std::vector<Tensor> tensors;
        tensors.reserve(values.size());
        for (py::handle v : values) tensors.push_back(value_to_save(v));
        bundle::WriterOptions options;
        options.sync = sync;
        without_gil([&] { ops::SaveV2(prefix, keys, tensors, options); });
      }, py::arg("prefix"), py::arg("keys"), py::arg("values"), py::arg("sync") = false,
      "SaveV2: writes the values (variables or TensorData) under `keys`, atomically.");

  py::class_<SaveSnapshot>(m, "SaveSnapshot", "The values of a background save, taken without copying (internal).")
      .def(py::init([](const std::vector<std::string>& keys, const py::list& values) {
             if (keys.size() != values.size()) throw py::value_error("SaveSnapshot: keys and values differ in number");
             auto snapshot = std::make_unique<SaveSnapshot>();
             snapshot->keys = keys;
             snapshot->tensors.reserve(values.size());
             for (py::handle v : values) snapshot->tensors.push_back(value_to_save(v));
             return snapshot;
           }), py::arg("keys"), py::arg("values"))
      .def("write", [](SaveSnapshot& s, const std::string& prefix, bool sync) {
             bundle::WriterOptions options;
             options.sync = sync;
             without_gil([&] {
               std::vector<Tensor> tensors = std::move(s.tensors);  // released when written, or on failure
               s.tensors.clear();
               ops::SaveV2(prefix, s.keys, tensors, options);
             });
           }, py::arg("prefix"), py::arg("sync") = false,
           "SaveV2 of the snapshot, atomically, once: the buffers are released afterwards.");

  // The checkpoint writers' other file steps, so that they are crash points and replace
  // and remove files as the bundle writer does (file_io).
  m.def("replace_file", [](const std::string& path, const py::bytes& contents, bool sync) {
        std::string data = contents;
        without_gil([&] { file_io::replace_file(path, data, sync); });
      }, py::arg("path"), py::arg("contents"), py::arg("sync") = false,
      "Replaces a file's contents atomically (temporary file, then rename).");
  m.def("remove_file", [](const std::string& path) { without_gil([&] { file_io::remove_file(path); }); },
        py::arg("path"), "Removes a file; a missing file is fine.");

  py::class_<bundle::BundleReader, std::shared_ptr<bundle::BundleReader>>(m, "BundleReader",
                                                                       "A verified tensor bundle (internal).")
      .def(py::init([](const std::string& prefix) {
             std::shared_ptr<bundle::BundleReader> reader;
             without_gil([&] { reader = std::make_shared<bundle::BundleReader>(prefix); });
             return reader;
           }), py::arg("prefix"))
      .def_property_readonly("prefix", &bundle::BundleReader::prefix)
      .def_property_readonly("num_shards", [](const bundle::BundleReader& r) { return r.header().num_shards; })
      .def("keys", [](const bundle::BundleReader& r) {
             py::list out;
             for (const std::string& k : r.keys()) out.append(py::bytes(k));
             return out;
           })
      .def("keys_in_tf_map_order", [](const bundle::BundleReader& r) {
             py::list out;
             for (const std::string& k : tf::variable_map_order(r.keys())) out.append(py::bytes(k));
             return out;
           }, "The keys in the order TensorFlow's get_variable_to_shape_map lists them (tf/variable_map_order.h).")
      .def("contains", [](const bundle::BundleReader& r, const std::string& key) { return r.contains(key); })
      .def("entry", [](const bundle::BundleReader& r, const std::string& key) {
             bundle::Entry e = r.entry(key);
             return py::make_tuple(e.dtype, shape_tuple(e.shape), e.size);
           }, "(dtype enum, shape, stored size) of a key; NotFoundError when absent.")
      .def("checked_entry", [](bundle::BundleReader& r, const std::string& key) {
             bundle::Entry e = r.checked_entry(key);
             return py::make_tuple(e.dtype, shape_tuple(e.shape), e.size);
           }, "entry(), after the checks that need no data bytes (DataLossError when inconsistent).")
      .def("read", [](bundle::BundleReader& r, const std::string& key) {
             const Device& cpu = DeviceSet::global().cpu0();
             Tensor t;
             without_gil([&] { t = r.read(key, cpu.allocator); });
             return PyTensor{std::move(t), &cpu};
           }, "The verified value of a key as a new TensorData.")
      .def("read_into", [](bundle::BundleReader& r, const std::string& key, py::buffer out) {
             py::buffer_info info = out.request(true);
             size_t bytes = static_cast<size_t>(info.size * info.itemsize);
             if (info.ndim > 0 && info.strides.back() != info.itemsize) throw py::value_error("buffer must be contiguous");
             without_gil([&] {
               bundle::Entry e = r.entry(key);
               bundle::VerifiedSpan span = r.verify(key, e);
               if (span.size != bytes) {
                 throw_error(Code::kInvalidArgument, "read_into: " + key + " holds " + std::to_string(span.size) +
                                                         " bytes, the buffer " + std::to_string(bytes));
               }
               span.copy_to(info.ptr);
             });
           }, py::arg("key"), py::arg("out"),
           "Verifies a non-string value and copies it into a writable buffer of exactly its size.")
      .def("read_rows_into", [](bundle::BundleReader& r, const std::string& key, int64_t begin, int64_t end,
                                py::buffer out) {
             py::buffer_info info = out.request(true);
             size_t bytes = static_cast<size_t>(info.size * info.itemsize);
             without_gil([&] {
               bundle::Entry e = r.checked_entry(key);
               bundle::VerifiedSpan span = r.unverified_rows(key, e, begin, end);
               if (span.size != bytes) {
                 throw_error(Code::kInvalidArgument, "read_rows_into: the rows hold " + std::to_string(span.size) +
                                                         " bytes, the buffer " + std::to_string(bytes));
               }
               span.copy_to(info.ptr);
             });
           }, py::arg("key"), py::arg("begin"), py::arg("end"), py::arg("out"),
           "Rows [begin, end) of a non-string value into a contiguous buffer: bounds-checked, not CRC-checked.")
      .def("restore_unless_shapes_differ", [](bundle::BundleReader& r, const std::vector<std::string>& keys,
                                              const py::list& handles) {
             std::vector<ResourceHandle> vars;
             vars.reserve(handles.size());
             for (py::handle h : handles) vars.push_back(handle_of(h).handle());
             std::vector<size_t> mismatched;
             without_gil([&] { mismatched = ops::RestoreV2UnlessShapesDiffer(r, keys, vars); });
             return mismatched;
           }, py::arg("keys"), py::arg("variables"),
           "RestoreV2, unless stored shapes differ from the variables': then their positions, nothing restored.")
      .def("restore", [](bundle::BundleReader& r, const std::vector<std::string>& keys, const py::list& handles) {
             std::vector<ResourceHandle> vars;
             vars.reserve(handles.size());
             for (py::handle h : handles) vars.push_back(handle_of(h).handle());
             without_gil([&] { ops::RestoreV2(r, keys, vars); });
           }, py::arg("keys"), py::arg("variables"),
           "RestoreV2 into variables: all verified first, then each written in place when possible.");
}

}  // namespace bind
}  // namespace varrt

// TFRecord files (tf.io.TFRecordWriter, tf.data.TFRecordDataset, tf_record_iterator): the core's
// record writer and reader. File I/O and decompression run without the GIL.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.h"
#include "interop/gil.h"
#include "interop/tensor.h"
#include "varrt/device/device.h"
#include "varrt/io/record_reader.h"
#include "varrt/io/record_writer.h"

namespace py = pybind11;

namespace varrt {
namespace bind {

void bind_tfrecord(py::module_& m) {
  using record_io::RecordReader;
  using record_io::RecordWriter;
  using zlib_stream::Compression;
  py::class_<RecordWriter>(m, "RecordWriter", "A TFRecord file being written (internal).")
      .def(py::init([](const std::string& path, int compression, int level) {
             return new RecordWriter(path, static_cast<Compression>(compression), level);
           }),
           py::arg("path"), py::arg("compression"), py::arg("level"))
      .def("write", [](RecordWriter& w, py::bytes record) {
             char* data = nullptr;
             Py_ssize_t n = 0;
             PyBytes_AsStringAndSize(record.ptr(), &data, &n);
             w.write(std::string_view(data, static_cast<size_t>(n)));
           })
      .def("flush", [](RecordWriter& w) { without_gil([&] { w.flush(); }); })
      .def("close", [](RecordWriter& w) { without_gil([&] { w.close(); }); })
      .def_property_readonly("closed", &RecordWriter::closed);

  py::class_<RecordReader>(m, "RecordReader", "A TFRecord file being read (internal).")
      .def(py::init([](const std::string& path, int compression, size_t buffer_size) {
             RecordReader* r = nullptr;
             without_gil([&] { r = new RecordReader(path, static_cast<Compression>(compression), buffer_size); });
             return r;
           }),
           py::arg("path"), py::arg("compression"), py::arg("buffer_size"))
      .def("next", [](RecordReader& r) -> py::object {
             std::string record;
             bool more = false;
             without_gil([&] { more = r.next(&record); });
             if (!more) return py::none();
             return py::bytes(record);
           }, "The next record's bytes, or None at the end.")
      .def("next_batch", [](RecordReader& r, size_t max) -> py::object {
             std::vector<std::string> records;
             without_gil([&] { r.next_batch(max, &records); });
             const Device& cpu = DeviceSet::global().cpu0();
             Tensor t = Tensor::allocate(DType::kString, Shape({static_cast<int64_t>(records.size())}), cpu.allocator);
             std::string* out = static_cast<std::string*>(t.mutable_data());
             for (size_t i = 0; i < records.size(); ++i) out[i] = std::move(records[i]);
             return py::cast(PyTensor{std::move(t), &cpu});
           }, "Up to `max` next records as a string TensorData of that many (fewer only at the end).")
      .def_property_readonly("offset", &RecordReader::offset);
}

}  // namespace bind
}  // namespace varrt

// tf.train.Example and its parts through the core's protobuf codec (io/example_proto.h), and
// the core's ParseExampleV2 op (ops/parsing_ops.h). A feature crosses as (kind, values): kind 0 none,
// 1 bytes, 2 float, 3 int64 (the oneof's field numbers); values a list of bytes, floats or ints.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bindings.h"
#include "interop/gil.h"
#include "interop/tensor.h"
#include "interop/variable_inputs.h"
#include "varrt/device/device.h"
#include "varrt/io/example_proto.h"
#include "varrt/ops/parsing_ops.h"
#include "interop/tensor_object.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

// Unique names: the bindings compile in unity batches (CMakeLists.txt).
using ExampleFeature = example::Feature;
using ExampleFeatureMap = example::FeatureMap;
using ExampleKind = example::Kind;

ExampleFeature feature_from(int kind, const py::handle& values) {
  ExampleFeature f;
  f.kind = static_cast<ExampleKind>(kind);
  if (f.kind == ExampleKind::kBytes) {
    for (py::handle v : values) f.bytes.emplace_back(v.cast<std::string>());
  } else if (f.kind == ExampleKind::kFloat) {
    for (py::handle v : values) f.floats.push_back(v.cast<float>());
  } else if (f.kind == ExampleKind::kInt64) {
    for (py::handle v : values) f.ints.push_back(v.cast<int64_t>());
  }
  return f;
}

py::list values_of(const ExampleFeature& f) {
  py::list out;
  if (f.kind == ExampleKind::kBytes) {
    for (const std::string& b : f.bytes) out.append(py::bytes(b));
  } else if (f.kind == ExampleKind::kFloat) {
    for (float v : f.floats) out.append(py::float_(v));
  } else if (f.kind == ExampleKind::kInt64) {
    for (int64_t v : f.ints) out.append(py::int_(v));
  }
  return out;
}

ExampleFeatureMap map_from(const py::iterable& entries) {
  ExampleFeatureMap m;
  for (py::handle e : entries) {
    py::tuple t = e.cast<py::tuple>();
    m.emplace_back(t[0].cast<std::string>(), feature_from(t[1].cast<int>(), t[2]));
  }
  return m;
}

py::list entries_of(const ExampleFeatureMap& m) {
  py::list out;
  for (const auto& e : m) {
    out.append(py::make_tuple(py::reinterpret_steal<py::str>(PyUnicode_DecodeUTF8(
                                  e.first.data(), static_cast<Py_ssize_t>(e.first.size()), "surrogateescape")),
                              static_cast<int>(e.second.kind), values_of(e.second)));
  }
  return out;
}

std::string_view example_bytes(py::handle o) {
  char* data = nullptr;
  Py_ssize_t n = 0;
  if (PyBytes_AsStringAndSize(o.ptr(), &data, &n) != 0) throw py::error_already_set();
  return std::string_view(data, static_cast<size_t>(n));
}

ExampleFeatureMap optional_map(py::handle entries) { return map_from(entries.cast<py::iterable>()); }

example::FeatureListMap lists_from(py::handle entries) {
  example::FeatureListMap m;
  for (py::handle e : entries.cast<py::iterable>()) {
    py::tuple t = e.cast<py::tuple>();
    std::vector<ExampleFeature> features;
    for (py::handle f : t[1].cast<py::iterable>()) {
      py::tuple kv = f.cast<py::tuple>();
      features.push_back(feature_from(kv[0].cast<int>(), kv[1]));
    }
    m.emplace_back(t[0].cast<std::string>(), std::move(features));
  }
  return m;
}

py::list features_of(const std::vector<ExampleFeature>& features) {
  py::list out;
  for (const ExampleFeature& f : features) out.append(py::make_tuple(static_cast<int>(f.kind), values_of(f)));
  return out;
}

py::list lists_of(const example::FeatureListMap& m) {
  py::list out;
  for (const auto& e : m) {
    out.append(py::make_tuple(py::reinterpret_steal<py::str>(PyUnicode_DecodeUTF8(
                                  e.first.data(), static_cast<Py_ssize_t>(e.first.size()), "surrogateescape")),
                              features_of(e.second)));
  }
  return out;
}

}  // namespace

void bind_example(py::module_& m) {
  m.def("example_encode_list", [](int kind, py::iterable values) {
    return py::bytes(example::encode_list(feature_from(kind, values)));
  });
  m.def("example_decode_list", [](int kind, py::bytes data) -> py::object {
    ExampleFeature f;
    if (!example::decode_list(example_bytes(data), static_cast<ExampleKind>(kind), &f)) return py::none();
    return values_of(f);
  }, "The list's values, or None when the bytes are no such message.");
  m.def("example_encode_feature", [](int kind, py::iterable values) {
    return py::bytes(example::encode_feature(feature_from(kind, values)));
  });
  m.def("example_decode_feature", [](py::bytes data) -> py::object {
    ExampleFeature f;
    if (!example::decode_feature(example_bytes(data), &f)) return py::none();
    return py::make_tuple(static_cast<int>(f.kind), values_of(f));
  });
  m.def("example_encode_features", [](py::iterable entries) {
    return py::bytes(example::encode_features(map_from(entries)));
  }, "entries: (key, kind, values) in the order to write.");
  m.def("example_decode_features", [](py::bytes data) -> py::object {
    ExampleFeatureMap f;
    if (!example::decode_features(example_bytes(data), &f)) return py::none();
    return entries_of(f);
  });
  m.def("example_encode_example", [](py::iterable entries) {
    return py::bytes(example::encode_example(map_from(entries)));
  });
  m.def("example_decode_example", [](py::bytes data) -> py::object {
    ExampleFeatureMap f;
    if (!example::decode_example(example_bytes(data), &f)) return py::none();
    return entries_of(f);
  });
  m.def("example_encode_feature_list", [](py::iterable features) {
    std::vector<ExampleFeature> fs;
    for (py::handle f : features) {
      py::tuple kv = f.cast<py::tuple>();
      fs.push_back(feature_from(kv[0].cast<int>(), kv[1]));
    }
    return py::bytes(example::encode_feature_list(fs));
  }, "features: (kind, values) in order.");
  m.def("example_decode_feature_list", [](py::bytes data) -> py::object {
    std::vector<ExampleFeature> fs;
    if (!example::decode_feature_list(example_bytes(data), &fs)) return py::none();
    return features_of(fs);
  });
  m.def("example_encode_feature_lists", [](py::iterable entries) {
    return py::bytes(example::encode_feature_lists(lists_from(entries)));
  }, "entries: (key, [(kind, values), ...]) in the order to write.");
  m.def("example_decode_feature_lists", [](py::bytes data) -> py::object {
    example::FeatureListMap m;
    if (!example::decode_feature_lists(example_bytes(data), &m)) return py::none();
    return lists_of(m);
  });
  m.def("example_encode_sequence_example", [](py::object context, py::object lists) {
    ExampleFeatureMap c;
    example::FeatureListMap l;
    if (!context.is_none()) c = optional_map(context);
    if (!lists.is_none()) l = lists_from(lists);
    return py::bytes(example::encode_sequence_example(context.is_none() ? nullptr : &c, lists.is_none() ? nullptr : &l));
  }, "context: feature entries or None (unset); lists: feature-list entries or None (unset).");
  m.def("example_decode_sequence_example", [](py::bytes data) -> py::object {
    ExampleFeatureMap c;
    example::FeatureListMap l;
    bool has_c = false, has_l = false;
    if (!example::decode_sequence_example(example_bytes(data), &c, &has_c, &l, &has_l)) return py::none();
    return py::make_tuple(has_c ? py::object(entries_of(c)) : py::object(py::none()),
                          has_l ? py::object(lists_of(l)) : py::object(py::none()));
  }, "(context entries or None, feature-list entries or None), or None when the bytes are no such message.");
  m.def("parse_example_v2", [](py::sequence inputs, int64_t num_sparse, std::vector<int64_t> sparse_types,
                               std::vector<int64_t> dense_types, std::vector<int64_t> dense_shapes, py::object name) {
    std::vector<PlacedTensor> in;
    for (py::handle h : inputs) {
      OpInput o = op_input(h);  // `inputs` keeps borrowed arrays alive for the call
      in.push_back(PlacedTensor{o.tensor, o.device});
    }
    ops::ParseExampleAttrs attrs{num_sparse, std::move(sparse_types), std::move(dense_types), std::move(dense_shapes)};
    std::string node_name = name.is_none() ? std::string() : name.cast<std::string>();
    // A large batch parses without the GIL (the dispatch's hooks take it back when they run).
    size_t bytes = 0;
    if (!in.empty() && in[0].tensor.dtype() == DType::kString && !in[0].tensor.is_symbolic()) {
      const std::string* s = in[0].tensor.data_as<std::string>();
      for (int64_t i = 0; i < in[0].tensor.num_elements(); ++i) bytes += s[i].size();
    }
    std::vector<PlacedTensor> out;
    auto parse = [&] { out = ops::ParseExampleV2(in, attrs, name.is_none() ? nullptr : node_name.c_str()); };
    if (bytes >= kReleaseGilBytes) {
      without_gil(parse);
    } else {
      parse();
    }
    py::tuple results(out.size());
    for (size_t i = 0; i < out.size(); ++i) {
      PyObject* o = wrap_tensor(PyTensor{std::move(out[i].tensor), out[i].device});
      if (o == nullptr) throw py::error_already_set();
      results[i] = py::reinterpret_steal<py::object>(o);
    }
    return results;
  }, "The core's ParseExampleV2 op (ops/parsing_ops.h): inputs serialized, names, sparse_keys, dense_keys,\n"
     "ragged_keys, then the dense defaults; its outputs as a tuple of tensors.");
}

}  // namespace bind
}  // namespace varrt

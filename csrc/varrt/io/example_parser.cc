#include "varrt/io/example_parser.h"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <unordered_map>

#include "varrt/core/error.h"
#include "varrt/io/coding.h"
#include "varrt/io/example_proto.h"
#include "varrt/io/proto_wire.h"

namespace varrt {
namespace example {
namespace {

Kind kind_of(DType dtype) {
  return dtype == DType::kFloat32 ? Kind::kFloat : dtype == DType::kInt64 ? Kind::kInt64 : Kind::kBytes;
}

const char* type_name(Kind kind) {  // TensorFlow's DataTypeString of the list's type
  return kind == Kind::kFloat ? "float" : kind == Kind::kInt64 ? "int64" : "string";
}

const char* list_name(Kind kind) {
  return kind == Kind::kFloat ? "float" : kind == Kind::kInt64 ? "int64" : "bytes";
}

std::string shape_text(const std::vector<int64_t>& dims, bool leading_unknown) {
  std::string s = "[";
  bool first = true;
  if (leading_unknown) {
    s += "?";
    first = false;
  }
  for (int64_t d : dims) {
    if (!first) s += ",";
    s += std::to_string(d);
    first = false;
  }
  return s + "]";
}

// One feature's list as found in an example: its kind and the list message's bytes.
struct Found {
  Kind kind = Kind::kNone;
  std::string_view list;
  bool present = false;
};

// The values of one list, decoded into a reusable scratch (the list's kind decides which vector).
bool decode_into(const Found& found, Feature* scratch) {
  scratch->bytes.clear();
  scratch->floats.clear();
  scratch->ints.clear();
  if (found.kind == Kind::kNone) {
    scratch->kind = Kind::kNone;
    return true;
  }
  return decode_list(found.list, found.kind, scratch);
}

size_t count_of(const Feature& f) {
  return f.kind == Kind::kFloat ? f.floats.size() : f.kind == Kind::kInt64 ? f.ints.size() : f.bytes.size();
}

// Copies elements [from, from + n) of `f` into `out` at element `at`.
void copy_values(const Feature& f, size_t from, size_t n, const Tensor& out, int64_t at) {
  if (n == 0) return;  // empty vectors and tensors may have no memory: memcpy's pointers must not be null
  switch (f.kind) {
    case Kind::kFloat:
      std::memcpy(static_cast<float*>(out.mutable_data()) + at, f.floats.data() + from, n * 4);
      break;
    case Kind::kInt64:
      std::memcpy(static_cast<int64_t*>(out.mutable_data()) + at, f.ints.data() + from, n * 8);
      break;
    default: {
      std::string* o = static_cast<std::string*>(out.mutable_data()) + at;
      for (size_t i = 0; i < n; ++i) o[i] = f.bytes[from + i];
    }
  }
}

// Fills elements [at, at + n) of `out` with `value`'s elements, repeated (padding, defaults).
void fill_from(const Tensor& value, const Tensor& out, int64_t at, int64_t n) {
  const int64_t m = value.valid() ? value.num_elements() : 0;
  for (int64_t i = 0; i < n; ++i) {
    switch (out.dtype()) {
      case DType::kFloat32:
        static_cast<float*>(out.mutable_data())[at + i] = m ? value.data_as<float>()[i % m] : 0.0f;
        break;
      case DType::kInt64:
        static_cast<int64_t*>(out.mutable_data())[at + i] = m ? value.data_as<int64_t>()[i % m] : 0;
        break;
      default:
        static_cast<std::string*>(out.mutable_data())[at + i] = m ? value.data_as<std::string>()[i % m] : std::string();
    }
  }
}

// Walks one Example, recording for each wanted key (index in `keys`) where its list is.
bool scan_example(std::string_view data, const std::unordered_map<std::string_view, size_t>& keys,
                  std::vector<Found>* found) {
  proto::Reader r(data);
  proto::Field f;
  while (r.next(&f)) {
    if (f.number != 1) continue;
    if (f.type != proto::kLengthDelimited) return false;
    proto::Reader features(f.bytes);
    proto::Field entry;
    while (features.next(&entry)) {
      if (entry.number != 1) continue;
      if (entry.type != proto::kLengthDelimited) return false;
      proto::Reader e(entry.bytes);
      proto::Field ef;
      std::string_view key, value;
      while (e.next(&ef)) {
        if (ef.type != proto::kLengthDelimited) return false;
        if (ef.number == 1) key = ef.bytes;
        if (ef.number == 2) value = ef.bytes;
      }
      if (!e.ok()) return false;
      auto it = keys.find(key);
      if (it == keys.end()) continue;
      Found& out = (*found)[it->second];
      out = Found();
      out.present = true;
      proto::Reader v(value);
      proto::Field vf;
      while (v.next(&vf)) {
        if (vf.number < 1 || vf.number > 3) continue;
        if (vf.type != proto::kLengthDelimited) return false;
        out.kind = static_cast<Kind>(vf.number);
        out.list = vf.bytes;
      }
      if (!v.ok()) return false;
    }
    if (!features.ok()) return false;
  }
  return r.ok();
}

}  // namespace

Parsed parse_examples(const std::vector<std::string_view>& serialized, bool single,
                      const std::vector<SparseSpec>& sparse, const std::vector<DenseSpec>& dense) {
  const int64_t batch = static_cast<int64_t>(serialized.size());
  const std::string_view* inputs = serialized.data();
  // TensorFlow's prefixes: "Key: a.  " for one Example, "Name: <unknown>, Key: a, Index: 3.  " for a batch.
  auto fail = [&](const std::string& key, int64_t index, const std::string& message) {
    throw_error(Code::kInvalidArgument, single ? "Key: " + key + ".  " + message
                                               : "Name: <unknown>, Key: " + key + ", Index: " + std::to_string(index) +
                                                     ".  " + message);
  };

  std::unordered_map<std::string_view, size_t> keys;
  for (size_t i = 0; i < dense.size(); ++i) keys[dense[i].key] = i;
  for (size_t i = 0; i < sparse.size(); ++i) keys[sparse[i].key] = dense.size() + i;
  const size_t num_keys = dense.size() + sparse.size();

  // First pass: where each feature is in each example (views into `serialized`).
  std::vector<Found> found(static_cast<size_t>(batch) * num_keys);
  std::vector<Found> scratch(num_keys);
  for (int64_t b = 0; b < batch; ++b) {
    std::fill(scratch.begin(), scratch.end(), Found());
    if (!scan_example(inputs[b], keys, &scratch)) {
      throw_error(Code::kInvalidArgument, single ? "Could not parse example input, value: '" + std::string(inputs[b]) + "'"
                                                 : "Name: <unknown>, Index: " + std::to_string(b) +
                                                       ".  Could not parse example input, value: '" + std::string(inputs[b]) + "'");
    }
    std::copy(scratch.begin(), scratch.end(), found.begin() + b * num_keys);
  }

  Parsed out;
  Feature values;
  for (size_t d = 0; d < dense.size(); ++d) {
    const DenseSpec& spec = dense[d];
    const Kind want = kind_of(spec.dtype);
    int64_t stride = 1;
    for (int64_t x : spec.shape) stride *= x;
    // A sequence feature's length: the longest example's.
    int64_t rows = 0;
    if (spec.variable_length) {
      for (int64_t b = 0; b < batch; ++b) {
        const Found& f = found[b * num_keys + d];
        if (!f.present || f.kind == Kind::kNone) continue;
        if (f.kind != want) {
          fail(spec.key, b, std::string("Data types don't match. Data type: ") + type_name(f.kind) +
                                " but expected type: " + type_name(want));
        }
        if (!decode_into(f, &values)) fail(spec.key, b, "Can't parse serialized Example.");
        int64_t n = static_cast<int64_t>(count_of(values));
        if (stride == 0 ? n != 0 : n % stride != 0) {
          if (single) {
            throw_error(Code::kInvalidArgument, "Error while parsing feature with key " + spec.key +
                                                    ": number of elements should be divisible by " +
                                                    std::to_string(stride) + ", found " + std::to_string(n) +
                                                    " instead");
          }
          fail(spec.key, b, std::string("Number of ") + list_name(want) +
                                " values is not a multiple of stride length. Saw " + std::to_string(n) +
                                " values but output shape is: " + shape_text(spec.shape, true));
        }
        rows = std::max(rows, stride == 0 ? 0 : n / stride);
      }
    }
    std::vector<int64_t> dims;
    if (!single) dims.push_back(batch);
    if (spec.variable_length) dims.push_back(rows);
    dims.insert(dims.end(), spec.shape.begin(), spec.shape.end());
    Tensor t = Tensor::allocate(spec.dtype, Shape(dims));
    const int64_t per_example = spec.variable_length ? rows * stride : stride;
    for (int64_t b = 0; b < batch; ++b) {
      const Found& f = found[b * num_keys + d];
      const int64_t at = b * per_example;
      if (!f.present || f.kind == Kind::kNone) {
        if (spec.variable_length) {
          fill_from(spec.default_value, t, at, per_example);
          continue;
        }
        if (!spec.default_value.valid()) {
          std::string m = std::string("Feature: ") + spec.key + " (data type: " + type_name(want) +
                          ") is required but could not be found.";
          throw_error(Code::kInvalidArgument, single ? m : "Name: <unknown>, " + m);
        }
        fill_from(spec.default_value, t, at, per_example);
        continue;
      }
      if (f.kind != want) {
        fail(spec.key, b, std::string("Data types don't match. Data type: ") + type_name(f.kind) +
                              " but expected type: " + type_name(want));
      }
      if (!decode_into(f, &values)) fail(spec.key, b, "Can't parse serialized Example.");
      const int64_t n = static_cast<int64_t>(count_of(values));
      if (!spec.variable_length && n != stride) {
        if (single) {
          fail(spec.key, b, want == Kind::kBytes && stride == 1
                                ? std::string("Can't parse serialized Example: Parsing bytes_list failed.")
                                : std::string("Can't parse serialized Example: Some ") + list_name(want) +
                                      "_list slice was not parsed.");
        }
        if (want == Kind::kBytes && spec.shape.empty()) fail(spec.key, b, "Can't parse serialized Example.");
        fail(spec.key, b, std::string("Number of ") + list_name(want) + " values != expected.  Values size: " +
                              std::to_string(n) + " but output shape: " + shape_text(spec.shape, false));
      }
      copy_values(values, 0, static_cast<size_t>(n), t, at);
      if (n < per_example) fill_from(spec.default_value, t, at + n, per_example - n);
    }
    out.dense_values.push_back(std::move(t));
  }

  for (size_t s = 0; s < sparse.size(); ++s) {
    const SparseSpec& spec = sparse[s];
    const Kind want = kind_of(spec.dtype);
    std::vector<Feature> lists(static_cast<size_t>(batch));
    int64_t total = 0, longest = 0;
    for (int64_t b = 0; b < batch; ++b) {
      const Found& f = found[b * num_keys + dense.size() + s];
      if (!f.present || f.kind == Kind::kNone) continue;
      if (f.kind != want) {
        fail(spec.key, b, std::string("Data types don't match. Expected type: ") + type_name(want) +
                              ", Actual type: " + type_name(f.kind));
      }
      if (!decode_into(f, &lists[b])) fail(spec.key, b, "Can't parse serialized Example.");
      int64_t n = static_cast<int64_t>(count_of(lists[b]));
      total += n;
      longest = std::max(longest, n);
    }
    const int rank = single ? 1 : 2;
    Tensor indices = Tensor::allocate(DType::kInt64, Shape({total, rank}));
    Tensor vals = Tensor::allocate(spec.dtype, Shape({total}));
    Tensor shape = Tensor::allocate(DType::kInt64, Shape({rank}));
    int64_t* ix = static_cast<int64_t*>(indices.mutable_data());
    int64_t at = 0;
    for (int64_t b = 0; b < batch; ++b) {
      const int64_t n = static_cast<int64_t>(count_of(lists[b]));
      if (n == 0) continue;
      copy_values(lists[b], 0, static_cast<size_t>(n), vals, at);
      for (int64_t i = 0; i < n; ++i) {
        if (!single) *ix++ = b;
        *ix++ = i;
      }
      at += n;
    }
    int64_t* sh = static_cast<int64_t*>(shape.mutable_data());
    if (!single) *sh++ = batch;
    *sh = longest;
    out.sparse_indices.push_back(std::move(indices));
    out.sparse_values.push_back(std::move(vals));
    out.sparse_shapes.push_back(std::move(shape));
  }
  return out;
}

}  // namespace example
}  // namespace varrt

#include "interop/sequence.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "varrt/core/half.h"
#include "varrt/ops/variable_ops.h"

namespace varrt {
namespace bind {
namespace {

constexpr int kMaxRank = 32;

struct Leaves {
  std::vector<double> values;  // every leaf as double (exact for ints that fit 2^53)
  std::vector<int64_t> ints;   // every leaf as int64, valid while !has_float
  bool has_float = false;
};

bool is_sequence(PyObject* o) { return PyList_CheckExact(o) || PyTuple_CheckExact(o); }

// Shape from the first element at each depth.
bool infer_shape(PyObject* o, std::vector<int64_t>& dims) {
  while (is_sequence(o)) {
    if (static_cast<int>(dims.size()) == kMaxRank) return false;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(o);
    dims.push_back(n);
    if (n == 0) return true;
    o = PySequence_Fast_GET_ITEM(o, 0);
  }
  return true;
}

bool collect(PyObject* o, const std::vector<int64_t>& dims, size_t depth, Leaves& out) {
  if (depth < dims.size()) {
    if (!is_sequence(o) || PySequence_Fast_GET_SIZE(o) != dims[depth]) return false;
    PyObject** items = PySequence_Fast_ITEMS(o);
    for (Py_ssize_t i = 0; i < dims[depth]; ++i) {
      if (!collect(items[i], dims, depth + 1, out)) return false;
    }
    return true;
  }
  if (PyFloat_CheckExact(o)) {
    out.has_float = true;
    out.values.push_back(PyFloat_AS_DOUBLE(o));
    return true;
  }
  if (PyLong_CheckExact(o)) {  // exact: excludes bool
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow != 0) return false;
    out.ints.push_back(v);
    out.values.push_back(static_cast<double>(v));
    return true;
  }
  return false;
}

template <class T>
void fill(const Leaves& leaves, void* dst) {
  T* d = static_cast<T*>(dst);
  if (!leaves.has_float && std::is_integral<T>::value) {
    for (size_t i = 0; i < leaves.ints.size(); ++i) d[i] = static_cast<T>(leaves.ints[i]);
  } else {
    for (size_t i = 0; i < leaves.values.size(); ++i) d[i] = static_cast<T>(leaves.values[i]);
  }
}

template <uint16_t (*FromFloat)(float)>
void fill_half(const Leaves& leaves, void* dst) {
  auto* d = static_cast<uint16_t*>(dst);
  for (size_t i = 0; i < leaves.values.size(); ++i) d[i] = FromFloat(static_cast<float>(leaves.values[i]));
}

bool ints_fit(const Leaves& leaves, int64_t lo, int64_t hi) {
  for (int64_t v : leaves.ints) {
    if (v < lo || v > hi) return false;
  }
  return true;
}

// The dtype TensorFlow gives these leaves, or kInvalid where the full rules must decide.
DType choose(const Leaves& leaves, DType want) {
  if (want == DType::kInvalid) {
    if (leaves.values.empty()) return DType::kFloat32;
    if (leaves.has_float) {
      for (double v : leaves.values) {
        if (std::isfinite(v) && std::fabs(v) > FLT_MAX) return DType::kInvalid;  // TF's range error
      }
      return DType::kFloat32;
    }
    return ints_fit(leaves, INT32_MIN, INT32_MAX) ? DType::kInt32 : DType::kInt64;
  }
  switch (want) {
    case DType::kFloat16:
    case DType::kBFloat16:
    case DType::kFloat32:
    case DType::kFloat64: return want;
    case DType::kInt8: return !leaves.has_float && ints_fit(leaves, INT8_MIN, INT8_MAX) ? want : DType::kInvalid;
    case DType::kInt16: return !leaves.has_float && ints_fit(leaves, INT16_MIN, INT16_MAX) ? want : DType::kInvalid;
    case DType::kInt32: return !leaves.has_float && ints_fit(leaves, INT32_MIN, INT32_MAX) ? want : DType::kInvalid;
    case DType::kInt64: return !leaves.has_float ? want : DType::kInvalid;
    case DType::kUInt8: return !leaves.has_float && ints_fit(leaves, 0, UINT8_MAX) ? want : DType::kInvalid;
    case DType::kUInt16: return !leaves.has_float && ints_fit(leaves, 0, UINT16_MAX) ? want : DType::kInvalid;
    case DType::kUInt32: return !leaves.has_float && ints_fit(leaves, 0, UINT32_MAX) ? want : DType::kInvalid;
    default: return DType::kInvalid;  // bool, string, complex, uint64: the full rules
  }
}

}  // namespace

namespace {

// The leaves of the value being converted. Thread-local scratch reused across calls (the
// GIL is held and nothing here runs Python code), so a conversion allocates only its tensor.
struct Parsed {
  std::vector<int64_t> dims;
  Leaves leaves;
  DType dtype = DType::kInvalid;
};

Parsed* parse(PyObject* value, DType want) {
  if (!is_sequence(value) && !PyFloat_CheckExact(value) && !PyLong_CheckExact(value)) return nullptr;
  thread_local Parsed p;
  p.dims.clear();
  p.leaves.values.clear();
  p.leaves.ints.clear();
  p.leaves.has_float = false;
  if (!infer_shape(value, p.dims) || !collect(value, p.dims, 0, p.leaves)) return nullptr;
  p.dtype = choose(p.leaves, want);
  return p.dtype == DType::kInvalid ? nullptr : &p;
}

void fill_tensor(const Parsed& p, void* dst) {
  switch (p.dtype) {
    case DType::kFloat32: return fill<float>(p.leaves, dst);
    case DType::kFloat64: return fill<double>(p.leaves, dst);
    case DType::kFloat16: return fill_half<float_to_half>(p.leaves, dst);
    case DType::kBFloat16: return fill_half<float_to_bfloat16>(p.leaves, dst);
    case DType::kInt8: return fill<int8_t>(p.leaves, dst);
    case DType::kInt16: return fill<int16_t>(p.leaves, dst);
    case DType::kInt32: return fill<int32_t>(p.leaves, dst);
    case DType::kInt64: return fill<int64_t>(p.leaves, dst);
    case DType::kUInt8: return fill<uint8_t>(p.leaves, dst);
    case DType::kUInt16: return fill<uint16_t>(p.leaves, dst);
    case DType::kUInt32: return fill<uint32_t>(p.leaves, dst);
    default: return;  // choose() returns only the types above
  }
}

}  // namespace

Tensor sequence_to_tensor(PyObject* value, DType want) {
  const Parsed* p = parse(value, want);
  if (p == nullptr) return Tensor();
  Shape shape(p->dims);
  size_t bytes = static_cast<size_t>(shape.num_elements()) * dtype_size(p->dtype);
  auto staging = std::shared_ptr<uint64_t[]>(new uint64_t[bytes / 8 + 1]);
  Tensor out = Tensor::borrow(p->dtype, shape, staging.get(), bytes, [staging] {});
  fill_tensor(*p, out.mutable_data());
  return out;
}

PyTensor sequence_to_device(PyObject* value, DType want) {
  const Parsed* p = parse(value, want);
  if (p == nullptr) return PyTensor{};
  const Device& device = ops::EagerConstInPlace();
  Tensor out = Tensor::allocate(p->dtype, Shape(p->dims), device.allocator);
  fill_tensor(*p, out.mutable_data());
  return PyTensor{std::move(out), &device};
}

}  // namespace bind
}  // namespace varrt

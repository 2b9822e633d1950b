// The C ABI over the C++ API. Every entry point is noexcept: a C++ exception escaping into
// C is undefined behaviour, so each body runs inside `guarded`, which turns any exception
// into a status.
#include "varrt/varrt_c.h"

#include <cstring>
#include <map>
#include <new>
#include <string>

#include "varrt/api/checkpoint.h"
#include "varrt/api/dlpack.h"
#include "varrt/api/runtime.h"
#include "varrt/api/variable.h"
#include "varrt/device/device.h"
#include "varrt/device/device_scope.h"
#include "varrt/core/buffer.h"
#include "varrt/core/error.h"

struct varrt_status {
  varrt_code code = VARRT_OK;
  std::string message;
};

struct varrt_tensor {
  varrt::Tensor tensor;
};

struct varrt_variable {
  varrt::Variable variable;
};

namespace {

using varrt::Code;
using varrt::DType;

static_assert(static_cast<int>(VARRT_DATA_LOSS) == static_cast<int>(Code::kDataLoss), "codes follow TensorFlow's");
static_assert(static_cast<int>(VARRT_UNAUTHENTICATED) == static_cast<int>(Code::kUnauthenticated), "");
static_assert(static_cast<int>(VARRT_BFLOAT16) == static_cast<int>(DType::kBFloat16), "dtypes follow TensorFlow's");
static_assert(static_cast<int>(VARRT_UINT64) == static_cast<int>(DType::kUInt64), "");
static_assert(static_cast<int>(VARRT_FLOAT16) == static_cast<int>(DType::kFloat16), "");
static_assert(VARRT_MAX_LOGICAL_CPUS == varrt::DeviceSet::kMaxLogicalCpus, "the header documents the core's bound");

void set_status(varrt_status* status, varrt_code code, const char* message) noexcept {
  if (status == nullptr) return;
  status->code = code;
  try {
    status->message = message;
  } catch (...) {
    status->message.clear();  // out of memory for the message: the code still says what happened
  }
}

// Runs `body`; any exception becomes the status (and the returned code).
template <class Body>
varrt_code guarded(varrt_status* status, Body&& body) noexcept {
  try {
    body();
    set_status(status, VARRT_OK, "");
    return VARRT_OK;
  } catch (const varrt::Error& e) {
    varrt_code code = static_cast<varrt_code>(e.code());
    set_status(status, code, e.what());
    return code;
  } catch (const std::bad_alloc&) {
    set_status(status, VARRT_RESOURCE_EXHAUSTED, "out of memory");
    return VARRT_RESOURCE_EXHAUSTED;
  } catch (const std::exception& e) {
    set_status(status, VARRT_INTERNAL, e.what());
    return VARRT_INTERNAL;
  } catch (...) {
    set_status(status, VARRT_UNKNOWN, "unknown C++ exception");
    return VARRT_UNKNOWN;
  }
}

[[noreturn]] void invalid(const std::string& message) { varrt::throw_error(Code::kInvalidArgument, message); }

void require(const void* p, const char* what) {
  if (p == nullptr) invalid(std::string(what) + " is NULL");
}

varrt::Shape shape_of(const int64_t* dims, int rank) {
  if (rank < 0 || (rank > 0 && dims == nullptr)) invalid("invalid rank or NULL dims");
  return varrt::Shape(dims, rank);
}

DType checked_dtype(varrt_dtype dtype) {
  if (!varrt::dtype_is_valid(static_cast<int32_t>(dtype))) invalid("invalid dtype " + std::to_string(dtype));
  return static_cast<DType>(dtype);
}

const char* str_or(const char* s, const char* fallback) { return s != nullptr ? s : fallback; }

varrt::ScatterOp scatter_op(varrt_scatter_op op) {
  if (op < VARRT_SCATTER_UPDATE || op > VARRT_SCATTER_MAX) invalid("invalid scatter op " + std::to_string(op));
  return static_cast<varrt::ScatterOp>(op);
}
static_assert(static_cast<int>(VARRT_SCATTER_MAX) == static_cast<int>(varrt::ScatterOp::kMax), "same order");
static_assert(static_cast<int>(VARRT_SCATTER_DIV) == static_cast<int>(varrt::ScatterOp::kDiv), "same order");

std::string checked_prefix(const char* prefix) {
  require(prefix, "prefix");
  if (*prefix == '\0') invalid("the checkpoint prefix is empty");
  return prefix;
}

std::map<std::string, varrt::Variable> checkpoint_map(const char* const* keys, varrt_variable* const* variables,
                                                      size_t count) {
  if (count > 0) {
    require(keys, "keys");
    require(variables, "variables");
  }
  std::map<std::string, varrt::Variable> out;
  for (size_t i = 0; i < count; ++i) {
    require(keys[i], "a key");
    require(variables[i], "a variable");
    if (!out.emplace(keys[i], variables[i]->variable).second) invalid(std::string("duplicate key ") + keys[i]);
  }
  return out;
}

template <class T, class Make>
T* make_handle(varrt_status* status, Make&& make) noexcept {
  T* out = nullptr;
  guarded(status, [&] { out = new T{make()}; });
  return out;
}

template <void (varrt::Variable::*Update)(const varrt::Tensor&)>
varrt_code update(varrt_variable* variable, const varrt_tensor* value, varrt_status* status) noexcept {
  return guarded(status, [&] {
    require(variable, "variable");
    require(value, "value");
    (variable->variable.*Update)(value->tensor);
  });
}

}  // namespace

extern "C" {

const char* varrt_version(void) noexcept { return varrt::version(); }

const char* varrt_code_name(varrt_code code) noexcept { return varrt::code_name(static_cast<Code>(code)); }

const char* varrt_dtype_name(varrt_dtype dtype) noexcept { return varrt::dtype_name(static_cast<DType>(dtype)); }

size_t varrt_dtype_size(varrt_dtype dtype) noexcept {
  if (dtype == VARRT_STRING || !varrt::dtype_is_valid(static_cast<int32_t>(dtype))) return 0;
  return varrt::dtype_size(static_cast<DType>(dtype));
}

varrt_status* varrt_status_new(void) noexcept { return new (std::nothrow) varrt_status(); }
void varrt_status_delete(varrt_status* status) noexcept { delete status; }
varrt_code varrt_status_code(const varrt_status* status) noexcept { return status ? status->code : VARRT_OK; }
const char* varrt_status_message(const varrt_status* status) noexcept { return status ? status->message.c_str() : ""; }

varrt_tensor* varrt_tensor_new(varrt_dtype dtype, const int64_t* dims, int rank, const void* data, size_t nbytes,
                               varrt_status* status) noexcept {
  return make_handle<varrt_tensor>(status, [&] {
    DType d = checked_dtype(dtype);
    if (d == DType::kString) invalid("string tensors are made with varrt_tensor_new_strings");
    varrt::Tensor t = varrt::Tensor::allocate(d, shape_of(dims, rank));
    if (data == nullptr && nbytes == 0) {
      if (t.byte_size() > 0) std::memset(t.mutable_data(), 0, t.byte_size());
    } else {
      if (nbytes != t.byte_size()) {
        invalid("expected " + std::to_string(t.byte_size()) + " bytes of data, got " + std::to_string(nbytes));
      }
      require(data, "data");
      if (nbytes > 0) std::memcpy(t.mutable_data(), data, nbytes);
    }
    return t;
  });
}

varrt_tensor* varrt_tensor_borrow(varrt_dtype dtype, const int64_t* dims, int rank, void* data, size_t nbytes,
                                  void (*release)(void*), void* release_ctx, varrt_status* status) noexcept {
  return make_handle<varrt_tensor>(status, [&] {
    DType d = checked_dtype(dtype);
    if (d == DType::kString) invalid("string tensors cannot borrow memory");
    varrt::Shape shape = shape_of(dims, rank);
    size_t want = varrt::Buffer::byte_count(d, shape.num_elements());  // checked: the product may overflow
    if (nbytes != want) invalid("expected " + std::to_string(want) + " bytes of data, got " + std::to_string(nbytes));
    if (want > 0) require(data, "data");
    if (reinterpret_cast<uintptr_t>(data) % varrt::dtype_size(d) != 0) invalid("data is not aligned to its element size");
    return varrt::Tensor::borrow(d, shape, data, nbytes, [release, release_ctx] {
      if (release != nullptr) release(release_ctx);
    });
  });
}

varrt_tensor* varrt_tensor_new_strings(const char* const* strings, const size_t* lengths, const int64_t* dims,
                                       int rank, varrt_status* status) noexcept {
  return make_handle<varrt_tensor>(status, [&] {
    varrt::Tensor t = varrt::Tensor::allocate(DType::kString, shape_of(dims, rank));
    auto* out = static_cast<std::string*>(t.mutable_data());
    if (t.num_elements() > 0) {
      require(strings, "strings");
      require(lengths, "lengths");
    }
    for (int64_t i = 0; i < t.num_elements(); ++i) {
      if (lengths[i] > 0) require(strings[i], "a string element");
      out[i].assign(strings[i] != nullptr ? strings[i] : "", lengths[i]);
    }
    return t;
  });
}

void varrt_tensor_delete(varrt_tensor* tensor) noexcept { delete tensor; }

varrt_dtype varrt_tensor_dtype(const varrt_tensor* t) noexcept {
  return t ? static_cast<varrt_dtype>(t->tensor.dtype()) : VARRT_INVALID;
}
int varrt_tensor_rank(const varrt_tensor* t) noexcept { return t ? t->tensor.shape().rank() : 0; }
int64_t varrt_tensor_dim(const varrt_tensor* t, int i) noexcept {
  if (t == nullptr || i < 0 || i >= t->tensor.shape().rank()) return -1;
  return t->tensor.shape().dim(i);
}
int64_t varrt_tensor_num_elements(const varrt_tensor* t) noexcept { return t ? t->tensor.num_elements() : 0; }
size_t varrt_tensor_byte_size(const varrt_tensor* t) noexcept {
  return t && t->tensor.dtype() != DType::kString ? t->tensor.byte_size() : 0;
}
const void* varrt_tensor_data(const varrt_tensor* t) noexcept {
  return t && t->tensor.dtype() != DType::kString ? t->tensor.data() : nullptr;
}
const char* varrt_tensor_string(const varrt_tensor* t, int64_t i, size_t* length) noexcept {
  if (t == nullptr || t->tensor.dtype() != DType::kString || i < 0 || i >= t->tensor.num_elements()) return nullptr;
  const std::string& s = t->tensor.data_as<std::string>()[i];
  if (length != nullptr) *length = s.size();
  return s.c_str();
}

DLManagedTensorVersioned* varrt_tensor_to_dlpack(const varrt_tensor* tensor, int copy, varrt_status* status) noexcept {
  DLManagedTensorVersioned* out = nullptr;
  guarded(status, [&] {
    require(tensor, "tensor");
    out = varrt::to_dlpack_versioned(tensor->tensor, copy != 0);
  });
  return out;
}

varrt_tensor* varrt_tensor_from_dlpack(DLManagedTensorVersioned* managed, int copy, varrt_status* status) noexcept {
  // Made before the import: once from_dlpack succeeds it owns `managed`, and a later failure
  // to allocate the handle would leave nobody to release it.
  varrt_tensor* out = new (std::nothrow) varrt_tensor();
  if (out == nullptr) {
    set_status(status, VARRT_RESOURCE_EXHAUSTED, "out of memory");
    return nullptr;
  }
  if (guarded(status, [&] { out->tensor = varrt::from_dlpack(managed, copy ? varrt::DLPackCopy::kAlways : varrt::DLPackCopy::kIfNeeded); }) != VARRT_OK) {
    delete out;
    return nullptr;
  }
  return out;
}

varrt_variable* varrt_variable_new(const varrt_tensor* initial_value, const char* name, const char* container,
                                   const char* shared_name, varrt_status* status) noexcept {
  return make_handle<varrt_variable>(status, [&] {
    require(initial_value, "initial_value");
    varrt::VariableOptions options;
    options.name = str_or(name, "Variable");
    options.container = str_or(container, "");
    options.shared_name = str_or(shared_name, "");
    return varrt::Variable::create(initial_value->tensor, options);
  });
}

varrt_variable* varrt_variable_from_shared_name(const char* shared_name, const char* container,
                                                varrt_status* status) noexcept {
  return make_handle<varrt_variable>(status, [&] {
    require(shared_name, "shared_name");
    return varrt::Variable::from_shared_name(shared_name, str_or(container, ""));
  });
}

varrt_variable* varrt_variable_copy(const varrt_variable* variable) noexcept {
  if (variable == nullptr) return nullptr;
  return new (std::nothrow) varrt_variable{variable->variable};
}

void varrt_variable_delete(varrt_variable* variable) noexcept {
  delete variable;  // ~OwnedHandle never throws (it catches DestroyResourceOp's errors)
}

varrt_code varrt_variable_assign(varrt_variable* v, const varrt_tensor* value, varrt_status* status) noexcept {
  return update<&varrt::Variable::assign>(v, value, status);
}
varrt_code varrt_variable_assign_add(varrt_variable* v, const varrt_tensor* delta, varrt_status* status) noexcept {
  return update<&varrt::Variable::assign_add>(v, delta, status);
}
varrt_code varrt_variable_assign_sub(varrt_variable* v, const varrt_tensor* delta, varrt_status* status) noexcept {
  return update<&varrt::Variable::assign_sub>(v, delta, status);
}

varrt_tensor* varrt_variable_read(const varrt_variable* variable, varrt_status* status) noexcept {
  return make_handle<varrt_tensor>(status, [&] {
    require(variable, "variable");
    return variable->variable.read();
  });
}

varrt_code varrt_variable_read_into(const varrt_variable* variable, void* out, size_t nbytes,
                                    varrt_status* status) noexcept {
  return guarded(status, [&] {
    require(variable, "variable");
    varrt::Tensor t = variable->variable.read();
    if (t.dtype() == DType::kString) invalid("string values cannot be copied into a byte buffer");
    if (nbytes != t.byte_size()) {
      invalid("the value has " + std::to_string(t.byte_size()) + " bytes, the buffer " + std::to_string(nbytes));
    }
    if (nbytes > 0) {
      require(out, "out");
      std::memcpy(out, t.data(), nbytes);
    }
  });
}

varrt_code varrt_variable_scatter(varrt_variable* v, varrt_scatter_op op, const varrt_tensor* indices,
                                  const varrt_tensor* updates, varrt_status* status) noexcept {
  return guarded(status, [&] {
    require(v, "variable");
    require(indices, "indices");
    require(updates, "updates");
    v->variable.scatter(scatter_op(op), indices->tensor, updates->tensor);
  });
}

varrt_code varrt_variable_scatter_nd(varrt_variable* v, varrt_scatter_op op, const varrt_tensor* indices,
                                     const varrt_tensor* updates, varrt_status* status) noexcept {
  return guarded(status, [&] {
    require(v, "variable");
    require(indices, "indices");
    require(updates, "updates");
    v->variable.scatter_nd(scatter_op(op), indices->tensor, updates->tensor);
  });
}

varrt_tensor* varrt_variable_gather(const varrt_variable* v, const varrt_tensor* indices,
                                    varrt_status* status) noexcept {
  return make_handle<varrt_tensor>(status, [&] {
    require(v, "variable");
    require(indices, "indices");
    return v->variable.gather(indices->tensor);
  });
}

varrt_code varrt_variable_destroy(varrt_variable* variable, varrt_status* status) noexcept {
  return guarded(status, [&] {
    require(variable, "variable");
    variable->variable.destroy();
  });
}

int varrt_variable_is_initialized(const varrt_variable* variable) noexcept {
  int out = 0;
  guarded(nullptr, [&] { out = variable != nullptr && variable->variable.is_initialized() ? 1 : 0; });
  return out;
}

varrt_dtype varrt_variable_dtype(const varrt_variable* v) noexcept {
  return v && v->variable.valid() ? static_cast<varrt_dtype>(v->variable.dtype()) : VARRT_INVALID;
}
const char* varrt_variable_name(const varrt_variable* v) noexcept {
  return v && v->variable.valid() ? v->variable.name().c_str() : "";
}
const char* varrt_variable_container(const varrt_variable* v) noexcept {
  return v && v->variable.valid() ? v->variable.container().c_str() : "";
}
const char* varrt_variable_shared_name(const varrt_variable* v) noexcept {
  return v && v->variable.valid() ? v->variable.shared_name().c_str() : "";
}
const char* varrt_variable_device(const varrt_variable* v) noexcept {
  return v && v->variable.valid() ? v->variable.device().c_str() : "";
}
int varrt_variable_owns_resource(const varrt_variable* v) noexcept { return v && v->variable.owns_resource() ? 1 : 0; }

varrt_code varrt_checkpoint_save(const char* prefix, const char* const* keys, varrt_variable* const* variables,
                                 size_t count, varrt_status* status) noexcept {
  return guarded(status, [&] { varrt::save_checkpoint(checked_prefix(prefix), checkpoint_map(keys, variables, count)); });
}

varrt_code varrt_checkpoint_restore(const char* prefix, const char* const* keys, varrt_variable* const* variables,
                                    size_t count, varrt_status* status) noexcept {
  return guarded(status, [&] {
    varrt::restore_checkpoint(checked_prefix(prefix), checkpoint_map(keys, variables, count));
  });
}

int varrt_num_devices(varrt_status* status) noexcept {
  int n = -1;
  guarded(status, [&] { n = static_cast<int>(varrt::DeviceSet::global().devices().size()); });
  return n;
}

const char* varrt_device_name(int i) noexcept {
  const char* out = nullptr;
  guarded(nullptr, [&] {
    const auto& devices = varrt::DeviceSet::global().devices();
    if (i >= 0 && static_cast<size_t>(i) < devices.size()) out = devices[static_cast<size_t>(i)]->name.c_str();
  });
  return out;
}

int varrt_configure_logical_cpus(int count, varrt_status* status) noexcept {
  int applied = -1;
  guarded(status, [&] { applied = varrt::configure_logical_cpus(count) ? 1 : 0; });
  return applied;
}

varrt_code varrt_device_scope_enter(const char* spec, uint64_t* token, varrt_status* status) noexcept {
  return guarded(status, [&] {
    require(token, "token");
    std::string s = str_or(spec, "");
    *token = varrt::DeviceScope::enter(spec != nullptr ? &s : nullptr);
  });
}

int varrt_device_scope_exit(uint64_t token) noexcept { return varrt::DeviceScope::exit(token) ? 1 : 0; }

void varrt_set_log_device_placement(int on) noexcept { varrt::set_log_device_placement(on != 0); }
int varrt_log_device_placement(void) noexcept { return varrt::log_device_placement() ? 1 : 0; }

void varrt_set_log_sink(void (*sink)(const char* line, void* ctx), void* ctx) noexcept {
  guarded(nullptr, [&] {
    if (sink == nullptr) {
      varrt::set_log_sink(nullptr);
      return;
    }
    varrt::set_log_sink([sink, ctx](const std::string& line) { sink(line.c_str(), ctx); });
  });
}

}  // extern "C"

#include "varrt/api/dlpack.h"

#include <cstring>
#include <vector>

#include "varrt/core/copy.h"
#include "varrt/core/error.h"

namespace varrt {
namespace {

// What an export keeps alive: the tensor (its buffer reference) and the shape/strides arrays
// the DLTensor points into.
template <class Managed>
struct ExportContext {
  Managed managed{};
  Tensor tensor;
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
};

template <class Managed>
void delete_export(Managed* self) noexcept {
  delete static_cast<ExportContext<Managed>*>(self->manager_ctx);
}

template <class Managed>
Managed* export_tensor(const Tensor& t) {
  if (!t.valid()) throw_error(Code::kInvalidArgument, "cannot export an empty tensor to DLPack");
  DLDataType type = to_dlpack_dtype(t.dtype());  // throws for strings
  auto* ctx = new ExportContext<Managed>();
  ctx->tensor = t;
  ctx->shape = t.shape().dims();
  ctx->strides.assign(ctx->shape.size(), 1);
  for (size_t i = ctx->shape.size(); i-- > 1;) ctx->strides[i - 1] = ctx->strides[i] * ctx->shape[i];
  DLTensor& dl = ctx->managed.dl_tensor;
  dl.data = t.mutable_data();  // DLPack's field is non-const; READ_ONLY says it must not be written
  dl.device = DLDevice{kDLCPU, 0};  // every varrt device (the CPU's logical devices) is host memory
  dl.ndim = t.shape().rank();
  dl.dtype = type;
  dl.shape = ctx->shape.data();
  dl.strides = ctx->strides.data();
  dl.byte_offset = 0;
  ctx->managed.manager_ctx = ctx;
  ctx->managed.deleter = &delete_export<Managed>;
  return &ctx->managed;
}

struct Imported {
  DType dtype = DType::kInvalid;
  Shape shape;
  const char* data = nullptr;
  bool compact = true;
};

Imported inspect(const DLTensor& dl) {
  if (dl.device.device_type != kDLCPU) {
    throw_error(Code::kInvalidArgument, "DLPack import: varrt only reads host (kDLCPU) memory, got device type " +
                                            std::to_string(static_cast<int>(dl.device.device_type)));
  }
  Imported out;
  out.dtype = from_dlpack_dtype(dl.dtype);
  if (out.dtype == DType::kInvalid) {
    throw_error(Code::kInvalidArgument, "DLPack import: unsupported data type (code " + std::to_string(dl.dtype.code) +
                                            ", bits " + std::to_string(dl.dtype.bits) + ", lanes " +
                                            std::to_string(dl.dtype.lanes) + ")");
  }
  if (dl.ndim < 0 || (dl.ndim > 0 && dl.shape == nullptr)) {
    throw_error(Code::kInvalidArgument, "DLPack import: invalid ndim or shape");
  }
  out.shape = Shape(dl.shape, dl.ndim);
  int64_t n = out.shape.num_elements();  // throws for negative dims or overflow
  out.data = static_cast<const char*>(dl.data) + dl.byte_offset;
  if (n == 0) return out;
  if (dl.data == nullptr) throw_error(Code::kInvalidArgument, "DLPack import: null data pointer");
  size_t item = dtype_size(out.dtype);
  if (reinterpret_cast<uintptr_t>(out.data) % item != 0) out.compact = false;  // kernels need aligned elements
  if (dl.strides != nullptr) {
    int64_t expected = 1;
    for (int i = dl.ndim - 1; i >= 0; --i) {
      if (dl.shape[i] != 1 && dl.strides[i] != expected) out.compact = false;
      expected *= dl.shape[i];
    }
  }
  return out;
}

// Row-major copy of a strided view into `dst` (element size `item`).
void gather_strided(const DLTensor& dl, const char* base, size_t item, char* dst) {
  int rank = dl.ndim;
  std::vector<int64_t> index(static_cast<size_t>(rank), 0);
  int64_t total = Shape(dl.shape, rank).num_elements();
  for (int64_t k = 0; k < total; ++k) {
    int64_t offset = 0;
    for (int d = 0; d < rank; ++d) offset += index[d] * dl.strides[d];
    std::memcpy(dst + k * static_cast<int64_t>(item), base + offset * static_cast<int64_t>(item), item);
    for (int d = rank - 1; d >= 0; --d) {
      if (++index[d] < dl.shape[d]) break;
      index[d] = 0;
    }
  }
}

template <class Managed>
Tensor import_tensor(Managed* managed, DLPackCopy mode) {
  if (managed == nullptr) throw_error(Code::kInvalidArgument, "DLPack import: null tensor");
  const DLTensor& dl = managed->dl_tensor;
  Imported in = inspect(dl);
  auto release = [managed] {
    if (managed->deleter != nullptr) managed->deleter(managed);
  };
  if (!in.compact && mode == DLPackCopy::kNever) {
    throw_error(Code::kInvalidArgument, "DLPack import: the memory is not compact row-major and element-aligned, "
                                        "so it cannot be shared without a copy (copy=False)");
  }
  if (in.compact && mode != DLPackCopy::kAlways) {
    size_t bytes = static_cast<size_t>(in.shape.num_elements()) * dtype_size(in.dtype);
    return Tensor::borrow(in.dtype, in.shape, const_cast<char*>(in.data), bytes, release);
  }
  Tensor out = Tensor::allocate(in.dtype, in.shape);
  if (out.num_elements() > 0) {
    if (in.compact) {
      copy_elements(in.dtype, in.data, out.mutable_data(), out.num_elements());
    } else if (dl.strides == nullptr) {  // compact but misaligned
      std::memcpy(out.mutable_data(), in.data, out.byte_size());
    } else {
      gather_strided(dl, in.data, dtype_size(in.dtype), static_cast<char*>(out.mutable_data()));
    }
  }
  release();  // the copy owns its memory: the producer's can go now
  return out;
}

}  // namespace

DLDataType to_dlpack_dtype(DType dtype) {
  auto t = [](DLDataTypeCode code, int bits) {
    return DLDataType{static_cast<uint8_t>(code), static_cast<uint8_t>(bits), 1};
  };
  switch (dtype) {
    case DType::kFloat16: return t(kDLFloat, 16);
    case DType::kFloat32: return t(kDLFloat, 32);
    case DType::kFloat64: return t(kDLFloat, 64);
    case DType::kBFloat16: return t(kDLBfloat, 16);
    case DType::kInt8: return t(kDLInt, 8);
    case DType::kInt16: return t(kDLInt, 16);
    case DType::kInt32: return t(kDLInt, 32);
    case DType::kInt64: return t(kDLInt, 64);
    case DType::kUInt8: return t(kDLUInt, 8);
    case DType::kUInt16: return t(kDLUInt, 16);
    case DType::kUInt32: return t(kDLUInt, 32);
    case DType::kUInt64: return t(kDLUInt, 64);
    case DType::kComplex64: return t(kDLComplex, 64);
    case DType::kComplex128: return t(kDLComplex, 128);
    case DType::kBool: return t(kDLBool, 8);
    default:
      throw_error(Code::kInvalidArgument, std::string("DLPack has no type for varrt's ") + dtype_name(dtype) +
                                              " tensors");
  }
}

DType from_dlpack_dtype(DLDataType type) {
  if (type.lanes != 1) return DType::kInvalid;
  switch (type.code) {
    case kDLFloat:
      return type.bits == 16 ? DType::kFloat16 : type.bits == 32 ? DType::kFloat32 : type.bits == 64 ? DType::kFloat64
                                                                                                      : DType::kInvalid;
    case kDLBfloat: return type.bits == 16 ? DType::kBFloat16 : DType::kInvalid;
    case kDLInt:
      return type.bits == 8 ? DType::kInt8 : type.bits == 16 ? DType::kInt16 : type.bits == 32 ? DType::kInt32
             : type.bits == 64 ? DType::kInt64 : DType::kInvalid;
    case kDLUInt:
      return type.bits == 8 ? DType::kUInt8 : type.bits == 16 ? DType::kUInt16 : type.bits == 32 ? DType::kUInt32
             : type.bits == 64 ? DType::kUInt64 : DType::kInvalid;
    case kDLComplex:
      return type.bits == 64 ? DType::kComplex64 : type.bits == 128 ? DType::kComplex128 : DType::kInvalid;
    case kDLBool: return type.bits == 8 ? DType::kBool : DType::kInvalid;
    default: return DType::kInvalid;
  }
}

DLManagedTensorVersioned* to_dlpack_versioned(const Tensor& t, bool copy) {
  if (t.valid()) to_dlpack_dtype(t.dtype());  // refuse strings before copying anything
  DLManagedTensorVersioned* m = export_tensor<DLManagedTensorVersioned>(copy ? t.deep_copy() : t);
  m->version = DLPackVersion{DLPACK_MAJOR_VERSION, DLPACK_MINOR_VERSION};
  m->flags = copy ? DLPACK_FLAG_BITMASK_IS_COPIED : DLPACK_FLAG_BITMASK_READ_ONLY;
  return m;
}

DLManagedTensor* to_dlpack(const Tensor& t) { return export_tensor<DLManagedTensor>(t); }

Tensor from_dlpack(DLManagedTensorVersioned* managed, DLPackCopy copy) {
  if (managed != nullptr && managed->version.major != DLPACK_MAJOR_VERSION) {
    throw_error(Code::kInvalidArgument, "DLPack import: unsupported DLPack major version " +
                                            std::to_string(managed->version.major));
  }
  return import_tensor(managed, copy);
}

Tensor from_dlpack(DLManagedTensor* managed, DLPackCopy copy) { return import_tensor(managed, copy); }

}  // namespace varrt

// Public C++ API: DLPack export and import (dlpack/dlpack.h, DLPack v1.x), for exchanging tensors with
// other libraries (NumPy, PyTorch, JAX, ...) in the same process without copying.
//
// Export. to_dlpack_versioned(t) returns a DLManagedTensorVersioned whose memory is t's
// buffer (no copy), holding a reference to it: the memory stays valid until the consumer
// calls the deleter, whatever happens to the variable the tensor was read from. The
// READ_ONLY flag is set, because varrt tensors are immutable: other varrt tensors (and the
// variable, until its next update) may share that memory. A consumer that writes anyway
// (PyTorch has no read-only tensors and ignores the flag; pre-1.0 consumers never see it)
// changes every varrt value sharing the buffer — this is outside varrt's guarantees. varrt
// itself never writes into exported memory: the export holds a reference, so the variable's
// next update copies first. Ask for `copy` to get a private, writable copy (IS_COPIED set).
// to_dlpack() makes the pre-1.0 DLManagedTensor (no flags), for consumers without 1.0.
// Strings cannot be exported (InvalidArgument). Exported strides are always set.
//
// Import. from_dlpack(m) takes ownership of `m` on success and returns a Tensor over its
// memory (no copy) that calls m's deleter when the last tensor sharing the memory goes
// (possibly from another thread, as the DLPack specification allows). The memory must be
// host memory (kDLCPU), of a varrt dtype with one lane. Compact row-major, element-aligned
// memory is shared; other strides are copied into a new tensor (and the deleter called
// before returning). varrt never writes into imported memory; if the producer does, the
// tensor's value changes with it (as with any zero-copy view). Assigning an imported tensor
// to a variable copies it: variables never alias foreign memory. On error (InvalidArgument)
// ownership stays with the caller and the deleter is not called.
//
// Thread-safety: all functions may be called from any thread; deleters may run on any thread.
#pragma once

#include "dlpack/dlpack.h"
#include "varrt/core/tensor.h"

namespace varrt {

// DLPack's type for a varrt dtype; InvalidArgument for strings.
DLDataType to_dlpack_dtype(DType dtype);
// varrt's dtype for a DLPack type, or kInvalid.
DType from_dlpack_dtype(DLDataType type);

DLManagedTensorVersioned* to_dlpack_versioned(const Tensor& t, bool copy = false);
DLManagedTensor* to_dlpack(const Tensor& t);

// When an import copies: kIfNeeded shares compact memory and copies other layouts;
// kAlways copies; kNever throws InvalidArgument (before taking ownership) when sharing is
// impossible (the Python array API's copy=None/True/False).
enum class DLPackCopy { kIfNeeded, kAlways, kNever };

Tensor from_dlpack(DLManagedTensorVersioned* managed, DLPackCopy copy = DLPackCopy::kIfNeeded);
Tensor from_dlpack(DLManagedTensor* managed, DLPackCopy copy = DLPackCopy::kIfNeeded);

}  // namespace varrt

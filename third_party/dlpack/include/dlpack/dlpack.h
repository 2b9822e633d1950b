/* DLPack v1.0: the in-memory tensor structure shared by array libraries (NumPy, PyTorch,
 * JAX, CuPy, TensorFlow, ...), written from the DLPack specification
 * (https://dmlc.github.io/dlpack/latest/, github.com/dmlc/dlpack). Only the definitions,
 * with the specification's names, values and layouts, so that this header is
 * interchangeable with the official dlpack/dlpack.h: both use the same include guard, and
 * whichever is included first wins.
 *
 * Plain C, usable from C and C++ (varrt/varrt_c.h and varrt/api/dlpack.h build on it).
 */
#ifndef DLPACK_DLPACK_H_
#define DLPACK_DLPACK_H_

#define DLPACK_MAJOR_VERSION 1
#define DLPACK_MINOR_VERSION 0

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The DLPack version: a change of major breaks the ABI, a change of minor does not. */
typedef struct {
  uint32_t major;
  uint32_t minor;
} DLPackVersion;

/* Where the memory lives. */
#ifdef __cplusplus
typedef enum : int32_t {
#else
typedef enum {
#endif
  kDLCPU = 1,
  kDLCUDA = 2,
  kDLCUDAHost = 3,
  kDLOpenCL = 4,
  kDLVulkan = 7,
  kDLMetal = 8,
  kDLVPI = 9,
  kDLROCM = 10,
  kDLROCMHost = 11,
  kDLExtDev = 12,
  kDLCUDAManaged = 13,
  kDLOneAPI = 14,
  kDLWebGPU = 15,
  kDLHexagon = 16,
  kDLMAIA = 17,
} DLDeviceType;

typedef struct {
  DLDeviceType device_type;
  int32_t device_id;
} DLDevice;

typedef enum {
  kDLInt = 0U,
  kDLUInt = 1U,
  kDLFloat = 2U,
  kDLOpaqueHandle = 3U,
  kDLBfloat = 4U,
  kDLComplex = 5U,
  kDLBool = 6U,
} DLDataTypeCode;

/* Element type: `code` (a DLDataTypeCode), `bits` per lane, `lanes` per element (1 for
 * scalars; varrt accepts only 1). bool is {kDLBool, 8, 1}. */
typedef struct {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
} DLDataType;

/* A view of memory: `data` + `byte_offset` is the first element; `shape` has `ndim`
 * entries; `strides` (in elements, may be NULL for compact row-major) likewise. */
typedef struct {
  void* data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t* shape;
  int64_t* strides;
  uint64_t byte_offset;
} DLTensor;

/* The pre-1.0 managed tensor (PyCapsule name "dltensor"): the consumer calls `deleter`
 * (if not NULL) once it no longer needs the memory. No version, no flags. */
typedef struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(struct DLManagedTensor* self);
} DLManagedTensor;

/* The memory must not be written through this tensor. */
#define DLPACK_FLAG_BITMASK_READ_ONLY (1UL << 0UL)
/* The producer made a copy for this export: the consumer holds the only reference. */
#define DLPACK_FLAG_BITMASK_IS_COPIED (1UL << 1UL)

/* The 1.0 managed tensor (PyCapsule name "dltensor_versioned"). */
typedef struct DLManagedTensorVersioned {
  DLPackVersion version;
  void* manager_ctx;
  void (*deleter)(struct DLManagedTensorVersioned* self);
  uint64_t flags;
  DLTensor dl_tensor;
} DLManagedTensorVersioned;

#ifdef __cplusplus
}  /* extern "C" */
#endif

#endif /* DLPACK_DLPACK_H_ */

/* varrt's C ABI: variables and tensors for C programs and other languages' FFIs (ctypes,
 * cffi, Rust, Go, Julia, ...). Link libvarrt_core (CMake: varrt::core).
 *
 * Handles. varrt_tensor, varrt_variable and varrt_status are opaque; every *_new / *_copy /
 * *_read / *_from_* function returns a handle the caller owns and releases with the
 * matching *_delete (which accepts NULL). Strings returned by accessors belong to the handle
 * they came from and stay valid while it exists (status messages: until the status is
 * passed to another call or deleted).
 *
 * Errors. Fallible functions take a trailing `varrt_status*` (may be NULL) and either return
 * a varrt_code (VARRT_OK = 0) or a handle (NULL on error). The status receives the code
 * (TensorFlow's error codes) and TensorFlow's message. No C++ exception ever crosses this
 * boundary: everything is caught and turned into a status (unexpected ones as
 * VARRT_INTERNAL or VARRT_UNKNOWN). A failed operation changes nothing.
 *
 * Threads. Every function may be called from any thread, concurrently, including on the
 * same variable (updates are atomic; reads see whole values). A handle must not be deleted
 * while another thread still uses that same handle (use varrt_variable_copy to give each
 * thread its own). A status must not be shared by threads calling concurrently.
 *
 * Semantics are those of the C++ API (varrt/varrt.h): tensors are immutable values read
 * without copying; variables update copy-on-write; a variable created under a shared_name
 * is reachable from C, C++ and Python in the same process, owned by its creator (deleting
 * the creator's last handle destroys it; handles from varrt_variable_from_shared_name then
 * fail with VARRT_FAILED_PRECONDITION).
 */
#ifndef VARRT_VARRT_C_H_
#define VARRT_VARRT_C_H_

#include <stddef.h>
#include <stdint.h>

#include "dlpack/dlpack.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VARRT_C_API_VERSION 2 /* 2: varrt_configure_logical_cpus takes a status */

/* In C++ the functions are declared noexcept: they never throw. */
#ifdef __cplusplus
#define VARRT_NOEXCEPT noexcept
#else
#define VARRT_NOEXCEPT
#endif

/* TensorFlow's error codes. */
typedef enum varrt_code {
  VARRT_OK = 0,
  VARRT_CANCELLED = 1,
  VARRT_UNKNOWN = 2,
  VARRT_INVALID_ARGUMENT = 3,
  VARRT_DEADLINE_EXCEEDED = 4,
  VARRT_NOT_FOUND = 5,
  VARRT_ALREADY_EXISTS = 6,
  VARRT_PERMISSION_DENIED = 7,
  VARRT_RESOURCE_EXHAUSTED = 8,
  VARRT_FAILED_PRECONDITION = 9,
  VARRT_ABORTED = 10,
  VARRT_OUT_OF_RANGE = 11,
  VARRT_UNIMPLEMENTED = 12,
  VARRT_INTERNAL = 13,
  VARRT_UNAVAILABLE = 14,
  VARRT_DATA_LOSS = 15,
  VARRT_UNAUTHENTICATED = 16
} varrt_code;

/* Element types; the values are TensorFlow's DataType enum. A fixed-width integer, not the
   enum type, so that any value a caller or another language's FFI passes is well-defined C
   (checked, and rejected with VARRT_INVALID_ARGUMENT when unknown). */
enum varrt_dtype_values {
  VARRT_INVALID = 0,
  VARRT_FLOAT32 = 1,
  VARRT_FLOAT64 = 2,
  VARRT_INT32 = 3,
  VARRT_UINT8 = 4,
  VARRT_INT16 = 5,
  VARRT_INT8 = 6,
  VARRT_STRING = 7,
  VARRT_COMPLEX64 = 8,
  VARRT_INT64 = 9,
  VARRT_BOOL = 10,
  VARRT_BFLOAT16 = 14,
  VARRT_UINT16 = 17,
  VARRT_COMPLEX128 = 18,
  VARRT_FLOAT16 = 19,
  VARRT_UINT32 = 22,
  VARRT_UINT64 = 23
};
typedef int32_t varrt_dtype;

typedef struct varrt_status varrt_status;
typedef struct varrt_tensor varrt_tensor;
typedef struct varrt_variable varrt_variable;

/* ---- library ---------------------------------------------------------------------------- */

const char* varrt_version(void) VARRT_NOEXCEPT;
/* "INVALID_ARGUMENT", ...; "UNKNOWN" for values outside the enum. */
const char* varrt_code_name(varrt_code code) VARRT_NOEXCEPT;
/* "float32", ...; "invalid" for values outside the enum. */
const char* varrt_dtype_name(varrt_dtype dtype) VARRT_NOEXCEPT;
/* Bytes per element; 0 for VARRT_STRING and invalid values. */
size_t varrt_dtype_size(varrt_dtype dtype) VARRT_NOEXCEPT;

/* ---- status ------------------------------------------------------------------------------- */

varrt_status* varrt_status_new(void) VARRT_NOEXCEPT;
void varrt_status_delete(varrt_status* status) VARRT_NOEXCEPT;
varrt_code varrt_status_code(const varrt_status* status) VARRT_NOEXCEPT;
/* "" when the code is VARRT_OK. */
const char* varrt_status_message(const varrt_status* status) VARRT_NOEXCEPT;

/* ---- tensors ------------------------------------------------------------------------------ */

/* A new tensor of `dtype` and shape `dims[0..rank)`, with `nbytes` of `data` copied in
 * (nbytes must equal elements * varrt_dtype_size); data NULL with nbytes 0 gives zeros.
 * Not for strings (see varrt_tensor_new_strings). */
varrt_tensor* varrt_tensor_new(varrt_dtype dtype, const int64_t* dims, int rank, const void* data, size_t nbytes,
                               varrt_status* status) VARRT_NOEXCEPT;
/* A tensor over caller-owned memory, without copying. The memory must stay valid and
 * unchanged until `release(release_ctx)` is called (once, from any thread, when the last
 * tensor or variable value sharing it is gone; release may be NULL). Must be element-aligned. */
varrt_tensor* varrt_tensor_borrow(varrt_dtype dtype, const int64_t* dims, int rank, void* data, size_t nbytes,
                                  void (*release)(void* release_ctx), void* release_ctx, varrt_status* status) VARRT_NOEXCEPT;
/* A string tensor: element i is lengths[i] bytes at strings[i] (copied). */
varrt_tensor* varrt_tensor_new_strings(const char* const* strings, const size_t* lengths, const int64_t* dims,
                                       int rank, varrt_status* status) VARRT_NOEXCEPT;
void varrt_tensor_delete(varrt_tensor* tensor) VARRT_NOEXCEPT;

varrt_dtype varrt_tensor_dtype(const varrt_tensor* tensor) VARRT_NOEXCEPT;
int varrt_tensor_rank(const varrt_tensor* tensor) VARRT_NOEXCEPT;
/* Dimension i, or -1 when i is out of range. */
int64_t varrt_tensor_dim(const varrt_tensor* tensor, int i) VARRT_NOEXCEPT;
int64_t varrt_tensor_num_elements(const varrt_tensor* tensor) VARRT_NOEXCEPT;
/* elements * varrt_dtype_size (0 for strings). */
size_t varrt_tensor_byte_size(const varrt_tensor* tensor) VARRT_NOEXCEPT;
/* The elements, zero-copy, row-major; read-only (tensors are immutable). NULL for strings
 * and for empty tensors. Valid while the tensor handle exists. */
const void* varrt_tensor_data(const varrt_tensor* tensor) VARRT_NOEXCEPT;
/* String element i (its length in *length); NULL when not a string tensor or out of range. */
const char* varrt_tensor_string(const varrt_tensor* tensor, int64_t i, size_t* length) VARRT_NOEXCEPT;

/* DLPack (see varrt/api/dlpack.h for the rules): export shares the memory (READ_ONLY set)
 * unless `copy`; the consumer calls the result's deleter. Import takes ownership of
 * `managed` on success (not on error) and shares compact host memory. */
/* `struct`: DLPack's header declares DLManagedTensorVersioned without a typedef. */
struct DLManagedTensorVersioned* varrt_tensor_to_dlpack(const varrt_tensor* tensor, int copy,
                                                        varrt_status* status) VARRT_NOEXCEPT;
varrt_tensor* varrt_tensor_from_dlpack(struct DLManagedTensorVersioned* managed, int copy,
                                       varrt_status* status) VARRT_NOEXCEPT;

/* ---- variables ---------------------------------------------------------------------------- */

/* Creates a variable holding `initial_value` (its dtype and shape are the variable's).
 * `name` labels it in messages (NULL: "Variable"). With a non-empty `shared_name` it is
 * registered under (container, shared_name) (container NULL or "": "localhost") and
 * reachable by name from C, C++ and Python; VARRT_ALREADY_EXISTS when the name is taken.
 * The returned handle owns the variable: when it and all its copies are deleted, the
 * variable is destroyed. */
varrt_variable* varrt_variable_new(const varrt_tensor* initial_value, const char* name, const char* container,
                                   const char* shared_name, varrt_status* status) VARRT_NOEXCEPT;
/* A borrowing handle to the variable registered under (container, shared_name); deleting
 * it never destroys the variable. VARRT_NOT_FOUND when there is none. */
varrt_variable* varrt_variable_from_shared_name(const char* shared_name, const char* container,
                                                varrt_status* status) VARRT_NOEXCEPT;
/* Another handle to the same variable, with the same ownership role. */
varrt_variable* varrt_variable_copy(const varrt_variable* variable) VARRT_NOEXCEPT;
void varrt_variable_delete(varrt_variable* variable) VARRT_NOEXCEPT;

/* value = value_in (same dtype, same shape). */
varrt_code varrt_variable_assign(varrt_variable* variable, const varrt_tensor* value, varrt_status* status) VARRT_NOEXCEPT;
/* value += delta / value -= delta (same dtype and shape, numeric dtypes). */
varrt_code varrt_variable_assign_add(varrt_variable* variable, const varrt_tensor* delta, varrt_status* status) VARRT_NOEXCEPT;
varrt_code varrt_variable_assign_sub(varrt_variable* variable, const varrt_tensor* delta, varrt_status* status) VARRT_NOEXCEPT;
/* The current value, sharing the variable's memory (no copy); later updates do not change it. */
varrt_tensor* varrt_variable_read(const varrt_variable* variable, varrt_status* status) VARRT_NOEXCEPT;
/* Copies the current value into `out` (exactly `nbytes` = its byte size). */
varrt_code varrt_variable_read_into(const varrt_variable* variable, void* out, size_t nbytes, varrt_status* status) VARRT_NOEXCEPT;
/* How a scatter combines each update with the stored element (TensorFlow's ResourceScatter*). */
enum varrt_scatter_op_values {
  VARRT_SCATTER_UPDATE = 0,
  VARRT_SCATTER_ADD = 1,
  VARRT_SCATTER_SUB = 2,
  VARRT_SCATTER_MUL = 3,
  VARRT_SCATTER_DIV = 4,
  VARRT_SCATTER_MIN = 5,
  VARRT_SCATTER_MAX = 6
};
typedef int32_t varrt_scatter_op;  /* an integer for the same reason as varrt_dtype */

/* `indices` (int32/int64) pick rows of the first dimension; `updates` has shape
 * indices.shape + shape[1:] (or is a scalar for every picked element). Duplicates apply in
 * order. Everything is checked before anything is written. */
varrt_code varrt_variable_scatter(varrt_variable* variable, varrt_scatter_op op, const varrt_tensor* indices,
                                  const varrt_tensor* updates, varrt_status* status) VARRT_NOEXCEPT;
/* indices[..., :k] address slices of the first k dimensions (no MUL/DIV). */
varrt_code varrt_variable_scatter_nd(varrt_variable* variable, varrt_scatter_op op, const varrt_tensor* indices,
                                     const varrt_tensor* updates, varrt_status* status) VARRT_NOEXCEPT;
/* The rows `indices` picks, as a new tensor. */
varrt_tensor* varrt_variable_gather(const varrt_variable* variable, const varrt_tensor* indices,
                                    varrt_status* status) VARRT_NOEXCEPT;
/* Destroys the variable now (from any handle). */
varrt_code varrt_variable_destroy(varrt_variable* variable, varrt_status* status) VARRT_NOEXCEPT;
/* 1 when it holds a value, 0 when destroyed. */
int varrt_variable_is_initialized(const varrt_variable* variable) VARRT_NOEXCEPT;

varrt_dtype varrt_variable_dtype(const varrt_variable* variable) VARRT_NOEXCEPT;
const char* varrt_variable_name(const varrt_variable* variable) VARRT_NOEXCEPT;
const char* varrt_variable_container(const varrt_variable* variable) VARRT_NOEXCEPT;
const char* varrt_variable_shared_name(const varrt_variable* variable) VARRT_NOEXCEPT;
/* The full name of the device holding it. */
const char* varrt_variable_device(const varrt_variable* variable) VARRT_NOEXCEPT;
/* 1 for the creator's handles (and their copies), 0 for borrowed ones. */
int varrt_variable_owns_resource(const varrt_variable* variable) VARRT_NOEXCEPT;

/* ---- checkpoints ---------------------------------------------------------------------------- */

/* TensorFlow's checkpoint format (see varrt/api/checkpoint.h): saves variables[i]'s current
 * value under keys[i] to "<prefix>.index" + "<prefix>.data-00000-of-00001", atomically (a
 * failure leaves any previous checkpoint intact). Keys must be distinct and non-empty. */
varrt_code varrt_checkpoint_save(const char* prefix, const char* const* keys, varrt_variable* const* variables,
                                 size_t count, varrt_status* status) VARRT_NOEXCEPT;
/* Restores keys[i] into variables[i], all or nothing: VARRT_NOT_FOUND (missing file or key),
 * VARRT_INVALID_ARGUMENT (dtype/shape mismatch), VARRT_DATA_LOSS (damaged file) change nothing. */
varrt_code varrt_checkpoint_restore(const char* prefix, const char* const* keys, varrt_variable* const* variables,
                                    size_t count, varrt_status* status) VARRT_NOEXCEPT;

/* ---- devices and placement logging --------------------------------------------------------- */

/* The number of devices (creating the device set on first use); -1 on error. */
int varrt_num_devices(varrt_status* status) VARRT_NOEXCEPT;
/* Full name of device i, or NULL when out of range. Valid for the life of the process. */
const char* varrt_device_name(int i) VARRT_NOEXCEPT;
/* The most logical CPUs varrt_configure_logical_cpus accepts. */
#define VARRT_MAX_LOGICAL_CPUS 4096
/* Splits the CPU into `count` logical CPUs (before the first op only): 1 when applied, 0 when
 * too late (nothing changes), -1 with VARRT_INVALID_ARGUMENT for a count outside
 * [0, VARRT_MAX_LOGICAL_CPUS]. 0 is accepted, as TensorFlow does: no device, so the first use
 * of the devices fails with VARRT_NOT_FOUND. */
int varrt_configure_logical_cpus(int count, varrt_status* status) VARRT_NOEXCEPT;
/* Enters a device scope on the calling thread (Python's `with varrt.device(spec)`); *token
 * receives the value to pass to varrt_device_scope_exit, on the same thread, innermost first. */
varrt_code varrt_device_scope_enter(const char* spec, uint64_t* token, varrt_status* status) VARRT_NOEXCEPT;
/* 1 when `token` was the innermost scope (and it is left), 0 otherwise. */
int varrt_device_scope_exit(uint64_t token) VARRT_NOEXCEPT;

void varrt_set_log_device_placement(int on) VARRT_NOEXCEPT;
int varrt_log_device_placement(void) VARRT_NOEXCEPT;
/* `sink(line, ctx)` receives every placement line (no trailing newline), from the thread
 * running the op, possibly concurrently; NULL restores the default (stderr). `ctx` must
 * stay valid while the sink is installed, and a little longer: a line being logged on another
 * thread while the sink is replaced may still reach the old one. */
void varrt_set_log_sink(void (*sink)(const char* line, void* ctx), void* ctx) VARRT_NOEXCEPT;

#ifdef __cplusplus
}  /* extern "C" */
#endif

#endif /* VARRT_VARRT_C_H_ */

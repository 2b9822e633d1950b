// TensorFlow's wording for a failed op in eager mode, in one place: every C++ op builds its
// message here, and the Python ops ask for theirs through bindings/errors.cc (varrt._C.tf),
// so no format string exists twice.
//
// The " name: " part: TensorFlow's eager runtime appends " [Op:<op>] name: <name>" to an op's
// error, but a generated op whose fast path gave up (Python lists or strings as arguments)
// prints only " [Op:<op>]". Every function taking `name` therefore has no default: the
// caller says which it is, a null `name` meaning no " name: " part.
#pragma once

#include <string>

#include "varrt/core/dtype.h"

namespace varrt {
namespace tf {

// " [Op:<op>] name: <name>", or " [Op:<op>]" for a null `name`.
std::string op_suffix(const char* op, const char* name);

// An error TensorFlow raises before the kernel runs (conversion, attr and input checks):
// "<message> [Op:<op>] name: <name>".
std::string op_error(const char* op, const std::string& message, const char* name);

// An error raised by a kernel, which TensorFlow prefixes with the function it wrapped the op in:
// "{{function_node __wrapped__<node>_device_<device>}} <message> [Op:<op>] name: <name>".
// `node` is the op itself when null; some ops are wrapped under another node name (their
// attrs, "Pack_N_2", or an MKL kernel).
std::string kernel_error(const char* op, const std::string& device, const std::string& message, const char* name,
                         const char* node = nullptr);

// No CPU kernel for `dtype`: "No OpKernel was registered to support Op '<op>' ...
// [dtype=DT_BOOL] ...".
std::string no_kernel_error(const char* op, DType dtype, const char* name);

// The body of TensorFlow's NotFoundError for an op with no kernel for `dtype` on any device:
// "Could not find device for node: {{node <op>}} = <op>[<attr>=DT_...]\n<registered>", where
// `registered` is the op registry's list of kernels.
std::string no_device_error(const char* op, const char* attr, DType dtype, const std::string& registered);

// The body of TensorFlow's message for an input of another dtype than the op needs (for
// op_error): "cannot compute <node> as input #<index>(zero-based) was expected to be a
// <want> tensor but is a <got> tensor".
std::string input_dtype_mismatch(const char* node, int index, DType want, DType got);

// The body of TensorFlow's attr check: "Value for attr '<attr>' of <type><rest>", where
// `rest` is the op registry's " is not in the list of allowed values: ..." text.
std::string attr_value_error(const char* attr, DType dtype, const std::string& rest);

// `rest` for attr_value_error when TensorFlow prints only the allowed list and the node:
// " is not in the list of allowed values: <allowed>\n\t; NodeDef: {{node <op>}}".
std::string not_in_allowed_values(const char* op, const char* allowed);

}  // namespace tf
}  // namespace varrt

// Errors of the core: one exception type carrying a TensorFlow status code.
//
// The core reports every failure by throwing varrt::Error. The Python bindings translate it
// in exactly one place (bindings/errors.cc); the C ABI turns it into a status code. `kind` says
// which Python exception TensorFlow raises for the same failure: most come from kernels
// (OpError subclasses chosen by `code`), but some checks live in TensorFlow's Python layer
// and raise ValueError or TypeError there, and ported code catches those types.
#pragma once

#include <stdexcept>
#include <string>

namespace varrt {

// Values match TensorFlow's error codes (tensorflow/core/protobuf/error_codes.proto).
enum class Code : int {
  kOk = 0,
  kCancelled = 1,
  kUnknown = 2,
  kInvalidArgument = 3,
  kDeadlineExceeded = 4,
  kNotFound = 5,
  kAlreadyExists = 6,
  kPermissionDenied = 7,
  kResourceExhausted = 8,
  kFailedPrecondition = 9,
  kAborted = 10,
  kOutOfRange = 11,
  kUnimplemented = 12,
  kInternal = 13,
  kUnavailable = 14,
  kDataLoss = 15,
  kUnauthenticated = 16,
};

// TensorFlow's name for the code, e.g. "INVALID_ARGUMENT".
const char* code_name(Code code);

enum class ErrorKind : int {
  kOp = 0,     // an OpError subclass selected by the code
  kValue = 1,  // Python ValueError (TensorFlow raises it before the kernel runs)
  kType = 2,   // Python TypeError
};

class Error : public std::runtime_error {
 public:
  Error(Code code, const std::string& message, ErrorKind kind = ErrorKind::kOp)
      : std::runtime_error(message), code_(code), kind_(kind), message_(message) {}
  Code code() const noexcept { return code_; }
  ErrorKind kind() const noexcept { return kind_; }
  // The whole message: what() stops at an embedded NUL, and messages quote user input.
  const std::string& message() const noexcept { return message_; }

 private:
  Code code_;
  ErrorKind kind_;
  std::string message_;
};

[[noreturn]] void throw_error(Code code, const std::string& message);
[[noreturn]] void throw_value_error(const std::string& message);
[[noreturn]] void throw_type_error(const std::string& message);

}  // namespace varrt

// Device scopes (`with device("CPU:1"):`), one stack per thread, as TensorFlow's eager
// context keeps them: a new thread starts with no scope; an inner spec's fields override the
// outer scope's; `device(None)` clears the scope; the outermost spec is completed from
// CPU:0's full name ("GPU" means "/job:localhost/replica:0/task:0/device:GPU:0").
//
// A scope is resolved once, when it is entered, for both settings of soft placement, so
// placing an op costs a thread-local load and no string work. Entering a malformed spec
// fails at once (ValueError); a spec that names no device fails only when an op runs in it
// (as in TensorFlow), with the message built then (see Executor).
#pragma once

#include <cstdint>
#include <string>

#include "varrt/device/device.h"

namespace varrt {

struct ScopePlacement {
  std::string requested;                  // the scope's full spec, as TensorFlow prints it
  const Device* device[2] = {nullptr, nullptr};  // [soft placement on, off]; null = ops fail
  bool malformed = false;                 // not a valid full device name (e.g. "CPU:-1")
  bool host_lookup_fails = false;         // names CPU:0 of another job/task: _EagerConst says
                                          // "<requested> unknown device." instead
};

class DeviceScope {
 public:
  // Enters `spec` (null = device(None)) on the calling thread and returns the token that
  // exits it. Throws ValueError-kind errors for malformed specs; initializes the device set.
  static uint64_t enter(const std::string* spec);
  // Leaves the innermost scope if `token` is it; false (and nothing changes) otherwise.
  static bool exit(uint64_t token);
  // The calling thread's resolved scope, or null when ops run by default placement.
  static const ScopePlacement* current();
  // The scope's full spec ("" outside any scope or under device(None)).
  static std::string current_name();
};

}  // namespace varrt

// The executor: the single entry point every op goes through before its kernel runs.
// It places the op on a device and, when placement logging is on, reports
// "Executing op <op> in device <device>" to the log sink. Logging off costs one relaxed
// atomic load; no string is built.
#pragma once

#include <atomic>
#include <functional>
#include <string>

#include "varrt/device.h"

namespace varrt {

using LogSink = std::function<void(const std::string& line)>;

class Executor {
 public:
  // Places `op`: on `colocate` when the op uses a resource that lives there (resource ops
  // run where their resource is), else on the thread's scope device, else CPU:0.
  static const Device& place(const char* op, const Device* colocate = nullptr) {
    const Device& d = colocate ? *colocate : default_device();
    if (log_flag_.load(std::memory_order_relaxed)) log(op, d);
    return d;
  }

  static void set_log_device_placement(bool on) { log_flag_.store(on, std::memory_order_relaxed); }
  static bool log_device_placement() { return log_flag_.load(std::memory_order_relaxed); }
  // Where placement lines go (without trailing newline). Default: stderr.
  // The Python bindings route it to sys.stderr.
  static void set_log_sink(LogSink sink);

 private:
  static const Device& default_device();
  static void log(const char* op, const Device& device);
  static std::atomic<bool> log_flag_;
};

}  // namespace varrt

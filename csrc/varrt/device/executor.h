// The executor: placement, for the one dispatch every op enters through (ops/dispatch.h,
// Dispatch::run, which calls it). It places the op on a device and, when placement logging is
// on, reports "Executing op <op> in device <device>" to the log sink.
//
// Placement: an op that uses a resource runs where the resource lives (`colocate`), else on
// the calling thread's device scope (resolved when the scope was entered), else on CPU:0.
// A scope naming a missing device falls back to a device of the same task when soft
// placement is on (the default) and fails with TensorFlow's InvalidArgumentError when off.
//
// Cost: logging and soft placement share one atomic word, so placing an op is one relaxed
// load plus a thread-local load; no string is built and no lock taken unless logging is on.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "varrt/device/device.h"
#include "varrt/device/device_scope.h"

namespace varrt {

using LogSink = std::function<void(const std::string& line)>;

class Executor {
 public:
  // Places `op` (see above). `name_scope` only decorates the error message
  // ("... [Op:VarHandleOp] name: Variable/").
  static const Device& place(const char* op, const Device* colocate = nullptr, const char* name_scope = "") {
    const uint32_t flags = flags_.load(std::memory_order_relaxed);
    const Device* d = colocate != nullptr ? colocate : scoped(op, name_scope, flags);
    if ((flags & kLog) && !quiet_) log(op, *d);
    return *d;
  }
  // While alive, ops placed on this thread are not logged: a function call logs one line for
  // its graph (log_op), not one per node.
  class Quiet {
   public:
    Quiet() : saved_(quiet_) { quiet_ = true; }
    ~Quiet() { quiet_ = saved_; }
    Quiet(const Quiet&) = delete;
    Quiet& operator=(const Quiet&) = delete;

   private:
    bool saved_;
  };
  // Sets whether this thread's placements are logged (a graph being built logs nothing); returns
  // the previous setting. For scopes that cannot be RAII (entered and left from Python).
  static bool set_quiet(bool quiet) {
    const bool previous = quiet_;
    quiet_ = quiet;
    return previous;
  }
  // Logs "Executing op <op> in device <device>" when placement logging is on (a function call).
  static void log_op(const char* op, const Device& device) {
    if (log_device_placement() && !quiet_) log(op, device);
  }
  // Writes one line to the placement log (a graph's node placements), whatever the flags.
  static void log_line(const std::string& line);
  // Where an op without a resource would run now, without logging it.
  static const Device& current_device() { return *scoped("", "", flags_.load(std::memory_order_relaxed)); }

  static void set_log_device_placement(bool on) { set_flag(kLog, on); }
  static bool log_device_placement() { return flags_.load(std::memory_order_relaxed) & kLog; }
  static void set_soft_device_placement(bool on) { set_flag(kSoftOff, !on); }
  static bool soft_device_placement() { return !(flags_.load(std::memory_order_relaxed) & kSoftOff); }
  // Where placement lines go (without trailing newline). Default: stderr.
  // The Python bindings route it to sys.stderr.
  static void set_log_sink(LogSink sink);
  // Whether a sink is set (the Python bindings keep one a C/C++ host set before importing).
  static bool has_log_sink();

 private:
  static constexpr uint32_t kLog = 1;
  static constexpr uint32_t kSoftOff = 2;  // off-bit, so zero-initialised means TensorFlow's defaults

  static const Device* scoped(const char* op, const char* name_scope, uint32_t flags) {
    const ScopePlacement* scope = DeviceScope::current();
    if (scope == nullptr) return &DeviceSet::global().cpu0();
    const Device* d = scope->device[(flags & kSoftOff) ? 1 : 0];
    if (d == nullptr) fail(op, name_scope, *scope, flags);
    return d;
  }
  [[noreturn]] static void fail(const char* op, const char* name_scope, const ScopePlacement& scope, uint32_t flags);
  static void set_flag(uint32_t bit, bool on) {
    if (on) {
      flags_.fetch_or(bit, std::memory_order_relaxed);
    } else {
      flags_.fetch_and(~bit, std::memory_order_relaxed);
    }
  }
  static void log(const char* op, const Device& device);
  static std::atomic<uint32_t> flags_;
  static inline thread_local bool quiet_ = false;
};

}  // namespace varrt

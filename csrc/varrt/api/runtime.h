// Public C++ API: devices, device scopes, placement logging, memory counters.
//
// Process-wide state, shared with Python when both run in one process (one core library,
// one device set, one resource table). All functions are thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace varrt {

// Receives one placement line per call (see set_log_sink). The same type as the executor's
// (the compiler checks: both aliases meet in runtime.cc).
using LogSink = std::function<void(const std::string& line)>;

// A device's memory counters, in bytes (num_allocs counts allocations).
struct MemoryStats {
  int64_t bytes_in_use = 0;
  int64_t peak_bytes_in_use = 0;
  int64_t num_allocs = 0;          // allocations made since start (never decreases)
  int64_t largest_alloc_size = 0;
  int64_t bytes_limit = 0;
};

// The library's version ("0.1.0"; "0.0.0" for builds outside the Python package).
const char* version();

// --- devices -------------------------------------------------------------------------------

// Full names of the devices, CPU:0 first ("/job:localhost/replica:0/task:0/device:CPU:0").
// The first call (or the first op) fixes the device set.
std::vector<std::string> list_devices();
// Splits the physical CPU into `count` logical CPUs (CPU:0 .. CPU:count-1), as
// tf.config.set_logical_device_configuration does. Only before the device set exists:
// returns false (changing nothing) afterwards. InvalidArgument for a count outside
// [0, 4096] (DeviceSet::kMaxLogicalCpus); 0 leaves no device, as in TensorFlow.
bool configure_logical_cpus(int count);

// --- threads -------------------------------------------------------------------------------

// The threads one op's kernel (and the BLAS library) may use, tf.config.threading's intra-op
// parallelism: n >= 1, or 0 for the default (VARRT_NUM_THREADS, else every core). As in
// TensorFlow, fixed once the devices exist (the first tensor): returns false, changing
// nothing, when they exist and `threads` differs from the setting. Negative: InvalidArgument.
bool configure_intra_op_threads(int threads);
int intra_op_threads_setting();

// Runs the calling thread's ops under a device scope, as Python's `with varrt.device(spec):`.
// Scopes nest per thread; a new thread starts with none. Throws a ValueError-kind
// InvalidArgument for a malformed spec; a spec naming a missing device fails when an op runs
// (or runs on CPU with soft placement on, the default). Must be destroyed on the thread that
// made it, innermost first (stack discipline).
class DeviceGuard {
 public:
  explicit DeviceGuard(const std::string& spec);
  ~DeviceGuard();
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  uint64_t token_;
};

// --- placement and its log -------------------------------------------------------------------

// With logging on, every op reports "Executing op <Op> in device <full device name>" to the
// log sink at the time it runs (from the thread running it).
void set_log_device_placement(bool on);
bool log_device_placement();
// With soft placement off, an op in a scope naming a missing device fails (InvalidArgument).
void set_soft_device_placement(bool on);
bool soft_device_placement();
// Where placement lines go (one call per line, no trailing newline). The sink may be called
// from any thread, concurrently; it must not throw. An empty sink restores the default
// (stderr). Importing varrt in Python installs a sink writing to sys.stderr unless a C or
// C++ sink was set first.
void set_log_sink(LogSink sink);

// --- memory ------------------------------------------------------------------------------------

// The device allocator's counters (bytes in use, peak, allocations made, ...): a way to see
// that an in-place update allocates nothing. `device` as Python's get_memory_info takes it.
MemoryStats memory_stats(const std::string& device = "CPU:0");

}  // namespace varrt

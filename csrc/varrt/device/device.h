// Devices: what an op can be placed on. Each device has a full TensorFlow name
// ("/job:localhost/replica:0/task:0/device:CPU:0") and its own allocator, so memory used
// on a logical device is counted there.
//
// The device set is created on first use: the physical CPU, split into the logical CPUs
// configured before that (`configure_logical_cpus`, as
// tf.config.set_logical_device_configuration), or CPU:0 alone, named for the local task
// ("/job:localhost/replica:0/task:0" unless `configure_local_task` named another, as a
// parameter-server task's runtime does). Afterwards only remote devices are added (the CPUs
// of other tasks, when a cluster is connected); none is ever removed, so device pointers stay
// valid for the life of the process and may be compared by address.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "varrt/core/allocator.h"
#include "varrt/device/device_spec.h"

namespace varrt {

struct Device {
  std::string name;        // full name
  std::string local_name;  // "/device:CPU:1", what tf.config.list_logical_devices shows
  std::string type;        // "CPU"
  int index = 0;
  DeviceSpec spec;         // the full name, parsed
  Allocator* allocator = nullptr;  // owned by the DeviceSet (CPU:0's is Allocator::cpu())
  // A device of another task: ops placed on it run there, through the dispatch's forwarder.
  // What such an op returns is host memory of this process (CPU:0's allocator), so crossing
  // to a local device copies nothing.
  bool remote = false;
};

class DeviceSet {
 public:
  // Creates the set on first call. Throws NotFound when zero logical CPUs were configured
  // (as TensorFlow does), and keeps throwing: nothing can run without a device.
  static DeviceSet& global();
  static bool initialized();
  // The most logical CPUs the physical CPU may be split into. TensorFlow sets no bound; each
  // device costs memory and every device lookup, and a count in the millions (a typo, an
  // overflowed int) took half a minute and gigabytes before failing nothing.
  static constexpr int kMaxLogicalCpus = 4096;
  // Number of logical devices the physical CPU is split into; only before initialization.
  // Returns false (and changes nothing) once the set exists; otherwise a count outside
  // [0, kMaxLogicalCpus] is a ValueError-kind InvalidArgument (0 is TensorFlow's "no CPU
  // device": the first use of the devices then fails with NotFound).
  static bool configure_logical_cpus(int count);
  // Names the local devices "/job:<job>/replica:0/task:<task>/..."; only before
  // initialization (false, and nothing changes, once the set exists).
  static bool configure_local_task(const std::string& job, int64_t task);
  // TensorFlow's intra-op parallelism (core/parallel.h: 0 = the default): false, and nothing
  // changes, when the set exists and `threads` differs from the setting (TensorFlow's rule:
  // fixed once its context is initialized); a negative count is a ValueError-kind InvalidArgument.
  static bool configure_intra_op_threads(int threads);
  // TensorFlow's inter-op parallelism, under the same rule. varrt runs each op on the thread
  // that calls it, so the setting is only kept (tf.config.threading reads it back).
  static bool configure_inter_op_threads(int threads);
  static int inter_op_threads();

  const Device& cpu0() const { return *cpu0_; }
  // The devices now, local ones first: a snapshot, since remote ones may be added meanwhile.
  std::vector<const Device*> devices() const;
  // Adds (or finds) CPU:0 of task `task` of `job` as a remote device. Throws InvalidArgument
  // for the local task's own name.
  const Device& add_remote_cpu(const std::string& job, int64_t task);
  // The device with this type and index on the local task, or null.
  const Device* find(const std::string& type, int64_t index) const;
  // The one device `name` selects, by TensorFlow's get_memory_info rules (full or local
  // name, e.g. "CPU:1", "/device:CPU:0", "/job:localhost/replica:0/task:0/device:CPU:0";
  // unset fields match anything). Throws ValueError-kind errors with TensorFlow's messages.
  const Device& match(const std::string& name) const;
  // "[/job:localhost/replica:0/task:0/device:CPU:0, ...]" contents, for error messages.
  std::string names_joined() const;

 private:
  DeviceSet(int cpus, const std::string& job, int64_t task);
  mutable std::mutex mu_;  // guards devices_ (appends of remote devices)
  std::vector<std::unique_ptr<Device>> devices_;
  const Device* cpu0_ = nullptr;
  std::vector<std::unique_ptr<Allocator>> allocators_;  // of the logical devices after CPU:0
};

}  // namespace varrt

// Devices: what an op can be placed on. Each device has a full TensorFlow name
// ("/job:localhost/replica:0/task:0/device:CPU:0") and its own allocator, so memory used
// on a logical device is counted there.
//
// The device set is created on first use and is immutable afterwards: the physical CPU,
// split into the logical CPUs configured before that (`configure_logical_cpus`, as
// tf.config.set_logical_device_configuration), or CPU:0 alone. Device pointers stay valid
// for the life of the process and may be compared by address.
#pragma once

#include <memory>
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
};

class DeviceSet {
 public:
  // Creates the set on first call. Throws NotFound when zero logical CPUs were configured
  // (as TensorFlow does), and keeps throwing: nothing can run without a device.
  static DeviceSet& global();
  static bool initialized();
  // Number of logical devices the physical CPU is split into; only before initialization.
  // Returns false (and changes nothing) once the set exists.
  static bool configure_logical_cpus(int count);

  const Device& cpu0() const { return *devices_.front(); }
  const std::vector<std::unique_ptr<Device>>& devices() const { return devices_; }
  // The device with this type and index on the local task, or null.
  const Device* find(const std::string& type, int64_t index) const;
  // The one device `name` selects, by TensorFlow's get_memory_info rules (full or local
  // name, e.g. "CPU:1", "/device:CPU:0", "/job:localhost/replica:0/task:0/device:CPU:0";
  // unset fields match anything). Throws ValueError-kind errors with TensorFlow's messages.
  const Device& match(const std::string& name) const;
  // "[/job:localhost/replica:0/task:0/device:CPU:0, ...]" contents, for error messages.
  std::string names_joined() const;

 private:
  explicit DeviceSet(int cpus);
  std::vector<std::unique_ptr<Device>> devices_;
  std::vector<std::unique_ptr<Allocator>> allocators_;  // of the logical devices after CPU:0
};

}  // namespace varrt

// Devices: what an op can be placed on. Each device has a full TensorFlow name
// ("/job:localhost/replica:0/task:0/device:CPU:0") and its own allocator, so memory used
// on a logical device is counted there.
//
// The device set is created on first use and is immutable afterwards (configuration of
// logical devices must happen before that, as in TensorFlow), so Device pointers stay valid
// for the life of the process and may be compared by address.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "varrt/allocator.h"

namespace varrt {

struct Device {
  std::string name;  // full name
  std::string type;  // "CPU"
  int index = 0;
  Allocator* allocator = nullptr;  // owned by the DeviceSet (CPU:0's is Allocator::cpu())
};

class DeviceSet {
 public:
  static DeviceSet& global();
  const Device& cpu0() const { return *devices_.front(); }
  const std::vector<std::unique_ptr<Device>>& devices() const { return devices_; }

 private:
  DeviceSet();
  std::vector<std::unique_ptr<Device>> devices_;
  std::vector<std::unique_ptr<Allocator>> allocators_;  // of the logical devices after CPU:0
};

// The device the calling thread's innermost `device(...)` scope resolved to, or null when
// there is no scope (ops then run on CPU:0 or with the resource they use).
const Device* current_scope_device();
void set_current_scope_device(const Device* device);

}  // namespace varrt

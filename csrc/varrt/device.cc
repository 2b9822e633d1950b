#include "varrt/device.h"

namespace varrt {
namespace {
thread_local const Device* t_scope_device = nullptr;

std::unique_ptr<Device> make_cpu(int index, Allocator* allocator) {
  auto d = std::make_unique<Device>();
  d->type = "CPU";
  d->index = index;
  d->name = "/job:localhost/replica:0/task:0/device:CPU:" + std::to_string(index);
  d->allocator = allocator;
  return d;
}
}  // namespace

DeviceSet::DeviceSet() { devices_.push_back(make_cpu(0, Allocator::cpu())); }

DeviceSet& DeviceSet::global() {
  // Leaked on purpose: variables may be destroyed during static destruction.
  static DeviceSet* set = new DeviceSet();
  return *set;
}

const Device* current_scope_device() { return t_scope_device; }
void set_current_scope_device(const Device* device) { t_scope_device = device; }

}  // namespace varrt

#include "varrt/api/runtime.h"

#include "varrt/core/parallel.h"
#include "varrt/device/device.h"
#include "varrt/device/device_scope.h"
#include "varrt/device/executor.h"

#ifndef VARRT_VERSION_STRING
#define VARRT_VERSION_STRING "0.0.0"
#endif

namespace varrt {

const char* version() { return VARRT_VERSION_STRING; }

std::vector<std::string> list_devices() {
  std::vector<std::string> names;
  for (const auto& d : DeviceSet::global().devices()) names.push_back(d->name);
  return names;
}

bool configure_logical_cpus(int count) { return DeviceSet::configure_logical_cpus(count); }

bool configure_intra_op_threads(int threads) { return DeviceSet::configure_intra_op_threads(threads); }

int intra_op_threads_setting() { return intra_op_threads(); }

DeviceGuard::DeviceGuard(const std::string& spec) : token_(DeviceScope::enter(&spec)) {}
DeviceGuard::~DeviceGuard() { DeviceScope::exit(token_); }

void set_log_device_placement(bool on) { Executor::set_log_device_placement(on); }
bool log_device_placement() { return Executor::log_device_placement(); }
void set_soft_device_placement(bool on) { Executor::set_soft_device_placement(on); }
bool soft_device_placement() { return Executor::soft_device_placement(); }
void set_log_sink(LogSink sink) { Executor::set_log_sink(std::move(sink)); }

MemoryStats memory_stats(const std::string& device) {
  AllocatorStats s = DeviceSet::global().match(device).allocator->stats();
  MemoryStats out;
  out.bytes_in_use = s.bytes_in_use;
  out.peak_bytes_in_use = s.peak_bytes_in_use;
  out.num_allocs = s.num_allocs;
  out.largest_alloc_size = s.largest_alloc_size;
  out.bytes_limit = s.bytes_limit;
  return out;
}

}  // namespace varrt

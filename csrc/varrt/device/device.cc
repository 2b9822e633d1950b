#include "varrt/device/device.h"

#include <atomic>
#include <mutex>

#include "varrt/core/error.h"
#include "varrt/core/parallel.h"

namespace varrt {
namespace {

std::mutex& config_mutex() {
  static std::mutex* m = new std::mutex();
  return *m;
}
int g_configured_cpus = 1;                 // guarded by config_mutex
std::string g_job = "localhost";           // guarded by config_mutex
int64_t g_task = 0;                        // guarded by config_mutex
std::atomic<DeviceSet*> g_set{nullptr};    // set once, never freed

std::unique_ptr<Device> make_cpu(const std::string& job, int64_t task, int index, Allocator* allocator) {
  auto d = std::make_unique<Device>();
  d->type = "CPU";
  d->index = index;
  d->local_name = "/device:CPU:" + std::to_string(index);
  d->name = "/job:" + job + "/replica:0/task:" + std::to_string(task) + d->local_name;
  d->spec.job = job;
  d->spec.replica = 0;
  d->spec.task = task;
  d->spec.device_type = "CPU";
  d->spec.device_index = index;
  d->allocator = allocator;
  return d;
}

}  // namespace

DeviceSet::DeviceSet(int cpus, const std::string& job, int64_t task) {
  devices_.push_back(make_cpu(job, task, 0, Allocator::cpu()));
  for (int i = 1; i < cpus; ++i) {
    allocators_.push_back(std::make_unique<Allocator>("cpu:" + std::to_string(i)));
    devices_.push_back(make_cpu(job, task, i, allocators_.back().get()));
  }
  cpu0_ = devices_.front().get();
}

std::vector<const Device*> DeviceSet::devices() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<const Device*> out;
  out.reserve(devices_.size());
  for (const auto& d : devices_) out.push_back(d.get());
  return out;
}

const Device& DeviceSet::add_remote_cpu(const std::string& job, int64_t task) {
  if (job.empty() || task < 0) throw_error(Code::kInvalidArgument, "a remote task needs a job name and a task index");
  std::lock_guard<std::mutex> lock(mu_);
  for (const auto& d : devices_) {
    if (d->spec.job == job && d->spec.task == task && d->index == 0) {
      if (!d->remote) {
        throw_error(Code::kInvalidArgument, "/job:" + job + "/task:" + std::to_string(task) + " is this process's own task");
      }
      return *d;
    }
  }
  // Host memory of this process: what a remote op returns lives here (see Device::remote).
  devices_.push_back(make_cpu(job, task, 0, Allocator::cpu()));
  devices_.back()->local_name = devices_.back()->name;  // listed by full name, as TensorFlow lists remote devices
  devices_.back()->remote = true;
  return *devices_.back();
}

DeviceSet& DeviceSet::global() {
  DeviceSet* set = g_set.load(std::memory_order_acquire);
  if (set != nullptr) return *set;
  std::lock_guard<std::mutex> lock(config_mutex());
  set = g_set.load(std::memory_order_relaxed);
  if (set == nullptr) {
    if (g_configured_cpus < 1) throw_error(Code::kNotFound, "No CPU devices are available in this process");
    // Leaked on purpose: variables may be destroyed during static destruction.
    set = new DeviceSet(g_configured_cpus, g_job, g_task);
    g_set.store(set, std::memory_order_release);
  }
  return *set;
}

bool DeviceSet::initialized() { return g_set.load(std::memory_order_acquire) != nullptr; }

bool DeviceSet::configure_logical_cpus(int count) {
  std::lock_guard<std::mutex> lock(config_mutex());
  if (g_set.load(std::memory_order_relaxed) != nullptr) return false;
  if (count < 0 || count > kMaxLogicalCpus) {
    throw_value_error("Cannot split the CPU into " + std::to_string(count) + " logical devices: the number must be "
                      "between 0 and " + std::to_string(kMaxLogicalCpus));
  }
  g_configured_cpus = count;
  return true;
}

bool DeviceSet::configure_local_task(const std::string& job, int64_t task) {
  std::lock_guard<std::mutex> lock(config_mutex());
  if (g_set.load(std::memory_order_relaxed) != nullptr) return false;
  g_job = job;
  g_task = task;
  return true;
}

bool DeviceSet::configure_intra_op_threads(int threads) {
  std::lock_guard<std::mutex> lock(config_mutex());
  if (threads < 0) {
    // TensorFlow takes it and aborts the process when its devices start: refused here instead.
    throw_value_error("The number of intra-op threads must be 0 (the default) or positive, not " +
                      std::to_string(threads));
  }
  if (threads == intra_op_threads()) return true;
  if (g_set.load(std::memory_order_relaxed) != nullptr) return false;
  set_intra_op_threads(threads);
  return true;
}

namespace {
int g_inter_op_threads = 0;  // guarded by config_mutex()
}  // namespace

bool DeviceSet::configure_inter_op_threads(int threads) {
  std::lock_guard<std::mutex> lock(config_mutex());
  if (threads == g_inter_op_threads) return true;
  if (g_set.load(std::memory_order_relaxed) != nullptr) return false;
  g_inter_op_threads = threads;
  return true;
}

int DeviceSet::inter_op_threads() {
  std::lock_guard<std::mutex> lock(config_mutex());
  return g_inter_op_threads;
}

const Device* DeviceSet::find(const std::string& type, int64_t index) const {
  for (const Device* d : devices()) {
    if (!d->remote && d->index == index && d->type == type) return d;
  }
  return nullptr;
}

const Device& DeviceSet::match(const std::string& name) const {
  DeviceSpec wanted;
  if (!DeviceSpec::parse_name(name, &wanted)) {
    throw_value_error("Failed parsing device name: '" + name +
                      "'. Note a valid device string should at least contain a device type and a device index, "
                      "like \"GPU:0\".");
  }
  const Device* found = nullptr;
  for (const Device* d : devices()) {
    if (!wanted.compatible_with(d->spec)) continue;
    if (found != nullptr) {
      throw_value_error("Multiple devices match the provided string '" + name + "': '" + found->name + "' and '" +
                        d->name + "'.");
    }
    found = d;
  }
  if (found == nullptr) throw_value_error("No matching devices found for '" + name + "'");
  return *found;
}

std::string DeviceSet::names_joined() const {
  std::string out;
  for (const Device* d : devices()) {
    if (!out.empty()) out += ", ";
    out += d->name;
  }
  return out;
}

}  // namespace varrt

#include "varrt/device/device_scope.h"

#include <atomic>
#include <memory>
#include <vector>

#include "varrt/core/hot_thread_local.h"

namespace varrt {
namespace {

struct Scope {
  uint64_t token = 0;
  std::string name;  // "" for device(None)
  DeviceSpec spec;
  ScopePlacement placement;
};

thread_local std::vector<std::unique_ptr<Scope>> t_stack;
VARRT_HOT_THREAD_LOCAL thread_local const ScopePlacement* t_current = nullptr;
std::atomic<uint64_t> g_next_token{1};

// TensorFlow's eager device selection for a scope's full spec: the device it names, else
// (soft placement) any device of the same job/replica/task, else nothing.
ScopePlacement resolve(const DeviceSpec& spec) {
  const DeviceSet& set = DeviceSet::global();
  ScopePlacement p;
  p.requested = spec.to_string();
  DeviceSpec parsed;
  p.malformed = !DeviceSpec::parse_name(p.requested, &parsed);
  const Device* exact = nullptr;
  const Device* same_task = nullptr;
  DeviceSpec task_only = spec;
  task_only.device_type.reset();
  task_only.device_index.reset();
  for (const Device* d : set.devices()) {
    if (exact == nullptr && spec.compatible_with(d->spec)) exact = d;
    if (same_task == nullptr && task_only.compatible_with(d->spec)) same_task = d;
  }
  p.host_lookup_fails = exact == nullptr && spec.device_type == std::string("CPU") && spec.device_index == 0;
  if (!p.malformed) {
    p.device[0] = exact ? exact : same_task;
    p.device[1] = exact;
  }
  return p;
}

void update_current() {
  const Scope* top = t_stack.empty() ? nullptr : t_stack.back().get();
  t_current = top == nullptr || top->name.empty() ? nullptr : &top->placement;
}

}  // namespace

uint64_t DeviceScope::enter(const std::string* spec) {
  auto scope = std::make_unique<Scope>();
  if (spec != nullptr) {
    DeviceSpec inner = DeviceSpec::parse(*spec);
    const Scope* outer = t_stack.empty() ? nullptr : t_stack.back().get();
    DeviceSpec base = outer != nullptr && !outer->name.empty() ? outer->spec : DeviceSet::global().cpu0().spec;
    scope->spec = base.merged_with(inner);
    scope->name = scope->spec.to_string();
    scope->placement = resolve(scope->spec);
  }
  scope->token = g_next_token.fetch_add(1, std::memory_order_relaxed);
  uint64_t token = scope->token;
  t_stack.push_back(std::move(scope));
  update_current();
  return token;
}

bool DeviceScope::exit(uint64_t token) {
  if (t_stack.empty() || t_stack.back()->token != token) return false;
  t_stack.pop_back();
  update_current();
  return true;
}

const ScopePlacement* DeviceScope::current() { return t_current; }

std::string DeviceScope::current_name() { return t_stack.empty() ? std::string() : t_stack.back()->name; }

}  // namespace varrt

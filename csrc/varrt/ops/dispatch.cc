#include "varrt/ops/dispatch.h"

#include <atomic>
#include <cstring>
#include <string>

#include "varrt/core/error.h"
#include "varrt/device/device_copy.h"

namespace varrt {
namespace {

thread_local DispatchHook* top_hook = nullptr;
std::atomic<OpForwarder*> forwarder{nullptr};

}  // namespace

int64_t OpCall::attr(const char* name, int64_t fallback) const {
  for (int i = 0; i < num_attrs; ++i) {
    if (std::strcmp(attrs[i].name, name) == 0) return attrs[i].value;
  }
  return fallback;
}

const OpAttr* OpCall::find_attr(const char* name) const {
  for (int i = 0; i < num_attrs; ++i) {
    if (std::strcmp(attrs[i].name, name) == 0) return &attrs[i];
  }
  return nullptr;
}

Dispatch::SuspendHooks::SuspendHooks() : saved_(top_hook) { top_hook = nullptr; }
Dispatch::SuspendHooks::~SuspendHooks() { top_hook = saved_; }

void Dispatch::move_inputs(OpCall& call) {
  for (int i = 0; i < call.num_inputs; ++i) {
    const Device* d = call.input_devices[i];
    if (d != nullptr && d != call.device) call.inputs[i] = to_device(call.inputs[i], *call.device);
  }
}

void Dispatch::symbolic_input(const OpCall& call, int index) {
  throw_error(Code::kInvalidArgument, std::string("input ") + std::to_string(index) + " of " + call.op +
                                          " is a graph tensor used outside the graph being built");
}

void Dispatch::unreachable(const Device& device) {
  throw_error(Code::kUnavailable, device.name + " is not reachable: its task is not connected to this process");
}

void Dispatch::push_hook(DispatchHook* hook) {
  hook->below_ = top_hook;
  top_hook = hook;
}

void Dispatch::pop_hook(DispatchHook* hook) {
  if (top_hook != hook) throw_error(Code::kInternal, "dispatch hooks must be removed in reverse order");
  top_hook = hook->below_;
  hook->below_ = nullptr;
}

void Dispatch::remove_hook(DispatchHook* hook) noexcept {
  for (DispatchHook** link = &top_hook; *link != nullptr; link = &(*link)->below_) {
    if (*link == hook) {
      *link = hook->below_;
      hook->below_ = nullptr;
      return;
    }
  }
}

void Dispatch::set_forwarder(OpForwarder* f) { forwarder.store(f, std::memory_order_release); }

bool Dispatch::intercepted() {
  return top_hook != nullptr || forwarder.load(std::memory_order_relaxed) != nullptr;
}

void Dispatch::notify(DispatchHook* hook, OpCall& call) {
  // Ops the hook runs itself (a tape computing, a tracer converting) are not shown to it or to
  // the hooks above it: they see the program's ops only.
  struct Restore {
    DispatchHook* saved;
    ~Restore() { top_hook = saved; }
  } restore{top_hook};
  top_hook = hook->below_;
  hook->on_op(call);
}

void Dispatch::run_intercepted(OpCall& call, void (*kernel)(void*, OpCall&), void* state) {
  // The newest replace hook, if any: it takes the op (unless it declines it); observers above
  // it see the result.
  DispatchHook* replace = nullptr;
  for (DispatchHook* h = top_hook; h != nullptr; h = h->below_) {
    if (h->mode() == DispatchHook::Mode::kReplace) {
      if (h->replaces(call)) replace = h;
      break;
    }
  }
  if (replace != nullptr) {
    // Tracing: the op is placed where it would run, without running or logging.
    call.device = call.colocate != nullptr ? call.colocate : &Executor::current_device();
    call.kernel_fn_ = kernel;
    call.kernel_state_ = state;
    notify(replace, call);
    call.kernel_fn_ = nullptr;
    call.kernel_state_ = nullptr;
  } else {
    refuse_symbolic(call);
    call.device = &Executor::place(call.op, call.colocate, call.name_scope);
    if (call.input_devices != nullptr) move_inputs(call);
    OpForwarder* f = forwarder.load(std::memory_order_acquire);
    if (f != nullptr && f->forwards(*call.device)) {
      f->forward(call);
    } else if (call.device->remote) {
      unreachable(*call.device);
    } else {
      kernel(state, call);
    }
    renew_output_ids(call);  // a replacing hook chose its outputs' identities itself
  }
  for (DispatchHook* h = top_hook; h != nullptr && h != replace; h = h->below_) {
    if (h->mode() == DispatchHook::Mode::kObserve) notify(h, call);
  }
}

}  // namespace varrt

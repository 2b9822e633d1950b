#include "varrt/ops/dispatch.h"

#include <atomic>
#include <cstring>
#include <string>

#include "varrt/core/error.h"
#include "varrt/core/hot_thread_local.h"
#include "varrt/device/device_copy.h"

namespace varrt {
namespace {

VARRT_HOT_THREAD_LOCAL thread_local DispatchHook* top_hook = nullptr;
// The replace hook whose on_op is running on this thread (its kernel's own ops may read the
// stand-ins it was given), or null.
VARRT_HOT_THREAD_LOCAL thread_local const DispatchHook* handling = nullptr;
std::atomic<OpForwarder*> forwarder{nullptr};

std::string out_of_scope_message(const char* op, int input, uint64_t graph) {
  return std::string("input ") + std::to_string(input) + " of " + op + " is a tensor of graph " +
         std::to_string(graph) + ", which is not being built here";
}

}  // namespace

OutOfScopeError::OutOfScopeError(const char* op, int input, Tensor tensor)
    : Error(Code::kInvalidArgument, out_of_scope_message(op, input, tensor.graph()), ErrorKind::kType),
      input_(input),
      tensor_(std::move(tensor)) {}

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

Dispatch::SuspendHooks::SuspendHooks() : saved_(top_hook), saved_handling_(handling) {
  top_hook = nullptr;
  handling = nullptr;
}
Dispatch::SuspendHooks::~SuspendHooks() {
  top_hook = saved_;
  handling = saved_handling_;
}

bool Dispatch::builds(const DispatchHook* hook, uint64_t graph) {
  for (; hook != nullptr; hook = hook->below_) {
    if (hook->mode() == DispatchHook::Mode::kReplace && hook->graph() == graph) return true;
  }
  return false;
}

void Dispatch::check_scope(const OpCall& call, const DispatchHook* replace) {
  for (int i = 0; i < call.num_inputs; ++i) {
    const uint64_t g = call.inputs[i].graph();
    if (g != 0 && !builds(replace, g) && !builds(handling, g)) throw OutOfScopeError(call.op, i, call.inputs[i]);
  }
}

void Dispatch::check_readable_slow(const char* what, const Tensor& t) {
  const DispatchHook* replace = top_hook;
  while (replace != nullptr && replace->mode() != DispatchHook::Mode::kReplace) replace = replace->below_;
  if (!builds(replace, t.graph()) && !builds(handling, t.graph())) throw OutOfScopeError(what, 0, t);
}

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
    const DispatchHook* saved_handling;
    ~Restore() {
      top_hook = saved;
      handling = saved_handling;
    }
  } restore{top_hook, handling};
  top_hook = hook->below_;
  if (hook->mode() == DispatchHook::Mode::kReplace) handling = hook;
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
  check_scope(call, replace);  // a declined op runs for real: no stand-in may reach it
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
      ScopedFlushDenormals flush;
      kernel(state, call);
    }
    renew_output_ids(call);  // a replacing hook chose its outputs' identities itself
  }
  for (DispatchHook* h = top_hook; h != nullptr && h != replace; h = h->below_) {
    if (h->mode() == DispatchHook::Mode::kObserve) notify(h, call);
  }
}

}  // namespace varrt

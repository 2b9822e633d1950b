// The dispatch: the one entry every op goes through, from C++, the C ABI and Python alike.
//
//   OpCall call{"AddV2", inputs, 2};  call.outputs = out; call.num_outputs = 1;
//   Dispatch::run(call, [&](OpCall& c) { ...kernel: allocate on c.device, fill c.outputs... });
//
// run() places the op (device scope, colocation with a resource, soft placement; the
// placement log line), then runs the kernel — unless someone is listening:
//   * an *observe* hook (a gradient tape) sees inputs and outputs after the kernel;
//   * a *replace* hook (graph tracing) gets the call instead of the kernel and fills the
//     outputs (symbolic tensors may have no buffer); nothing runs and nothing is logged;
//   * a *forwarder* (remote devices) executes ops placed on the devices it owns instead of
//     the local kernel, after placement and its log line.
// Hooks are per thread (a tape or a trace belongs to the thread that opened it) and nest:
// the newest is asked first; observers above the newest replace hook see the replaced op.
// While a hook handles an op, the ops it runs itself bypass it and the hooks above it.
// The forwarder is process-wide. With neither, run() costs one thread-local load and a look
// at each input's graph tag beyond placement.
//
// A tensor of a graph (Tensor::graph() != 0) is a stand-in, not a value: run() takes it only
// while a replace hook building that graph, or a graph built inside it (a replace hook above
// it: a cond branch, a nested function), handles the op, or while such a hook is itself handling
// an op (its kernel's own ops). Anywhere else it throws OutOfScopeError, before anything runs.
#pragma once

#include <cstdint>

#include "varrt/core/error.h"
#include "varrt/core/flush_denormals.h"
#include "varrt/core/tensor.h"
#include "varrt/device/device.h"
#include "varrt/device/executor.h"

namespace varrt {

class ResourceHandle;

// An attribute of an op, as TensorFlow names it ("transpose_a", "DstT", "keep_dims", "alpha").
// Integers carry bools and dtypes too; `ints` points at caller-owned storage and marks a list
// attribute (non-null even for an empty list: `kNoInts`); `is_real` marks a float attribute (`real`).
struct OpAttr {
  static constexpr int64_t kNoInts[1] = {0};  // what `ints` points at for an empty list

  const char* name = "";
  int64_t value = 0;
  const int64_t* ints = nullptr;
  int num_ints = 0;
  double real = 0.0;
  bool is_real = false;
};

// One op call. Inputs, attributes and output slots are caller-owned and outlive the call.
struct OpCall {
  OpCall(const char* op_name, Tensor* in = nullptr, int n_in = 0) : op(op_name), inputs(in), num_inputs(n_in) {}

  const char* op;
  Tensor* inputs;  // replaced by copies on the op's device where input_devices says they live elsewhere
  int num_inputs;
  const Device* const* input_devices = nullptr;  // optional, one per input (null entries: on the op's device)
  const ResourceHandle* resource = nullptr;  // the resource input of a resource op
  // Every resource input of an op with several (the fused optimizer ops: var and its slots,
  // var first, so `resource` is resources[0]); null for ops with at most one.
  const ResourceHandle* const* resources = nullptr;
  int num_resources = 0;
  const OpAttr* attrs = nullptr;
  int num_attrs = 0;
  const Device* colocate = nullptr;  // runs where this device is (a resource's)
  const char* name_scope = "";       // decorates placement errors only
  Tensor* outputs = nullptr;
  int num_outputs = 0;
  const Device* device = nullptr;  // where the op runs, set by Dispatch::run before the kernel
  // Opaque to the core: what the bindings' Python-kernel ops (_C.execute) put here so a graph
  // recorder can replay the op (the kernel object, the output dtype and shape rule).
  const void* host_kernel = nullptr;

  Allocator* allocator() const { return device->allocator; }
  int64_t attr(const char* name, int64_t fallback = 0) const;
  const OpAttr* find_attr(const char* name) const;
  // For a replace hook: runs the op's own kernel (on `device`, already set) and gives its
  // outputs new ids, as an unhooked run would. Only valid while the hook handles the call.
  void run_kernel() {
    kernel_fn_(kernel_state_, *this);
    for (int i = 0; i < num_outputs; ++i) outputs[i].renew_id();
  }

 private:
  friend class Dispatch;
  void (*kernel_fn_)(void*, OpCall&) = nullptr;
  void* kernel_state_ = nullptr;
};

// An op input that is a graph's stand-in, given where that graph is not being built. The bindings
// show the tensor as the graph tensor it is (TensorFlow's "... is out of scope" TypeError).
class OutOfScopeError : public Error {
 public:
  OutOfScopeError(const char* op, int input, Tensor tensor);
  int input() const { return input_; }
  const Tensor& tensor() const { return tensor_; }

 private:
  int input_;
  Tensor tensor_;
};

class DispatchHook {
 public:
  enum class Mode { kObserve, kReplace };
  // `graph`: for a replace hook that builds a graph, that graph's id (the tag of its tensors).
  explicit DispatchHook(Mode mode, uint64_t graph = 0) : mode_(mode), graph_(graph) {}
  virtual ~DispatchHook() = default;
  Mode mode() const { return mode_; }
  uint64_t graph() const { return graph_; }
  // kObserve: after the kernel, inputs and outputs filled. kReplace: instead of the kernel;
  // must fill every output slot. May throw (the op then fails as if its kernel had).
  virtual void on_op(OpCall& call) = 0;
  // kReplace: whether this hook takes `call`. An op it declines runs as it would without the
  // hook (placed, forwarded to another task or run here); observers still see it.
  virtual bool replaces(const OpCall& /*call*/) const { return true; }

 private:
  friend class Dispatch;
  Mode mode_;
  uint64_t graph_;
  DispatchHook* below_ = nullptr;
};

class OpForwarder {
 public:
  virtual ~OpForwarder() = default;
  virtual bool forwards(const Device& device) const = 0;
  // Runs `call` (placed on a device it forwards) elsewhere; fills every output slot.
  virtual void forward(OpCall& call) = 0;
};

class Dispatch {
 public:
  template <class Kernel>
  static void run(OpCall& call, Kernel&& kernel) {
    if (!intercepted()) {
      for (int i = 0; i < call.num_inputs; ++i) {
        // A graph's tensor (symbolic ones included): one test of the word that holds both.
        if (call.inputs[i].graph() != 0 || call.inputs[i].is_symbolic()) {
          check_scope(call, nullptr);  // throws unless a hook is handling
          refuse_symbolic(call);
          break;
        }
      }
      call.device = &Executor::place(call.op, call.colocate, call.name_scope);
      if (call.device->remote) unreachable(*call.device);
      if (call.input_devices != nullptr) move_inputs(call);
      {
        ScopedFlushDenormals flush;
        kernel(call);
      }
      renew_output_ids(call);
      return;
    }
    run_intercepted(call, [](void* k, OpCall& c) { (*static_cast<Kernel*>(k))(c); }, &kernel);
  }

  // run() for an op whose work its caller does itself after the call (_EagerConst: the caller
  // converts a value onto call.device): placed, logged and shown to hooks as by run(), without
  // the scope a kernel runs in (the denormal flush: two MXCSR writes, a fifth of a small op's dispatch).
  static void run_without_kernel(OpCall& call) {
    if (!intercepted() && call.num_inputs == 0 && call.num_outputs == 0) {
      call.device = &Executor::place(call.op, call.colocate, call.name_scope);
      if (call.device->remote) unreachable(*call.device);
      return;
    }
    run(call, [](OpCall&) {});
  }

  // The calling thread's hooks. pop_hook must get the most recently pushed hook.
  static void push_hook(DispatchHook* hook);
  static void pop_hook(DispatchHook* hook);
  // Unlinks `hook` wherever it is in this thread's chain (no-op if absent; never throws): for a
  // hook's destructor, which must not leave a dangling hook even when hooks end out of order.
  static void remove_hook(DispatchHook* hook) noexcept;
  // Process-wide; null removes. The forwarder must outlive its installation.
  static void set_forwarder(OpForwarder* forwarder);
  // Whether a hook (on this thread) or a forwarder is installed.
  static bool intercepted();
  // The dispatch's scope rule for what reads a tensor's memory without an op (a NumPy view,
  // DLPack): throws OutOfScopeError (`what` naming the reader) unless `t` is a value or a tensor
  // of a graph this thread is building (the newest replace hook's graph or one it is built in).
  static void check_readable(const char* what, const Tensor& t) {
    if (t.graph() != 0) check_readable_slow(what, t);
  }

  // While alive, this thread's hooks are set aside (ops run as if none were installed, so a
  // graph's tensors are refused): what tf.init_scope does inside a trace, where a variable's
  // creation must run, not be recorded.
  class SuspendHooks {
   public:
    SuspendHooks();
    ~SuspendHooks();
    SuspendHooks(const SuspendHooks&) = delete;
    SuspendHooks& operator=(const SuspendHooks&) = delete;

   private:
    DispatchHook* saved_;
    const DispatchHook* saved_handling_;
  };

 private:
  static void move_inputs(OpCall& call);
  // A kernel never runs on a symbolic tensor (a graph's tensor has a value only when its graph
  // runs): an op that would run one, outside the graph recorder, fails.
  static void refuse_symbolic(const OpCall& call) {
    for (int i = 0; i < call.num_inputs; ++i) {
      if (call.inputs[i].is_symbolic()) symbolic_input(call, i);
    }
  }
  [[noreturn]] static void symbolic_input(const OpCall& call, int index);
  // Throws OutOfScopeError for the first input of a graph that neither `replace` (the hook about
  // to take the op, may be null) nor the hook handling an op on this thread builds or is built in.
  static void check_scope(const OpCall& call, const DispatchHook* replace);
  // Whether `hook` or a replace hook below it (a graph it is built inside) builds `graph`.
  static bool builds(const DispatchHook* hook, uint64_t graph);
  static void check_readable_slow(const char* what, const Tensor& t);
  // An op placed on another task's device with no forwarder for it: UnavailableError.
  [[noreturn]] static void unreachable(const Device& device);
  // Every output is a new value for a tape, even one sharing an input's buffer (Identity, a read).
  static void renew_output_ids(OpCall& call) {
    for (int i = 0; i < call.num_outputs; ++i) call.outputs[i].renew_id();
  }
  static void notify(DispatchHook* hook, OpCall& call);
  static void run_intercepted(OpCall& call, void (*kernel)(void*, OpCall&), void* state);
};

}  // namespace varrt

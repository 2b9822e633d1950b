#include "varrt/ops/training_ops.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "varrt/core/error.h"
#include "varrt/core/parallel.h"
#include "varrt/ops/dispatch.h"
#include "varrt/ops/indexing.h"
#include "varrt/resource/prepare_to_update.h"
#include "varrt/resource/var_access.h"
#include "varrt/tf/messages.h"
#include "varrt/tf/type_names.h"

namespace varrt {
namespace ops {
namespace {

constexpr int kMaxVars = 4;

// An op's signature as TensorFlow declares it: the resource inputs (var first), then the other
// inputs in order (their position in TensorFlow's input list is num_vars + i).
struct Spec {
  const char* op;
  int num_vars;
  const char* var_names[kMaxVars];
  int num_inputs;
  const char* input_names[9];
  int grad;     // the input the shapes are checked against ("grad", "delta")
  int indices;  // the indices input of a sparse op, or -1
};

// TensorFlow's fused training ops, as the op table's records give them (generated).
const Spec kTrainingOps[] = {
#include "varrt/ops/training_op_signatures.inc"
};

// The signature of TensorFlow op `op` (one of kTrainingOps).
const Spec& signature(const char* op) {
  for (const Spec& s : kTrainingOps) {
    if (std::strcmp(s.op, op) == 0) return s;
  }
  throw_error(Code::kInternal, std::string("no signature for ") + op);
}

// The kernel sees each variable's memory (prepared for update) and the op's inputs.
struct Prepared {
  DType dtype;
  void* data[kMaxVars];
  int64_t n;  // elements of var
};

double scalar(const Tensor& t) {
  return t.dtype() == DType::kFloat32 ? static_cast<double>(*static_cast<const float*>(t.data()))
                                      : *static_cast<const double*>(t.data());
}

// Checks TensorFlow makes before the kernel: T is the first non-index input's dtype, every other
// such input must have it, and T must have a kernel.
DType check_input_dtypes(const Spec& s, const Tensor* inputs) {
  const DType t = inputs[s.indices == 0 ? 1 : 0].dtype();
  for (int i = 0; i < s.num_inputs; ++i) {
    if (i == s.indices) {
      indexing::check_index_dtype(s.op, inputs[i].dtype());
    } else if (inputs[i].dtype() != t) {
      throw_error(Code::kInvalidArgument,
                  tf::op_error(s.op, tf::input_dtype_mismatch(s.op, s.num_vars + i, t, inputs[i].dtype()), ""));
    }
  }
  if (!kernels::training_dtype_supported(t)) throw_error(Code::kInvalidArgument, tf::no_kernel_error(s.op, t, ""));
  return t;
}

// Locks every distinct variable exclusively, in address order (TensorFlow's
// MaybeLockVariableInputMutexesInOrder), so concurrent ops over shared variables cannot deadlock.
class VarLocks {
 public:
  VarLocks(Var* const* vars, int n) {
    Var* sorted[kMaxVars];
    for (int i = 0; i < n; ++i) {  // insertion sort: at most four
      int j = i;
      for (; j > 0 && std::less<Var*>()(vars[i], sorted[j - 1]); --j) sorted[j] = sorted[j - 1];
      sorted[j] = vars[i];
    }
    for (int i = 0; i < n; ++i) {
      if (i > 0 && sorted[i] == sorted[i - 1]) continue;
      locks_[count_++] = std::unique_lock<std::shared_mutex>(sorted[i]->mu());
    }
  }

 private:
  std::unique_lock<std::shared_mutex> locks_[kMaxVars];
  int count_ = 0;
};

// Validation under the locks, in TensorFlow's order; throws before anything is written.
void validate(const Spec& s, const ResourceHandle* const* handles, Var* const* vars, const Device& device,
              const Tensor* inputs) {
  auto fail = [&](const std::string& message) {
    throw_error(Code::kInvalidArgument, indexing::kernel_error(s.op, device, message));
  };
  for (int i = 0; i < s.num_vars; ++i) require_initialized(*vars[i], *handles[i]);
  const Shape& vs = vars[0]->tensor().shape();
  for (int i = 1; i < s.num_vars; ++i) {
    const Shape& ss = vars[i]->tensor().shape();
    if (ss != vs) {
      fail(std::string("var and ") + s.var_names[i] + " do not have the same shape" + vs.debug_string() + " " +
           ss.debug_string());
    }
  }
  if (s.indices >= 0 && vs.rank() < 1) fail("var must be at least 1 dimensional");
  for (int i = 0; i < s.num_inputs; ++i) {
    if (i == s.grad || i == s.indices) continue;
    if (inputs[i].shape().rank() != 0) {
      fail(std::string(s.input_names[i]) + " is not a scalar: " + inputs[i].shape().debug_string());
    }
  }
  const Shape& gs = inputs[s.grad].shape();
  if (s.indices < 0) {
    if (gs != vs) {
      fail(std::string("var and ") + s.input_names[s.grad] + " do not have the same shape" + vs.debug_string() +
           " " + gs.debug_string());
    }
    return;
  }
  const Tensor& indices = inputs[s.indices];
  if (indices.shape().rank() != 1) fail("indices must be one-dimensional");
  // TensorFlow reads grad.dim_size(d) past a lower-rank grad; varrt requires equal ranks.
  for (int d = 1; d < vs.rank(); ++d) {
    if (gs.rank() != vs.rank() || gs.dim(d) != vs.dim(d)) {
      fail("var and grad must match in dimension " + std::to_string(d));
    }
  }
  const int64_t n = indices.num_elements();
  if (gs.rank() < 1 || gs.dim(0) != n) fail("grad must be the same size as indices in the first dimension.");
  indexing::IndexView idx(indices);
  for (int64_t i = 0; i < n; ++i) {
    if (idx[i] < 0 || idx[i] >= vs.dim(0)) {
      fail("Index " + std::to_string(idx[i]) + " at offset " + std::to_string(i) + " in indices is out of range");
    }
  }
}

OpAttr int_attr(const char* name, int64_t value) {
  OpAttr a;
  a.name = name;
  a.value = value;
  return a;
}

OpAttr real_attr(const char* name, double value) {
  OpAttr a;
  a.name = name;
  a.real = value;
  a.is_real = true;
  return a;
}

// The copy of copy-on-write fused with a dense update: piece by piece, the old values are
// copied into the new memory and the kernel updates that piece while it is in cache, so the
// update after a checkpoint snapshot passes over memory once, as an update in place does,
// instead of copying the whole variable and then updating it. Pieces are whole multiples of
// the 8-element packets the kernels emulate (training_ops.h), so the results are bit-identical.
template <class Kernel>
void update_from_previous(const Spec& s, const Prepared& p, const Tensor* previous, const Tensor* inputs,
                          Kernel& kernel) {
  const int64_t item = static_cast<int64_t>(dtype_size(p.dtype));
  const int64_t piece = (int64_t{16} << 10) / item;  // 16 KB per buffer: all of them fit in L1/L2
  const int64_t pieces = (p.n + piece - 1) / piece;
  const int streams = 2 * s.num_vars + 1;
  parallel_for(pieces, streams * piece * item, [&](int64_t first, int64_t last) {
    for (int64_t k = first; k < last; ++k) {
      const int64_t begin = k * piece, count = std::min(piece, p.n - begin);
      const size_t offset = static_cast<size_t>(begin * item), bytes = static_cast<size_t>(count * item);
      Prepared part{p.dtype, {}, count};
      for (int i = 0; i < s.num_vars; ++i) {
        part.data[i] = static_cast<char*>(p.data[i]) + offset;
        if (previous[i].valid()) std::memcpy(part.data[i], static_cast<const char*>(previous[i].data()) + offset, bytes);
      }
      Tensor part_inputs[9];
      for (int j = 0; j < s.num_inputs; ++j) {
        if (j != s.grad) {
          part_inputs[j] = inputs[j];  // scalars
          continue;
        }
        const char* data = static_cast<const char*>(inputs[j].data()) + offset;
        part_inputs[j] = Tensor::borrow(p.dtype, Shape{count}, const_cast<char*>(data), bytes, nullptr);
      }
      kernel(part, part_inputs);
    }
  });
}

// `attrs`: what a graph node needs beyond the inputs to run the op again (op_registry.cc).
template <class Kernel>
void run_op(const Spec& s, const ResourceHandle* const* handles, Tensor* inputs, Kernel&& kernel,
            const OpAttr* attrs = nullptr, int num_attrs = 0) {
  Var* vars[kMaxVars];
  for (int i = 0; i < s.num_vars; ++i) vars[i] = live_var(*handles[i]);
  const DType t = check_input_dtypes(s, inputs);
  OpCall call(s.op, inputs, s.num_inputs);
  call.resource = handles[0];
  call.resources = handles;
  call.num_resources = s.num_vars;
  call.colocate = vars[0]->device();
  call.attrs = attrs;
  call.num_attrs = num_attrs;
  Dispatch::run(call, [&](OpCall& c) {
    VarLocks locks(vars, s.num_vars);
    for (int i = 0; i < s.num_vars; ++i) {
      require_live(*vars[i], *handles[i]);
      if (vars[i]->dtype() != t) {
        throw_error(Code::kInvalidArgument,
                    indexing::kernel_error(s.op, *c.device,
                                           std::string("Trying to update variable with wrong dtype. Expected ") +
                                               tf::type_name(vars[i]->dtype()) + " got " + tf::type_name(t)));
      }
    }
    validate(s, handles, vars, *c.device, c.inputs);
    Prepared p{t, {}, 0};
    // A dense op writes every element: a variable whose buffer someone holds (a checkpoint
    // snapshot, a read) gets new memory, unfilled, and its old value in previous[i].
    const bool dense = s.indices < 0;
    Tensor previous[kMaxVars];
    for (int i = 0; i < s.num_vars; ++i) PrepareToUpdateVariable(handles[i]->shared_var(), dense ? &previous[i] : nullptr);
    // After every Prepare: a variable given twice has one buffer, the last prepared.
    for (int i = 0; i < s.num_vars; ++i) p.data[i] = vars[i]->tensor().mutable_data();
    p.n = vars[0]->tensor().num_elements();
    bool copied = false;
    for (int i = 0; i < s.num_vars; ++i) copied = copied || previous[i].valid();
    if (!copied) return kernel(p, c.inputs);
    update_from_previous(s, p, previous, c.inputs, kernel);
  });
}

// fn(rows, n): a sparse op's (validated) indices widened to int64.
template <class Fn>
void with_rows(const Tensor& indices, Fn&& fn) {
  const int64_t n = indices.num_elements();
  if (indices.dtype() == DType::kInt64) return fn(static_cast<const int64_t*>(indices.data()), n);
  std::vector<int64_t> rows(static_cast<size_t>(n));
  indexing::IndexView idx(indices);
  for (int64_t i = 0; i < n; ++i) rows[static_cast<size_t>(i)] = idx[i];
  return fn(rows.data(), n);
}

int64_t row_len(const Prepared& p, const ResourceHandle& var) {
  const Shape& s = var.var()->tensor().shape();
  return s.dim(0) == 0 ? 0 : p.n / s.dim(0);
}

}  // namespace

void ResourceApplyGradientDescent(const ResourceHandle& var, const Tensor& alpha, const Tensor& delta) {
  static const Spec& s = signature("ResourceApplyGradientDescent");
  const ResourceHandle* h[] = {&var};
  Tensor in[] = {alpha, delta};
  run_op(s, h, in, [](const Prepared& p, const Tensor* x) {
    kernels::apply_gradient_descent(p.dtype, p.data[0], x[1].data(), p.n, scalar(x[0]));
  });
}

void ResourceApplyMomentum(const ResourceHandle& var, const ResourceHandle& accum, const Tensor& lr,
                           const Tensor& grad, const Tensor& momentum, bool use_nesterov) {
  static const Spec& s = signature("ResourceApplyMomentum");
  const ResourceHandle* h[] = {&var, &accum};
  Tensor in[] = {lr, grad, momentum};
  const OpAttr attrs[] = {int_attr("use_nesterov", use_nesterov)};
  run_op(s, h, in, [&](const Prepared& p, const Tensor* x) {
    kernels::apply_momentum(p.dtype, p.data[0], p.data[1], x[1].data(), p.n, scalar(x[0]), scalar(x[2]),
                            use_nesterov);
  }, attrs, 1);
}

void ResourceApplyKerasMomentum(const ResourceHandle& var, const ResourceHandle& accum, const Tensor& lr,
                                const Tensor& grad, const Tensor& momentum, bool use_nesterov) {
  static const Spec& s = signature("ResourceApplyKerasMomentum");
  const ResourceHandle* h[] = {&var, &accum};
  Tensor in[] = {lr, grad, momentum};
  const OpAttr attrs[] = {int_attr("use_nesterov", use_nesterov)};
  run_op(s, h, in, [&](const Prepared& p, const Tensor* x) {
    kernels::apply_keras_momentum(p.dtype, p.data[0], p.data[1], x[1].data(), p.n, scalar(x[0]), scalar(x[2]),
                                  use_nesterov);
  }, attrs, 1);
}

void ResourceApplyAdagrad(const ResourceHandle& var, const ResourceHandle& accum, const Tensor& lr,
                          const Tensor& grad, bool update_slots) {
  static const Spec& s = signature("ResourceApplyAdagrad");
  const ResourceHandle* h[] = {&var, &accum};
  Tensor in[] = {lr, grad};
  const OpAttr attrs[] = {int_attr("update_slots", update_slots)};
  run_op(s, h, in, [&](const Prepared& p, const Tensor* x) {
    kernels::apply_adagrad(p.dtype, p.data[0], p.data[1], x[1].data(), p.n, scalar(x[0]), update_slots);
  }, attrs, 1);
}

void ResourceApplyRMSProp(const ResourceHandle& var, const ResourceHandle& ms, const ResourceHandle& mom,
                          const Tensor& lr, const Tensor& rho, const Tensor& momentum, const Tensor& epsilon,
                          const Tensor& grad) {
  static const Spec& s = signature("ResourceApplyRMSProp");
  const ResourceHandle* h[] = {&var, &ms, &mom};
  Tensor in[] = {lr, rho, momentum, epsilon, grad};
  run_op(s, h, in, [](const Prepared& p, const Tensor* x) {
    kernels::RMSPropScalars sc{scalar(x[0]), scalar(x[1]), scalar(x[2]), scalar(x[3])};
    kernels::apply_rms_prop(p.dtype, p.data[0], nullptr, p.data[1], p.data[2], x[4].data(), p.n, sc);
  });
}

void ResourceApplyCenteredRMSProp(const ResourceHandle& var, const ResourceHandle& mg, const ResourceHandle& ms,
                                  const ResourceHandle& mom, const Tensor& lr, const Tensor& rho,
                                  const Tensor& momentum, const Tensor& epsilon, const Tensor& grad) {
  static const Spec& s = signature("ResourceApplyCenteredRMSProp");
  const ResourceHandle* h[] = {&var, &mg, &ms, &mom};
  Tensor in[] = {lr, rho, momentum, epsilon, grad};
  run_op(s, h, in, [](const Prepared& p, const Tensor* x) {
    kernels::RMSPropScalars sc{scalar(x[0]), scalar(x[1]), scalar(x[2]), scalar(x[3])};
    kernels::apply_rms_prop(p.dtype, p.data[0], p.data[1], p.data[2], p.data[3], x[4].data(), p.n, sc);
  });
}

void ResourceApplyAdam(const ResourceHandle& var, const ResourceHandle& m, const ResourceHandle& v,
                       const Tensor& beta1_power, const Tensor& beta2_power, const Tensor& lr, const Tensor& beta1,
                       const Tensor& beta2, const Tensor& epsilon, const Tensor& grad, bool use_nesterov) {
  static const Spec& s = signature("ResourceApplyAdam");
  const ResourceHandle* h[] = {&var, &m, &v};
  Tensor in[] = {beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad};
  const OpAttr attrs[] = {int_attr("use_nesterov", use_nesterov)};
  run_op(s, h, in, [&](const Prepared& p, const Tensor* x) {
    kernels::AdamScalars sc{scalar(x[0]), scalar(x[1]), scalar(x[2]), scalar(x[3]), scalar(x[4]), scalar(x[5]),
                            use_nesterov};
    kernels::apply_adam(p.dtype, p.data[0], p.data[1], p.data[2], x[6].data(), p.n, sc);
  }, attrs, 1);
}

void ResourceSparseApplyMomentum(const ResourceHandle& var, const ResourceHandle& accum, const Tensor& lr,
                                 const Tensor& grad, const Tensor& indices, const Tensor& momentum,
                                 bool use_nesterov) {
  static const Spec& s = signature("ResourceSparseApplyMomentum");
  const ResourceHandle* h[] = {&var, &accum};
  Tensor in[] = {lr, grad, indices, momentum};
  const OpAttr attrs[] = {int_attr("use_nesterov", use_nesterov)};
  run_op(s, h, in, [&](const Prepared& p, const Tensor* x) {
    with_rows(x[2], [&](const int64_t* rows, int64_t n) {
      kernels::sparse_apply_momentum(p.dtype, p.data[0], p.data[1], x[1].data(), {rows, n, row_len(p, var)},
                                     scalar(x[0]), scalar(x[3]), use_nesterov);
    });
  }, attrs, 1);
}

void ResourceSparseApplyKerasMomentum(const ResourceHandle& var, const ResourceHandle& accum, const Tensor& lr,
                                      const Tensor& grad, const Tensor& indices, const Tensor& momentum,
                                      bool use_nesterov) {
  static const Spec& s = signature("ResourceSparseApplyKerasMomentum");
  const ResourceHandle* h[] = {&var, &accum};
  Tensor in[] = {lr, grad, indices, momentum};
  const OpAttr attrs[] = {int_attr("use_nesterov", use_nesterov)};
  run_op(s, h, in, [&](const Prepared& p, const Tensor* x) {
    with_rows(x[2], [&](const int64_t* rows, int64_t n) {
      kernels::sparse_apply_keras_momentum(p.dtype, p.data[0], p.data[1], x[1].data(), {rows, n, row_len(p, var)},
                                           scalar(x[0]), scalar(x[3]), use_nesterov);
    });
  }, attrs, 1);
}

void ResourceSparseApplyAdagrad(const ResourceHandle& var, const ResourceHandle& accum, const Tensor& lr,
                                const Tensor& grad, const Tensor& indices, bool update_slots) {
  static const Spec& s = signature("ResourceSparseApplyAdagrad");
  const ResourceHandle* h[] = {&var, &accum};
  Tensor in[] = {lr, grad, indices};
  const OpAttr attrs[] = {int_attr("update_slots", update_slots)};
  run_op(s, h, in, [&](const Prepared& p, const Tensor* x) {
    with_rows(x[2], [&](const int64_t* rows, int64_t n) {
      kernels::sparse_apply_adagrad(p.dtype, p.data[0], p.data[1], x[1].data(), {rows, n, row_len(p, var)},
                                    scalar(x[0]), update_slots);
    });
  }, attrs, 1);
}

void ResourceSparseApplyRMSProp(const ResourceHandle& var, const ResourceHandle& ms, const ResourceHandle& mom,
                                const Tensor& lr, const Tensor& rho, const Tensor& momentum, const Tensor& epsilon,
                                const Tensor& grad, const Tensor& indices) {
  static const Spec& s = signature("ResourceSparseApplyRMSProp");
  const ResourceHandle* h[] = {&var, &ms, &mom};
  Tensor in[] = {lr, rho, momentum, epsilon, grad, indices};
  run_op(s, h, in, [&](const Prepared& p, const Tensor* x) {
    kernels::RMSPropScalars sc{scalar(x[0]), scalar(x[1]), scalar(x[2]), scalar(x[3])};
    with_rows(x[5], [&](const int64_t* rows, int64_t n) {
      kernels::sparse_apply_rms_prop(p.dtype, p.data[0], nullptr, p.data[1], p.data[2], x[4].data(),
                                     {rows, n, row_len(p, var)}, sc);
    });
  });
}

void ResourceSparseApplyCenteredRMSProp(const ResourceHandle& var, const ResourceHandle& mg, const ResourceHandle& ms,
                                        const ResourceHandle& mom, const Tensor& lr, const Tensor& rho,
                                        const Tensor& momentum, const Tensor& epsilon, const Tensor& grad,
                                        const Tensor& indices) {
  static const Spec& s = signature("ResourceSparseApplyCenteredRMSProp");
  const ResourceHandle* h[] = {&var, &mg, &ms, &mom};
  Tensor in[] = {lr, rho, momentum, epsilon, grad, indices};
  run_op(s, h, in, [&](const Prepared& p, const Tensor* x) {
    kernels::RMSPropScalars sc{scalar(x[0]), scalar(x[1]), scalar(x[2]), scalar(x[3])};
    with_rows(x[5], [&](const int64_t* rows, int64_t n) {
      kernels::sparse_apply_rms_prop(p.dtype, p.data[0], p.data[1], p.data[2], p.data[3], x[4].data(),
                                     {rows, n, row_len(p, var)}, sc);
    });
  });
}

namespace {

// Locks every distinct variable of a multi-variable step exclusively, in address order (as
// VarLocks does for one op's few): `sorted` is the step's Var pointers, sorted.
class ManyVarLocks {
 public:
  explicit ManyVarLocks(const std::vector<Var*>& sorted) {
    locks_.reserve(sorted.size());
    for (size_t i = 0; i < sorted.size(); ++i) {
      if (i > 0 && sorted[i] == sorted[i - 1]) continue;
      locks_.emplace_back(sorted[i]->mu());
    }
  }

 private:
  std::vector<std::unique_lock<std::shared_mutex>> locks_;
};

double local_step(const Tensor& iterations) {
  return static_cast<double>(*static_cast<const int64_t*>(iterations.data()) + 1);
}

// The scalar inputs' dtypes (the Python layer passes them so; a mistake is internal).
void check_step_scalars(const char* op, int num_vars, const Tensor& lr, const Tensor& iterations) {
  if (lr.dtype() != DType::kFloat32 && lr.dtype() != DType::kFloat64) {
    throw_error(Code::kInvalidArgument,
                tf::op_error(op, tf::input_dtype_mismatch(op, 2 * num_vars, DType::kFloat32, lr.dtype()), ""));
  }
  if (iterations.dtype() != DType::kInt64) {
    throw_error(Code::kInvalidArgument,
                tf::op_error(op, tf::input_dtype_mismatch(op, 2 * num_vars + 1, DType::kInt64, iterations.dtype()), ""));
  }
  if (lr.shape().rank() != 0 || iterations.shape().rank() != 0) {
    throw_error(Code::kInvalidArgument, std::string(op) + ": lr and iterations must be scalars");
  }
}

// One Keras step over every variable of `step`. `per_var` is the signature of one variable's
// update (its resources and grad), checked and prepared as run_op does for TensorFlow's ops, all
// variables before any kernel runs. kernel(prepared, grad, lr, local_step) updates one variable.
// Elementwise kernels give each element the same result however the work is split, so the
// variables may run concurrently: small ones spread over the pool, large ones one after
// another, each split by its own kernel.
template <class Kernel>
void run_keras_step(const Spec& per_var, const KerasStep& step, const OpAttr* attrs, int num_attrs,
                    Kernel&& kernel) {
  const int n = step.num_vars, k = step.slots;
  if (n == 0) return;
  const size_t total = static_cast<size_t>(n) * static_cast<size_t>(k);
  std::vector<Var*> vars(total);
  for (size_t i = 0; i < total; ++i) vars[i] = live_var(*step.vars[i]);
  for (int i = 0; i < n; ++i) {
    const DType t = step.grads[i].dtype();
    if (!kernels::training_dtype_supported(t)) throw_error(Code::kInvalidArgument, tf::no_kernel_error(per_var.op, t, ""));
  }
  check_step_scalars(per_var.op, n, step.lr, step.iterations);
  const Device* device = vars[0]->device();
  for (Var* v : vars) {
    if (v->device() != device) {
      throw_error(Code::kInvalidArgument, std::string(per_var.op) + ": every variable of one step must be on " +
                                              device->name + ", got one on " + v->device()->name);
    }
  }
  std::vector<Tensor> inputs(step.grads, step.grads + n);
  inputs.push_back(step.lr);
  inputs.push_back(step.iterations);
  OpCall call(per_var.op, inputs.data(), n + 2);
  call.resource = step.vars[0];
  call.resources = step.vars;
  call.num_resources = static_cast<int>(total);
  call.colocate = device;
  call.attrs = attrs;
  call.num_attrs = num_attrs;
  Dispatch::run(call, [&](OpCall& c) {
    std::vector<Var*> sorted(vars);
    std::sort(sorted.begin(), sorted.end(), std::less<Var*>());
    const bool repeated = std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
    ManyVarLocks locks(sorted);
    for (int i = 0; i < n; ++i) {
      const DType t = c.inputs[i].dtype();
      for (int j = 0; j < k; ++j) {
        const size_t at = static_cast<size_t>(i) * k + j;
        require_live(*vars[at], *step.vars[at]);
        if (vars[at]->dtype() != t) {
          throw_error(Code::kInvalidArgument,
                      indexing::kernel_error(per_var.op, *c.device,
                                             std::string("Trying to update variable with wrong dtype. Expected ") +
                                                 tf::type_name(vars[at]->dtype()) + " got " + tf::type_name(t)));
        }
      }
      validate(per_var, step.vars + static_cast<size_t>(i) * k, vars.data() + static_cast<size_t>(i) * k, *c.device,
               c.inputs + i);
    }
    const double lr = scalar(c.inputs[n]), t = local_step(c.inputs[n + 1]);
    // Every variable is prepared before any kernel runs; a variable given twice has one buffer,
    // the last prepared, and then its updates must run in order (below).
    std::vector<Tensor> previous(total);
    for (size_t i = 0; i < total; ++i) PrepareToUpdateVariable(step.vars[i]->shared_var(), &previous[i]);
    std::vector<Prepared> prepared(static_cast<size_t>(n));
    std::vector<char> copied(static_cast<size_t>(n), 0);
    for (int i = 0; i < n; ++i) {
      Prepared& p = prepared[static_cast<size_t>(i)];
      p.dtype = c.inputs[i].dtype();
      p.n = vars[static_cast<size_t>(i) * k]->tensor().num_elements();
      for (int j = 0; j < k; ++j) {
        const size_t at = static_cast<size_t>(i) * k + j;
        p.data[j] = vars[at]->tensor().mutable_data();
        if (previous[at].valid()) copied[static_cast<size_t>(i)] = 1;
      }
    }
    auto update = [&](int i) {
      const Prepared& p = prepared[static_cast<size_t>(i)];
      auto one = [&](const Prepared& part, const Tensor* grad) { kernel(part, *grad, lr, t); };
      if (copied[static_cast<size_t>(i)]) {
        update_from_previous(per_var, p, previous.data() + static_cast<size_t>(i) * k, c.inputs + i, one);
      } else {
        one(p, c.inputs + i);
      }
    };
    const int64_t streams = 2 * k + 1;
    std::vector<int> small;
    int64_t small_bytes = 0;
    for (int i = 0; i < n; ++i) {
      const Prepared& p = prepared[static_cast<size_t>(i)];
      const int64_t bytes = p.n * streams * static_cast<int64_t>(dtype_size(p.dtype));
      if (repeated || bytes >= 2 * kParallelMinBytesPerThread) {
        update(i);  // in order; its kernel splits it over the pool
      } else {
        small.push_back(i);
        small_bytes += bytes;
      }
    }
    if (small.empty()) return;
    const int64_t count = static_cast<int64_t>(small.size());
    parallel_for(count, std::max<int64_t>(1, small_bytes / count), [&](int64_t first, int64_t last) {
      for (int64_t s = first; s < last; ++s) update(small[static_cast<size_t>(s)]);
    });
  });
}

}  // namespace

// varrt's own fused Keras steps (ops/defs/varrt_defs.py): their variables are the Keras
// optimizer's slots, which vary with its options, so each names them here.
void KerasAdam(const KerasStep& step, const KerasAdamConstants& c) {
  static const Spec s3{"KerasAdam", 3, {"var", "m", "v"}, 1, {"grad"}, 0, -1};
  static const Spec s4{"KerasAdam", 4, {"var", "m", "v", "vhat"}, 1, {"grad"}, 0, -1};
  const OpAttr attrs[] = {real_attr("beta1", c.beta1), real_attr("beta2", c.beta2),
                          real_attr("one_minus_beta1", c.one_minus_beta1),
                          real_attr("one_minus_beta2", c.one_minus_beta2), real_attr("epsilon", c.epsilon)};
  const bool amsgrad = step.slots == 4;
  run_keras_step(amsgrad ? s4 : s3, step, attrs, 5, [&](const Prepared& p, const Tensor& g, double lr, double t) {
    const kernels::KerasAdamScalars sc{lr, c.beta1, c.beta2, c.one_minus_beta1, c.one_minus_beta2, c.epsilon, t};
    kernels::keras_adam(p.dtype, p.data[0], p.data[1], p.data[2], amsgrad ? p.data[3] : nullptr, g.data(), p.n, sc);
  });
}

void KerasAdagrad(const KerasStep& step, double epsilon) {
  static const Spec s{"KerasAdagrad", 2, {"var", "accum"}, 1, {"grad"}, 0, -1};
  const OpAttr attrs[] = {real_attr("epsilon", epsilon)};
  run_keras_step(s, step, attrs, 1, [&](const Prepared& p, const Tensor& g, double lr, double) {
    kernels::keras_adagrad(p.dtype, p.data[0], p.data[1], g.data(), p.n, lr, epsilon);
  });
}

void KerasRMSprop(const KerasStep& step, const KerasRMSpropConstants& c, bool has_momentum, bool centered) {
  // Slots in a fixed order: var, velocity, then whichever of momentum/average exist.
  Spec s{"KerasRMSprop", 2, {"var", "velocity"}, 1, {"grad"}, 0, -1};
  int mom_at = -1, avg_at = -1;
  if (has_momentum) {
    mom_at = s.num_vars;
    s.var_names[s.num_vars++] = "momentum";
  }
  if (centered) {
    avg_at = s.num_vars;
    s.var_names[s.num_vars++] = "average_gradient";
  }
  const OpAttr attrs[] = {real_attr("rho", c.rho), real_attr("one_minus_rho", c.one_minus_rho),
                          real_attr("momentum", c.momentum), real_attr("epsilon", c.epsilon),
                          int_attr("has_momentum", has_momentum), int_attr("centered", centered)};
  run_keras_step(s, step, attrs, 6, [&](const Prepared& p, const Tensor& g, double lr, double) {
    const kernels::KerasRMSpropScalars sc{lr, c.rho, c.one_minus_rho, c.momentum, c.epsilon};
    kernels::keras_rmsprop(p.dtype, p.data[0], p.data[1], mom_at >= 0 ? p.data[mom_at] : nullptr,
                           avg_at >= 0 ? p.data[avg_at] : nullptr, g.data(), p.n, sc);
  });
}

void KerasSGD(const KerasStep& step, double momentum, bool nesterov) {
  static const Spec s1{"KerasSGD", 1, {"var"}, 1, {"grad"}, 0, -1};
  static const Spec s2{"KerasSGD", 2, {"var", "momentum"}, 1, {"grad"}, 0, -1};
  const OpAttr attrs[] = {real_attr("momentum", momentum), int_attr("nesterov", nesterov)};
  const bool with_momentum = step.slots == 2;
  run_keras_step(with_momentum ? s2 : s1, step, attrs, 2, [&](const Prepared& p, const Tensor& g, double lr, double) {
    if (with_momentum) {
      kernels::apply_keras_momentum(p.dtype, p.data[0], p.data[1], g.data(), p.n, lr, momentum, nesterov);
    } else {
      kernels::apply_gradient_descent(p.dtype, p.data[0], g.data(), p.n, lr);
    }
  });
}

}  // namespace ops
}  // namespace varrt

// The fused optimizer ops without Python: TensorFlow's arithmetic (values computed here with the
// reference expression order), validation before any write (a failed op changes no variable),
// copy-on-write of a value read before the update, a hook seeing every resource, and two threads
// updating shared variables in opposite argument order without deadlock.
#include <cmath>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "check.h"
#include "varrt/core/error.h"
#include "varrt/ops/dispatch.h"
#include "varrt/ops/training_ops.h"
#include "varrt/ops/variable_ops.h"

using namespace varrt;

namespace {

Tensor floats(std::vector<float> v, Shape s) {
  Tensor t = Tensor::allocate(DType::kFloat32, s);
  std::memcpy(t.mutable_data(), v.data(), v.size() * sizeof(float));
  return t;
}
Tensor scalar(float x) { return floats({x}, Shape{}); }

ResourceHandle var_of(const Tensor& value) {
  ops::VarHandleAttrs attrs;
  attrs.dtype = value.dtype();
  attrs.shape = PartialShape::from(value.shape());
  ResourceHandle h = ops::VarHandleOp(attrs);
  ops::AssignVariableOp(h, value.deep_copy());
  return h;
}

std::vector<float> read(const ResourceHandle& h) {
  Tensor t = ops::ReadVariableOp(h);
  const float* p = t.data_as<float>();
  return std::vector<float>(p, p + t.num_elements());
}

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST(adam_matches_the_reference_expression_order) {
  std::vector<float> w = {0.3f, -1.7f, 2.9f}, g = {0.11f, -0.37f, 1.3f};
  ResourceHandle var = var_of(floats(w, Shape{3})), m = var_of(floats({0, 0, 0}, Shape{3})),
                 v = var_of(floats({0, 0, 0}, Shape{3}));
  const float b1 = 0.913f, b2 = 0.9991f, lr = 0.0123f, eps = 1.3e-7f, b1p = 0.913f, b2p = 0.9991f;
  ops::ResourceApplyAdam(var, m, v, scalar(b1p), scalar(b2p), scalar(lr), scalar(b1), scalar(b2), scalar(eps),
                         floats(g, Shape{3}), false);
  const float alpha = lr * std::sqrt(1.0f - b2p) / (1.0f - b1p);
  std::vector<float> got = read(var);
  for (int i = 0; i < 3; ++i) {
    volatile float mi = (g[i] - 0.0f) * (1.0f - b1);  // volatile: no contraction in the test either
    volatile float gg = g[i] * g[i];
    volatile float vi = gg * (1.0f - b2);
    volatile float num = mi * alpha;
    volatile float den = std::sqrt(vi) + eps;
    volatile float step = num / den;
    CHECK(same_bits(got[i], w[i] - step));
  }
}

TEST(failed_update_changes_nothing) {
  ResourceHandle var = var_of(floats({1, 2}, Shape{2})), m = var_of(floats({0, 0}, Shape{2})),
                 v = var_of(floats({0, 0, 0}, Shape{3}));
  CHECK_THROWS_WITH(ops::ResourceApplyAdam(var, m, v, scalar(0.9f), scalar(0.99f), scalar(0.1f), scalar(0.9f),
                                           scalar(0.99f), scalar(1e-7f), floats({1, 1}, Shape{2}), false),
                    CHECK(e.code() == Code::kInvalidArgument);
                    CHECK(e.message().find("var and v do not have the same shape[2] [3]") != std::string::npos));
  CHECK(read(var) == std::vector<float>({1, 2}));
  CHECK(read(m) == std::vector<float>({0, 0}));
  CHECK_THROWS_WITH(ops::ResourceApplyGradientDescent(var, floats({0.1f}, Shape{1}), floats({1, 1}, Shape{2})),
                    CHECK(e.message().find("alpha is not a scalar: [1]") != std::string::npos));
  CHECK(read(var) == std::vector<float>({1, 2}));
}

TEST(sparse_rows_apply_in_order_and_check_indices) {
  ResourceHandle var = var_of(floats({1, 1, 1, 1}, Shape{2, 2})), accum = var_of(floats({0, 0, 0, 0}, Shape{2, 2}));
  Tensor idx = Tensor::allocate(DType::kInt32, Shape{2});
  static_cast<int32_t*>(idx.mutable_data())[0] = 1;
  static_cast<int32_t*>(idx.mutable_data())[1] = 1;
  ops::ResourceSparseApplyMomentum(var, accum, scalar(1.0f), floats({1, 2, 3, 4}, Shape{2, 2}), idx, scalar(1.0f),
                                   false);
  // Row 1: a = 0 + (1, 2) -> var -= a; then a = a + (3, 4) = (4, 6) -> var -= a.
  CHECK(read(var) == std::vector<float>({1, 1, -4, -7}));
  static_cast<int32_t*>(idx.mutable_data())[1] = 2;
  CHECK_THROWS_WITH(ops::ResourceSparseApplyMomentum(var, accum, scalar(1.0f), floats({1, 2, 3, 4}, Shape{2, 2}),
                                                     idx, scalar(1.0f), false),
                    CHECK(e.message().find("Index 2 at offset 1 in indices is out of range") != std::string::npos));
  CHECK(read(var) == std::vector<float>({1, 1, -4, -7}));
}

TEST(a_value_read_before_the_update_keeps_its_value) {
  ResourceHandle var = var_of(floats({1, 2}, Shape{2}));
  Tensor before = ops::ReadVariableOp(var);
  ops::ResourceApplyGradientDescent(var, scalar(0.5f), floats({2, 2}, Shape{2}));
  CHECK(before.data_as<float>()[0] == 1.0f && before.data_as<float>()[1] == 2.0f);
  CHECK(read(var) == std::vector<float>({0, 1}));
}

namespace {
struct Recorder : DispatchHook {
  Recorder() : DispatchHook(Mode::kObserve) {}
  std::string op;
  int resources = 0;
  void on_op(OpCall& call) override {
    op = call.op;
    resources = call.num_resources;
  }
};
}  // namespace

TEST(a_hook_sees_every_resource) {
  ResourceHandle var = var_of(floats({1}, Shape{1})), accum = var_of(floats({0}, Shape{1}));
  Recorder r;
  Dispatch::push_hook(&r);
  ops::ResourceApplyMomentum(var, accum, scalar(0.1f), floats({1}, Shape{1}), scalar(0.9f), true);
  Dispatch::pop_hook(&r);
  CHECK(r.op == "ResourceApplyMomentum");
  CHECK(r.resources == 2);
}

TEST(opposite_lock_orders_do_not_deadlock) {
  ResourceHandle a = var_of(floats({0, 0}, Shape{2})), b = var_of(floats({0, 0}, Shape{2}));
  auto work = [](const ResourceHandle& x, const ResourceHandle& y) {
    for (int i = 0; i < 2000; ++i) {
      ops::ResourceApplyKerasMomentum(x, y, scalar(0.0f), floats({0, 0}, Shape{2}), scalar(0.0f), false);
    }
  };
  std::thread t1(work, std::cref(a), std::cref(b)), t2(work, std::cref(b), std::cref(a));
  t1.join();
  t2.join();
  CHECK(read(a) == std::vector<float>({0, 0}));
}


namespace {

// One Keras Adam step over `vars` (each followed by its m and v) with `grads`.
void keras_adam(std::vector<const ResourceHandle*> vars, std::vector<Tensor> grads, int64_t iterations) {
  Tensor it = Tensor::allocate(DType::kInt64, Shape{});
  *static_cast<int64_t*>(it.mutable_data()) = iterations;
  const ops::KerasStep step{vars.data(), 3, grads.data(), static_cast<int>(grads.size()), scalar(0.0123f), it};
  ops::KerasAdam(step, {0.913f, 0.9991f, 1 - 0.913, 1 - 0.9991, 1.3e-7});
}

}  // namespace

TEST(keras_adam_over_many_variables_is_each_variable_alone) {
  std::vector<float> w1 = {0.3f, -1.7f, 2.9f}, w2 = {4.0f, -0.5f}, g1 = {0.11f, -0.37f, 1.3f}, g2 = {-2.0f, 0.25f};
  auto triple = [](const std::vector<float>& w) {
    const Shape s{static_cast<int64_t>(w.size())};
    return std::vector<ResourceHandle>{var_of(floats(w, s)), var_of(floats(std::vector<float>(w.size()), s)),
                                       var_of(floats(std::vector<float>(w.size()), s))};
  };
  std::vector<ResourceHandle> a1 = triple(w1), a2 = triple(w2), b1 = triple(w1), b2 = triple(w2);
  for (int64_t step = 0; step < 3; ++step) {
    keras_adam({&a1[0], &a1[1], &a1[2], &a2[0], &a2[1], &a2[2]}, {floats(g1, Shape{3}), floats(g2, Shape{2})}, step);
    keras_adam({&b1[0], &b1[1], &b1[2]}, {floats(g1, Shape{3})}, step);
    keras_adam({&b2[0], &b2[1], &b2[2]}, {floats(g2, Shape{2})}, step);
  }
  for (int k = 0; k < 3; ++k) {
    std::vector<float> x1 = read(a1[k]), y1 = read(b1[k]), x2 = read(a2[k]), y2 = read(b2[k]);
    for (size_t i = 0; i < x1.size(); ++i) CHECK(same_bits(x1[i], y1[i]));
    for (size_t i = 0; i < x2.size(); ++i) CHECK(same_bits(x2[i], y2[i]));
  }
}

TEST(a_keras_step_with_one_bad_gradient_changes_no_variable) {
  ResourceHandle v1 = var_of(floats({1, 2, 3}, Shape{3})), m1 = var_of(floats({0, 0, 0}, Shape{3})),
                 s1 = var_of(floats({0, 0, 0}, Shape{3})), v2 = var_of(floats({4, 5}, Shape{2})),
                 m2 = var_of(floats({0, 0}, Shape{2})), s2 = var_of(floats({0, 0}, Shape{2}));
  bool threw = false;
  try {
    keras_adam({&v1, &m1, &s1, &v2, &m2, &s2}, {floats({1, 1, 1}, Shape{3}), floats({1, 1, 1}, Shape{3})}, 0);
  } catch (const Error& e) {
    threw = std::string(e.what()).find("var and grad do not have the same shape[2] [3]") != std::string::npos;
  }
  CHECK(threw);
  CHECK(read(v1) == (std::vector<float>{1, 2, 3}));
  CHECK(read(m1) == (std::vector<float>{0, 0, 0}));
  CHECK(read(s1) == (std::vector<float>{0, 0, 0}));
  CHECK(read(v2) == (std::vector<float>{4, 5}));
}

TEST_MAIN()

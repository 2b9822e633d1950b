// varrt from C++ with no Python: variables updated from several threads, zero-copy reads,
// placement logging into a user sink, a checkpoint saved and restored (TensorFlow's format),
// errors as exceptions.
//
//   cpp_variables [CHECKPOINT_PREFIX]     (default /tmp/varrt_cpp_example/ckpt)
#include <atomic>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include <varrt/varrt.h>

int main(int argc, char** argv) {
  const std::string prefix = argc > 1 ? argv[1] : "/tmp/varrt_cpp_example/ckpt";

  // Count placement lines instead of printing them.
  std::atomic<int> placed{0};
  varrt::set_log_sink([&placed](const std::string&) { placed.fetch_add(1, std::memory_order_relaxed); });
  varrt::set_log_device_placement(true);

  varrt::VariableOptions counter_options;
  counter_options.name = "steps";
  counter_options.shared_name = "steps";  // reachable by name from C and Python too
  varrt::Variable steps = varrt::Variable::create(varrt::make_scalar<int64_t>(0), counter_options);
  varrt::Variable weights = varrt::Variable::zeros(varrt::DType::kFloat32, varrt::Shape{4});

  const int kThreads = 4, kUpdates = 10000;
  std::vector<std::thread> workers;
  for (int t = 0; t < kThreads; ++t) {
    workers.emplace_back([&, t] {
      // Each thread finds the shared counter by name; weights is shared by handle copy.
      varrt::Variable my_steps = varrt::Variable::from_shared_name("steps");
      varrt::Tensor one = varrt::make_scalar<int64_t>(1);
      varrt::Tensor delta = varrt::make_filled(varrt::Shape{4}, static_cast<float>(t + 1));
      for (int i = 0; i < kUpdates; ++i) {
        my_steps.assign_add(one);
        weights.assign_add(delta);
      }
    });
  }
  for (auto& w : workers) w.join();
  varrt::set_log_device_placement(false);

  varrt::Tensor snapshot = weights.read();  // zero-copy: points at the variable's buffer
  std::printf("steps = %s\n", varrt::to_string(steps.read()).c_str());
  std::printf("weights = %s\n", varrt::to_string(snapshot).c_str());

  weights.assign_sub(varrt::make_filled(varrt::Shape{4}, 1.0f));  // copy-on-write: snapshot keeps its value
  std::printf("snapshot after update = %s\n", varrt::to_string(snapshot).c_str());
  std::printf("weights after update = %s\n", varrt::to_string(weights.read()).c_str());

  // Checkpoint: Python reads it with varrt.train.load_checkpoint(prefix), TensorFlow too.
  varrt::save_checkpoint(prefix, {{"steps", steps}, {"weights", weights}});
  steps.assign(varrt::make_scalar<int64_t>(-1));
  weights.scatter_update(varrt::make_tensor<int32_t>({0, 2}), varrt::make_scalar(0.0f));
  std::printf("before restore: steps = %s, weights = %s\n", varrt::to_string(steps.read()).c_str(),
              varrt::to_string(weights.read()).c_str());
  varrt::restore_checkpoint(prefix, {{"steps", steps}, {"weights", weights}});
  std::printf("restored: steps = %s, weights = %s\n", varrt::to_string(steps.read()).c_str(),
              varrt::to_string(weights.read()).c_str());

  try {
    weights.assign_add(varrt::make_tensor({1.0f, 2.0f}));
  } catch (const varrt::Error& e) {
    std::printf("error %s: %s\n", varrt::code_name(e.code()), e.what());
  }
  std::printf("placement lines = %d\n", placed.load());
  std::printf("device = %s\n", weights.device().c_str());
  return 0;
}

// Per-call cost of a small-variable assign_add (4 float32) through the C++ API and the C ABI,
// with no Python in the process. Prints one JSON line of nanoseconds per call (the minimum
// over repeats), for benchmarks/bench_cpp_api.py.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include <varrt/varrt.h>
#include <varrt/varrt_c.h>

namespace {

template <class Fn>
double best_ns(Fn&& fn, long calls) {
  double best = 1e30;
  for (int repeat = 0; repeat < 5; ++repeat) {
    auto start = std::chrono::steady_clock::now();
    for (long i = 0; i < calls; ++i) fn();
    std::chrono::duration<double, std::nano> elapsed = std::chrono::steady_clock::now() - start;
    best = std::min(best, elapsed.count() / static_cast<double>(calls));
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  long calls = argc > 1 ? std::atol(argv[1]) : 2000000;

  varrt::Variable v = varrt::Variable::create(varrt::make_tensor({1.0f, 2.0f, 3.0f, 4.0f}));
  varrt::Tensor delta = varrt::make_tensor({1.0f, 1.0f, 1.0f, 1.0f});
  v.assign_add(delta);  // the first update may copy the shared initial buffer
  double cpp_ns = best_ns([&] { v.assign_add(delta); }, calls);

  int64_t dims[1] = {4};
  float zeros[4] = {0, 0, 0, 0}, ones[4] = {1, 1, 1, 1};
  varrt_tensor* init = varrt_tensor_new(VARRT_FLOAT32, dims, 1, zeros, sizeof zeros, nullptr);
  varrt_tensor* c_delta = varrt_tensor_new(VARRT_FLOAT32, dims, 1, ones, sizeof ones, nullptr);
  varrt_variable* cv = varrt_variable_new(init, "bench", nullptr, nullptr, nullptr);
  varrt_tensor_delete(init);
  varrt_variable_assign_add(cv, c_delta, nullptr);
  double c_ns = best_ns([&] { varrt_variable_assign_add(cv, c_delta, nullptr); }, calls);
  varrt_variable_delete(cv);
  varrt_tensor_delete(c_delta);

  // Raw loop on the same 4 floats: the floor the API's overhead sits on.
  static float a[4] = {1, 2, 3, 4};
  static const float b[4] = {1, 1, 1, 1};
  double raw_ns = best_ns([&] {
    for (int i = 0; i < 4; ++i) a[i] += b[i];
    asm volatile("" : : "r"(a) : "memory");
  }, calls);

  std::printf("{\"cpp_api_ns\": %.2f, \"c_api_ns\": %.2f, \"raw_loop_ns\": %.2f, \"calls\": %ld}\n", cpp_ns, c_ns,
              raw_ns, calls);
  return 0;
}

// Parallel loops on one persistent thread pool, shared by every large kernel.
//
// The pool's workers start lazily, on the first loop large enough to use them, and live for the
// process: VARRT_NUM_THREADS (read once) sets the number of threads a loop uses, the calling
// thread included; unset, it is std::thread::hardware_concurrency(). 1 runs everything on the
// caller. Work is cut into chunks that the caller and the workers claim one at a time, and the
// caller keeps claiming until none are left, so a worker that the OS does not schedule (a busy
// machine) costs at most the chunk it holds; and a worker that was preempted lately helps only
// briefly after waking, so it rarely holds one while descheduled: on a busy machine the loop is
// about as fast as on one thread.
// Small work runs inline on the caller, with no allocation and no synchronisation.
//
// One loop runs on the pool at a time; a loop started while another runs (another thread's, or
// one nested in a task) runs inline on its caller. After fork() the child starts a new pool.
#pragma once

#include <cstdint>

namespace varrt {

// Below twice this many bytes touched, waking the pool costs more than it saves (the crossover
// measured for memory-bound loops is about 1 MB).
constexpr int64_t kParallelMinBytesPerThread = 512 << 10;

// The number of threads a parallel loop (and the BLAS library, kernels/blas_library.h) runs
// on, the caller included (>= 1): the intra-op setting when it is not 0, else the default.
int parallel_threads();
// TensorFlow's intra-op parallelism setting: 0 = the default (VARRT_NUM_THREADS, else every
// core), n = n threads. Callers decide when it may change (DeviceSet: before the devices exist).
int intra_op_threads();
void set_intra_op_threads(int n);

// A non-owning reference to a callable taking a task index (no allocation, unlike std::function).
class TaskRef {
 public:
  template <class F>
  TaskRef(F& fn) : obj_(const_cast<void*>(static_cast<const void*>(&fn))), call_(&invoke<F>) {}  // NOLINT
  void operator()(int64_t task) const { call_(obj_, task); }

 private:
  template <class F>
  static void invoke(void* obj, int64_t task) { (*static_cast<F*>(obj))(task); }
  void* obj_;
  void (*call_)(void*, int64_t);
};

// Calls task(i) once for every i in [0, num_tasks), concurrently on the caller and the pool, and
// returns when all have finished. An exception from a task is rethrown here (the first one; the
// other tasks still run).
void parallel_tasks(int64_t num_tasks, TaskRef task);

// How parallel_for cuts [0, n) for items of `bytes_per_item` bytes touched: chunks of about
// 256 KB touched, each starting on a cache line (64 items of at least one byte).
int64_t parallel_chunk_items(int64_t bytes_per_item);

// Calls fn(begin, end) over disjoint ranges covering [0, n); `bytes_per_item` is the memory one
// item touches (both reads and writes), which decides whether the loop is worth splitting.
template <class Fn>
inline void parallel_for(int64_t n, int64_t bytes_per_item, Fn&& fn) {
  if (n <= 0) return;
  if (n * bytes_per_item < 2 * kParallelMinBytesPerThread) {
    fn(int64_t{0}, n);
    return;
  }
  const int64_t chunk = parallel_chunk_items(bytes_per_item);
  auto run = [&](int64_t c) {
    int64_t begin = c * chunk;
    fn(begin, n - begin < chunk ? n : begin + chunk);
  };
  parallel_tasks((n + chunk - 1) / chunk, TaskRef(run));
}

}  // namespace varrt

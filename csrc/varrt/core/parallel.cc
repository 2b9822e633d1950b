#include "varrt/core/parallel.h"

#include <pthread.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

#include "varrt/core/flush_denormals.h"

namespace varrt {
namespace {

constexpr int64_t kChunkBytes = 256 << 10;
constexpr int kMaxThreads = 256;
using Clock = std::chrono::steady_clock;

// Waits for `ready` without std::condition_variable::wait(lock): GCC 12's libstdc++ versions that
// symbol GLIBCXX_3.4.30, which alone would pin the wheel to glibc 2.35 (manylinux_2_35) where
// everything else needs 2.34. wait_until on the steady clock is inline (pthread_cond_clockwait).
template <class Ready>
void wait_until_ready(std::condition_variable& cv, std::unique_lock<std::mutex>& lock, Ready ready) {
  while (!ready()) cv.wait_until(lock, Clock::now() + std::chrono::hours(1));
}

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

int configured_threads() {
  if (const char* env = std::getenv("VARRT_NUM_THREADS")) {
    char* end = nullptr;
    long n = std::strtol(env, &end, 10);
    if (end != env && *end == '\0' && n >= 1) return static_cast<int>(std::min<long>(n, kMaxThreads));
  }
  return static_cast<int>(std::clamp<unsigned>(std::thread::hardware_concurrency(), 1, kMaxThreads));
}

// The pool. Its state outlives every job: a job's tasks are claimed from `claim_`, which holds the
// job's number in the high 32 bits and the count of unclaimed tasks in the low 32, so a worker
// that wakes late (or was descheduled between reading and claiming) can only claim a task of the
// job that is running, never one of a job that ended. The job's fields (task, num_tasks_) are
// written before `claim_` is published and read only after a successful claim; the caller
// returns only when every claimed task has finished (`unfinished_` == 0), and nobody waits for a
// worker that holds no task. Never destroyed: its threads are detached and may still sleep at
// process exit (joining them from a static destructor could race a daemon thread's last loop).
class Pool {
 public:
  explicit Pool(int workers) {
    try {
      for (int i = 0; i < workers; ++i) {
        std::thread([this] {
          flush_denormals_on_this_thread();  // the workers run kernels only: TensorFlow's rule throughout
          work();
        }).detach();
      }
    } catch (const std::system_error&) {
      // No more threads (a process limit): the workers that started, possibly none, will do.
    }
  }

  // False when another job holds the pool; the caller then runs the tasks itself.
  bool try_run(int64_t num_tasks, TaskRef task) {
    if (busy_.exchange(true, std::memory_order_acquire)) return false;
    task_ = &task;
    num_tasks_ = num_tasks;
    error_ = nullptr;
    unfinished_.store(num_tasks, std::memory_order_relaxed);
    {
      std::lock_guard<std::mutex> lock(mu_);
      ++job_;
      claim_.store((job_ << 32) | static_cast<uint64_t>(num_tasks), std::memory_order_release);
    }
    wake_.notify_all();
    run_tasks();
    wait_until_finished();
    std::exception_ptr error = error_;
    task_ = nullptr;
    busy_.store(false, std::memory_order_release);
    if (error) std::rethrow_exception(error);
    return true;
  }

 private:
  // A worker that the OS preempted lately (its CPU is shared with other work) takes tasks only
  // for a short while after it wakes, when it is least likely to lose its CPU again: a task held
  // by a preempted worker would keep the caller waiting for the worker's next turn, which on a
  // busy machine makes the loop slower than the caller alone. On an idle machine no worker is
  // preempted and they all take tasks until none are left.
  void work() {
    uint64_t seen = 0;
    long preempted = involuntary_switches();
    Clock::time_point contended_until{};
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      wait_until_ready(wake_, lock, [&] { return job_ != seen; });
      seen = job_;
      lock.unlock();
      const Clock::time_point start = Clock::now();
      const long now_preempted = involuntary_switches();  // grows only while running (a job)
      if (now_preempted != preempted) contended_until = start + kContendedFor;
      preempted = now_preempted;
      run_tasks(start < contended_until ? start + kBusyWorkerBudget : Clock::time_point::max());
      lock.lock();
    }
  }

  // Claims and runs tasks of the current job until none is left unclaimed, or `stop` has passed.
  void run_tasks(Clock::time_point stop = Clock::time_point::max()) {
    const bool timed = stop != Clock::time_point::max();
    uint64_t c = claim_.load(std::memory_order_acquire);
    while ((c & 0xffffffffu) != 0) {
      if (timed && Clock::now() >= stop) return;
      if (!claim_.compare_exchange_weak(c, c - 1, std::memory_order_acquire, std::memory_order_acquire)) continue;
      const int64_t index = num_tasks_ - static_cast<int64_t>(c & 0xffffffffu);
      try {
        (*task_)(index);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mu_);
        if (!error_) error_ = std::current_exception();
      }
      if (unfinished_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        std::lock_guard<std::mutex> lock(mu_);
        if (caller_waiting_) done_.notify_one();
      }
      c = claim_.load(std::memory_order_acquire);
    }
  }

  // The tasks still running are on workers, each one chunk (a few microseconds): spin that long
  // before sleeping. Spinning, not sched_yield(), which on a busy core hands the caller's time
  // slice to another process.
  void wait_until_finished() {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::microseconds(50);
    while (unfinished_.load(std::memory_order_acquire) != 0) {
      if (std::chrono::steady_clock::now() > give_up) break;
      cpu_relax();
    }
    if (unfinished_.load(std::memory_order_acquire) == 0) return;
    std::unique_lock<std::mutex> lock(mu_);
    caller_waiting_ = true;
    wait_until_ready(done_, lock, [&] { return unfinished_.load(std::memory_order_acquire) == 0; });
    caller_waiting_ = false;
  }

  // Below the CPU time slice a woken thread gets (0.75-3 ms on Linux), so rarely preempted.
  static constexpr std::chrono::microseconds kBusyWorkerBudget{400};
  static constexpr std::chrono::seconds kContendedFor{1};

  static long involuntary_switches() {
#if defined(RUSAGE_THREAD)
    struct rusage usage;
    if (getrusage(RUSAGE_THREAD, &usage) == 0) return usage.ru_nivcsw;
#endif
    return 0;
  }

  std::atomic<bool> busy_{false};
  std::atomic<uint64_t> claim_{0};
  std::atomic<int64_t> unfinished_{0};
  const TaskRef* task_ = nullptr;
  int64_t num_tasks_ = 0;
  std::exception_ptr error_;  // guarded by mu_ while tasks run

  std::mutex mu_;
  std::condition_variable wake_;  // workers: a new job
  std::condition_variable done_;  // the caller: the last task finished
  uint64_t job_ = 0;              // guarded by mu_
  bool caller_waiting_ = false;   // guarded by mu_
};

std::mutex g_create_mu;  // held across fork(), so the child never sees it locked
std::atomic<Pool*> g_pool{nullptr};

// After fork() the child has none of the parent's workers: it forgets that pool (leaked, as its
// mutexes may be in any state) and starts a new one when it first needs it.
struct ForkHandlers {
  ForkHandlers() {
    pthread_atfork([] { g_create_mu.lock(); }, [] { g_create_mu.unlock(); },
                   [] {
                     g_pool.store(nullptr, std::memory_order_relaxed);
                     g_create_mu.unlock();
                   });
  }
} g_fork_handlers;

Pool* pool() {
  Pool* p = g_pool.load(std::memory_order_acquire);
  if (p != nullptr) return p;
  std::lock_guard<std::mutex> lock(g_create_mu);
  p = g_pool.load(std::memory_order_relaxed);
  if (p == nullptr) {
    p = new Pool(parallel_threads() - 1);
    g_pool.store(p, std::memory_order_release);
  }
  return p;
}

// As on the pool: every task runs, and the first exception is rethrown at the end.
void run_inline(int64_t num_tasks, TaskRef task) {
  std::exception_ptr error;
  for (int64_t i = 0; i < num_tasks; ++i) {
    try {
      task(i);
    } catch (...) {
      if (!error) error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
}

std::atomic<int> g_intra_op_threads{0};

}  // namespace

int intra_op_threads() { return g_intra_op_threads.load(std::memory_order_relaxed); }

void set_intra_op_threads(int n) { g_intra_op_threads.store(std::clamp(n, 0, kMaxThreads), std::memory_order_relaxed); }

int parallel_threads() {
  static const int default_threads = configured_threads();
  const int set = intra_op_threads();
  return set > 0 ? set : default_threads;
}

int64_t parallel_chunk_items(int64_t bytes_per_item) {
  int64_t items = std::max<int64_t>(1, kChunkBytes / std::max<int64_t>(bytes_per_item, 1));
  return bytes_per_item < 64 ? (items + 63) / 64 * 64 : items;
}

void parallel_tasks(int64_t num_tasks, TaskRef task) {
  if (num_tasks <= 1 || parallel_threads() == 1 || num_tasks > 0xffffffffLL) {
    run_inline(num_tasks, task);
    return;
  }
  if (!pool()->try_run(num_tasks, task)) run_inline(num_tasks, task);
}

}  // namespace varrt

// The thread pool (core/parallel.h): every index exactly once, from several callers at once
// (one holds the pool, the others run inline), nested loops, exceptions, and many short jobs
// back to back (the claim/finish handshake). Run under ThreadSanitizer by .ci/sanitizers.sh.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "check.h"
#include "varrt/core/parallel.h"

using namespace varrt;

namespace {

// parallel_for over n one-byte items; true when every index was visited exactly once.
bool covers_once(int64_t n, int64_t bytes_per_item) {
  std::unique_ptr<std::atomic<int>[]> hits(new std::atomic<int>[static_cast<size_t>(n)]);
  for (int64_t i = 0; i < n; ++i) hits[static_cast<size_t>(i)].store(0);
  parallel_for(n, bytes_per_item, [&](int64_t begin, int64_t end) {
    CHECK(0 <= begin && begin < end && end <= n);
    for (int64_t i = begin; i < end; ++i) hits[static_cast<size_t>(i)].fetch_add(1, std::memory_order_relaxed);
  });
  for (int64_t i = 0; i < n; ++i) {
    if (hits[static_cast<size_t>(i)].load() != 1) return false;
  }
  return true;
}

}  // namespace

TEST(parallel_threads_is_at_least_one) { CHECK(parallel_threads() >= 1); }

TEST(parallel_for_visits_every_index_once) {
  CHECK(covers_once(1, 1));
  CHECK(covers_once(1000, 4));  // small: inline
  CHECK(covers_once((1 << 20) + 3, 1));
  CHECK(covers_once((4 << 20) + 17, 4));
  CHECK(covers_once(300, 64 << 10));  // large items: one or a few per chunk
  parallel_for(0, 4, [](int64_t, int64_t) { CHECK(false); });
}

TEST(chunks_start_on_cache_lines) {
  for (int64_t item : {1, 2, 4, 8, 12, 16}) CHECK(parallel_chunk_items(item) * item % 64 == 0);
  CHECK(parallel_chunk_items(1 << 20) == 1);
}

TEST(tasks_run_once_from_several_callers_at_once) {
  constexpr int kCallers = 4, kTasks = 1000;
  std::vector<std::thread> callers;
  std::atomic<int> bad{0};
  for (int c = 0; c < kCallers; ++c) {
    callers.emplace_back([&] {
      for (int round = 0; round < 50; ++round) {
        std::vector<std::atomic<int>> hits(kTasks);
        auto task = [&](int64_t i) { hits[static_cast<size_t>(i)].fetch_add(1, std::memory_order_relaxed); };
        parallel_tasks(kTasks, TaskRef(task));
        for (auto& h : hits) {
          if (h.load() != 1) bad.fetch_add(1);
        }
      }
    });
  }
  for (auto& t : callers) t.join();
  CHECK(bad.load() == 0);
}

TEST(many_short_jobs_back_to_back) {
  std::atomic<int64_t> sum{0};
  for (int job = 0; job < 20000; ++job) {
    auto task = [&](int64_t i) { sum.fetch_add(i + 1, std::memory_order_relaxed); };
    parallel_tasks(3, TaskRef(task));
  }
  CHECK(sum.load() == 20000 * 6);
}

TEST(nested_loops_run_inline_without_deadlock) {
  std::atomic<int64_t> total{0};
  auto outer = [&](int64_t) {
    parallel_for(int64_t{2} << 20, 1, [&](int64_t begin, int64_t end) { total.fetch_add(end - begin); });
  };
  parallel_tasks(8, TaskRef(outer));
  CHECK(total.load() == 8 * (int64_t{2} << 20));
}

TEST(an_exception_in_a_task_reaches_the_caller) {
  std::atomic<int> ran{0};
  auto task = [&](int64_t i) {
    ran.fetch_add(1);
    if (i == 37) throw std::runtime_error("task 37");
  };
  bool caught = false;
  try {
    parallel_tasks(100, TaskRef(task));
  } catch (const std::runtime_error& e) {
    caught = std::string(e.what()) == "task 37";
  }
  CHECK(caught);
  CHECK(ran.load() == 100);  // the other tasks still ran
  CHECK(covers_once((2 << 20) + 1, 1));  // and the pool still works
}

TEST(workers_take_a_share_of_the_work) {
  if (parallel_threads() < 2) return;  // VARRT_NUM_THREADS=1 or a one-core machine: nothing to share
  // Tasks that wait a little: a second thread gets to claim some before the caller is done.
  std::set<std::thread::id> seen;
  std::mutex mu;
  auto task = [&](int64_t) {
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    std::lock_guard<std::mutex> lock(mu);
    seen.insert(std::this_thread::get_id());
  };
  for (int attempt = 0; attempt < 20 && seen.size() < 2; ++attempt) parallel_tasks(64, TaskRef(task));
  CHECK(seen.size() >= 2);
}

TEST_MAIN()

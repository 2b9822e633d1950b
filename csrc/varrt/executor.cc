#include "varrt/executor.h"

#include <cstdio>
#include <mutex>

namespace varrt {

std::atomic<bool> Executor::log_flag_{false};

namespace {
std::mutex& sink_mutex() {
  static std::mutex* m = new std::mutex();
  return *m;
}
LogSink& sink() {
  static LogSink* s = new LogSink();
  return *s;
}
}  // namespace

void Executor::set_log_sink(LogSink new_sink) {
  std::lock_guard<std::mutex> lock(sink_mutex());
  sink() = std::move(new_sink);
}

const Device& Executor::default_device() {
  const Device* scoped = current_scope_device();
  return scoped ? *scoped : DeviceSet::global().cpu0();
}

void Executor::log(const char* op, const Device& device) {
  std::string line = std::string("Executing op ") + op + " in device " + device.name;
  LogSink current;
  {
    std::lock_guard<std::mutex> lock(sink_mutex());
    current = sink();
  }
  if (current) {
    current(line);
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
}

}  // namespace varrt

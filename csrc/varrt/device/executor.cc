#include "varrt/device/executor.h"

#include <cstdio>
#include <cstring>
#include <mutex>

#include "varrt/core/error.h"
#include "varrt/tf/messages.h"

namespace varrt {

std::atomic<uint32_t> Executor::flags_{0};

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

bool Executor::has_log_sink() {
  std::lock_guard<std::mutex> lock(sink_mutex());
  return static_cast<bool>(sink());
}

void Executor::fail(const char* op, const char* name_scope, const ScopePlacement& scope, uint32_t flags) {
  // _EagerConst (a host value becoming a tensor) reports without the op suffix, as in TensorFlow.
  bool eager_const = std::strcmp(op, "_EagerConst") == 0;
  std::string suffix = eager_const ? "" : tf::op_suffix(op, name_scope);
  if (eager_const && scope.host_lookup_fails) throw_error(Code::kInvalidArgument, scope.requested + " unknown device.");
  if (scope.malformed) {
    throw_error(Code::kInvalidArgument, "Malformed device specification '" + scope.requested +
                                            "' in eager op: Name: " + op +
                                            "\nDevice Name: []\nDevice: []\nAttrs: goo.gle/debugonly  \n\n" + suffix);
  }
  throw_error(Code::kInvalidArgument,
              "Could not satisfy device specification '" + scope.requested +
                  "'. enable_soft_placement=" + ((flags & kSoftOff) ? "0" : "1") +
                  ". Supported device types [CPU]. All available devices [" + DeviceSet::global().names_joined() +
                  "]." + suffix);
}

void Executor::log(const char* op, const Device& device) {
  log_line(std::string("Executing op ") + op + " in device " + device.name);
}

void Executor::log_line(const std::string& line) {
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

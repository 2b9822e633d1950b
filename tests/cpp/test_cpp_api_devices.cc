// Devices through the public C++ API, in a process split into three logical CPUs before its
// first op: placement by option and by scope, per-device memory counters, soft placement.
#include <string>
#include <thread>
#include <vector>

#include "check.h"
#include "varrt/varrt.h"

using namespace varrt;

namespace {
const std::string kPrefix = "/job:localhost/replica:0/task:0/device:";
}

// Registered first, so it runs before anything creates the device set.
TEST(configure_before_first_use) {
  CHECK(configure_logical_cpus(3));
  std::vector<std::string> devices = list_devices();
  CHECK(devices.size() == 3);
  CHECK(devices[2] == kPrefix + "CPU:2");
  CHECK(!configure_logical_cpus(2));  // too late now
}

TEST(variable_placed_by_option_and_by_scope) {
  VariableOptions options;
  options.device = "CPU:2";
  int64_t before = memory_stats("CPU:2").bytes_in_use;
  Variable on2 = Variable::create(make_tensor({1.0, 2.0}), options);
  CHECK(on2.device() == kPrefix + "CPU:2");
  CHECK(memory_stats("CPU:2").bytes_in_use == before + 16);  // the value lives in CPU:2's memory
  Variable on1;
  {
    DeviceGuard scope("/device:CPU:1");
    on1 = Variable::create(make_scalar(1));
  }
  CHECK(on1.device() == kPrefix + "CPU:1");
  // Ops run where the variable lives, whatever the calling thread's scope.
  std::vector<std::string> lines;
  set_log_sink([&lines](const std::string& line) { lines.push_back(line); });
  set_log_device_placement(true);
  {
    DeviceGuard scope("CPU:0");
    on2.assign_add(make_tensor({1.0, 1.0}));
  }
  set_log_device_placement(false);
  set_log_sink(nullptr);
  CHECK(lines.size() == 1 && lines[0] == "Executing op AssignAddVariableOp in device " + kPrefix + "CPU:2");
  CHECK((to_vector<double>(on2.read()) == std::vector<double>{2, 3}));
}

TEST(scopes_are_per_thread) {
  DeviceGuard scope("CPU:1");
  Variable other_thread;
  std::thread t([&] { other_thread = Variable::create(make_scalar(1)); });  // a new thread has no scope
  t.join();
  CHECK(other_thread.device() == kPrefix + "CPU:0");
}

TEST(soft_placement) {
  {
    DeviceGuard scope("GPU:0");
    CHECK(Variable::create(make_scalar(1)).device().find("CPU") != std::string::npos);
    set_soft_device_placement(false);
    CHECK_THROWS_CODE(Variable::create(make_scalar(1)), Code::kInvalidArgument);
    set_soft_device_placement(true);
  }
  CHECK(soft_device_placement());
  CHECK_THROWS_CODE(memory_stats("CPU:7"), Code::kInvalidArgument);
}

TEST_MAIN()

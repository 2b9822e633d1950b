// Device specs parsed as TensorFlow's Python DeviceSpec.from_string parses them (the partial
// specs of DESIGN.md among them), and the malformed ones rejected with TensorFlow's messages.
#include <string>

#include "check.h"
#include "varrt/core/error.h"
#include "varrt/device/device_spec.h"

using namespace varrt;

namespace {

const char* const kCpu0 = "/job:localhost/replica:0/task:0/device:CPU:0";

std::string canonical(const std::string& spec) { return DeviceSpec::parse(spec).to_string(); }

// The message of the ValueError-kind error `spec` raises ("" when it parses).
std::string rejection(const std::string& spec) {
  try {
    DeviceSpec::parse(spec);
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::kValue);
    return e.message();
  }
  return "";
}

}  // namespace

TEST(partial_specs_from_the_design) {
  DeviceSpec s = DeviceSpec::parse("CPU:0");
  CHECK(!s.job && !s.replica && !s.task);
  CHECK(s.device_type == std::string("CPU") && s.device_index == 0);
  CHECK(canonical("/gpu:0") == "/device:GPU:0");
  CHECK(canonical("/device:GPU:1") == "/device:GPU:1");
  DeviceSpec ps = DeviceSpec::parse("/job:ps/task:7");
  CHECK(ps.job == std::string("ps") && ps.task == 7 && !ps.device_type && !ps.device_index);
  CHECK(canonical("/job:ps/task:7") == "/job:ps/task:7");
}

TEST(full_and_unusual_specs_parse_like_tensorflow) {
  CHECK(canonical(kCpu0) == kCpu0);
  CHECK(canonical("") == "");
  CHECK(DeviceSpec::parse("").empty());
  CHECK(canonical("/job:worker/device:CPU:*") == "/job:worker/device:CPU:*");
  CHECK(!DeviceSpec::parse("/job:worker/device:CPU:*").device_index);
  CHECK(canonical("/job:a/job:b") == "/job:b");  // the last one wins
  CHECK(canonical("GPU:0/") == "/device:GPU:0");
  CHECK(canonical("//cpu:0") == "/device:CPU:0");
  CHECK(canonical("CPU:0 ") == "/device:CPU:0");  // Python's int() strips whitespace
  CHECK(canonical("/task:0_7") == "/task:7");     // and accepts '_' between digits
  CHECK(canonical("CPU:-1") == "/device:CPU:-1");  // parses; fails only when an op runs there
  CHECK(canonical("/job:ps/replica:1/task:2/cpu:3") == "/job:ps/replica:1/task:2/device:CPU:3");
}

TEST(bad_specs_are_rejected_with_tensorflows_messages) {
  CHECK(rejection("foo") == "Unknown attribute 'foo' is encountered while parsing the device spec: 'foo'.");
  CHECK(rejection(" CPU:0") == "Unknown attribute ' CPU' is encountered while parsing the device spec: ' CPU:0'.");
  CHECK(rejection("/device:CPU:0:1") ==
        "Unknown attribute 'device' is encountered while parsing the device spec: '/device:CPU:0:1'.");
  CHECK(rejection("/cpu:x") == "invalid literal for int() with base 10: 'x'");
  CHECK(rejection("/task:x") == "invalid literal for int() with base 10: 'x'");
  CHECK(rejection("CPU:") == "invalid literal for int() with base 10: ''");
  CHECK(rejection("/replica:1.5") == "invalid literal for int() with base 10: '1.5'");
  CHECK(rejection("/cpu:0/gpu:1") == "Multiple device types are not allowed while parsing the device spec: /cpu:0/gpu:1.");
  CHECK(rejection(std::string("a\0b:0", 5)).find(std::string("'a\0b'", 5)) != std::string::npos);  // kept whole
}

TEST(names_for_lookup_use_the_stricter_parser) {
  DeviceSpec s;
  CHECK(DeviceSpec::parse_name(kCpu0, &s));
  CHECK(s.job == std::string("localhost") && s.device_type == std::string("CPU") && s.device_index == 0);
  CHECK(DeviceSpec::parse_name("/cpu:0", &s));
  CHECK(DeviceSpec::parse_name("CPU:0", &s));
  CHECK(DeviceSpec::parse_name("", &s));
  CHECK(!DeviceSpec::parse_name("foo", &s));
  CHECK(!DeviceSpec::parse_name("/job:a/task:b", &s));
}

TEST(merging_and_compatibility) {
  DeviceSpec outer = DeviceSpec::parse("/job:a/cpu:0");
  CHECK(outer.merged_with(DeviceSpec::parse("/gpu:1")).to_string() == "/job:a/device:GPU:1");
  CHECK(outer.compatible_with(DeviceSpec::parse("/job:a")));
  CHECK(!outer.compatible_with(DeviceSpec::parse("/job:b")));
  CHECK(DeviceSpec::parse(kCpu0).compatible_with(DeviceSpec::parse("CPU:0")));
  CHECK(!DeviceSpec::parse(kCpu0).compatible_with(DeviceSpec::parse("CPU:1")));
}

TEST_MAIN()

// DeviceSpec: a possibly partial device name ("/job:ps/task:7", "GPU:1", "/device:CPU:0"),
// parsed exactly as TensorFlow's Python DeviceSpec parses it (so `with device(...)` accepts
// and rejects the same strings), plus the stricter C++ parser TensorFlow uses to look a
// device up by name (tf.config.experimental.get_memory_info).
//
// A field that is not set matches anything. A full name has every field set.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace varrt {

struct DeviceSpec {
  std::optional<std::string> job;
  std::optional<int64_t> replica;
  std::optional<int64_t> task;
  std::optional<std::string> device_type;
  std::optional<int64_t> device_index;  // unset with a type set = "any index" ("CPU:*")

  // TensorFlow's DeviceSpec.from_string. Throws ValueError-kind errors with TensorFlow's
  // messages ("Unknown attribute 'foo' is encountered while parsing the device spec:
  // 'foo'.", "invalid literal for int() with base 10: 'x'", "Multiple device types ...").
  static DeviceSpec parse(const std::string& spec);

  // TensorFlow's DeviceNameUtils::ParseFullOrLocalName: "/job:a/replica:0/task:0/device:CPU:0",
  // "/cpu:0", "" (matches everything) or a local "CPU:0". False when malformed.
  static bool parse_name(const std::string& name, DeviceSpec* out);

  // `inner`'s fields where set, else this spec's (nested device scopes).
  DeviceSpec merged_with(const DeviceSpec& inner) const;
  // True when every field set in both is equal (DeviceNameUtils::AreCompatibleDevNames).
  bool compatible_with(const DeviceSpec& other) const;
  bool empty() const { return !job && !replica && !task && !device_type && !device_index; }

  // "/job:ps/replica:0/task:7/device:CPU:0"; unset fields are left out, an unset index with
  // a type set prints as "*". "" for an empty spec.
  std::string to_string() const;
};

// Python's repr() of a str, for messages that quote user input as TensorFlow's do.
std::string python_repr(const std::string& s);

}  // namespace varrt

// Fuzz target: the device-spec parsers (TensorFlow's Python DeviceSpec.from_string and the
// C++ DeviceNameUtils parser), device scopes built from the parsed spec, and placement in
// them. Besides "no crash, no sanitizer report", it checks that what a parser accepts
// prints back to a string that parses to the same spec.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "varrt/device/device.h"
#include "varrt/device/device_scope.h"
#include "varrt/device/device_spec.h"
#include "varrt/core/error.h"
#include "varrt/device/executor.h"

using varrt::DeviceSpec;

namespace {

bool same(const DeviceSpec& a, const DeviceSpec& b) {
  return a.job == b.job && a.replica == b.replica && a.task == b.task && a.device_type == b.device_type &&
         a.device_index == b.device_index;
}

void require(bool ok) {
  if (!ok) std::abort();  // a property failed: libFuzzer saves the input as a crash
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  varrt::DeviceSet::configure_logical_cpus(2);  // CPU:0 and CPU:1, so scopes have a choice
  varrt::DeviceSet::global();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);

  std::string repr = varrt::python_repr(input);
  require(repr.size() >= 2 && repr.front() == repr.back());

  DeviceSpec full;
  if (DeviceSpec::parse_name(input, &full)) {
    // to_string() prints an index only with a type (as TensorFlow's Python DeviceSpec does),
    // so "/device:*:0" comes back without its index; everything else round-trips.
    if (!full.device_type) full.device_index.reset();
    DeviceSpec again;
    require(DeviceSpec::parse_name(full.to_string(), &again) && same(full, again));
  }

  DeviceSpec spec;
  try {
    spec = DeviceSpec::parse(input);
  } catch (const varrt::Error& e) {
    require(e.kind() == varrt::ErrorKind::kValue);  // malformed specs are ValueErrors only
    return 0;
  }
  require(same(DeviceSpec::parse(spec.to_string()), spec));
  require(spec.merged_with(DeviceSpec()).to_string() == spec.to_string());
  require(spec.compatible_with(spec));

  // Enter the spec as a device scope (nested in itself), place ops in it, leave.
  uint64_t outer = 0, inner = 0;
  try {
    outer = varrt::DeviceScope::enter(&input);
    inner = varrt::DeviceScope::enter(&input);
  } catch (const varrt::Error& e) {
    require(e.kind() == varrt::ErrorKind::kValue);
  }
  for (const char* op : {"_EagerConst", "AssignVariableOp"}) {
    for (bool soft : {true, false}) {
      varrt::Executor::set_soft_device_placement(soft);
      try {
        const varrt::Device& d = varrt::Executor::place(op);
        require(d.type == "CPU");
      } catch (const varrt::Error& e) {
        require(e.code() == varrt::Code::kInvalidArgument);
      }
    }
  }
  varrt::Executor::set_soft_device_placement(true);
  if (inner != 0) require(varrt::DeviceScope::exit(inner));
  if (outer != 0) require(varrt::DeviceScope::exit(outer));
  require(varrt::DeviceScope::current() == nullptr);
  return 0;
}

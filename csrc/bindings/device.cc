// Devices: device-spec parsing, per-thread device scopes, the device set and its
// configuration (logical CPUs), soft placement, and per-device memory counters.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>

#include "bindings.h"
#include "varrt/core/parallel.h"
#include "varrt/device/device.h"
#include "varrt/device/device_scope.h"
#include "varrt/device/executor.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

template <class T>
py::object or_none(const std::optional<T>& v) {
  return v ? py::cast(*v) : py::none();
}

py::list device_list(bool logical) {
  py::list out;
  if (!logical) {
    out.append(py::make_tuple("/physical_device:CPU:0", "CPU"));  // the one physical device
    return out;
  }
  for (const auto& d : DeviceSet::global().devices()) out.append(py::make_tuple(d->local_name, d->type));
  return out;
}

}  // namespace

void bind_device(py::module_& m) {
  m.def("parse_device_spec", [](const std::string& spec) {
        DeviceSpec s = DeviceSpec::parse(spec);
        return py::make_tuple(or_none(s.job), or_none(s.replica), or_none(s.task), or_none(s.device_type),
                              or_none(s.device_index));
      },
      "TensorFlow's DeviceSpec.from_string: (job, replica, task, device_type, device_index).");

  m.def("push_device_scope", [](std::optional<std::string> spec) { return DeviceScope::enter(spec ? &*spec : nullptr); },
        py::arg("spec").none(true), "Enters a device scope on this thread; returns the token that exits it.");
  m.def("pop_device_scope", &DeviceScope::exit, "Exits the innermost scope if the token is it; else False.");

  m.def("init_devices", [] { DeviceSet::global(); }, "Creates the device set (first use).");
  m.def("configure_logical_cpus", &DeviceSet::configure_logical_cpus,
        "Splits the CPU into `count` logical devices; False once the device set exists.");
  m.def("configure_local_task", &DeviceSet::configure_local_task, py::arg("job"), py::arg("task"),
        "Names this process's devices /job:<job>/replica:0/task:<task>/...; False once the device set exists.");
  m.def("configure_intra_op_threads", &DeviceSet::configure_intra_op_threads, py::arg("threads"),
        "Sets the intra-op thread count (0: the default); False once the device set exists and it differs.");
  m.def("intra_op_threads", &intra_op_threads, "The intra-op thread count setting (0: the default).");
  m.def("configure_inter_op_threads", &DeviceSet::configure_inter_op_threads, py::arg("threads"),
        "Sets the inter-op thread count (kept only); False once the device set exists and it differs.");
  m.def("inter_op_threads", &DeviceSet::inter_op_threads, "The inter-op thread count setting (0: the default).");
  m.def("add_remote_device", [](const std::string& job, int64_t task) { return DeviceSet::global().add_remote_cpu(job, task).name; },
        py::arg("job"), py::arg("task"), "Adds CPU:0 of another task (ops on it are forwarded); returns its full name.");
  m.def("physical_devices", [] { return device_list(false); }, "[(name, device_type)] of physical devices.");
  m.def("logical_devices", [] { return device_list(true); }, "[(name, device_type)] of logical devices.");

  m.def("set_soft_device_placement", &Executor::set_soft_device_placement);
  m.def("get_soft_device_placement", &Executor::soft_device_placement);

  m.def("memory_info", [](const std::string& device) {
        AllocatorStats s = DeviceSet::global().match(device).allocator->stats();
        py::dict d;
        d["current"] = s.bytes_in_use;
        d["peak"] = s.peak_bytes_in_use;
        return d;
      },
      "tf.config.experimental.get_memory_info: the device allocator's current and peak bytes.");
  m.def("reset_memory_stats", [](const std::string& device) { DeviceSet::global().match(device).allocator->reset_peak(); });
}

}  // namespace bind
}  // namespace varrt

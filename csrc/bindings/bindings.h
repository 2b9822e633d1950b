// The binding areas, one file each; module.cc calls them in order.
#pragma once

#include <pybind11/pybind11.h>

namespace varrt {
namespace bind {

void bind_errors(pybind11::module_& m);
void bind_tensor(pybind11::module_& m);
void bind_variable(pybind11::module_& m);
void bind_runtime(pybind11::module_& m);
void bind_checkpoint(pybind11::module_& m);

}  // namespace bind
}  // namespace varrt

// A variable resource made by the core's VarHandleOp, as the core tests need one.
#pragma once

#include <string>

#include "varrt/ops/variable_ops.h"

namespace check {

// Anonymous unless `shared_name` is given (then the variable of that name, made on first use).
inline varrt::ResourceHandle make_var(varrt::DType dtype, varrt::Shape shape, const std::string& shared_name = "") {
  varrt::ops::VarHandleAttrs attrs;
  attrs.dtype = dtype;
  attrs.shape = varrt::PartialShape::from(shape);
  attrs.shared_name = shared_name;
  return varrt::ops::VarHandleOp(attrs);
}

}  // namespace check

#include "varrt/resource/var_access.h"

#include "varrt/core/error.h"

namespace varrt {

namespace {
[[noreturn]] void fail_deleted(const ResourceHandle& handle) {
  throw_error(Code::kFailedPrecondition,
              "Could not find variable " + handle.name() +
                  ". This could mean that the variable has been deleted. In TF1, it can also mean the "
                  "variable is uninitialized. Debug info: container=" + handle.container() +
                  ", status error message=Resource " + handle.container() + "/" + handle.name() +
                  "/N10tensorflow3VarE does not exist.");
}
}  // namespace

Var* live_var(const ResourceHandle& handle) {
  Var* var = handle.var();
  if (var == nullptr || var->destroyed()) fail_deleted(handle);
  return var;
}

void require_live(const Var& var, const ResourceHandle& handle) {
  if (var.destroyed()) fail_deleted(handle);
}

void require_initialized(const Var& var, const ResourceHandle& handle) {
  require_live(var, handle);
  if (!var.is_initialized()) {
    throw_error(Code::kFailedPrecondition,
                "Read of uninitialized variable " + handle.name() + " (" + var.debug_name() + ")");
  }
}

}  // namespace varrt

// A varrt_status owned for the scope of a C ABI test, with its code and message.
#pragma once

#include <string>

#include "varrt/varrt_c.h"

struct Status {
  varrt_status* s = varrt_status_new();
  Status() = default;
  Status(const Status&) = delete;
  Status& operator=(const Status&) = delete;
  ~Status() { varrt_status_delete(s); }
  varrt_code code() const { return varrt_status_code(s); }
  std::string message() const { return varrt_status_message(s); }
};

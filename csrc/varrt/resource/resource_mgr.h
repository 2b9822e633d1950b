// ResourceMgr: the process-wide table of named variables, and ResourceHandle, the value
// that names one.
//
// A handle made with a shared_name is registered under (container, shared_name): another
// VarHandleOp with the same pair (from Python, C++ or C) reaches the same Var. A handle
// made without one is anonymous: only copies of that handle reach it. Handles hold the Var
// by shared_ptr, so memory stays valid while any handle exists; DestroyResourceOp removes
// the name and marks the Var destroyed, after which ops on old handles fail cleanly.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "varrt/resource/var.h"

namespace varrt {

class ResourceHandle {
 public:
  ResourceHandle() = default;
  ResourceHandle(std::string container, std::string name, std::shared_ptr<Var> var)
      : container_(std::move(container)), name_(std::move(name)), var_(std::move(var)) {}

  const std::string& container() const { return container_; }
  const std::string& name() const { return name_; }
  Var* var() const { return var_.get(); }
  const std::shared_ptr<Var>& shared_var() const { return var_; }
  const Device* device() const { return var_ ? var_->device() : nullptr; }
  bool valid() const { return var_ != nullptr; }

 private:
  std::string container_;
  std::string name_;
  std::shared_ptr<Var> var_;
};

class ResourceMgr {
 public:
  static constexpr const char* kDefaultContainer = "localhost";
  static ResourceMgr& global();

  // Returns the Var registered under (container, name), creating it with `make` if absent.
  // `created` tells which happened.
  std::shared_ptr<Var> lookup_or_create(const std::string& container, const std::string& name,
                                        const std::function<std::shared_ptr<Var>()>& make, bool* created);
  std::shared_ptr<Var> lookup(const std::string& container, const std::string& name) const;
  // Removes the name; false if it was not registered (or registered to another Var).
  bool erase(const std::string& container, const std::string& name, const Var* var);
  size_t size() const;
  // A fresh name for an anonymous resource ("_AnonymousVar<N>").
  std::string anonymous_name();

 private:
  mutable std::mutex mu_;
  std::map<std::pair<std::string, std::string>, std::shared_ptr<Var>> vars_;
  std::atomic<uint64_t> anonymous_counter_{0};
};

}  // namespace varrt

#include "varrt/resource/resource_mgr.h"

namespace varrt {

ResourceMgr& ResourceMgr::global() {
  // Leaked on purpose: handles may be released during static destruction.
  static ResourceMgr* mgr = new ResourceMgr();
  return *mgr;
}

std::shared_ptr<Var> ResourceMgr::lookup_or_create(const std::string& container, const std::string& name,
                                                   const std::function<std::shared_ptr<Var>()>& make,
                                                   bool* created) {
  std::lock_guard<std::mutex> lock(mu_);
  auto key = std::make_pair(container, name);
  auto it = vars_.find(key);
  if (it != vars_.end()) {
    *created = false;
    return it->second;
  }
  std::shared_ptr<Var> var = make();
  vars_.emplace(std::move(key), var);
  *created = true;
  return var;
}

std::shared_ptr<Var> ResourceMgr::lookup(const std::string& container, const std::string& name) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = vars_.find(std::make_pair(container, name));
  return it == vars_.end() ? nullptr : it->second;
}

bool ResourceMgr::erase(const std::string& container, const std::string& name, const Var* var) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = vars_.find(std::make_pair(container, name));
  if (it == vars_.end() || (var != nullptr && it->second.get() != var)) return false;
  vars_.erase(it);
  return true;
}

size_t ResourceMgr::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return vars_.size();
}

std::string ResourceMgr::anonymous_name() {
  return "_AnonymousVar" + std::to_string(anonymous_counter_.fetch_add(1, std::memory_order_relaxed));
}

}  // namespace varrt

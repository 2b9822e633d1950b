#include "varrt/resource/update_journal.h"

#include <mutex>
#include <shared_mutex>

namespace varrt {

VARRT_HOT_THREAD_LOCAL thread_local UpdateJournal* UpdateJournal::active_ = nullptr;

void UpdateJournal::begin() {
  if (active_here_) return;
  previous_ = active_;
  active_ = this;
  active_here_ = true;
}

void UpdateJournal::end() {
  if (!active_here_) return;
  if (active_ == this) active_ = previous_;
  active_here_ = false;
}

void UpdateJournal::record(const std::shared_ptr<Var>& var) {
  if (!var->is_initialized() || !seen_.insert(var.get()).second) return;
  entries_.emplace_back(var, var->tensor());
}

void UpdateJournal::rollback() {
  for (auto& [var, value] : entries_) {
    if (var->destroyed()) continue;
    std::unique_lock<std::shared_mutex> lock(var->mu());
    var->tensor() = value;
  }
  entries_.clear();
  seen_.clear();
}

}  // namespace varrt

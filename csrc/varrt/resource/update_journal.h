// UpdateJournal: while one is active on a thread, every variable update made on that thread
// first records the variable's value (once per variable), so that all of them can be undone.
//
// `function` needs this: when a first call creates variables, TensorFlow traces the Python
// body twice and executes only the second trace. varrt runs eagerly, so it runs the body
// twice and rolls back the first run's updates in between. Recording costs one thread-local
// load per update when no journal is active; a recorded value shares the variable's buffer,
// so copy-on-write keeps it intact without copying anything up front.
#pragma once

#include <memory>
#include <unordered_set>
#include <utility>
#include <vector>

#include "varrt/core/hot_thread_local.h"
#include "varrt/core/tensor.h"
#include "varrt/resource/var.h"

namespace varrt {

class UpdateJournal {
 public:
  UpdateJournal() = default;
  ~UpdateJournal() { end(); }

  // Makes this the calling thread's active journal until end() (nesting restores the outer
  // one). begin() and end() must be called on the same thread.
  void begin();
  void end();
  UpdateJournal(const UpdateJournal&) = delete;
  UpdateJournal& operator=(const UpdateJournal&) = delete;

  // Puts every recorded variable back to its recorded value (not logged: not a program op).
  void rollback();
  size_t size() const { return entries_.size(); }

  // Called by the update ops with the Var's exclusive lock held, before they write.
  // Uninitialised variables are not recorded: a variable created under the journal keeps its
  // initial value through a rollback, as TensorFlow's initialisers run once.
  static void note(const std::shared_ptr<Var>& var) {
    if (active_ != nullptr) active_->record(var);
  }

 private:
  void record(const std::shared_ptr<Var>& var);

  std::vector<std::pair<std::shared_ptr<Var>, Tensor>> entries_;
  std::unordered_set<const Var*> seen_;
  UpdateJournal* previous_ = nullptr;
  bool active_here_ = false;
  VARRT_HOT_THREAD_LOCAL static thread_local UpdateJournal* active_;
};

}  // namespace varrt
